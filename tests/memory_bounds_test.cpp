// Peak memory and time of whole carc-oracle runs against hostile input,
// measured on a child process (wait4's rusage; tests/cli_support.hpp), only in
// builds without sanitizers; and what a result keeps of a long difference.
// Issue 15, items 4 and 7.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "runner/engine_subject.hpp"
#include "runner/evaluate.hpp"
#include "runner/expectations.hpp"
#include "runner/runner.hpp"

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
