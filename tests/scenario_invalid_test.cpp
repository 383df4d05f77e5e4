// Malformed scenarios: each fixture of tests/data/invalid/ has one defect and
// names the diagnostic it must produce on its first line:
//   # expect: LINE:COL: substring of the message
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

#include "scenario/corpus.hpp"
#include "scenario/yaml_limits.hpp"

using namespace carc;

namespace {

struct Expected {
  int line = 0, column = 0;
  std::string text;
};

Expected expected_of(const std::string& path) {
  std::ifstream in(path);
  std::string first;
  std::getline(in, first);
  std::smatch m;
  static const std::regex header("^# expect: ([0-9]+):([0-9]+): (.+)$");
  if (!std::regex_match(first, m, header)) return {};
  return {std::stoi(m[1]), std::stoi(m[2]), m[3]};
}

std::vector<std::string> fixtures() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CARC_SOURCE_DIR) + "/tests/data/invalid"))
    if (e.path().extension() == ".yaml") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("There are at least 40 malformed-scenario fixtures, each naming its diagnostic", "[scenario][invalid]") {
  const auto files = fixtures();
  CHECK(files.size() >= 40);
  for (const auto& f : files) {
    INFO(f);
    CHECK(expected_of(f).line > 0);
  }
}

TEST_CASE("Each malformed scenario gives exactly its located diagnostic", "[scenario][invalid]") {
  for (const auto& path : fixtures()) {
    const Expected want = expected_of(path);
    const Corpus c = load_corpus({path});
    const Diagnostics got = c.all_problems();
    std::string all;
    for (const auto& d : got) all += d.to_string() + "\n";
    INFO(path << "\nexpected " << want.line << ":" << want.column << ": " << want.text << "\ngot:\n" << all);
    REQUIRE(got.size() == 1);
    CHECK(got.front().line == want.line);
    CHECK(got.front().column == want.column);
    CHECK(got.front().message.find(want.text) != std::string::npos);
    CHECK(got.front().file.find("tests/data/invalid/") != std::string::npos);
  }
}

namespace {

// The message of the single file-level diagnostic a generated text gets.
std::string only_problem(const std::string& text) {
  const ScenarioFile f = load_scenario_text(text, "hostile.yaml");
  REQUIRE(f.problems.size() == 1);
  return f.problems.front().message;
}

}  // namespace

// Hostile YAML: yaml-cpp would build (or, for '[' runs, tokenise) all of it
// before we could look; these are refused by the limits of yaml_limits.hpp
// before any node exists, so time and memory stay bounded by the file size cap.
TEST_CASE("Hostile YAML is refused before any node is built", "[scenario][invalid][limits]") {
  const YamlLimits limits;
  SECTION("an alias bomb twelve levels deep (9^12 nodes expanded)") {
    std::string text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
    for (int i = 1; i <= 12; ++i) {
      text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
      for (int k = 0; k < 9; ++k) text += (k ? ", *a" : "*a") + std::to_string(i - 1);
      text += "]\n";
    }
    CHECK(only_problem(text).find("aliases expanded (an alias bomb?)") != std::string::npos);
  }
  SECTION("half a megabyte of unclosed '['") {
    CHECK(only_problem("x: " + std::string(500000, '[')).find("nested more than 64 levels") != std::string::npos);
  }
  SECTION("flow maps nested 100000 deep, across lines") {
    std::string text = "x: ";
    for (int i = 0; i < 100000; ++i) text += "{a:\n";
    CHECK(only_problem(text).find("nested more than 64 levels") != std::string::npos);
  }
  SECTION("block sequences nested 1000 deep") {
    std::string text = "x:\n";
    for (int i = 1; i <= 1000; ++i) text += std::string(static_cast<std::size_t>(i), ' ') + "-\n";
    CHECK(only_problem(text).find("nested more than 64 levels") != std::string::npos);
  }
  SECTION("a flow list of 200000 items") {
    std::string text = "tags: [";
    for (int i = 0; i < 200000; ++i) text += "a,";
    CHECK(only_problem(text + "a]\n").find("more than 100000 YAML nodes") != std::string::npos);
  }
  SECTION("a file over the size cap") {
    const std::string text = "notes: \"" + std::string(limits.max_bytes, 'x') + "\"\n";
    CHECK(only_problem(text).find("scenario files are limited to") != std::string::npos);
  }
  SECTION("brackets in quoted scalars, comments and plain text are not nesting") {
    const std::string many(100, '[');
    const std::string text = "id: BR-03-z\ntitle: '" + many + "'\nsource: \"" + many + "\" # " + many +
                             "\nnotes: see " + many + "\n";
    const ScenarioFile f = load_scenario_text(text, "quoted.yaml");
    CHECK(f.problems.empty());
    REQUIRE(f.scenarios.size() == 1);
    CHECK(f.scenarios.front().title == many);
  }
  SECTION("no file of the corpus comes near the limits") {
    const Corpus c = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios"});
    for (const auto& f : c.files) CHECK(f.problems.empty());
  }
}
