// The scenario loader (src/scenario/scenario.hpp): the README's worked example,
// multi-document files, defaults, inferred requirements and corpus-wide checks.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

#include "data/oracle_data.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/corpus.hpp"
#include "test_support.hpp"

using namespace carc;
using carc::test::problems_of;

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

TEST_CASE("A garden tile needs abbot from protocol 7 only with an abbot in play", "[scenario][capabilities]") {
  const auto load = [](const std::string& hand, const std::string& extra, const std::string& needs = "[]") {
    std::string text = kBase;
    text.replace(text.find("in_hand: U"), 10, "in_hand: " + hand + extra);
    text.replace(text.find("source: test fixture"), 20,
                 "source: test fixture\nrequires: " + needs + "\napplies_to: [hig-c3]");
    return load_scenario_text(text, "garden.yaml");
  };
  const std::vector<std::string> base{"base"}, abbot{"abbot", "base"};
  SECTION("a garden tile alone: base for version 7, abbot for version 6") {
    const ScenarioFile f = load("Ug", "");
    INFO(problems_of(f));
    REQUIRE(f.valid());
    const Scenario& s = f.scenarios.front();
    CHECK_FALSE(abbot_in_play(s));
    CHECK(required_capabilities(s) == base);
    CHECK(required_capabilities(s, 7) == base);
    CHECK(required_capabilities(s, 6) == abbot);
    CHECK(missing_capabilities(s, {"base"}, 7).empty());
    CHECK(missing_capabilities(s, {"base"}, 6) == std::vector<std::string>{"abbot"});
  }
  SECTION("an abbot in a supply puts it in play for every version") {
    const ScenarioFile f = load("Ug", "\n  supply: {red: {abbot: 1}}", "[abbot]");
    INFO(problems_of(f));
    REQUIRE(f.valid());
    CHECK(abbot_in_play(f.scenarios.front()));
    CHECK(required_capabilities(f.scenarios.front(), 7) == abbot);
    CHECK(required_capabilities(f.scenarios.front(), 6) == abbot);
  }
  SECTION("the same tile without a garden needs base under both rules") {
    const ScenarioFile f = load("U", "");
    REQUIRE(f.valid());
    CHECK(required_capabilities(f.scenarios.front(), 6) == base);
  }
  SECTION("requires abbot with no abbot in play is warned about") {
    std::string text = kBase;
    text.replace(text.find("in_hand: U"), 10, "in_hand: Ug");
    text.replace(text.find("source: test fixture"), 20,
                 "source: test fixture\nrequires: [abbot]\napplies_to: [hig-c3]");
    const ScenarioFile f = load_scenario_text(text, "garden.yaml");
    INFO(problems_of(f));
    REQUIRE(f.valid());
    REQUIRE(f.scenarios.front().warnings.size() == 1);
    CHECK_THAT(f.scenarios.front().warnings.front().message,
               Catch::Contains("requires names 'abbot', but no abbot is in play: the garden tile Ug in hand"));
  }
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

TEST_CASE("A player owns the ruleset's numbers of special figures unless the supply states more",
          "[scenario][loader][figures]") {
  // The box (every built-in ruleset today): 7 followers and one of each other figure.
  const auto box = box_figures();
  CHECK(box[static_cast<std::size_t>(FigureKind::Follower)] == 7);
  CHECK(box[static_cast<std::size_t>(FigureKind::Wagon)] == 1);
  for (const auto& p : builtin_presets()) CHECK(figures_per_player(p.name) == box);
  const std::string two_wagons = R"(id: BR-03-z
title: Fixture
rulings: [BR-03]
source: test fixture
requires: [wagon]
applies_to: [hig-c3]
position:
  players: [red, blue]
  active: red
  phase: tile
  tiles:
    - D 0,0 r0
  figures:
    - red wagon 0,0:road{E,W}
    - red wagon 0,0:city{N}
SUPPLY  in_hand: U
expect:
  count: 7
)";
  const auto with_supply = [&](const std::string& supply) {
    std::string text = two_wagons;
    text.replace(text.find("SUPPLY"), 6, supply);
    return problems_of(load_scenario_text(text, "wagons.yaml"));
  };
  // Two wagons on the board and no supply stated for them: over the box's one.
  CHECK_THAT(with_supply(""), Catch::Contains("red has 2 wagon figures (supply 0 + board 2); a player owns at most 1 "
                                              "(state red's supply of wagon to give more)"));
  // The supply states the wagon: taken as written, as in a game mixing sets.
  CHECK(with_supply("  supply:\n    red: {follower: 7, wagon: 0}\n") == "");
  // Followers stay within 7 even when stated: 7 in hand and 1 on the board is the usual slip.
  std::string follower = two_wagons;
  follower.replace(follower.find("    - red wagon 0,0:city{N}\n"), 28, "    - red follower 0,0:city{N}\n");
  follower.replace(follower.find("SUPPLY"), 6, "  supply:\n    red: {follower: 7, wagon: 0}\n");
  CHECK_THAT(problems_of(load_scenario_text(follower, "followers.yaml")),
             Catch::Contains("red has 8 follower figures (supply 7 + board 1); a player owns at most 7\n"));
}

TEST_CASE("A preset's figures entry names a special figure, a count and a source", "[scenario][loader][figures]") {
  const auto load = [](const std::string& figures) {
    Diagnostics diags;
    const auto presets = load_presets(
        {{"x-test.yaml", "name: x-test\ntitle: test\nedition: C2\nswitches: {}\nfigures:\n" + figures}}, diags);
    std::string out;
    for (const auto& d : diags) out += d.to_string() + "\n";
    return std::make_pair(presets.ok() ? presets->front().figures : std::vector<PresetFigures>{}, out);
  };
  const auto [ok, none] = load("  wagon: {count: 2, source: a mixed-sets test}\n");
  CHECK(none.empty());
  REQUIRE(ok.size() == 1);
  CHECK(ok[0].kind == FigureKind::Wagon);
  CHECK(ok[0].count == 2);
  CHECK_THAT(load("  follower: {count: 8, source: x}\n").second, Catch::Contains("followers are the box's 7"));
  CHECK_THAT(load("  wagn: {count: 2, source: x}\n").second, Catch::Contains("unknown figure kind 'wagn'"));
  CHECK_THAT(load("  wagon: {count: 2}\n").second, Catch::Contains("needs a source"));
  CHECK_THAT(load("  wagon: {count: 12, source: x}\n").second, Catch::Contains("needs a count from 0 to 9"));
}

TEST_CASE("Every independent problem of a scenario is reported with its closest spelling", "[scenario][loader]") {
  const std::string text = R"(id: BR-03-z
title: Fixture
rulings: [BR-03]
source: test fixture
position:
  players: [red, blue]
  active: red
  phase: tile
  tiles:
    - D 0,0 r0
  figures:
    - blue follower 0,0:feild{ER,SL,SR,WL}
    - red follower 0,0:city{S}
  in_hand: U
query:
  apply:
    - place U 1,0 r90
    - deploy follower 1,0:road{E,W}
expect:
  legal:
    "deploy follower 1,0:raod{N,S}": ok
  phase: tiel
)";
  const ScenarioFile f = load_scenario_text(text, "several.yaml");
  REQUIRE(f.scenarios.size() == 1);
  const std::string all = problems_of(f);
  INFO(all);
  CHECK(f.scenarios.front().problems.size() == 3 + 1);
  // The tile's own features at its rotation are the candidates for an address on it.
  CHECK_THAT(all, Catch::Contains("several.yaml:12:7:") &&
                      Catch::Contains("(closest: 'blue follower 0,0:field{ER,SL,SR,WL}')"));
  CHECK_THAT(all,
             Catch::Contains("several.yaml:13:7: figures: tile D at 0,0 r0 has no feature city{S} (closest: city{N})"));
  // A tile placed by query.apply is known to the expectations (U turned: its road runs N-S).
  CHECK_THAT(all,
             Catch::Contains("several.yaml:21:5:") && Catch::Contains("(closest: 'deploy follower 1,0:road{N,S}')"));
  CHECK_THAT(all, Catch::Contains("several.yaml:22:10: phase: unknown phase 'tiel' (closest: tile)"));
}

TEST_CASE("A problem is not reported again as its consequences", "[scenario][loader]") {
  SECTION("a misspelt tile: the figures on its square are not judged") {
    std::string text = kBase;
    text.replace(text.find("    - D 0,0 r0"), 14, "    - DD 0,0 r0\n  figures:\n    - blue follower 0,0:city{N}");
    const ScenarioFile f = load_scenario_text(text, "tile.yaml");
    INFO(problems_of(f));
    REQUIRE(f.scenarios.size() == 1);
    REQUIRE(f.scenarios.front().problems.size() == 1);
    CHECK_THAT(f.scenarios.front().problems.front().message, Catch::Contains("unknown tile 'DD' (closest: D)"));
  }
  SECTION("a misspelt players list: no colour is reported as not seated") {
    std::string text = kBase;
    text.replace(text.find("[red, blue]"), 11, "[red, bleu]");
    const ScenarioFile f = load_scenario_text(text, "seats.yaml");
    INFO(problems_of(f));
    REQUIRE(f.scenarios.size() == 1);
    REQUIRE(f.scenarios.front().problems.size() == 1);
    CHECK_THAT(f.scenarios.front().problems.front().message, Catch::Contains("unknown colour 'bleu' (closest: blue)"));
  }
  SECTION("a misspelt requires entry: the capabilities used are not reported missing") {
    std::string text = kBase;
    text.replace(text.find("position:"), 9, "requires: [base, abot]\napplies_to: [hig-c3]\nposition:");
    text.replace(text.find("    - D 0,0 r0"), 14,
                 "    - D 0,0 r0\n  figures:\n    - blue abbot 0,0:field{ER,SL,SR,WL}");
    const ScenarioFile f = load_scenario_text(text, "requires.yaml");
    INFO(problems_of(f));
    REQUIRE(f.scenarios.size() == 1);
    REQUIRE(f.scenarios.front().problems.size() == 2);  // the capability, and the abbot on a field
    CHECK_THAT(problems_of(f), Catch::Contains("unknown capability 'abot' (closest: abbot;"));
    CHECK_THAT(problems_of(f), Catch::Contains("an abbot may never stand on a field"));
  }
}

TEST_CASE("disputed false over a disputed ruling needs a reason", "[scenario][loader][disputed]") {
  const std::string head = "id: FM-12-z\ntitle: Fixture\nrulings: [FM-10, FM-12]\n";
  const std::string tail = R"(source: test fixture
requires: [flier]
applies_to: [hig-c2]
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
  SECTION("the default follows the rulings") {
    const ScenarioFile f = load_scenario_text(head + tail, "d.yaml");
    INFO(problems_of(f));
    REQUIRE(f.valid());
    CHECK(f.scenarios.front().disputed);
    CHECK(f.scenarios.front().disputed_reason.empty());
  }
  SECTION("false with a reason is taken, the reason kept") {
    const ScenarioFile f = load_scenario_text(
        head + "disputed: {value: false, reason: \"no phantom in play (V-FM-5)\"}\n" + tail, "d.yaml");
    INFO(problems_of(f));
    REQUIRE(f.valid());
    CHECK_FALSE(f.scenarios.front().disputed);
    CHECK(f.scenarios.front().disputed_reason == "no phantom in play (V-FM-5)");
  }
  SECTION("a bare false is an error saying what to add") {
    const ScenarioFile f = load_scenario_text(head + "disputed: false\n" + tail, "d.yaml");
    REQUIRE_FALSE(f.valid());
    CHECK_THAT(problems_of(f), Catch::Contains("d.yaml:4:11: disputed: false overrides the disputed ruling FM-12") &&
                                   Catch::Contains("disputed: {value: false, reason:"));
  }
  SECTION("true stays a plain value, and a map needs its reason") {
    CHECK(load_scenario_text(head + "disputed: true\n" + tail, "d.yaml").valid());
    const ScenarioFile f = load_scenario_text(head + "disputed: {value: false}\n" + tail, "d.yaml");
    CHECK_THAT(problems_of(f), Catch::Contains("disputed: missing 'reason'"));
  }
}
