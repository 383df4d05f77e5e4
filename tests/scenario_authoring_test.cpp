// Scenario authoring (issue 49): expectations on part of a move list (`moves_of`), the YAML hint
// for an unquoted `: `, the edition twin of a tile, and check's note on presets the default
// applies_to leaves out.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/oracle_data.hpp"
#include "runner/engine_subject.hpp"
#include "runner/evaluate.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario_transform.hpp"
#include "test_support.hpp"

using namespace carc;
using carc::test::contains;
using carc::test::problems_of;

namespace {

// A base-game scenario: D at 0,0, U placed at 1,0, red to deploy or pass; `expect` as given.
std::string scenario_text(const std::string& expect, const std::string& title = "Fixture") {
  return "id: BR-03-z\ntitle: " + title +
         "\nrulings: [BR-03]\nsource: test fixture\nposition:\n  players: [red, blue]\n  active: red\n"
         "  phase: tile\n  tiles:\n    - D 0,0 r0\n  in_hand: U\nquery:\n  apply:\n    - place U 1,0 r0\n"
         "expect:\n" +
         expect;
}

const std::string kDeployments = R"(  moves_of:
    deploy:
      - deploy follower 1,0:road{E,W}
      - deploy follower 1,0:field{NL,NR,EL,WR}
      - deploy follower 1,0:field{ER,SL,SR,WL}
    ransom: []
)";

std::vector<std::string> keys_of(const std::vector<Diff>& diffs) {
  std::vector<std::string> out;
  for (const auto& d : diffs) out.push_back(d.key);
  return out;
}

}  // namespace

TEST_CASE("An unquoted value holding ': ' gets a YAML error that says to quote it", "[scenario][authoring]") {
  const ScenarioFile f = load_scenario_text(scenario_text("  count: 4\n", "Occupied road: refused"), "colon.yaml");
  REQUIRE_FALSE(f.valid());
  REQUIRE(f.problems.size() == 1);
  const Diagnostic& d = f.problems.front();
  CHECK(d.line == 2);
  CHECK_THAT(d.message, Catch::StartsWith("YAML syntax error: "));
  CHECK_THAT(d.message, Catch::Contains("the plain value of `title` holds ': '"));
  CHECK_THAT(d.message, Catch::Contains("title: \"...\""));
  CHECK_THAT(d.message, Catch::Contains("title: >-"));
  // Another YAML error gets no such hint.
  const ScenarioFile g = load_scenario_text("id: [BR-03-z\n", "open.yaml");
  REQUIRE_FALSE(g.problems.empty());
  CHECK_FALSE(contains(g.problems.front().message, "quote the value"));
}

TEST_CASE("A tile of one edition only names its twin in the editions the scenario runs under",
          "[scenario][authoring][editions]") {
  const auto message = [](const std::string& tile, const std::string& applies_to) {
    const std::string text =
        "id: BR-03-z\ntitle: Fixture\nrulings: [BR-03]\nsource: test fixture\nrequires: "
        "[flier]\napplies_to: [" +
        applies_to +
        "]\nposition:\n  players: [red, blue]\n  active: red\n  phase: tile\n  tiles:\n"
        "    - D 0,0 r0\n  in_hand: " +
        tile + "\nexpect:\n  phase: tile\n";
    const ScenarioFile f = load_scenario_text(text, "twin.yaml");
    return problems_of(f);
  };
  // The C1 flier tile without a garden under C3: its C2/C3 twin has the garden.
  const std::string c1 = message("fl-F.d", "hig-c3");
  CHECK_THAT(c1, Catch::Contains("edition leakage: tile fl-F.d is in the C1 boxes only"));
  CHECK_THAT(c1, Catch::Contains("its twin in the C2, C3 boxes is fl-F.dG, the same tile with a garden"));
  // The other way: the garden tile under C1.
  const std::string c2 = message("fl-F.dG", "hig-c1");
  CHECK_THAT(c2, Catch::Contains("its twin in the C1 boxes is fl-F.d, the same tile without the garden"));
  // The princess tile of C1 (pd-Cc.p) and its C2 twin.
  CHECK_THAT(message("pd-Cc.p", "hig-c2"), Catch::Contains("its twin in the C2 boxes is pd-Cc.pG"));
  // A tile with no twin in the edition (a portal tile under C3) names none.
  const std::string portal = message("pd-CRr.g", "hig-c3");
  CHECK_THAT(portal, Catch::Contains("edition leakage: tile pd-CRr.g"));
  CHECK_FALSE(contains(portal, "its twin"));
}

TEST_CASE("check names each scenario the default applies_to keeps from older presets, and why",
          "[scenario][authoring][anachronism]") {
  CheckOptions o;
  o.paths = {test::data("authoring/default-presets.yaml")};
  o.strict = true;  // a note is no problem, even under --strict
  std::ostringstream out, err;
  CHECK(run_check(o, out, err) == kExitOk);
  const std::string text = out.str();
  INFO(text);
  CHECK(test::count_of(text, ": note: ") == 1);
  CHECK_THAT(text, Catch::Contains("note: PH-01-z does not run under hig-c1-2000 (C1, printed 2000)"));
  CHECK_THAT(text, Catch::Contains("(out of print before phantom, first printed 2011)"));
  CHECK_THAT(text, Catch::Contains("applies_to is not given"));
  CHECK_FALSE(contains(text, "PH-01-y does not run"));
  CHECK_THAT(text, Catch::Contains("no problems; 1 note: scenario the default applies_to keeps from older presets"));
  // The note names exactly the presets scenario_rulesets leaves out.
  const ScenarioFile f = load_scenario_file(test::data("authoring/default-presets.yaml"));
  REQUIRE(f.valid());
  const std::string note = default_rulesets_note(f.scenarios[0]);
  for (const auto& p : builtin_presets()) {
    const auto run = scenario_rulesets(f.scenarios[0]);
    const bool left_out = std::find(run.begin(), run.end(), p.name) == run.end();
    CHECK(contains(note, " " + p.name + " (") == left_out);
  }
  CHECK(default_rulesets_note(f.scenarios[1]).empty());
}

TEST_CASE("moves_of expects one verb's moves exactly and leaves the others unjudged",
          "[scenario][authoring][moves_of]") {
  const ScenarioFile f = load_scenario_text(scenario_text(kDeployments), "part.yaml");
  INFO(problems_of(f));
  REQUIRE(f.valid());
  const Expect& e = f.scenarios[0].expect;
  REQUIRE(e.moves_of);
  REQUIRE(e.moves_of->size() == 2);
  CHECK((*e.moves_of)[0].first == "deploy");
  CHECK((*e.moves_of)[0].second.size() == 3);
  CHECK((*e.moves_of)[1].first == "ransom");
  CHECK((*e.moves_of)[1].second.empty());

  Answer a;
  a.moves = {"pass", "deploy follower 1,0:road{E,W}", "deploy follower 1,0:field{NL,NR,EL,WR}",
             "deploy follower 1,0:field{ER,SL,SR,WL}", "add phantom 0,0:road{E,W}"};
  CHECK(compare(e, a, builtin_catalog()).empty());  // pass and add are not judged
  // A missing deployment and an extra one differ under moves_of.
  a.moves = {"pass", "deploy follower 1,0:road{E,W}", "deploy follower 1,0:field{NL,NR,EL,WR}",
             "deploy large 1,0:road{E,W}"};
  auto diffs = compare(e, a, builtin_catalog());
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].key == "moves_of");
  CHECK(diffs[0].expected == std::vector<std::string>{"deploy follower 1,0:field{ER,SL,SR,WL}"});
  CHECK(diffs[0].actual == std::vector<std::string>{"deploy large 1,0:road{E,W}"});
  // `ransom: []`: any ransom move is extra.
  a.moves = {"deploy follower 1,0:road{E,W}", "deploy follower 1,0:field{NL,NR,EL,WR}",
             "deploy follower 1,0:field{ER,SL,SR,WL}", "ransom follower blue"};
  diffs = compare(e, a, builtin_catalog());
  CHECK(keys_of(diffs) == std::vector<std::string>{"moves_of"});
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].actual == std::vector<std::string>{"ransom follower blue"});

  // Over the protocol it needs the answer's moves and nothing more (query kind `moves`).
  const auto kinds = query_kinds(f.scenarios[0], e, {});
  CHECK(std::find(kinds.begin(), kinds.end(), "moves") != kinds.end());

  // Our engine meets it in process, under every ruleset, and in every turned copy.
  EngineSubject engine;
  Corpus c;
  c.files.push_back(f);
  Selection sel;
  const RunReport r = run_corpus(c, sel, engine);
  REQUIRE_FALSE(r.results.empty());
  for (const auto& result : r.results) {
    INFO(result.id << " " << result.ruleset << " " << result.message);
    CHECK(result.outcome == Outcome::Passed);
  }
  for (const auto& t : metamorphic_transforms()) {
    const Scenario turned = transform_scenario(f.scenarios[0], t, builtin_catalog());
    REQUIRE(turned.expect.moves_of);
    for (const auto& m : (*turned.expect.moves_of)[0].second) CHECK_THAT(m.text, Catch::StartsWith("deploy "));
  }
}

TEST_CASE("moves_of refuses an unknown verb, a move under another verb, repeats and non-canonical placements",
          "[scenario][authoring][moves_of]") {
  const auto problems = [](const std::string& expect) {
    return problems_of(load_scenario_text(scenario_text(expect), "part.yaml"));
  };
  CHECK_THAT(problems("  moves_of:\n    deplay: []\n"),
             Catch::Contains("moves_of: unknown verb 'deplay' (closest: deploy)"));
  CHECK_THAT(problems("  moves_of:\n    deploy: [pass]\n"),
             Catch::Contains("moves_of deploy: 'pass' is not a deploy move: list it under moves_of pass"));
  CHECK_THAT(problems("  moves_of:\n    deploy:\n      - deploy follower 1,0:road{E,W}\n      - deploy follower "
                      "1,0:road{E,W}\n"),
             Catch::Contains("moves_of deploy: 'deploy follower 1,0:road{E,W}' is listed twice"));
  CHECK_THAT(problems("  moves_of:\n    place:\n      - place U 2,0 r180\n"),
             Catch::Contains("moves_of place: 'place U 2,0 r180' is not canonical"));
  CHECK_THAT(problems("  moves_of: {}\n"), Catch::Contains("moves_of: expected a map of verb"));
  // A variant may replace or remove it like any key.
  const ScenarioFile f = load_scenario_text(
      scenario_text(kDeployments +
                    "  phase: figure\nvariants:\n  - when: {ruleset: [hig-c3]}\n    remove: [moves_of]\n"),
      "part.yaml");
  INFO(problems_of(f));
  REQUIRE(f.valid());
  const auto under = [&](const std::string& preset) {
    auto rules = scenario_rules(f.scenarios[0], preset);
    REQUIRE(rules);
    return f.scenarios[0].resolved_expect(*rules);
  };
  CHECK_FALSE(under("hig-c3").moves_of);
  CHECK(under("hig-c2").moves_of);
}

TEST_CASE("A refused also_with entry says what to write instead", "[scenario][authoring][also_with]") {
  const std::string no_change =
      problems_of(load_scenario_file(test::data("invalid/also-with-no-change.yaml"), test::data("invalid")));
  CHECK_THAT(no_change, Catch::Contains("so the combination would repeat its results: leave farmers out of this "
                                        "combination (or the combination out of also_with), or give it a value"));
  const std::string twice =
      problems_of(load_scenario_file(test::data("invalid/also-with-duplicate.yaml"), test::data("invalid")));
  CHECK_THAT(twice, Catch::Contains("is given twice (also at line 8): delete this entry"));
}
