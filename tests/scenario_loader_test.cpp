// The scenario loader (src/scenario/scenario.hpp): the README's worked example,
// multi-document files, defaults, inferred requirements and corpus-wide checks.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

#include "data/oracle_data.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/corpus.hpp"

using namespace carc;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

// The ```yaml block of scenarios/README.md holding the worked example.
std::string readme_example() {
  const std::string readme = read_text(std::string(CARC_SOURCE_DIR) + "/scenarios/README.md");
  const std::regex block("```yaml\n([\\s\\S]*?)```");
  for (std::sregex_iterator it(readme.begin(), readme.end(), block), end; it != end; ++it)
    if ((*it)[1].str().find("id: BR-03-b") != std::string::npos) return (*it)[1].str();
  return {};
}

std::string problems_of(const ScenarioFile& f) {
  std::string out;
  for (const auto& d : f.problems) out += d.to_string() + "\n";
  for (const auto& s : f.scenarios)
    for (const auto& d : s.problems) out += d.to_string() + "\n";
  return out;
}

const std::string kBase = R"(id: BR-03-z
title: Fixture
rulings: [BR-03]
source: test fixture
position:
  players: [red, blue]
  active: red
  phase: tile
  tiles:
    - D 0,0 r0
  in_hand: U
expect:
  count: 8
)";

}  // namespace

TEST_CASE("The loader accepts the worked example of scenarios/README.md", "[scenario][loader]") {
  const std::string text = readme_example();
  REQUIRE_FALSE(text.empty());
  const ScenarioFile f = load_scenario_text(text, "scenarios/base/br-03-occupied-merged.yaml");
  INFO(problems_of(f));
  REQUIRE(f.valid());
  REQUIRE(f.scenarios.size() == 1);
  const Scenario& s = f.scenarios.front();
  CHECK(s.id == "BR-03-b");
  CHECK(s.rulings == std::vector<std::string>{"BR-03"});
  CHECK(s.status == "RULE");  // inherited from the ledger
  CHECK(s.required == std::vector<std::string>{"base"});
  CHECK(s.position.tiles.size() == 1);
  REQUIRE(s.apply.size() == 1);
  CHECK(s.apply.front().text == "place U 1,0 r0");
  REQUIRE(s.expect.excludes);
  CHECK(s.expect.excludes->front().text == "deploy follower 1,0:road{E,W}");
  CHECK(scenario_rulesets(s).size() == builtin_presets().size());
}

TEST_CASE("Each document of a file is its own scenario and a bad one spoils only itself", "[scenario][loader]") {
  std::string second = kBase;
  second.replace(second.find("BR-03-z"), 7, "BR-03-y");
  second.replace(second.find("count: 8"), 8, "count: lots");
  const ScenarioFile f = load_scenario_text(kBase + "---\n" + second, "two.yaml");
  REQUIRE(f.scenarios.size() == 2);
  CHECK(f.scenarios[0].valid());
  REQUIRE_FALSE(f.scenarios[1].valid());
  CHECK(f.scenarios[1].problems.front().line == 27);
  CHECK(f.scenarios[1].problems.front().column == 10);
  CHECK_FALSE(f.valid());
}

TEST_CASE("A file that is not YAML is one located problem of the file", "[scenario][loader]") {
  const ScenarioFile f = load_scenario_text("id: [unclosed\n", "bad.yaml");
  CHECK(f.scenarios.empty());
  REQUIRE(f.problems.size() == 1);
  CHECK(f.problems.front().message.find("YAML syntax error") != std::string::npos);
  CHECK(f.problems.front().line >= 1);
}

TEST_CASE("An empty file holds no scenario and says so", "[scenario][loader]") {
  const ScenarioFile f = load_scenario_text("# only a comment\n", "empty.yaml");
  REQUIRE(f.problems.size() == 1);
  CHECK(f.problems.front().message == "no scenario in this file");
}

TEST_CASE("Unusual YAML shapes never throw and are reported", "[scenario][loader]") {
  for (const char* text : {"- a list\n", "42\n", "id: {a: b}\ntitle: [x]\n", "position: 3\n", "expect: [1]\n",
                           "? [complex, key]\n: value\n", "position: {players: {red: 1}, tiles: 3}\n",
                           "position: {supply: [1], scores: x, figures: {a: b}}\n", "variants: {when: x}\n",
                           "variants: [{when: [1], expect: 3}]\n", "query: {apply: 3}\nexpect: {legal: [x]}\n"}) {
    INFO(text);
    ScenarioFile f;
    REQUIRE_NOTHROW(f = load_scenario_text(text, "odd.yaml"));
    CHECK_FALSE(f.valid());
  }
}

TEST_CASE("A flow list split by a comma in a move gets a hint", "[scenario][loader]") {
  std::string text = kBase;
  text.replace(text.find("expect:"), 7, "query:\n  apply: [place U 1,0 r0]\nexpect:");
  const ScenarioFile f = load_scenario_text(text, "flow.yaml");
  REQUIRE_FALSE(f.scenarios.front().valid());
  CHECK(f.scenarios.front().problems.front().message.find("a comma separates items") != std::string::npos);
}

TEST_CASE("Supply defaults to seven followers minus those on the board, per kind", "[scenario][loader]") {
  Position p;
  p.players = {Colour::Red, Colour::Blue};
  p.figures.push_back(FigureEntry{Colour::Red, FigureKind::Follower, {0, 0}, {}, {}});
  p.figures.push_back(FigureEntry{Colour::Red, FigureKind::Abbot, {0, 0}, {}, {}});
  FigureCounts given = kNoCounts;
  given[static_cast<std::size_t>(FigureKind::Abbot)] = 0;
  p.supply[Colour::Blue] = given;
  const auto red = effective_supply(p, Colour::Red);
  CHECK(red[0] == 6);
  CHECK(red[static_cast<std::size_t>(FigureKind::Abbot)] == 0);
  CHECK(effective_supply(p, Colour::Blue)[0] == 7);
}

TEST_CASE("Our engine's capabilities follow engine_supports", "[scenario][capabilities]") {
  const auto& caps = engine_capabilities();
  CHECK(caps.front() == "base");
  for (int k = 1; k < kFigureKinds; ++k) {
    const auto kind = static_cast<FigureKind>(k);
    CHECK(engine_models(figure_capability(kind)) == engine_supports(kind));
  }
  for (const auto& c : caps) CHECK(is_capability(c));
}

TEST_CASE("Requirements are inferred from tiles, figures and moves", "[scenario][capabilities]") {
  std::string text = kBase;
  text.replace(text.find("in_hand: U"), 10, "in_hand: Ug\n  figures:\n    - red large 0,0:city{N}");
  text.replace(text.find("source: test fixture"), 20,
               "source: test fixture\nrequires: [large, abbot]\napplies_to: [hig-c3]");
  const ScenarioFile f = load_scenario_text(text, "uses.yaml");
  INFO(problems_of(f));
  REQUIRE(f.valid());
  CHECK(required_capabilities(f.scenarios.front()) == std::vector<std::string>{"abbot", "base", "large"});
  CHECK(missing_capabilities(f.scenarios.front(), {"base", "abbot"}) == std::vector<std::string>{"large"});
  CHECK(verb_capability("fly follower 2") == "flier");
  CHECK(verb_capability("deploy follower 1,0:city{N} portal") == "portal");
  CHECK(verb_capability("crop add") == "crop-circles");
  CHECK(verb_capability("deploy follower 1,0:city{N}").empty());
}

TEST_CASE("Ids must be unique across the corpus", "[scenario][corpus]") {
  const std::string dir = std::string(CARC_SOURCE_DIR) + "/tests/data/runner/pass/placement.yaml";
  const Corpus c = load_corpus({dir, dir});  // the same file twice is loaded once
  CHECK(c.valid());
  const Corpus both = load_corpus({std::string(CARC_SOURCE_DIR) + "/tests/data/duplicate"});
  REQUIRE(both.files.size() == 2);
  for (const auto& f : both.files) {
    REQUIRE(f.scenarios.size() == 1);
    REQUIRE_FALSE(f.scenarios.front().valid());
    CHECK(f.scenarios.front().problems.front().message.find("is not unique") != std::string::npos);
  }
}

TEST_CASE("A missing path is an entry of the corpus with its problem", "[scenario][corpus]") {
  const Corpus c = load_corpus({"no/such/dir"});
  REQUIRE(c.files.size() == 1);
  CHECK(c.files.front().scenarios.empty());
  REQUIRE(c.all_problems().size() == 1);
  CHECK(c.all_problems().front().to_string() == "no/such/dir: no such file or directory");
  CHECK_FALSE(c.valid());
}

TEST_CASE("Moves are canonicalised to the smallest rotation of the same layout", "[scenario][notation]") {
  const auto& cat = builtin_catalog();
  auto m = parse_move("place U 1,0 r180", cat);
  REQUIRE(m);
  CHECK(canonical_move(*m, cat) == "place U 1,0 r0");
  CHECK(canonical_move(MoveText{"fly   follower 2 ", std::nullopt, {}}, cat) == "fly follower 2");
}
