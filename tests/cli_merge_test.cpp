// `carc-oracle merge` (issue 50): the outputs of `run --shard K/N` put back together give what the
// unsharded run gives (JSON lines, the JUnit `render` makes from them, --save-expectations files),
// so do those of `explore --shard K/N` (explore.jsonl, candidates), and shards that do not belong
// together are refused with the file at fault.
#include <fmt/format.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {

struct MgRun {
  int code = 0;
  std::string out, err;
};

MgRun mg_merge(const std::vector<std::string>& inputs, const std::string& output = "") {
  MergeOptions o;
  o.inputs = inputs;
  o.output = output;
  std::ostringstream out, err;
  const int code = run_merge(o, out, err);
  return {code, out.str(), err.str()};
}

// The one documented difference between a merged and an unsharded run: each result's time.
std::string mg_without_seconds(const std::string& jsonl) {
  return std::regex_replace(jsonl, std::regex(R"(,"seconds":[-+.eE0-9]+)"), "");
}
std::string mg_without_times(const std::string& xml) {
  return std::regex_replace(xml, std::regex(R"( time="[^"]*")"), "");
}

// `run` with these options into FILE (JSON lines); its exit code.
int mg_run_json(RunOptions o, const std::string& file) {
  o.format = "json";
  o.no_progress = true;
  const Run r = run(o);
  std::ofstream(file, std::ios::binary) << r.out;
  return r.code;
}

std::string mg_junit_of(const std::string& results, const std::string& file) {
  RenderOptions o;
  o.results = results;
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios"};  // the run's paths: ctest runs from the build tree
  o.format = "junit";
  o.output = file;
  std::ostringstream out, err;
  REQUIRE(run_render(o, out, err) == kExitOk);
  return read_text(file);
}

std::string mg_adapter(const std::string& script) {
  return "python3 " + std::string(CARC_SOURCE_DIR) + "/tests/adapters/" + script + " " + CARC_BINARY;
}

}  // namespace

TEST_CASE("Four shards of a corpus run merged give the unsharded run's JSON lines and JUnit", "[cli][merge][ci]") {
  const auto dir = fresh_dir("merge-corpus");
  std::filesystem::create_directories(dir);
  RunOptions o;
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios"};
  const std::string whole = (dir / "whole.jsonl").string(), merged = (dir / "merged.jsonl").string();
  REQUIRE(mg_run_json(o, whole) == kExitOk);
  std::vector<std::string> shards;
  std::vector<std::size_t> sizes;
  for (int k = 1; k <= 4; ++k) {
    RunOptions s = o;
    s.shard = fmt::format("{}/4", k);
    shards.push_back((dir / fmt::format("shard-{}.jsonl", k)).string());
    REQUIRE(mg_run_json(s, shards.back()) == kExitOk);
    const std::string text = read_text(shards.back());
    CHECK(contains(text, fmt::format("\"shard\":\"{}/4\"", k)));
    sizes.push_back(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')));
  }
  for (const auto n : sizes) CHECK(n > 100);  // every shard has a part of the corpus (3144 results)
  // Given in any order.
  const MgRun m = mg_merge({shards[2], shards[0], shards[3], shards[1]}, merged);
  INFO(m.err);
  REQUIRE(m.code == kExitOk);
  CHECK(contains(m.out, "results: "));
  const std::string a = read_text(whole), b = read_text(merged);
  CHECK(a != b);                                          // the times differ ...
  CHECK(mg_without_seconds(a) == mg_without_seconds(b));  // ... and nothing else
  CHECK(std::count(b.begin(), b.end(), '\n') > 3000);
  CHECK_FALSE(contains(b, "\"shard\""));
  CHECK_FALSE(contains(b, "\"selection\""));
  // JUnit from the merged file (render) is the unsharded run's, times aside.
  CHECK(mg_without_times(mg_junit_of(merged, (dir / "merged.xml").string())) ==
        mg_without_times(mg_junit_of(whole, (dir / "whole.xml").string())));
  // --metamorphic: a scenario's transforms (id@r90, ...) stay together in its shard and in the merge.
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/base"};
  o.metamorphic = true;
  REQUIRE(mg_run_json(o, whole) == kExitOk);
  for (int k = 1; k <= 4; ++k) {
    RunOptions s = o;
    s.shard = fmt::format("{}/4", k);
    REQUIRE(mg_run_json(s, shards[static_cast<std::size_t>(k - 1)]) == kExitOk);
  }
  REQUIRE(mg_merge(shards, merged).code == kExitOk);
  CHECK(contains(read_text(merged), "@r90"));
  CHECK(mg_without_seconds(read_text(whole)) == mg_without_seconds(read_text(merged)));
  std::filesystem::remove_all(dir);
}

TEST_CASE("Shards of an implementation with failures: results and saved expectations merge to the unsharded run's",
          "[cli][merge][ci][expectations]") {
  const auto dir = fresh_dir("merge-failures");
  std::filesystem::create_directories(dir);
  RunOptions o;
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/base"};
  o.impl = {mg_adapter("wrong.py")};
  o.timeout = 10;
  const std::string whole = (dir / "whole.jsonl").string(), whole_yaml = (dir / "whole.yaml").string();
  o.save_expectations = {whole_yaml};
  REQUIRE(mg_run_json(o, whole) == kExitFailures);
  std::vector<std::string> shards, saved;
  for (int k = 1; k <= 4; ++k) {
    RunOptions s = o;
    s.shard = fmt::format("{}/4", k);
    shards.push_back((dir / fmt::format("shard-{}.jsonl", k)).string());
    saved.push_back((dir / fmt::format("shard-{}.yaml", k)).string());
    s.save_expectations = {saved.back()};
    mg_run_json(s, shards.back());
  }
  const std::string merged = (dir / "merged.jsonl").string(), merged_yaml = (dir / "merged.yaml").string();
  MgRun m = mg_merge(shards, merged);
  INFO(m.err);
  CHECK(m.code == kExitFailures);  // the merged run's verdict, as run gives it
  CHECK(mg_without_seconds(read_text(merged)) == mg_without_seconds(read_text(whole)));
  m = mg_merge(saved, merged_yaml);
  INFO(m.err);
  REQUIRE(m.code == kExitOk);
  const std::string expected = read_text(whole_yaml);
  CHECK(contains(expected, "state: "));  // failures were saved
  CHECK(read_text(merged_yaml) == expected);
  // The same expectations applied: every failure is now xfail in the shards and in their merge.
  std::vector<std::string> again;
  for (int k = 1; k <= 4; ++k) {
    RunOptions s = o;
    s.save_expectations.clear();
    s.expectations = {merged_yaml};
    s.shard = fmt::format("{}/4", k);
    again.push_back((dir / fmt::format("again-{}.jsonl", k)).string());
    CHECK(mg_run_json(s, again.back()) == kExitOk);
  }
  m = mg_merge(again);
  CHECK(m.code == kExitOk);
  CHECK(contains(m.out, "\"xfail\":"));
  CHECK(contains(m.out, "\"failed\":0,"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("merge refuses shards that do not make one run, naming the file, and writes nothing", "[cli][merge][ci]") {
  const auto dir = fresh_dir("merge-bad");
  std::filesystem::create_directories(dir);
  RunOptions o;
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/base"};
  std::vector<std::string> shards;
  for (int k = 1; k <= 4; ++k) {
    RunOptions s = o;
    s.shard = fmt::format("{}/4", k);
    shards.push_back((dir / fmt::format("shard-{}.jsonl", k)).string());
    REQUIRE(mg_run_json(s, shards.back()) == kExitOk);
  }
  const std::string out = (dir / "out.jsonl").string();
  const auto refused = [&](const std::vector<std::string>& inputs, const std::string& said) {
    const MgRun m = mg_merge(inputs, out);
    INFO(m.err);
    CHECK(m.code == kExitInvalidInput);
    CHECK(contains(m.err, said));
    CHECK(contains(m.err, "nothing written"));
    CHECK_FALSE(std::filesystem::exists(out));
  };
  // A shard missing; one given twice (named with both files).
  refused({shards[0], shards[1], shards[3]}, "shard 3/4 missing (3 of 4 given)");
  refused({shards[0], shards[1], shards[2], shards[3], shards[1]}, "shard 2/4 given twice (also " + shards[1] + ")");
  // A shard of another run: other filters, another shard count, an unsharded run.
  RunOptions other = o;
  other.rulesets = {"zmg"};
  other.shard = "3/4";
  const std::string filtered = (dir / "filtered.jsonl").string();
  mg_run_json(other, filtered);
  refused({shards[0], shards[1], filtered, shards[3]}, "a shard of another run than " + shards[0] + ": \"selection\"");
  other = o;
  other.shard = "2/2";
  const std::string halves = (dir / "half.jsonl").string();
  mg_run_json(other, halves);
  refused({shards[0], halves}, "shard 2/2 of 2 shards, but " + shards[0] + " is a shard of 4");
  const std::string unsharded = (dir / "unsharded.jsonl").string();
  mg_run_json(o, unsharded);
  refused({shards[0], unsharded}, unsharded + ":");
  refused({shards[0], unsharded}, "not the output of a sharded run");
  // A shard cut off before its summary (its run stopped), and a file of another kind.
  {
    const std::string text = read_text(shards[2]);
    std::ofstream(dir / "cut.jsonl", std::ios::binary) << text.substr(0, text.rfind("{\"type\":\"summary\""));
  }
  refused({shards[0], shards[1], (dir / "cut.jsonl").string(), shards[3]},
          (dir / "cut.jsonl").string() + ": no summary record");
  // A line over 16 MiB is refused as it is read, never held whole.
  {
    const std::string text = read_text(shards[2]);
    std::ofstream(dir / "huge.jsonl", std::ios::binary)
        << text.substr(0, text.find('\n') + 1) << std::string((std::size_t{17} << 20), 'x') << "\n";
  }
  refused({shards[0], shards[1], (dir / "huge.jsonl").string(), shards[3]},
          (dir / "huge.jsonl").string() + ":2: a line over 16777216 bytes");
  std::ofstream(dir / "x.yaml") << "implementation: a\nversion: b\nexpectations: []\n";
  refused({shards[0], (dir / "x.yaml").string()}, "not JSON lines of a run");
  refused({shards[0], (dir / "missing.jsonl").string()}, (dir / "missing.jsonl").string() + ": cannot be read");
  // Expectations: an entry in two files (a shard given twice), another implementation.
  std::ofstream(dir / "e1.yaml")
      << "implementation: a\nversion: \"1\"\nexpectations:\n  - id: X-1\n    state: failed\n";
  std::ofstream(dir / "e2.yaml")
      << "implementation: b\nversion: \"1\"\nexpectations:\n  - id: X-2\n    state: failed\n";
  refused({(dir / "e1.yaml").string(), (dir / "e1.yaml").string()}, "X-1 is listed again (also in ");
  refused({(dir / "e1.yaml").string(), (dir / "e2.yaml").string()}, "e2.yaml: expectations of b 1");
  std::filesystem::remove_all(dir);
}

namespace {

// explore.jsonl without what differs between a run and its merged shards: the times.
std::string mg_explore_untimed(const std::string& file) {
  std::istringstream in(read_text(file));
  std::string line, out;
  while (std::getline(in, line)) {
    auto j = nlohmann::json::parse(line);
    for (const char* key : {"shrink_seconds", "seconds", "decisions_per_second"}) j.erase(key);
    out += j.dump() + "\n";
  }
  return out;
}

int mg_explore(const std::string& shard, std::uint64_t seed, const std::string& out_dir) {
  ExploreOptions o;
  o.impl = {mg_adapter("planted.py") + " flier-field"};
  o.games = 4;
  o.sets = "base,flier";
  o.seed = seed;
  o.shard = shard;
  o.out_dir = out_dir;
  o.no_progress = true;
  std::ostringstream out, err;
  return run_explore(o, out, err);
}

}  // namespace

TEST_CASE("Four shards of explore merged give the unsharded run's candidates, explore.jsonl and summary.md",
          "[cli][merge][ci]") {
  const auto dir = fresh_dir("merge-explore");
  std::filesystem::create_directories(dir);
  const std::string whole = (dir / "whole").string(), merged = (dir / "merged").string();
  REQUIRE(mg_explore("", 1, whole) == kExitFailures);  // the planted flier bug is found (game 3 of 4)
  std::vector<std::string> shards;
  for (int k = 1; k <= 4; ++k) {
    shards.push_back((dir / fmt::format("shard-{}", k)).string());
    mg_explore(fmt::format("{}/4", k), 1, shards.back());
  }
  const MgRun m = mg_merge({shards[3], shards[1], shards[0], shards[2]}, merged);
  INFO(m.out << m.err);
  REQUIRE(m.code == kExitFailures);  // a disagreement, as explore says
  std::vector<std::string> names;
  for (const auto& f : std::filesystem::directory_iterator(whole + "/candidates")) {
    names.push_back(f.path().filename().string());
    CHECK(read_text(f.path()) == read_text(merged + "/candidates/" + names.back()));
  }
  CHECK(names.size() >= 1);
  CHECK(std::distance(std::filesystem::directory_iterator(merged + "/candidates"),
                      std::filesystem::directory_iterator()) == static_cast<long>(names.size()));
  const std::string expected = mg_explore_untimed(whole + "/explore.jsonl");
  CHECK(contains(expected, "\"seen\":"));
  CHECK(mg_explore_untimed(merged + "/explore.jsonl") == expected);
  // summary.md as the unsharded run writes it (issue 50: merge did not write it).
  REQUIRE(std::filesystem::exists(merged + "/summary.md"));
  CHECK(contains(read_text(whole + "/summary.md"), "| kind | capability |"));
  CHECK(read_text(merged + "/summary.md") == read_text(whole + "/summary.md"));
  // A shard missing, one of another seed.
  const std::string out = (dir / "out").string();
  MgRun bad = mg_merge({shards[0], shards[1], shards[3]}, out);
  CHECK(bad.code == kExitInvalidInput);
  CHECK(contains(bad.err, "shard 3/4 missing (3 of 4 given)"));
  const std::string other = (dir / "seed2").string();
  mg_explore("2/4", 2, other);
  bad = mg_merge({shards[0], other, shards[2], shards[3]}, out);
  CHECK(bad.code == kExitInvalidInput);
  CHECK(contains(bad.err, other + ": a shard of another explore run than " + shards[0]));
  CHECK_FALSE(std::filesystem::exists(out));
  std::filesystem::remove_all(dir);
}
