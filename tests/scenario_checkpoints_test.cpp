// Checkpoints (issue 22, scenarios/README.md "Checkpoints"): expectations at several points of
// query.apply, one result per scenario and ruleset whose differences are located by checkpoint.
// The loader's refusals are fixtures of tests/data/invalid/ (checkpoint-*.yaml,
// variant-checkpoint-*.yaml); tests/export_replay_test.py replays the exported checkpoints.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "data/oracle_data.hpp"
#include "runner/engine_subject.hpp"
#include "runner/parallel_subject.hpp"
#include "runner/process_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario_transform.hpp"

using namespace carc;
using namespace carc::test;
using namespace std::chrono_literals;
using Json = nlohmann::json;

namespace {

std::string seat_order_file() { return corpus_dir() + "/crop-circles/cc-08-seat-order-checkpoints.yaml"; }
std::string decline_file() { return corpus_dir() + "/crop-circles/cc-13-decline-checkpoints.yaml"; }

const Scenario& scenario_in(const Corpus& c, const std::string& id) {
  for (const auto& f : c.files)
    for (const auto& s : f.scenarios)
      if (s.id == id) return s;
  FAIL("no scenario " << id);
  return c.files.front().scenarios.front();
}

std::vector<std::string> fake(const std::string& script, std::vector<std::string> args) {
  std::vector<std::string> argv{"python3", std::string(CARC_SOURCE_DIR) + "/tests/adapters/" + script, CARC_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

ProcessOptions fake_options(std::vector<std::string> args) {
  ProcessOptions o;
  o.argv = fake("checkpoint_wrong.py", std::move(args));
  o.timeout = 10000ms;
  o.start_timeout = 20000ms;  // python and serve may start slowly on a loaded machine
  return o;
}

// The results of the seat-order file through the fake (jobs 1: one process; more: side by side).
RunReport run_through_fake(std::vector<std::string> args, int jobs = 1) {
  static const Corpus corpus = load_corpus({seat_order_file()});
  RunReport report;
  if (jobs == 1) {
    auto subject = ProcessSubject::start(fake_options(std::move(args)));
    if (!subject) FAIL("the fake did not start: " << subject.error());
    report = run_corpus(corpus, {}, **subject);
  } else {
    auto subject = ParallelSubject::start(fake_options(std::move(args)), jobs);
    if (!subject) FAIL("the fake did not start: " << subject.error());
    report = run_corpus(corpus, {}, **subject);
  }
  return report;
}

const RunResult& result_of(const RunReport& r, const std::string& id, const std::string& ruleset = "hig-c3") {
  for (const auto& x : r.results)
    if (x.id == id && x.ruleset == ruleset) return x;
  FAIL("no result for " << id << " under " << ruleset);
  return r.results.front();
}

}  // namespace

TEST_CASE("A checkpoint asks the state after its move with its own expectations", "[scenario][checkpoints]") {
  const Corpus c = load_corpus({seat_order_file()});
  const Scenario& s = scenario_in(c, "CC-08-e");
  REQUIRE(s.valid());
  REQUIRE(s.checkpoints.size() == 3);
  CHECK(s.checkpoints[1].after == 4);
  const Scenario cut = checkpoint_scenario(s, 1);
  CHECK(cut.apply.size() == 4);
  CHECK(cut.apply.back().text == "remove follower 0,0:road{N}");
  CHECK_FALSE(cut.final_scoring);
  CHECK(cut.checkpoints.empty());
  REQUIRE(cut.expect.active);
  CHECK(*cut.expect.active == Colour::Yellow);
  CHECK_FALSE(cut.expect.figures);  // the final state's keys are not the checkpoint's
}

TEST_CASE("A variant replaces and removes keys of a checkpoint", "[scenario][checkpoints][variants]") {
  const Corpus c = load_corpus({decline_file()});
  const Scenario& s = scenario_in(c, "CC-13-c");
  REQUIRE(s.valid());
  const auto hig = scenario_rules(s, "hig-c3");
  const auto zmg = scenario_rules(s, "zmg-c2");
  REQUIRE(hig);
  REQUIRE(zmg);
  const auto at_hig = s.resolved_checkpoints(*hig);
  const auto at_zmg = s.resolved_checkpoints(*zmg);
  REQUIRE(at_hig.size() == 1);
  REQUIRE(at_zmg.size() == 1);
  CHECK(at_hig[0].second.includes);
  CHECK_FALSE(at_hig[0].second.excludes);
  CHECK_FALSE(at_zmg[0].second.includes);  // removed
  CHECK(at_zmg[0].second.excludes);        // given
  REQUIRE(at_zmg[0].second.legal);
  CHECK(at_zmg[0].second.legal->front().second == "crop-add-mandatory");
  CHECK(at_zmg[0].second.active);  // kept from the scenario's checkpoint
  // The scenario a checkpoint sends picks the same variant.
  const Scenario cut = checkpoint_scenario(s, 0);
  CHECK_FALSE(cut.resolved_expect(*zmg).includes);
  CHECK(cut.resolved_expect(*hig).includes);
}

TEST_CASE("Our engine passes the checkpointed scenarios with one result per ruleset", "[runner][checkpoints]") {
  const Corpus c = load_corpus({seat_order_file(), decline_file()});
  EngineSubject engine;
  const RunReport r = run_corpus(c, {}, engine);
  std::size_t expected_results = 0;
  for (const auto& f : c.files)
    for (const auto& s : f.scenarios) expected_results += scenario_rulesets(s).size();
  CHECK(r.results.size() == expected_results);  // no result of its own per checkpoint
  for (const auto& x : r.results) {
    INFO(x.id << " " << x.ruleset << ": " << x.message);
    CHECK(x.outcome == Outcome::Passed);
  }
}

TEST_CASE("A wrong checkpoint expectation fails the one result with a difference located after its move",
          "[runner][checkpoints]") {
  std::string text = read_text(seat_order_file());
  // CC-16-c's checkpoint after move 4 expects blue; make it expect red.
  const std::string right = "  - after: 4\n    expect:\n      phase: crop-response\n      active: blue\n";
  const auto at = text.rfind(right);
  REQUIRE(at != std::string::npos);
  text.replace(at, right.size(), "  - after: 4\n    expect:\n      phase: crop-response\n      active: red\n");
  const ScenarioFile f = load_scenario_text(text, "cc-08-wrong.yaml");
  REQUIRE(f.valid());
  const Scenario& s = f.scenarios.back();
  REQUIRE(s.id == "CC-16-c");
  EngineSubject engine;
  const RunResult r = run_one(s, "hig-c3", engine);
  CHECK(r.outcome == Outcome::Failed);
  REQUIRE(r.diffs.size() == 1);
  CHECK(r.diffs[0].after == 4);
  CHECK(r.diffs[0].key == "active");
  CHECK(r.diffs[0].label() == "after move 4: active");
  CHECK(contains(r.message, "after move 4: active"));
  CHECK(contains(r.signature, "after move 4: active"));
  // The other scenario of the file is untouched.
  CHECK(run_one(f.scenarios.front(), "hig-c3", engine).outcome == Outcome::Passed);
}

TEST_CASE("An implementation answering one checkpoint wrong fails one result whose difference names the move",
          "[protocol][process][adapters][checkpoints]") {
  const RunReport r = run_through_fake({"CC-08-e", "4", "wrong"});
  const RunResult& e = result_of(r, "CC-08-e");
  CHECK(e.outcome == Outcome::Failed);
  REQUIRE(e.diffs.size() == 1);
  CHECK(e.diffs[0].label() == "after move 4: active");
  CHECK(e.diffs[0].expected == std::vector<std::string>{"yellow"});
  CHECK(e.diffs[0].actual == std::vector<std::string>{"red"});  // the seat after yellow
  CHECK(result_of(r, "CC-16-c").outcome == Outcome::Passed);
  std::size_t failed = 0;
  for (const auto& x : r.results) failed += x.outcome == Outcome::Failed ? 1u : 0u;
  CHECK(failed == scenario_rulesets(scenario_in(load_corpus({seat_order_file()}), "CC-08-e")).size());
}

TEST_CASE("An errored checkpoint makes the whole result errored and says which",
          "[protocol][process][adapters][checkpoints]") {
  const RunReport r = run_through_fake({"CC-08-e", "3", "error"});
  const RunResult& e = result_of(r, "CC-08-e");
  CHECK(e.outcome == Outcome::Errored);
  CHECK(e.message.rfind("after move 3: checkpoint refused on purpose", 0) == 0);
  CHECK(e.diffs.empty());
  CHECK(result_of(r, "CC-16-c").outcome == Outcome::Passed);
}

TEST_CASE("Checkpoints answered by two processes give the results of one",
          "[protocol][process][adapters][checkpoints]") {
  const RunReport one = run_through_fake({"CC-08-e", "5", "wrong"}, 1);
  const RunReport two = run_through_fake({"CC-08-e", "5", "wrong"}, 2);
  REQUIRE(one.results.size() == two.results.size());
  for (std::size_t i = 0; i < one.results.size(); ++i) {
    const RunResult& a = one.results[i];
    const RunResult& b = two.results[i];
    INFO(a.id << " " << a.ruleset);
    CHECK(a.id == b.id);
    CHECK(a.ruleset == b.ruleset);
    CHECK(a.outcome == b.outcome);
    CHECK(a.message == b.message);
    CHECK(a.signature == b.signature);
  }
  CHECK(result_of(two, "CC-08-e").diffs.at(0).label() == "after move 5: active");
}

TEST_CASE("A turned scenario turns its checkpoints and still passes", "[scenario][checkpoints][metamorphic]") {
  const Corpus c = load_corpus({seat_order_file(), decline_file()});
  const Scenario& s = scenario_in(c, "CC-08-e");
  BoardTransform r90;
  r90.quarter = 1;
  const Scenario t = transform_scenario(s, r90, builtin_catalog());
  REQUIRE(t.valid());
  REQUIRE(t.checkpoints.size() == 3);
  REQUIRE(t.checkpoints[0].expect.moves);
  CHECK(t.checkpoints[0].expect.moves->front().text == "remove follower 0,0:road{E}");  // road{N} turned
  EngineSubject engine;
  for (const auto& tr : metamorphic_transforms())
    for (const auto& f : c.files)
      for (const auto& each : f.scenarios) {
        const Scenario turned = transform_scenario(each, tr, builtin_catalog());
        for (const auto& preset : scenario_rulesets(turned)) {
          const RunResult res = run_one(turned, preset, engine);
          INFO(turned.id << " " << preset << ": " << res.message);
          CHECK(res.outcome == Outcome::Passed);
        }
      }
}

TEST_CASE("export writes each checkpoint's request and expectation in the case", "[cli][export][checkpoints]") {
  const auto dir = fresh_dir("export-checkpoints");
  ExportOptions o;
  o.out_dir = dir.string();
  o.paths = {seat_order_file()};
  std::ostringstream out, err;
  REQUIRE(run_export(o, out, err) == kExitOk);
  const Json manifest = Json::parse(read_text(dir / "manifest.json"));
  REQUIRE(manifest["files"].size() == 1);
  std::ifstream in(dir / manifest["files"][0]["path"].get<std::string>());
  bool found = false;
  for (std::string line; std::getline(in, line);) {
    const Json c = Json::parse(line);
    if (c["id"] != "CC-08-e" || c["ruleset"] != "hig-c3") continue;
    found = true;
    REQUIRE(c["checkpoints"].size() == 3);
    const Json& k = c["checkpoints"][1];
    CHECK(k["after"] == 4);
    CHECK(k["request"]["query"]["apply"].size() == 4);
    CHECK(k["request"]["query"]["final_scoring"] == false);
    CHECK(k["expected"]["active"] == "yellow");
    CHECK(k["expected"]["rejected"].is_null());
    CHECK(k["compare"]["active"] == "equal");
    CHECK(c["request"]["query"]["apply"].size() == 6);
    CHECK(c["expected"]["active"] == "blue");
  }
  CHECK(found);
}

TEST_CASE("Every report format locates a failing checkpoint and render gives it back byte for byte",
          "[cli][render][checkpoints]") {
  const auto dir = fresh_dir("checkpoint-reports");
  std::string text = read_text(seat_order_file());
  const std::string right = "  - after: 4\n    expect:\n      phase: crop-response\n      active: blue\n";
  const auto at = text.rfind(right);
  REQUIRE(at != std::string::npos);
  text.replace(at, right.size(), "  - after: 4\n    expect:\n      phase: crop-response\n      active: red\n");
  std::filesystem::create_directories(dir);
  const auto file = dir / "cc-wrong.yaml";
  std::ofstream(file) << text;
  REQUIRE(read_text(file) == text);
  RunOptions o;
  o.paths = {file.string()};
  o.ids = {"CC-16-c"};
  o.rulesets = {"hig-c3"};
  o.format = "json,junit,html,markdown,text";
  o.out_dir = (dir / "run").string();
  std::ostringstream out, err;
  const int code = run_run(o, out, err);
  INFO(out.str() << err.str());
  REQUIRE(code == kExitFailures);
  for (const char* name : {"results.jsonl", "junit.xml", "report.html", "summary.md", "results.txt"}) {
    INFO(name);
    CHECK(contains(read_text(dir / "run" / name), "after move 4: active"));
  }
  CHECK(contains(read_text(dir / "run" / "results.jsonl"), "\"after\":4"));
  RenderOptions ro;
  ro.results = (dir / "run" / "results.jsonl").string();
  ro.paths = o.paths;
  ro.format = "html,junit,markdown,text,json";
  ro.out_dir = (dir / "render").string();
  std::ostringstream rout, rerr;
  REQUIRE(run_render(ro, rout, rerr) == kExitOk);
  for (const char* name : {"results.jsonl", "junit.xml", "report.html", "summary.md", "results.txt"}) {
    INFO(name);
    CHECK(read_text(dir / "run" / name) == read_text(dir / "render" / name));
  }
  std::filesystem::remove_all(dir);
}
