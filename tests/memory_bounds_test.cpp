// Peak memory and time of whole carc-oracle runs against hostile input,
// measured on a child process (wait4's rusage; tests/cli_support.hpp), only in
// builds without sanitizers; and what a result keeps of a long difference.
// Issue 15, items 4 and 7.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "data/oracle_data.hpp"
#include "protocol/codec.hpp"
#include "protocol/engine_adapter.hpp"
#include "report/report.hpp"
#include "runner/engine_subject.hpp"
#include "runner/evaluate.hpp"
#include "runner/expectations.hpp"
#include "runner/process_subject.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/corpus.hpp"

using namespace carc;

namespace {
const std::string kBinary = CARC_BINARY;
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("A megabyte of flow openers after a tag or an anchor is refused fast, in bounded memory",
          "[scenario][limits][memory]") {
  // Before: 2-10 s and 65-250 MiB each in the dev build (the raw bracket scan missed them).
  const auto dir = test::fresh_dir("yaml-bombs");
  std::filesystem::create_directories(dir);
  int n = 0;
  for (const auto& [head, unit] : std::vector<std::pair<std::string, std::string>>{{"x: ", "!["},
                                                                                   {"x: ", "!{"},
                                                                                   {"x: ", "&a ["},
                                                                                   {"x: ", "!!seq ["},
                                                                                   {"x: ", "&a !t {"},
                                                                                   {"x: [", "a["},
                                                                                   {"x: [", "['x' ']' "},
                                                                                   {"a: b\n  'c\nd: ", "["}}) {
    const auto file = dir / ("bomb-" + std::to_string(n++) + ".yaml");
    {
      std::ofstream out(file);
      std::string text = head;
      while (text.size() < (std::size_t{1} << 20) - 64) text += unit;
      out << text << "\n";
    }
    const auto c = test::run_child({kBinary, "check", file.string()});
    INFO("'" << unit << "' after '" << head << "': " << c.peak_kib << " KiB, " << c.seconds << " s\n" << c.out);
    CHECK(c.code == kExitInvalidInput);
    CHECK(has(c.out, "refused before loading"));
    if (test::kMeasuresMemory) CHECK(c.peak_kib < 48 * 1024);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("Replies of megabytes are kept as a bounded excerpt, so memory does not grow with them",
          "[protocol][process][memory][adapters]") {
  // Each of the 10 replies is a valid 2 MB answer (tests/adapters/long_replies.py).
  // Before: every difference was kept whole, about 6 MB a result: 92 MiB for
  // these 10 in the dev build (717 MiB for 60 of 3 MB); after: 31 MiB.
  const std::string adapter =
      "python3 " + std::string(CARC_SOURCE_DIR) + "/tests/adapters/long_replies.py " + kBinary + " 2000000";
  const auto c = test::run_child(
      {kBinary, "run", test::data("runner/pass"), "--impl", adapter, "--timeout", "120", "--format", "json"});
  INFO(c.peak_kib << " KiB, " << c.seconds << " s\n" << c.err);
  CHECK(c.code == kExitFailures);
  CHECK(has(c.out, "\"failed\":10"));
  CHECK(has(c.out, "only its start is kept"));
  CHECK(has(c.out, "\"omitted\":"));
  CHECK(c.out.size() < 10u * 80 * 1024);  // the report holds excerpts, not 20 MB of moves
  if (test::kMeasuresMemory) CHECK(c.peak_kib < 64 * 1024);
}

namespace {

// Our engine's answers with `extra` moves it should not list appended to each
// move list, the last of them replaced by `last`.
class PaddedAnswers final : public Subject {
 public:
  PaddedAnswers(std::size_t extra, std::string last) : extra_(extra), last_(std::move(last)) {}
  std::string name() const override { return "padded"; }
  std::vector<std::string> capabilities() const override { return engine_.capabilities(); }
  Reply answer(const Request& r) override {
    Reply reply = engine_.answer(r);
    for (std::size_t i = 0; i < extra_; ++i)
      reply.answer.moves.push_back("place U " + std::to_string(100 + i) + ",0 r0");
    if (extra_ > 0) reply.answer.moves.back() = last_;
    return reply;
  }

 private:
  EngineSubject engine_;
  std::size_t extra_;
  std::string last_;
};

// BR-03-t under hig-c3 (tests/data/runner/pass/placement.yaml lists every legal move) against that subject.
RunResult padded_result(std::size_t extra, const std::string& last) {
  const Corpus corpus = load_corpus({test::data("runner/pass/placement.yaml")});
  Selection sel;
  sel.ids = {"BR-03-t"};
  sel.rulesets = {"hig-c3"};
  PaddedAnswers subject(extra, last);
  RunReport report = run_corpus(corpus, sel, subject);
  REQUIRE(report.results.size() == 1);
  return std::move(report.results.front());
}

std::size_t item_bytes(const RunResult& r) {
  std::size_t n = 0;
  for (const auto& d : r.diffs)
    for (const auto* items : {&d.expected, &d.actual})
      for (const auto& i : *items) n += i.size();
  return n;
}

std::size_t items_and_omitted(const RunResult& r) {
  std::size_t n = 0;
  for (const auto& d : r.diffs) n += d.expected.size() + d.actual.size() + d.omitted;
  return n;
}

}  // namespace

TEST_CASE("A difference is kept whole up to 64 KiB, beyond that an excerpt with its signature over the whole",
          "[runner][limits][memory]") {
  SECTION("a real-sized difference is kept whole") {
    const RunResult r = padded_result(1000, "place U 5000,0 r0");  // about 18 KB of extra moves
    REQUIRE(r.outcome == Outcome::Failed);
    CHECK(r.message.find("only its start is kept") == std::string::npos);
    for (const auto& d : r.diffs) CHECK(d.omitted == 0);
    CHECK(items_and_omitted(r) >= 1000);
    CHECK(r.signature == diff_signature(r.diffs));  // nothing left out: the same hash as over what is kept
  }
  SECTION("a difference of 400 KB keeps 8 KiB and counts the rest") {
    // Before: every item was kept (and a reply of 4 MB kept about 6 MB per result).
    const RunResult r = padded_result(20000, "place U 90000,0 r0");
    REQUIRE(r.outcome == Outcome::Failed);
    CHECK(r.message.find("the answer differs from the expectation in: moves, count") == 0);
    bool counted = false;  // judged on the whole answer: 3 legal moves and the 20,000 extra
    for (const auto& d : r.diffs)
      counted = counted || (d.key == "count" && d.actual == std::vector<std::string>{"20003"});
    CHECK(counted);
    CHECK(r.message.find("only its start is kept") != std::string::npos);
    CHECK(item_bytes(r) <= kDiffExcerptBytes + kKeptItemBytes);
    CHECK(items_and_omitted(r) >= 20000);           // every item is kept or counted
    CHECK(r.signature != diff_signature(r.diffs));  // the signature is not the excerpt's
  }
  SECTION("two differences alike in their excerpt have different signatures, and expectations tell them apart") {
    const RunResult a = padded_result(20000, "place U 90000,0 r0");
    const RunResult b = padded_result(20000, "place U 90001,0 r0");  // differs only in the last item, never kept
    REQUIRE(a.diffs.size() == b.diffs.size());
    for (std::size_t i = 0; i < a.diffs.size(); ++i) CHECK(a.diffs[i].actual == b.diffs[i].actual);
    CHECK(a.signature == padded_result(20000, "place U 90000,0 r0").signature);  // deterministic
    CHECK(a.signature != b.signature);
    const auto known = parse_expectations(
        "expectations:\n  - id: BR-03-t\n    ruleset: hig-c3\n    state: failed\n    signature: " + a.signature + "\n",
        "known.yaml");
    REQUIRE(known.ok());
    RunResult same = a, changed = b;
    ExpectationMatcher matcher(*known);
    matcher.apply(same);
    matcher.apply(changed);
    CHECK(same.outcome == Outcome::XFail);
    CHECK(changed.outcome == Outcome::Failed);
  }
}

namespace {

// A run line of a small valid position (A at 0,0, U in hand) as the runner encodes it.
std::string small_run_line() {
  proto::RunRequest r;
  r.seq = "7";
  r.ruleset = wire_ruleset(RuleSet{});
  r.position.players = {"red", "blue"};
  r.position.active = "red";
  r.position.tiles.push_back({"A", 0, 0, 0});
  r.position.in_hand = "U";
  r.position.supply = {{"red", {{"follower", 7}}}, {"blue", {{"follower", 7}}}};
  r.position.scores = {{"red", 0}, {"blue", 0}};
  for (const char* id : {"A", "U"})
    r.position.definitions.push_back(proto::definition_of(builtin_catalog()[*builtin_catalog().lookup(id)]));
  return proto::encode_run(r);
}

// The line with `member` ("key":[...] of `count` copies of `unit`) put first into its position.
std::string with_list(const std::string& key, const std::string& unit, std::size_t count) {
  std::string list = "\"" + key + "\":[";
  list.reserve(list.size() + count * (unit.size() + 1) + 2);
  for (std::size_t i = 0; i < count; ++i) list.append(i ? "," : "").append(unit);
  list += "],";
  std::string line = small_run_line();
  const std::size_t at = line.find("\"position\":{") + 12;
  line.insert(at, list);
  return line;
}

// A child's own peak RSS, measured by GNU time when there is one: wait4's figure for a child
// spawned straight from this test process starts from this process's own high-water mark
// (posix_spawn shares its memory until the exec), which earlier tests of the binary raise.
test::Child measured(std::vector<std::string> argv) {
  if (!std::filesystem::exists("/usr/bin/time")) return test::run_child(argv);
  const auto file = std::filesystem::temp_directory_path() / ("carc-peak-" + std::to_string(getpid()));
  argv.insert(argv.begin(), {"/usr/bin/time", "-f", "%M", "-o", file.string()});
  test::Child c = test::run_child(argv);
  std::ifstream in(file);  // "Command exited with non-zero status N" first when it did
  std::string last;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) last = line;
  if (!last.empty() && last.find_first_not_of("0123456789") == std::string::npos) c.peak_kib = std::stol(last);
  std::filesystem::remove(file);
  return c;
}

// `carc-oracle ARGS < FILE` as a child (run_child gives it /dev/null as stdin).
test::Child run_with_stdin(const std::string& file, const std::vector<std::string>& args) {
  std::vector<std::string> argv{"/bin/sh", "-c", "f=$1; shift; exec \"$@\" < \"$f\"", "sh", file, kBinary};
  argv.insert(argv.end(), args.begin(), args.end());
  return measured(argv);
}

}  // namespace

TEST_CASE("serve refuses a line of millions of values as it reads them, in bounded memory, and answers its seq",
          "[protocol][serve][limits][memory]") {
  // Issue 45, 9: before, the whole line became a DOM before any count was checked: a 16 MiB
  // line of 8.3 M rolls took 366-435 MB (dragon_path, 1.15 M squares: 242 MB); these lines of
  // 6 MiB took over 150 MB each. Now the parser stops at value 262,145 (protocol/json_budget.hpp).
  const auto dir = test::fresh_dir("serve-budget");
  std::filesystem::create_directories(dir);
  const std::vector<std::tuple<std::string, std::string, std::size_t>> lists{
      {"rolls", "1", 3'000'000},    {"animal_tokens", "0", 3'000'000}, {"dragon_path", "{\"x\":0,\"y\":0}", 400'000},
      {"pile", "\"U\"", 1'500'000}, {"no_such_key", "[]", 2'000'000},  // unknown keys too: every array and object is
                                                                       // counted
  };
  for (const auto& [key, unit, count] : lists) {
    const auto file = dir / (key + ".jsonl");
    {
      std::ofstream out(file, std::ios::binary);
      out << "{\"cmd\":\"start\",\"protocol_version\":10}\n" << with_list(key, unit, count) << "\n";
      out << small_run_line() << "\n{\"cmd\":\"stop\"}\n";
    }
    const auto c = run_with_stdin(file.string(), {"serve"});
    INFO(key << ": " << c.peak_kib << " KiB, " << c.seconds << " s\n" << c.out << c.err);
    CHECK(c.code == kExitOk);
    std::istringstream lines(c.out);
    std::vector<std::string> replies;
    for (std::string l; std::getline(lines, l);) replies.push_back(l);
    REQUIRE(replies.size() == 3);
    const auto refused = proto::decode_reply(replies[1]);
    REQUIRE(refused.ok());
    CHECK(refused->seq == "7");
    CHECK(refused->state == proto::ReplyState::Errored);
    CHECK(has(refused->message, "position." + key + "["));
    CHECK(has(refused->message, "more than 262144 JSON values in one line"));
    const auto next = proto::decode_reply(replies[2]);  // the session goes on
    REQUIRE(next.ok());
    CHECK(next->state == proto::ReplyState::Answered);
    if (test::kMeasuresMemory) CHECK(c.peak_kib < 64 * 1024);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("render refuses a line of brackets or of millions of values without building it",
          "[report][render][limits][memory]") {
  // Issue 45, 10: before, a 16 MiB line of `[` took 1.18 GB (2 MB: 153 MB) before it was refused.
  const auto dir = test::fresh_dir("render-budget");
  std::filesystem::create_directories(dir);
  std::string numbers = "{\"type\":\"result\",\"x\":[";
  for (int i = 0; i < 3'000'000; ++i) numbers += "0,";
  numbers += "0]}";
  const std::vector<std::pair<std::string, std::string>> lines{
      {"brackets", std::string(std::size_t{8} << 20, '[')},
      {"numbers", numbers},
  };
  for (const auto& [name, line] : lines) {
    const auto file = dir / (name + ".jsonl");
    std::ofstream(file, std::ios::binary) << line << "\n";
    const auto c = measured({kBinary, "render", file.string(), "--format", "text"});
    INFO(name << ": " << c.peak_kib << " KiB, " << c.seconds << " s\n" << c.err);
    CHECK(c.code == kExitInvalidInput);
    CHECK(has(c.err, file.string() + ":1: "));
    CHECK(has(c.err, name == "brackets" ? "JSON nested deeper than 32 levels" : "more than 262144 JSON values"));
    if (test::kMeasuresMemory) CHECK(c.peak_kib < 48 * 1024);
  }
  std::filesystem::remove_all(dir);
}

namespace {

// The same request `count` times, answers counted by kind.
class RepeatSource final : public RequestSource {
 public:
  RepeatSource(const Request& r, std::size_t count) : request_(r), count_(count) {}
  const Request* next() override { return handed_ < count_ ? (++handed_, &request_) : nullptr; }
  bool exhausted() const override { return handed_ == count_; }
  void reply(const Request&, Reply r) override { ++kinds[static_cast<std::size_t>(r.kind)]; }
  std::size_t total() override { return count_; }
  std::array<std::size_t, 5> kinds{};

 private:
  const Request& request_;
  std::size_t count_, handed_ = 0;
};

}  // namespace

TEST_CASE("An implementation's process keeps a bounded window of the seqs it sent, and knows a late reply beyond it",
          "[protocol][process][memory][adapters]") {
  // Issue 45, 11: every seq ever sent was kept with its label (explore: 78 MiB at 2,500 games
  // and rising). Now the last 4,096 are kept; an older seq is still known to have been sent.
  const Corpus corpus = load_corpus({test::data("runner/pass/apply.yaml")});
  REQUIRE(!corpus.files.empty());
  REQUIRE(!corpus.files.front().scenarios.empty());
  Request request;
  request.scenario = &corpus.files.front().scenarios.front();
  request.queries = {"moves", "apply"};
  constexpr std::size_t kRequests = 6000, kLateAt = 5000;
  ProcessOptions o;
  o.argv = {"python3", std::string(CARC_SOURCE_DIR) + "/tests/adapters/late_replies.py", std::to_string(kLateAt)};
  auto subject = ProcessSubject::start(o);
  REQUIRE(subject.ok());
  RepeatSource source(request, kRequests);
  (*subject)->answer_all(source);
  CHECK(source.kinds[static_cast<std::size_t>(ReplyKind::Skipped)] == kRequests - 1);
  CHECK(source.kinds[static_cast<std::size_t>(ReplyKind::Errored)] == 1);  // charged the seq never sent
  CHECK((*subject)->sent_kept() == ProcessSubject::kSentWindow);
  const auto notes = (*subject)->notes();
  for (const auto& n : notes) UNSCOPED_INFO(n);
  // The third: the never-sent seq was charged to the request in flight (seq kLateAt), whose
  // own reply then came second.
  REQUIRE(notes.size() == 3);
  CHECK(notes[0] == "ignored a second reply to seq 1 (a request sent more than 4096 requests before the last)");
  const std::string label = " (" + request.scenario->id + " under " + request.rules.name + ")";
  CHECK(notes[1] == "ignored a second reply to seq " + std::to_string(kLateAt - 50) + label);
  CHECK(notes[2] == "ignored a second reply to seq " + std::to_string(kLateAt) + label);
}

TEST_CASE("A report of one run keeps nothing per result for comparing runs", "[report][memory]") {
  // Issue 45, 11: ComparisonBuilder kept about 360 bytes per result for the table of
  // disagreements, which only a document of several implementations has.
  const auto result = [](int i, Outcome o) {
    RunResult r;
    r.id = "X-" + std::to_string(i);
    r.ruleset = "hig-c3";
    r.outcome = o;
    return r;
  };
  ComparisonBuilder one;
  one.keep_cases(false);
  one.begin_run();
  for (int i = 0; i < 10'000; ++i) one.add(result(i, Outcome::Passed));
  CHECK(one.cases_kept() == 0);
  CHECK(one.build({}).disagreements.empty());
  // Several runs still compare.
  ComparisonBuilder two;
  two.begin_run();
  two.add(result(1, Outcome::Passed));
  two.begin_run();
  two.add(result(1, Outcome::Failed));
  CHECK(two.cases_kept() == 1);
  CHECK(two.build({RunTally{}, RunTally{}}).disagreements.size() == 1);
}
