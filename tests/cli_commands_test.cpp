// The scenario subcommands through their run_X functions: output and exit codes
// (src/cli/exit_codes.hpp, DESIGN.md "Results, summary and exit codes").
#include <sys/wait.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/corpus.hpp"

using namespace carc;
using namespace carc::test;

namespace {

RunOptions paths(std::vector<std::string> p) {
  RunOptions o;
  o.paths = std::move(p);
  return o;
}

}  // namespace

TEST_CASE("run exits 0 when nothing fails", "[cli][run]") {
  const Run r = run(paths({data("runner/pass"), data("runner/limited")}));
  INFO(r.out << r.err);
  CHECK(r.code == kExitOk);
  CHECK(r.out.find("11 results: 11 passed") != std::string::npos);
}

TEST_CASE("run exits 1 on a failed scenario", "[cli][run]") {
  CHECK(run(paths({data("runner/pass"), data("runner/fail")})).code == kExitFailures);
}

TEST_CASE("run exits 2 on an invalid scenario, even next to failures", "[cli][run]") {
  CHECK(run(paths({data("runner/fail"), data("invalid/unknown-key.yaml")})).code == kExitInvalidInput);
}

TEST_CASE("run exits 2 on bad arguments", "[cli][run]") {
  RunOptions o = paths({data("runner/pass")});
  o.rulesets = {"hig-c9"};
  Run r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(r.err.find("unknown ruleset 'hig-c9'") != std::string::npos);
  o = paths({data("runner/pass")});
  o.shard = "3/2";
  CHECK(run(o).code == kExitInvalidInput);
  o = paths({data("runner/pass")});
  o.format = "yaml";
  CHECK(run(o).code == kExitInvalidInput);
  r = run(paths({data("no-such-dir")}));
  CHECK(r.code == kExitInvalidInput);
  CHECK(r.err.find("no such file or directory") != std::string::npos);
}

TEST_CASE("run --id and --ruleset narrow to one result", "[cli][run]") {
  RunOptions o = paths({data("runner/pass")});
  o.ids = {"BR-03-t"};
  o.rulesets = {"zmg"};
  o.format = "json";
  const Run r = run(o);
  CHECK(r.code == kExitOk);
  std::istringstream lines(r.out);
  std::string first;
  std::getline(lines, first);
  const auto j = nlohmann::json::parse(first);
  CHECK(j["id"] == "BR-03-t");
  CHECK(j["ruleset"] == "zmg-c2");
  CHECK(r.out.find("\"total\":1") != std::string::npos);
}

TEST_CASE("run --out writes the report file instead of printing it", "[cli][run]") {
  const auto dir = fresh_dir("out");
  RunOptions o = paths({data("runner/pass")});
  o.format = "junit";
  o.out_dir = dir.string();
  const Run r = run(o);
  CHECK(r.code == kExitOk);
  CHECK(std::filesystem::exists(dir / "junit.xml"));
  CHECK(r.out.find("<testsuites") == std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("The executable takes repeatable options before the paths and exits with the run's code", "[cli][run]") {
  const std::string cmd = std::string(CARC_BINARY) + " run --id BR-03-t --ruleset zmg " + data("runner/pass") + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  REQUIRE(pipe);
  std::string out;
  char buf[256];
  while (std::fgets(buf, sizeof buf, pipe)) out += buf;
  const int status = pclose(pipe);
  INFO(out);
  CHECK(WEXITSTATUS(status) == kExitOk);
  CHECK(out.find("1 result: 1 passed") != std::string::npos);
}

TEST_CASE("check prints located problems and exits 2, and exits 0 on a clean corpus", "[cli][check]") {
  std::ostringstream out, err;
  CheckOptions bad;
  bad.paths = {data("invalid/unknown-key.yaml"), data("invalid/edges-mismatch.yaml")};
  CHECK(run_check(bad, out, err) == kExitInvalidInput);
  // Paths outside the current directory are shown from the path given (scenario.hpp display_path).
  CHECK(out.str().find("edges-mismatch.yaml:13:7: tiles: tile E at 0,-1 r0 shows F") != std::string::npos);
  CHECK(out.str().find("unknown-key.yaml:5:1: unknown key 'titel'") != std::string::npos);
  CHECK(out.str().find("id 'BR-03-z' is not unique") != std::string::npos);  // both fixtures use the same id
  CHECK(out.str().find("checked 2 scenarios in 2 files: 4 problems") != std::string::npos);
  std::ostringstream out2, err2;
  CheckOptions good;
  good.paths = {data("runner")};
  CHECK(run_check(good, out2, err2) == kExitOk);
  CHECK(out2.str().find("no problems") != std::string::npos);
}

TEST_CASE("moves lists the legal moves after query.apply, sorted", "[cli][moves]") {
  std::ostringstream out, err;
  MovesOptions o;
  o.file = data("runner/pass/placement.yaml");
  o.id = "BR-03-t";
  CHECK(run_moves(o, out, err) == kExitOk);
  CHECK(out.str() == "deploy follower 1,0:field{ER,SL,SR,WL}\ndeploy follower 1,0:field{NL,NR,EL,WR}\npass\n");
}

TEST_CASE("moves needs --id for a file of several scenarios and refuses what it cannot model", "[cli][moves]") {
  std::ostringstream out, err;
  MovesOptions o;
  o.file = data("runner/pass/placement.yaml");
  CHECK(run_moves(o, out, err) == kExitInvalidInput);
  CHECK(err.str().find("choose one with --id") != std::string::npos);
  o.file = data("runner/pass/apply.yaml");
  o.id = "BR-03-v";
  CHECK(run_moves(o, out, err) == kExitInvalidInput);  // its second move is refused
  CHECK(err.str().find("refused: feature-occupied") != std::string::npos);
}

TEST_CASE("coverage lists every ruling with its scenarios and counts, and exits 0", "[cli][coverage]") {
  std::ostringstream out, err;
  CoverageOptions o;
  o.paths = {data("runner/pass")};
  CHECK(run_coverage(o, out, err) == kExitOk);
  CHECK(out.str().find("BR-03  covered  BR-03-t (passed), BR-03-v (passed), BR-03-w (passed)") != std::string::npos);
  CHECK(out.str().find("FM-14  gap\n") != std::string::npos);
  CHECK(out.str().find("not-encodable: ") != std::string::npos);
  CHECK(out.str().find(" gaps, ") != std::string::npos);
  std::ostringstream json, err2;
  o.format = "json";
  CHECK(run_coverage(o, json, err2) == kExitOk);
  std::istringstream lines(json.str());
  std::string line, last;
  while (std::getline(lines, line)) {
    REQUIRE_NOTHROW(nlohmann::json::parse(line));
    last = line;
  }
  const auto summary = nlohmann::json::parse(last);
  CHECK(summary["type"] == "summary");
  // How the ledger is sourced: every source addressed, every citation dated (tests/ledger_test.cpp).
  CHECK(summary["sources_with_address"] == summary["sources"]);
  CHECK(summary["citations_dated_by_their_text"].get<int>() + summary["citations_dated_by_access"].get<int>() ==
        summary["citations"].get<int>());
  CHECK(out.str().find("the ledger's sources: ") != std::string::npos);
}

TEST_CASE("check shows the control characters of a file escaped, never sent to the terminal", "[cli][check]") {
  const auto dir = test::fresh_dir("check-escapes");
  std::filesystem::create_directories(dir);
  const auto file = dir / "escapes.yaml";
  std::ofstream(file) << "id: BR-03-z\n\"\\e[2Jclear\": 1\n";
  CheckOptions o;
  o.paths = {file.string()};
  std::ostringstream out, err;
  CHECK(run_check(o, out, err) == kExitInvalidInput);
  CHECK(out.str().find("unknown key '\\x1b[2Jclear'") != std::string::npos);
  CHECK(out.str().find('\033') == std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("moves says no decision and the phase when nobody has a decision to make", "[cli][moves]") {
  const auto dir = fresh_dir("moves-no-decision");
  std::filesystem::create_directories(dir);
  const auto file = (dir / "over.yaml").string();
  std::ofstream(file) << "id: BR-03-z\ntitle: t\nrulings: [BR-03]\nsource: t\nposition:\n  players: [red, blue]\n"
                         "  active: red\n  phase: tile\n  tiles:\n    - D 0,0 r0\n  in_hand: U\n  last_tile: true\n"
                         "query:\n  apply:\n    - place U 1,0 r0\n    - pass\nexpect:\n  phase: game-over\n";
  std::ostringstream out, err;
  MovesOptions o;
  o.file = file;
  CHECK(run_moves(o, out, err) == kExitOk);
  INFO(err.str());
  CHECK(out.str() == "no decision: phase game-over\n");
  std::filesystem::remove_all(dir);
}

// rgg-c1-pre2008 plays farmer-scoring fs1-city-4, unlike hig-c3; rules: override it everywhere,
// so the variant keyed on that ruleset draws a warning (line 17).
const char* const kWarnedScenario =
    "id: BR-05-z\ntitle: t\nrulings: [BR-05, V-BG-1]\nsource: t\n"
    "applies_to: [hig-c3, rgg-c1-pre2008]\nrules: {farmer-scoring: fs3-field-3}\n"
    "position:\n  players: [red, blue]\n  active: red\n  phase: figure\n  tiles:\n"
    "    - D 0,0 r0\n  placed: 0,0\nexpect:\n  count: 5\nvariants:\n"
    "  - when: {ruleset: [rgg-c1-pre2008]}\n    expect: {phase: figure}\n";

TEST_CASE("check prints warnings after the problems and exits 0 on warnings alone", "[cli][check]") {
  const auto dir = fresh_dir("check-warning");
  std::filesystem::create_directories(dir);
  const auto file = (dir / "warn.yaml").string();
  std::ofstream(file) << kWarnedScenario;
  std::ostringstream out, err;
  CheckOptions o;
  o.paths = {file};
  CHECK(run_check(o, out, err) == kExitOk);
  INFO(out.str());
  CHECK(out.str().find("warn.yaml:17:11: warning: variant: 'when' names ruleset rgg-c1-pre2008, which plays "
                       "farmer-scoring: fs1-city-4") != std::string::npos);
  CHECK(out.str().find("no problems, 1 warning") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("A candidate with an EXP id runs apart from the corpus and check strict refuses it",
          "[cli][check][candidates]") {
  const auto dir = fresh_dir("check-candidate");
  std::filesystem::create_directories(dir);
  const auto file = (dir / "exp.yaml").string();
  // What a tool writes: no ruling yet, status UNVERIFIED, an EXP-<signature> id.
  std::ofstream(file) << "id: EXP-place-3f9a1c\ntitle: candidate\nstatus: UNVERIFIED\nsource: explore, seed 7\n"
                         "applies_to: [hig-c3]\nposition:\n  players: [red, blue]\n  active: red\n  phase: tile\n"
                         "  tiles:\n    - D 0,0 r0\n  in_hand: U\nexpect:\n  count: 13\n";
  CheckOptions o;
  o.paths = {file};
  std::ostringstream out, err;
  CHECK(run_check(o, out, err) == kExitOk);
  INFO(out.str());
  CHECK(out.str().find("no problems (1 candidate among them, EXP- ids)") != std::string::npos);
  // The corpus's own check refuses it, saying what to do.
  o.strict = true;
  std::ostringstream strict_out, strict_err;
  CHECK(run_check(o, strict_out, strict_err) == kExitInvalidInput);
  CHECK(strict_out.str().find("exp.yaml:1:1: --strict: EXP-place-3f9a1c is a candidate, not a corpus scenario") !=
        std::string::npos);
  // Its results form an area of their own.
  const Corpus corpus = load_corpus({file});
  REQUIRE(corpus.valid());
  EngineSubject subject;
  const RunReport report = run_corpus(corpus, Selection{}, subject);
  REQUIRE(report.results.size() == 1);
  CHECK(report.results[0].area == "candidates");
  std::filesystem::remove_all(dir);
}

TEST_CASE("check strict counts warnings as problems", "[cli][check][candidates]") {
  const auto dir = fresh_dir("check-strict-warning");
  std::filesystem::create_directories(dir);
  const auto file = (dir / "warn.yaml").string();
  std::ofstream(file) << kWarnedScenario;
  CheckOptions o;
  o.paths = {file};
  o.strict = true;
  std::ostringstream out, err;
  CHECK(run_check(o, out, err) == kExitInvalidInput);
  INFO(out.str());
  CHECK(out.str().find("warn.yaml:17:11: --strict: warning: variant:") != std::string::npos);
  std::filesystem::remove_all(dir);
}
