// Malformed scenarios: each fixture of tests/data/invalid/ has one defect and
// names the diagnostic it must produce on its first line:
//   # expect: LINE:COL: substring of the message
// A fixture with several independent defects names each diagnostic on a line of its own, in
// the order of the file (the loader reports every one).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "data/yaml_limits.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario_reader.hpp"

using namespace carc;

namespace {

struct Expected {
  int line = 0, column = 0;
  std::string text;
};

// The diagnostics the fixture names on its first lines (at least one line, else empty).
std::vector<Expected> all_expected_of(const std::string& path) {
  std::ifstream in(path);
  std::vector<Expected> out;
  std::string line;
  static const std::regex header("^# expect: ([0-9]+):([0-9]+): (.+)$");
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, header)) break;
    out.push_back({std::stoi(m[1]), std::stoi(m[2]), m[3]});
  }
  return out;
}

Expected expected_of(const std::string& path) {
  const auto all = all_expected_of(path);
  return all.empty() ? Expected{} : all.front();
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
    const auto wants = all_expected_of(path);
    const Corpus c = load_corpus({path});
    Diagnostics got = c.all_problems();
    std::stable_sort(got.begin(), got.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return std::pair(a.line, a.column) < std::pair(b.line, b.column);
    });
    std::string all, wanted;
    for (const auto& d : got) all += d.to_string() + "\n";
    for (const auto& w : wants)
      wanted += std::to_string(w.line) + ":" + std::to_string(w.column) + ": " + w.text + "\n";
    INFO(path << "\nexpected:\n" << wanted << "got:\n" << all);
    REQUIRE(got.size() == wants.size());
    for (std::size_t i = 0; i < wants.size(); ++i) {
      CHECK(got[i].line == wants[i].line);
      CHECK(got[i].column == wants[i].column);
      CHECK(got[i].message.find(wants[i].text) != std::string::npos);
      CHECK(path.find(got[i].file) != std::string::npos);  // the file's name, never an absolute path
    }
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
    CHECK(
        only_problem("x: " + std::string(500000, '[')).find("bytes of YAML after this point without a complete node") !=
        std::string::npos);
  }
  SECTION("flow maps nested 100000 deep, across lines") {
    std::string text = "x: ";
    for (int i = 0; i < 100000; ++i) text += "{a:\n";
    CHECK(only_problem(text).find("refused before loading") != std::string::npos);
  }
  SECTION("a hundred '[' within the look-ahead are nesting, located at the 64th") {
    const ScenarioFile f = load_scenario_text("x: " + std::string(100, '[') + std::string(100, ']'), "deep.yaml");
    REQUIRE(f.problems.size() == 1);
    CHECK(f.problems.front().message.find("nested more than 64 levels") != std::string::npos);
    CHECK(f.problems.front().column == 4 + 63);  // the document's map is the first level
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
    const std::string text =
        "id: BR-03-z\ntitle: '" + many + "'\nsource: \"" + many + "\" # " + many + "\nnotes: see " + many + "\n";
    const ScenarioFile f = load_scenario_text(text, "quoted.yaml");
    CHECK(f.problems.empty());
    REQUIRE(f.scenarios.size() == 1);
    CHECK(f.scenarios.front().title == many);
  }
  SECTION("a flat flow list longer than the look-ahead streams, and is not refused for it") {
    std::string text = "tags: [";
    for (int i = 0; i < 20000; ++i) text += "abcd, ";
    const ScenarioFile f = load_scenario_text(text + "x]\n", "flat.yaml");
    REQUIRE(f.problems.empty());
    REQUIRE(f.scenarios.size() == 1);
    for (const auto& d : f.scenarios.front().problems) CHECK(d.message.find("refused") == std::string::npos);
  }
  SECTION("no file of the corpus comes near the limits") {
    const Corpus c = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios"});
    for (const auto& f : c.files) CHECK(f.problems.empty());
  }
}

// Issue 15, item 7: the raw scan of flow brackets could be bypassed by what
// yaml-cpp takes for the start of a flow collection after a node property (a
// tag or an anchor), a plain scalar in flow context, a quoted ']' or a quote
// the scan misread. The bound now lives on the parser itself (the look-ahead
// of yaml_limits.hpp), so each of these megabyte files is refused at once;
// tests/memory_bounds_test.cpp measures the time and memory of refusing them.
TEST_CASE("A megabyte of flow openers is refused whatever comes before each", "[scenario][invalid][limits]") {
  for (const auto& [head, unit] : std::vector<std::pair<std::string, std::string>>{{"x: ", "!["},
                                                                                   {"x: ", "!{"},
                                                                                   {"x: ", "&a ["},
                                                                                   {"x: ", "!!seq ["},
                                                                                   {"x: ", "&a !t {"},
                                                                                   {"x: ", "!t&a ["},
                                                                                   {"a: &a 1\nx: ", "*a ["},
                                                                                   {"x: [", "a["},
                                                                                   {"x: [", "['x' ']' "},
                                                                                   {"x: [", "[\"x\" \"]\" "},
                                                                                   {"x: [", "\"a #\" ["},
                                                                                   {"a: b\n  'c\nd: ", "["},
                                                                                   {"x: ", "? ["},
                                                                                   {"x: ", "- ["}}) {
    std::string text = head;
    while (text.size() < (std::size_t{1} << 20) - 64) text += unit;
    INFO("'" << unit << "' after '" << head << "'");
    const std::string problem = only_problem(text);  // a syntax error (e.g. '- [' as a value) is refused as well
    CHECK((problem.find("refused before loading") != std::string::npos || problem.rfind("YAML syntax error", 0) == 0));
  }
}

// Issue 15 (low): what a file says is quoted back in bounded pieces; a 900 KB
// id used to be echoed whole in the diagnostic, the report and the result's id.
// (A scalar that long is now refused by the look-ahead bound; one of 50 KB still loads.)
TEST_CASE("A huge bad id or ruling is quoted back in 80 bytes", "[scenario][invalid][limits]") {
  CHECK(only_problem("id: " + std::string(900000, 'x') + "\n").find("refused before loading") != std::string::npos);
  const std::string huge(50000, 'x');
  const ScenarioFile f = load_scenario_text("id: " + huge + "\nrulings: " + huge + "\n", "huge.yaml");
  REQUIRE(f.scenarios.size() == 1);
  std::size_t longest = 0;
  for (const auto& d : f.scenarios.front().problems) longest = std::max(longest, d.to_string().size());
  CHECK(longest < 1000);
  bool id = false, ruling = false;
  for (const auto& d : f.scenarios.front().problems) {
    id = id || d.message.find("id '" + huge.substr(0, 80) + "... (50000 bytes)': expected") != std::string::npos;
    ruling =
        ruling || d.message.find("unknown ruling '" + huge.substr(0, 80) + "... (50000 bytes)'") != std::string::npos;
  }
  CHECK(id);
  CHECK(ruling);
  EngineSubject engine;
  Corpus c;
  c.files.push_back(f);
  const RunReport r = run_corpus(c, Selection{}, engine);
  REQUIRE(r.results.size() == 1);
  CHECK(r.results.front().id.size() < 200);
}

TEST_CASE("check names a pig under a farmer scoring without pig scoring by its reason code", "[scenario][invalid]") {
  const Corpus c = load_corpus({std::string(CARC_SOURCE_DIR) + "/tests/data/invalid/pig-scoring-undefined.yaml"});
  const Diagnostics got = c.all_problems();
  REQUIRE(got.size() == 1);
  CHECK(got.front().code == "pig-scoring-undefined");
  CHECK_THAT(got.front().to_string(), Catch::EndsWith("[pig-scoring-undefined]"));
  CHECK_THAT(got.front().message, Catch::Contains("the pig is defined only with per-field farmer scoring"));
}

namespace {

// A base-game scenario citing `rulings` under `applies_to` (empty: every preset).
std::string citing(const std::string& rulings, const std::string& applies_to) {
  return "id: BR-03-z\ntitle: Fixture\nrulings: " + rulings + "\nsource: test fixture\n" +
         (applies_to.empty() ? "" : "applies_to: " + applies_to + "\n") +
         "position:\n  players: [red, blue]\n  active: red\n  phase: tile\n  tiles:\n    - D 0,0 r0\n"
         "  in_hand: U\nexpect:\n  count: 8\n";
}

Diagnostics problems_of(const std::string& text) {
  const ScenarioFile f = load_scenario_text(text, "editions.yaml");
  Diagnostics out = f.problems;
  for (const auto& s : f.scenarios) out.insert(out.end(), s.problems.begin(), s.problems.end());
  return out;
}

}  // namespace

TEST_CASE("A cited ruling must be about the edition of every ruleset the scenario runs under", "[scenario][invalid]") {
  SECTION("a C1 ruling under C1 rulesets only is accepted") {
    CHECK(problems_of(citing("[BR-03, FM-35]", "[rgg-c1, rgg-c1-pre2008]")).empty());
  }
  SECTION("without applies_to every preset outside the ruling's editions is named at the ruling") {
    const Diagnostics got = problems_of(citing("[BR-03, FM-35]", ""));
    REQUIRE(got.size() == 1);
    CHECK(got.front().line == 3);
    CHECK(got.front().column == 18);
    CHECK_THAT(got.front().message,
               Catch::StartsWith("rulings: FM-35 is about editions C1, but the scenario runs under"));
    for (const auto& p : builtin_presets()) {
      INFO(p.name);
      const bool named = got.front().message.find(p.name + " (" + p.edition + ")") != std::string::npos;
      CHECK(named == (p.edition != "C1"));
    }
  }
  SECTION("one problem per ruling out of its editions") {
    const Diagnostics got = problems_of(citing("[FM-35, CC-24, BR-03]", "[hig-c2]"));
    REQUIRE(got.size() == 2);
    CHECK_THAT(got[0].message, Catch::Contains("FM-35 is about editions C1, but the scenario runs under hig-c2 (C2)"));
    CHECK_THAT(got[1].message, Catch::Contains("CC-24 is about editions C1, but the scenario runs under hig-c2 (C2)"));
  }
  SECTION("switch ids carry no editions and are not checked") {
    CHECK(problems_of(citing("[BR-03, V-FM-1, V-CC-2]", "")).empty());
  }
}
