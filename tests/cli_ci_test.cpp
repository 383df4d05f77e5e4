// CI that never lies (issue 19, third part): JUnit names the implementation and
// carries timings; several formats in one run and `render` from a saved run;
// expectations merged; --jobs; --max-failures and the consecutive-crash cap.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "protocol/messages.hpp"
#include "runner/expectations.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {

std::string serve_command() { return std::string("'") + CARC_BINARY + "' serve"; }

}  // namespace

TEST_CASE("JUnit names the implementation, its version and command, and times every testcase", "[cli][junit][ci]") {
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.impl = {serve_command()};
  o.format = "junit";
  const Run r = run(o);
  INFO(r.out << r.err);
  REQUIRE(r.code == kExitOk);
  CHECK(contains(r.out, "<testsuites name=\"carc-oracle: carc-oracle "));
  CHECK(contains(r.out, "<property name=\"implementation.name\" value=\"carc-oracle\"/>"));
  CHECK(contains(r.out, "<property name=\"implementation.command\" value=\"&apos;" + std::string(CARC_BINARY) +
                            "&apos; serve\"/>"));
  CHECK(std::regex_search(
      r.out, std::regex("<property name=\"implementation.version\" value=\"[0-9]+\\.[0-9]+\\.[0-9]+\"/>")));
  // Every testcase and every suite has a time; 10 results (see serve_test "run --impl with our own engine").
  const std::regex timed_case("<testcase [^>]* time=\"[0-9]+\\.[0-9]{3}\"");
  CHECK(std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), timed_case), std::sregex_iterator()) == 10);
  CHECK(count_of(r.out, "<testcase ") == 10);
  const std::regex timed_suite(
      "<testsuite name=\"[^\"]*\" tests=\"[0-9]+\" failures=\"0\" errors=\"0\" skipped=\"0\" "
      "time=\"[0-9]+\\.[0-9]{3}\">");
  CHECK(std::distance(std::sregex_iterator(r.out.begin(), r.out.end(), timed_suite), std::sregex_iterator()) ==
        count_of(r.out, "<testsuite "));
  CHECK(std::regex_search(r.out,
                          std::regex("<testsuites name=\"[^\"]*\" tests=\"10\" [^>]* time=\"[0-9]+\\.[0-9]{3}\">")));

  RunOptions engine;
  engine.paths = {data("runner/pass")};
  engine.format = "junit";
  const Run e = run(engine);
  CHECK(contains(e.out, "<property name=\"implementation.name\" value=\"carc-oracle engine\"/>"));
  CHECK(contains(e.out, "<property name=\"implementation.command\" value=\"(our engine, in process)\"/>"));
}

namespace {

std::string adapter(const std::string& script, const std::string& args) {
  return "python3 " + std::string(CARC_SOURCE_DIR) + "/tests/adapters/" + script + " " + CARC_BINARY + " " + args;
}

}  // namespace

TEST_CASE("Several formats in one run, and render makes the same reports from the run's JSON lines",
          "[cli][render][ci]") {
  const auto dir = fresh_dir("render");
  std::filesystem::create_directories(dir);
  // Our engine alone (with a failure, an invalid file and transforms), then two
  // implementations compared (one lacking most capabilities: unsupported results).
  std::vector<RunOptions> runs(2);
  runs[0].paths = {data("runner/pass"), data("runner/fail"), data("invalid/bad-id.yaml")};
  runs[0].metamorphic = true;
  runs[1].paths = {data("runner/pass"), data("runner/limited")};
  runs[1].impl = {serve_command(), adapter("few_caps.py", (dir / "few.log").string())};
  for (std::size_t k = 0; k < runs.size(); ++k) {
    RunOptions& o = runs[k];
    const auto out = dir / ("run" + std::to_string(k));
    o.format = "json,junit,html,markdown,text";
    o.out_dir = out.string();
    const Run r = run(o);
    INFO(r.out << r.err);
    CHECK((r.code == kExitFailures || r.code == kExitInvalidInput || r.code == kExitOk));
    for (const char* name : {"results.jsonl", "junit.xml", "report.html", "summary.md", "results.txt"}) {
      CHECK(contains(r.out, "wrote " + (out / name).generic_string()));
      REQUIRE(std::filesystem::exists(out / name));
    }
    RenderOptions ro;
    ro.results = (out / "results.jsonl").string();
    ro.paths = o.paths;  // the run's paths, which are not below the current directory under ctest
    ro.format = "html,junit,markdown,text,json";
    ro.out_dir = (dir / ("render" + std::to_string(k))).string();
    std::ostringstream rout, rerr;
    REQUIRE(run_render(ro, rout, rerr) == kExitOk);
    for (const char* name : {"results.jsonl", "junit.xml", "report.html", "summary.md", "results.txt"}) {
      INFO(name);
      // Byte-equal, timings included: the JSON lines keep each result's seconds exactly.
      CHECK(read_text(out / name) == read_text(dir / ("render" + std::to_string(k)) / name));
    }
    CHECK(contains(read_text(out / "junit.xml"), " time=\""));
    // One format to a file with -o.
    RenderOptions one = ro;
    one.format = "junit";
    one.out_dir.clear();
    one.output = (dir / "one.xml").string();
    std::ostringstream oout, oerr;
    CHECK(run_render(one, oout, oerr) == kExitOk);
    CHECK(read_text(dir / "one.xml") == read_text(out / "junit.xml"));
  }
  CHECK(contains(read_text(dir / "run1" / "report.html"), "unsupported"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("Several formats need --out and render refuses what is not a whole run's JSON lines", "[cli][render][ci]") {
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.format = "json,html";
  Run r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(contains(r.err, "several formats (--format json,html) need --out DIR"));
  o.format = "json,jsno";
  r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(contains(r.err, "unknown format 'jsno'"));
  o.format = "html,html";
  CHECK(run(o).code == kExitInvalidInput);

  const auto dir = fresh_dir("render-bad");
  std::filesystem::create_directories(dir);
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return (dir / name).string();
  };
  const auto render = [](const std::string& file) {
    RenderOptions ro;
    ro.results = file;
    std::ostringstream out, err;
    const int code = run_render(ro, out, err);
    return std::pair{code, err.str()};
  };
  auto [code, err] = render(write("garbage.jsonl", "{\"type\":\"result\"}\nnot json\n"));
  CHECK(code == kExitInvalidInput);
  CHECK(contains(err, "garbage.jsonl:2: not a record of `run --format json`"));
  std::tie(code, err) = render(write("cut.jsonl", "{\"type\":\"result\",\"id\":\"X\",\"state\":\"passed\"}\n"));
  CHECK(code == kExitInvalidInput);
  CHECK(contains(err, "no summary record"));
  std::tie(code, err) = render(write("v9.jsonl", "{\"type\":\"summary\",\"format_version\":9}\n"));
  CHECK(code == kExitInvalidInput);
  CHECK(contains(err, "v9.jsonl:1: a summary of format_version 9"));
  std::tie(code, err) = render((dir / "missing.jsonl").string());
  CHECK(code == kExitInvalidInput);
  std::tie(code, err) = render("/dev/zero");
  CHECK(code == kExitInvalidInput);
  CHECK(contains(err, "not a regular file"));
  std::filesystem::remove_all(dir);
}

namespace {

std::string wrong_command() { return adapter("wrong.py", ""); }

RunOptions wrong_run() {
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.impl = {wrong_command()};
  o.timeout = 5;
  return o;
}

std::vector<std::pair<std::string, std::string>> keys_of(const Expectations& e) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& x : e.entries) out.emplace_back(x.id, x.ruleset);
  return out;
}

const ExpectedFailure* entry(const Expectations& e, const std::string& id) {
  for (const auto& x : e.entries)
    if (x.id == id) return &x;
  return nullptr;
}

}  // namespace

// Issue 19: --save-expectations with a filter deleted the entries outside the
// selection and erased hand-written notes; each --shard reported the other
// shards' entries as "matches no result".
TEST_CASE("Saving expectations merges: entries outside the selection and notes are kept", "[cli][expectations][ci]") {
  const auto dir = fresh_dir("expect-merge");
  std::filesystem::create_directories(dir);
  const std::string all = (dir / "all.yaml").string(), merged = (dir / "merged.yaml").string();
  RunOptions o = wrong_run();
  o.save_expectations = {all};
  REQUIRE(run(o).code == kExitFailures);
  const auto whole = load_expectations(all);
  REQUIRE(whole.ok());
  REQUIRE(whole->entries.size() >= 2);
  CHECK_FALSE(whole->implementation.empty());  // the implementation's name and version are recorded
  CHECK_FALSE(whole->version.empty());
  const std::string x = whole->entries.front().id;

  // A hand-written entry for a scenario this run does not select, then a run of one scenario saved into it.
  std::ofstream(merged)
      << "implementation: \"" << whole->implementation << "\"\nversion: \"" << whole->version
      << "\"\nexpectations:\n  - id: NOT-SELECTED-1\n    state: failed\n    note: \"hand-written, kept\"\n";
  o.ids = {x};
  o.save_expectations = {merged};
  Run r = run(o);
  INFO(r.err);
  auto after = load_expectations(merged);
  REQUIRE(after.ok());
  REQUIRE(entry(*after, "NOT-SELECTED-1"));
  CHECK(entry(*after, "NOT-SELECTED-1")->note == "hand-written, kept");
  REQUIRE(entry(*after, x));
  CHECK(keys_of(*after).size() ==
        1 + static_cast<std::size_t>(
                std::count_if(whole->entries.begin(), whole->entries.end(), [&](const auto& e) { return e.id == x; })));

  // A note written by hand on a saved entry survives the next save.
  {
    std::string text = read_text(merged);
    const auto at = text.find("note:", text.find("id: \"" + x + "\""));
    REQUIRE(at != std::string::npos);
    text.replace(at, text.find('\n', at) - at, "note: \"why " + x + " fails: hand-written\"");
    std::ofstream(merged) << text;
  }
  r = run(o);
  after = load_expectations(merged);
  REQUIRE(after.ok());
  CHECK(entry(*after, x)->note == "why " + x + " fails: hand-written");
  CHECK(entry(*after, "NOT-SELECTED-1"));
  CHECK_FALSE(contains(r.err, "matches no result"));  // outside the selection: not stale

  // The whole corpus run: the entry of a scenario that does not exist is stale, and said so.
  o.ids.clear();
  o.save_expectations.clear();
  o.expectations = {merged};
  r = run(o);
  CHECK(contains(r.err, "expectation NOT-SELECTED-1 (failed) matches no result"));

  // Shards: neither reports the other's entries; saving both shards in turn gives the whole run's file.
  const std::string sharded = (dir / "sharded.yaml").string();
  for (const char* shard : {"1/2", "2/2"}) {
    RunOptions s = wrong_run();
    s.shard = shard;
    s.expectations = {all};
    r = run(s);
    INFO(shard << r.err);
    CHECK_FALSE(contains(r.err, "matches no result"));
    CHECK((r.code == kExitOk || r.code == kExitFailures));
    s.expectations.clear();
    s.save_expectations = {sharded};
    run(s);
  }
  const auto both = load_expectations(sharded);
  REQUIRE(both.ok());
  CHECK(keys_of(*both) == keys_of(*whole));
  std::filesystem::remove_all(dir);
}

// Issue 45: four shards saving into one expectations file at once kept 21 entries of 44; each now
// merges under a lock with what is there when it saves.
TEST_CASE("Shards saving expectations into one file at the same time lose no entry", "[cli][expectations][ci]") {
  const auto dir = fresh_dir("expect-concurrent");
  std::filesystem::create_directories(dir);
  const std::string whole_file = (dir / "whole.yaml").string(), shared = (dir / "shared.yaml").string();
  const std::string paths = std::string(CARC_SOURCE_DIR) + "/scenarios/base";
  RunOptions o = wrong_run();
  o.paths = {paths};
  o.save_expectations = {whole_file};
  REQUIRE(run(o).code == kExitFailures);
  const auto whole = load_expectations(whole_file);
  REQUIRE(whole.ok());
  REQUIRE(whole->entries.size() >= 20);
  // Four processes started together, each a shard, all saving into the one file.
  std::vector<std::thread> shards;
  std::vector<int> codes(4, -1);
  for (int k = 0; k < 4; ++k)
    shards.emplace_back([&, k] {
      const std::string cmd = fmt::format(
          "'{}' run '{}' --impl \"{}\" --timeout 10 --shard {}/4 --save-expectations '{}' --no-progress "
          ">/dev/null 2>'{}'",
          CARC_BINARY, paths, wrong_command(), k + 1, shared, (dir / fmt::format("err{}.txt", k)).string());
      codes[static_cast<std::size_t>(k)] = std::system(cmd.c_str());
    });
  for (auto& t : shards) t.join();
  for (int k = 0; k < 4; ++k) {
    INFO("shard " << k + 1 << ": " << read_text(dir / fmt::format("err{}.txt", k)));
    CHECK(codes[static_cast<std::size_t>(k)] != -1);
    CHECK_FALSE(contains(read_text(dir / fmt::format("err{}.txt", k)), "--save-expectations"));
  }
  const auto merged = load_expectations(shared);
  REQUIRE(merged.ok());
  CHECK(keys_of(*merged) == keys_of(*whole));
  for (const auto& f : std::filesystem::directory_iterator(dir))  // no temporary file left behind
    CHECK(f.path().filename().string().find(".tmp-") == std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE(
    "An expectations file recorded for another implementation is warned about and a broken one is not overwritten",
    "[cli][expectations][ci]") {
  const auto dir = fresh_dir("expect-impl");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "other.yaml").string();
  std::ofstream(file) << "implementation: other-engine\nversion: \"9.9\"\nexpectations: []\n";
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.expectations = {file};
  Run r = run(o);
  CHECK(r.code == kExitOk);
  CHECK(contains(
      r.err, "carc-oracle run: warning: --expectations " + file +
                 " was recorded for the implementation 'other-engine (version 9.9)', not for 'carc-oracle engine'"));
  o.expectations.clear();
  o.save_expectations = {file};
  r = run(o);
  CHECK(contains(r.err, "warning: --save-expectations " + file + " was recorded for the implementation 'other-engine"));
  // Saved by our engine now: it names our engine, and a run with it warns no more.
  const auto saved = load_expectations(file);
  REQUIRE(saved.ok());
  CHECK(saved->implementation == "carc-oracle engine");
  o.save_expectations.clear();
  o.expectations = {file};
  r = run(o);
  CHECK_FALSE(contains(r.err, "warning"));
  // Another version of the same implementation: a warning of its own.
  std::ofstream(file) << "implementation: carc-oracle engine\nversion: \"0.0.1-old\"\nexpectations: []\n";
  r = run(o);
  CHECK(contains(r.err, "was recorded for carc-oracle engine (version 0.0.1-old); this is version "));
  std::filesystem::remove_all(dir);
}

TEST_CASE("An expectations file records its protocol version and one of another version is read with a warning",
          "[cli][expectations][ci][protocol]") {
  const auto dir = fresh_dir("expect-protocol");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "known.yaml").string(), json = (dir / "known.json").string();
  RunOptions o;
  o.paths = {data("runner/pass"), data("runner/fail")};
  o.impl = {"'" + std::string(CARC_BINARY) + "' serve"};
  o.save_expectations = {file};
  Run r = run(o);
  CHECK(r.code == kExitFailures);
  CHECK(contains(read_text(file), "\nprotocol_version: " + std::to_string(proto::kProtocolVersion) + "\n"));
  o.save_expectations = {json};
  run(o);
  CHECK(contains(read_text(json), "\"protocol_version\": " + std::to_string(proto::kProtocolVersion) + ","));
  for (const auto& saved : {file, json}) {
    const auto e = load_expectations(saved);
    REQUIRE(e.ok());
    CHECK(e->protocol_version == proto::kProtocolVersion);
    CHECK_FALSE(e->entries.empty());
  }
  // Used with the same version: no warning, and the failures are known.
  o.save_expectations.clear();
  o.expectations = {file};
  r = run(o);
  CHECK(r.code == kExitOk);
  CHECK_FALSE(contains(r.err, "warning"));
  // Made with another version: still read (the failures stay known), with a warning naming both.
  std::string text = read_text(file);
  const std::string now = "protocol_version: " + std::to_string(proto::kProtocolVersion);
  text.replace(text.find(now), now.size(), "protocol_version: 4");
  std::ofstream(file) << text;
  r = run(o);
  CHECK(r.code == kExitOk);
  CHECK(contains(r.err, "warning: --expectations " + file + " was recorded in protocol version 4; this run speaks " +
                            "version " + std::to_string(proto::kProtocolVersion) + " with the implementation"));
  // A version that is no version is a located error.
  std::ofstream(file) << "protocol_version: zero\nexpectations: []\n";
  r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(contains(r.err, "known.yaml:1:"));
  std::ofstream(file) << "protocol_version: 0\nexpectations: []\n";
  r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(contains(r.err, "protocol_version: a protocol version from 1 up, found 0"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("A broken expectations file is not overwritten by --save-expectations", "[cli][expectations][ci]") {
  const auto dir = fresh_dir("expect-broken");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "broken.yaml").string();
  RunOptions o;
  o.paths = {data("runner/pass")};
  Run r;
  // A file that cannot be read is not overwritten by --save-expectations.
  std::ofstream(file) << "expectations: 3\n";
  o.expectations.clear();
  o.save_expectations = {file};
  r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(contains(r.err, "--save-expectations merges into the file there, which cannot be read"));
  CHECK(read_text(file) == "expectations: 3\n");
  std::filesystem::remove_all(dir);
}

namespace {

// A report without its times (JUnit's time=, JSON's "seconds"): what --jobs must not change.
std::string without_times(std::string text) {
  text = std::regex_replace(text, std::regex(" time=\"[0-9.]+\""), "");
  return std::regex_replace(text, std::regex(",\"seconds\":[0-9.eE+-]+"), "");
}

std::vector<std::string> lines_with(const std::string& text, const std::string& part) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (contains(line, part)) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("run with jobs 3 gives the reports of jobs 1, each process with its own handshake", "[cli][jobs][ci]") {
  const auto dir = fresh_dir("jobs");
  std::filesystem::create_directories(dir);
  const std::vector<std::string> paths{std::string(CARC_SOURCE_DIR) + "/scenarios/base", data("runner/fail"),
                                       data("runner/limited"), data("invalid/bad-id.yaml")};
  const std::vector<std::string> files{"results.jsonl", "junit.xml", "report.html", "summary.md", "results.txt"};
  std::vector<std::string> first;
  for (const int jobs : {1, 3}) {
    RunOptions o;
    o.paths = paths;
    o.impl = {serve_command()};
    o.jobs = jobs;
    o.format = "json,junit,html,markdown,text";
    o.out_dir = (dir / ("jobs" + std::to_string(jobs))).string();
    o.trace = (dir / ("trace" + std::to_string(jobs) + ".jsonl")).string();
    const Run r = run(o);
    INFO(r.err);
    CHECK(r.code == kExitInvalidInput);  // the invalid file; the failure of runner/fail too
    std::vector<std::string> now;
    for (const auto& f : files) now.push_back(without_times(read_text(std::filesystem::path(o.out_dir) / f)));
    if (first.empty())
      first = now;
    else
      for (std::size_t i = 0; i < files.size(); ++i) {
        INFO(files[i]);
        CHECK(now[i] == first[i]);
      }
    // One handshake per process: --jobs 3 starts three, each named in the trace.
    const std::string trace = read_text(o.trace);
    CHECK(lines_with(trace, "\"event\":\"started\"").size() == static_cast<std::size_t>(jobs));
    CHECK(lines_with(trace, "{\\\"cmd\\\":\\\"start\\\"").size() == static_cast<std::size_t>(jobs));
    if (jobs == 3)
      for (const char* worker : {"\"worker\":1,", "\"worker\":2,", "\"worker\":3,"}) {
        INFO(worker);
        CHECK(lines_with(trace, worker).size() > 2);  // its start, handshake, and some requests
      }
  }
  CHECK(contains(first[3], "| failed | 1 |"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("run with jobs 2: a crash restarts only the process that crashed", "[cli][jobs][ci]") {
  const auto dir = fresh_dir("jobs-crash");
  std::filesystem::create_directories(dir);
  const std::string log = (dir / "starts.log").string();
  RunOptions o;
  // Many requests after the victim, so that every crash is followed by a restart for them.
  o.paths = {data("runner/pass"), std::string(CARC_SOURCE_DIR) + "/scenarios/base"};
  o.impl = {adapter("crash_on.py", log + " BR-04-t")};
  o.jobs = 2;
  o.timeout = 5;
  const Run r = run(o);
  INFO(r.out << r.err);
  CHECK(r.code == kExitFailures);
  // BR-04-t crashes under each ruleset it runs under; every other result passes.
  const auto crashed = lines_with(r.out, "CRASHED BR-04-t");
  REQUIRE_FALSE(crashed.empty());
  CHECK(lines_with(r.out, "CRASHED").size() == crashed.size());
  CHECK(contains(r.out, "passed"));
  // Two processes, then one restart per crash: no other process was restarted.
  CHECK(lines_with(read_text(log), "started").size() == 2 + crashed.size());
  std::filesystem::remove_all(dir);
}

// Issue 45: one scenario that crashed the implementation under each of its rulesets tripped
// --max-crashes 5 and cut the rest of the run (165 of 250 results of a shard skipped); crashes in
// a row now count distinct scenarios.
TEST_CASE("One scenario crashing under every ruleset does not cut the run short", "[cli][max-failures][ci]") {
  const auto dir = fresh_dir("crash-one-scenario");
  std::filesystem::create_directories(dir);
  RunOptions o;
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/base"};
  // BR-01-g applies under every preset; with its transforms that is 6 results a preset, one after another.
  o.impl = {adapter("crash_on.py", (dir / "starts.log").string() + " BR-01-g BR-01-g@r90 BR-01-g@r180 BR-01-g@r270 " +
                                       "BR-01-g@t11,-7 BR-01-g@r90+t-5,3")};
  o.metamorphic = true;
  o.timeout = 5;
  o.format = "json";
  const Run r = run(o);
  INFO(r.err);
  CHECK(r.code == kExitFailures);  // the crashes themselves are failures
  const auto crashed = lines_with(r.out, "\"state\":\"crashed\"");
  CHECK(crashed.size() >= 30);  // every preset, each with 6 results of the one scenario
  for (const auto& line : crashed) CHECK(contains(line, "\"id\":\"BR-01-g"));
  CHECK_FALSE(contains(r.err, "cut short"));
  const auto summary = lines_with(r.out, "\"type\":\"summary\"");
  REQUIRE(summary.size() == 1);
  CHECK(contains(summary.front(), "\"skipped\":0,"));
  CHECK(contains(summary.front(), "\"cut_short\":null"));
  std::filesystem::remove_all(dir);
}

// Issue 19: an adapter that always crashes took an hour (one crash and restart
// per request); now the run stops after 5 crashes in a row, in seconds.
TEST_CASE("An adapter that always crashes is stopped after 5 crashes in a row and max-failures cuts a run short",
          "[cli][max-failures][ci]") {
  const auto dir = fresh_dir("max-failures");
  std::filesystem::create_directories(dir);
  RunOptions o;
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios"};  // 2590 results: one process start each without the cap
  o.impl = {adapter("crash.py", "0")};
  o.timeout = 5;
  o.format = "json,text";
  o.out_dir = (dir / "crash").string();
  o.trace = (dir / "trace.jsonl").string();
  Run r = run(o);
  INFO(r.err);
  CHECK(r.code == kExitFailures);
  // Crashes count by scenario (issue 45): five scenarios crashed it, each under every ruleset it ran.
  const std::regex stop(
      "the run was cut short: stopped after 5 scenarios in a row crashed the implementation "
      "\\(([^;,]+, ){4}[^;,]+; --max-crashes 5\\)");
  CHECK(std::regex_search(r.err, stop));
  const auto starts = lines_with(read_text(o.trace), "\"event\":\"started\"").size();
  CHECK(starts >= 5);
  CHECK(starts <= 5 * 11);  // one start per crashed result: at most 11 rulesets a scenario, not 2590
  const std::string text = read_text(dir / "crash" / "results.txt");
  CHECK(std::regex_search(text, stop));
  const auto summary = lines_with(read_text(dir / "crash" / "results.jsonl"), "\"type\":\"summary\"");
  REQUIRE(summary.size() == 1);
  CHECK(std::regex_search(summary.front(), std::regex("\"crashed\":([5-9]|[1-5][0-9]),")));
  CHECK(contains(summary.front(), "\"cut_short\":\"stopped after 5 scenarios in a row crashed"));
  CHECK(
      std::regex_search(summary.front(), std::regex("\"skipped\":[1-9][0-9]{3},")));  // the rest, reported, not dropped
  CHECK(contains(read_text(dir / "crash" / "results.jsonl"),
                 "\"state\":\"skipped\",\"file\":"));  // each one a result of its own
  CHECK(contains(read_text(dir / "crash" / "results.jsonl"),
                 "not run: the run was cut short: stopped after 5 scenarios in a row crashed"));

  // --max-failures 2 with an adapter that answers wrong.
  RunOptions w = wrong_run();
  w.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/base"};
  w.max_failures = 2;
  w.format = "json";
  r = run(w);
  CHECK(r.code == kExitFailures);
  CHECK(contains(r.err, "the run was cut short: stopped after 2 failures (--max-failures 2)"));
  const auto cut = lines_with(r.out, "\"type\":\"summary\"");
  REQUIRE(cut.size() == 1);
  CHECK(std::regex_search(cut.front(), std::regex("\"failed\":([2-9]|10),")));  // 2, and those already answered
  CHECK(std::regex_search(cut.front(), std::regex("\"skipped\":[1-9][0-9]+,")));
  // Known failures do not count: with every failure expected, nothing is cut.
  const std::string known = (dir / "known.yaml").string();
  w.max_failures = 0;
  w.save_expectations = {known};
  run(w);
  w.save_expectations.clear();
  w.expectations = {known};
  w.max_failures = 1;
  r = run(w);
  CHECK(r.code == kExitOk);
  CHECK_FALSE(contains(r.err, "cut short"));
  RunOptions bad;
  bad.paths = {data("runner/pass")};
  bad.max_failures = -1;
  CHECK(run(bad).code == kExitInvalidInput);
  bad.max_failures = 0;
  bad.jobs = 0;
  CHECK(run(bad).code == kExitInvalidInput);
  std::filesystem::remove_all(dir);
}

// Issue 45, item 8: with --out nothing said on the console how the run went; one failure was printed
// once per ruleset among hundreds of UNSUPPORTED lines; JUnit listed every unsupported result.
TEST_CASE(
    "The console always gets the summary, a failure shows once for all its rulesets, and JUnit may omit "
    "unsupported results",
    "[cli][report][ci]") {
  const auto dir = fresh_dir("console-summary");
  std::filesystem::create_directories(dir);
  RunOptions o = wrong_run();
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/base"};
  o.format = "json,junit,text";
  o.out_dir = (dir / "out").string();
  Run r = run(o);
  INFO(r.out << r.err);
  CHECK(r.code == kExitFailures);
  CHECK(contains(r.out, "wrote "));
  CHECK(std::regex_search(r.out, std::regex("\n[0-9]+ results: [0-9]+ passed, [0-9]+ failed")));
  CHECK(contains(r.out, "\ncoverage: "));

  // The text report: each failing scenario once, naming every ruleset it failed under alike.
  const std::string text = read_text(dir / "out" / "results.txt");
  std::map<std::string, int> details;  // "FAILED ID" -> lines
  std::smatch m;
  bool several = false;
  for (auto at = text.cbegin(); std::regex_search(at, text.cend(), m, std::regex("\nFAILED ([^ ]+) \\[([^\\]]*)\\]"));
       at = m.suffix().first) {
    ++details[m[1]];
    several = several || m[2].str().find(", ") != std::string::npos;
  }
  REQUIRE_FALSE(details.empty());
  CHECK(several);  // at least one scenario failed alike under several rulesets, shown once
  for (const auto& [id, n] : details) {
    INFO(id);
    CHECK(n <= 2);  // once, or once per distinct difference (the answers may differ by ruleset)
  }
  CHECK(std::regex_search(text, std::regex("rerun: carc-oracle run [^\n]* --ruleset [^ ]+ --ruleset ")));

  // Machine-read output on stdout: the summary goes to stderr, stdout stays JSON lines.
  o.out_dir.clear();
  o.format = "json";
  r = run(o);
  CHECK(std::regex_search(r.err, std::regex("[0-9]+ results: [0-9]+ passed")));
  for (const auto& line : lines_with(r.out, "")) CHECK((line.empty() || line.front() == '{'));

  // JUnit and an implementation lacking most capabilities: unsupported results as <skipped> (the default) or omitted.
  RunOptions f;
  f.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/flying-machines"};
  f.impl = {adapter("few_caps.py", (dir / "few.log").string())};
  f.timeout = 5;
  f.format = "junit";
  r = run(f);
  CHECK(contains(r.out, "<skipped message=\"unsupported: "));
  f.junit_unsupported = "omit";
  r = run(f);
  CHECK_FALSE(contains(r.out, "<skipped message=\"unsupported: "));
  CHECK(std::regex_search(r.out, std::regex("name=\"carc-oracle.unsupported-omitted\" value=\"[1-9]")));
  CHECK(contains(r.out, "name=\"carc-oracle.coverage\""));
  std::filesystem::remove_all(dir);
}
