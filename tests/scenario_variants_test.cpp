// Variant resolution: per ruleset, the variant whose `when` matches the effective rules
// (preset plus the scenario's `rules:` and an also_with combination) replaces the keys it
// names and removes those of `remove`; one naming switch values before one naming rulesets only.
#include <catch2/catch.hpp>

#include <algorithm>

#include "data/oracle_data.hpp"
#include "engine/events.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario.hpp"
#include "test_support.hpp"

using namespace carc;
using carc::test::problems_of;

namespace {

const Scenario& load(const std::string& file, const std::string& id) {
  static std::vector<ScenarioFile> files;
  files.push_back(load_scenario_file(std::string(CARC_SOURCE_DIR) + "/tests/data/runner/pass/" + file));
  for (const auto& s : files.back().scenarios)
    if (s.id == id) return s;
  FAIL("no scenario " << id);
  return files.back().scenarios.front();
}

Expect resolved(const Scenario& s, const std::string& preset) {
  auto rules = scenario_rules(s, preset);
  REQUIRE(rules);
  return s.resolved_expect(*rules);
}

}  // namespace

TEST_CASE("Without a matching variant the base expectations hold", "[scenario][variants]") {
  const Scenario& s = load("variants.yaml", "BR-05-t");
  REQUIRE(s.valid());
  const Expect e = resolved(s, "hig-c3");
  CHECK(e.count == 5);
  CHECK_FALSE(e.phase);
  CHECK_FALSE(e.active);
}

TEST_CASE("A matching switch-keyed variant wins, and switch values are matched all together", "[scenario][variants]") {
  const Scenario& s = load("variants.yaml", "BR-05-t");
  // hig-c1-2000 has fs1-city-4 and tiny-city 2: the first variant, though the second (by ruleset) names it too.
  const Expect e = resolved(s, "hig-c1-2000");
  CHECK(e.phase == std::string("figure"));
  CHECK_FALSE(e.active);
  CHECK(e.count == 5);  // a key the variant does not name keeps its base value
}

TEST_CASE("Variants may name rulesets by alias", "[scenario][variants]") {
  const Scenario& s = load("variants.yaml", "BR-05-t");
  const Expect e = resolved(s, "zmg-c2");
  CHECK(e.active == Colour::Red);
  CHECK_FALSE(e.phase);
  REQUIRE(s.variants.size() == 2);
  CHECK(s.variants[1].rulesets == std::vector<std::string>{"zmg-c2", "hig-c1-2000"});
}

TEST_CASE("A scenario's rules apply on every ruleset before variants are matched", "[scenario][variants]") {
  const Scenario& s = load("variants.yaml", "BR-05-u");
  REQUIRE(s.valid());
  for (const char* preset : {"hig-c3", "zmg-c2"}) {
    auto rules = scenario_rules(s, preset);
    REQUIRE(rules);
    CHECK(rules->get("farmers") == "off");
    CHECK(rules->name == preset);
    CHECK(resolved(s, preset).count == 3);
  }
}

TEST_CASE("applies_to narrows the rulesets and keeps preset order", "[scenario][variants]") {
  const Scenario& s = load("variants.yaml", "BR-05-t");
  CHECK(scenario_rulesets(s) == std::vector<std::string>{"hig-c1-2000", "hig-c3", "zmg-c2"});
}

TEST_CASE("A switch entry indented under a preset's notes is refused and not read as text", "[scenario][presets]") {
  // Regression: hig-c1-prebigbox had its tower-capture-targets entry below `notes: >-`, so
  // the preset silently lacked the switch (found by the dragon-and-fairy room's author).
  const std::string text =
      "name: x-test\ntitle: test\nedition: C1\nswitches:\n  farmers:\n    value: \"off\"\n    source: a test\n"
      "notes: >-\n  Some words.\n  tower-capture-targets:\n    value: all-figures\n    source: a test\n";
  Diagnostics diags;
  const auto presets = load_presets({{"x-test.yaml", text}}, diags);
  REQUIRE_FALSE(presets.ok());
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].message.find("notes: contains the switch entry 'tower-capture-targets:'") != std::string::npos);
  // The built-in preset has the switch itself.
  const auto rules = ruleset_named("hig-c1-prebigbox");
  REQUIRE(rules.ok());
  CHECK(rules->get("tower-capture-targets") == "all-figures");
}

namespace {

// A scenario of the given extra top-level text on the start tile, phase figure.
ScenarioFile load_text(const std::string& extra, const std::string& tail = "") {
  return load_scenario_text("id: BR-05-z\ntitle: t\nrulings: [BR-05, V-BG-3]\nsource: t\n" + extra +
                                "position:\n  players: [red, blue]\n  active: red\n  phase: figure\n  tiles:\n"
                                "    - D 0,0 r0\n  placed: 0,0\nexpect:\n  count: 5\n  phase: figure\n" +
                                tail,
                            "fixture.yaml");
}

}  // namespace

TEST_CASE("A variant naming switch values takes precedence over one naming rulesets only", "[scenario][variants]") {
  // Both match hig-c3 with farmers off; the ruleset-keyed one comes first in the list.
  const ScenarioFile f = load_text("applies_to: [hig-c3]\nrules: {farmers: \"off\"}\n",
                                   "variants:\n  - when: {ruleset: [hig-c3]}\n    expect: {count: 1}\n"
                                   "  - when: {farmers: \"off\"}\n    expect: {count: 3}\n");
  INFO(problems_of(f));
  REQUIRE(f.scenarios.size() == 1);
  REQUIRE(f.scenarios[0].valid());
  CHECK(resolved(f.scenarios[0], "hig-c3").count == 3);
}

TEST_CASE("also_with runs a scenario again under each combination with the id ID[switch=value]",
          "[scenario][variants][also_with]") {
  const ScenarioFile f = load_text("applies_to: [hig-c3, zmg-c2]\nalso_with:\n  - {farmers: \"off\"}\n",
                                   "variants:\n  - when: {farmers: \"off\"}\n    expect: {count: 3}\n");
  INFO(problems_of(f));
  REQUIRE(f.scenarios.size() == 2);
  const Scenario& written = f.scenarios[0];
  const Scenario& copy = f.scenarios[1];
  REQUIRE(written.valid());
  REQUIRE(copy.valid());
  CHECK(copy.id == "BR-05-z[farmers=off]");
  CHECK(written_id(copy.id) == "BR-05-z");
  CHECK(written_id(copy.id + "@r90") == "BR-05-z");
  CHECK(copy.combination == SwitchValues{{"farmers", "off"}});
  CHECK(copy.also_with.empty());
  CHECK(resolved(written, "hig-c3").count == 5);  // no preset plays farmers off
  CHECK(resolved(copy, "hig-c3").count == 3);
  CHECK(resolved(copy, "zmg-c2").count == 3);
  CHECK(resolved(copy, "zmg-c2").phase == std::string("figure"));
  CHECK(combination_id("X", {{"a", "1"}, {"b", "2"}}) == "X[a=1,b=2]");
}

TEST_CASE("also_with results run with their own ids and --id selects them with the scenario",
          "[scenario][variants][also_with]") {
  const Corpus c = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios/base/br-05-farmers-also-with.yaml"});
  REQUIRE(c.valid());
  CHECK(c.scenario_count() == 1);  // the copies are not scenarios as written
  EngineSubject engine;
  Selection sel;
  sel.ids = {"BR-05-g"};
  sel.rulesets = {"hig-c3"};
  const RunReport r = run_corpus(c, sel, engine);
  REQUIRE(r.results.size() == 2);
  CHECK(r.results[0].id == "BR-05-g");
  CHECK(r.results[1].id == "BR-05-g[farmers=off]");
  for (const auto& result : r.results) CHECK(result.outcome == Outcome::Passed);
  sel.ids = {"BR-05-g[farmers=off]"};
  const RunReport one = run_corpus(c, sel, engine);
  REQUIRE(one.results.size() == 1);
  CHECK(one.results[0].id == "BR-05-g[farmers=off]");
  const auto farmers = std::find_if(one.results[0].rules.begin(), one.results[0].rules.end(),
                                    [](const auto& kv) { return kv.first == "farmers"; });
  REQUIRE(farmers != one.results[0].rules.end());
  CHECK(farmers->second == "off");
}

TEST_CASE("A variant keyed on a switch value only an also_with combination plays is valid",
          "[scenario][variants][also_with]") {
  const std::string variant = "variants:\n  - when: {farmers: \"off\"}\n    expect: {count: 3}\n";
  const ScenarioFile without = load_text("", variant);
  CHECK(problems_of(without).find("matches none of the rulesets") != std::string::npos);
  const ScenarioFile with = load_text("also_with: [{farmers: \"off\"}]\n", variant);
  CHECK(problems_of(with).empty());
}

TEST_CASE("A position refused under an also_with combination is a problem at the entry",
          "[scenario][variants][also_with]") {
  // A pig in a field under fs1 farmer scoring has no scoring (pig-scoring-undefined).
  const ScenarioFile f = load_scenario_text(
      "id: BR-05-z\ntitle: t\nrulings: [BR-05]\nsource: t\nrequires: [base, pig]\napplies_to: [hig-c3]\n"
      "also_with:\n  - {farmer-scoring: fs1-city-4}\nposition:\n  players: [red, blue]\n  active: red\n"
      "  phase: figure\n  tiles:\n    - D 0,0 r0\n  placed: 0,0\n  figures:\n"
      "    - red follower 0,0:field{ER,SL,SR,WL}\n    - red pig 0,0:field{ER,SL,SR,WL}\nexpect:\n  phase: figure\n",
      "fixture.yaml");
  REQUIRE(f.scenarios.size() == 1);  // no copy of an invalid scenario
  INFO(problems_of(f));
  CHECK(problems_of(f).find("fixture.yaml:8:5: also_with [farmer-scoring=fs1-city-4]: the position is refused") !=
        std::string::npos);
}

TEST_CASE("A variant may remove keys of the expectation", "[scenario][variants][remove]") {
  const ScenarioFile f = load_text("applies_to: [hig-c3]\nalso_with: [{farmers: \"off\"}]\n",
                                   "variants:\n  - when: {farmers: \"off\"}\n    remove: [count]\n");
  INFO(problems_of(f));
  REQUIRE(f.scenarios.size() == 2);
  const Expect base = resolved(f.scenarios[0], "hig-c3");
  CHECK(base.count == 5);
  const Expect removed = resolved(f.scenarios[1], "hig-c3");
  CHECK_FALSE(removed.count);
  CHECK(removed.phase == std::string("figure"));  // the keys not removed stay
  const ScenarioFile both = load_text("also_with: [{farmers: \"off\"}]\n",
                                      "variants:\n  - when: {farmers: \"off\"}\n    remove: [count]\n"
                                      "    expect: {count: 3}\n");
  CHECK(problems_of(both).find("remove: 'count' is also given in this variant's expect") != std::string::npos);
  const ScenarioFile everything = load_text("also_with: [{farmers: \"off\"}]\n",
                                            "variants:\n  - when: {farmers: \"off\"}\n    remove: [count, phase]\n");
  CHECK(problems_of(everything).find("removes every key of expect, leaving nothing to check") != std::string::npos);
}

TEST_CASE("A variant keyed on a ruleset whose own switch value rules: overrides is warned about at its when",
          "[scenario][variants][warnings]") {
  // rgg-c1-pre2008 plays farmer-scoring fs1-city-4 (unlike hig-c3), and rules: set fs3-field-3 everywhere.
  const ScenarioFile f = load_scenario_text(
      "id: BR-05-z\ntitle: t\nrulings: [BR-05, V-BG-1]\nsource: t\napplies_to: [hig-c3, rgg-c1-pre2008]\n"
      "rules: {farmer-scoring: fs3-field-3}\nposition:\n  players: [red, blue]\n  active: red\n  phase: figure\n"
      "  tiles:\n    - D 0,0 r0\n  placed: 0,0\nexpect:\n  count: 5\nvariants:\n"
      "  - when: {ruleset: [rgg-c1-pre2008]}\n    expect: {phase: figure}\n",
      "fixture.yaml");
  REQUIRE(f.scenarios.size() == 1);
  const Scenario& s = f.scenarios[0];
  INFO(problems_of(f));
  CHECK(s.valid());  // a warning, not a problem
  REQUIRE(s.warnings.size() == 1);
  CHECK(s.warnings[0].line == 17);
  CHECK(s.warnings[0].column == 11);
  CHECK(s.warnings[0].message.find("warning: variant: 'when' names ruleset rgg-c1-pre2008, which plays "
                                   "farmer-scoring: fs1-city-4 (unlike hig-c3)") == 0);
  // Keyed on the switch value instead: no warning.
  const ScenarioFile keyed = load_text("applies_to: [hig-c3, rgg-c1-pre2008]\nrules: {farmers: \"off\"}\n",
                                       "variants:\n  - when: {ruleset: [rgg-c1-pre2008]}\n    expect: {count: 3}\n");
  REQUIRE(keyed.scenarios.size() == 1);
  CHECK(keyed.scenarios[0].warnings.empty());  // rgg-c1-pre2008 plays farmers on, as hig-c3
}

TEST_CASE("check flags a move listed twice in an expected set at its line", "[scenario][duplicates]") {
  const ScenarioFile f =
      load_text("",
                "variants:\n  - when: {ruleset: [hig-c3]}\n    expect:\n      moves:\n        - pass\n        - pass\n"
                "      legal:\n        pass: ok\n        \"pass\": ok\n");
  const std::string p = problems_of(f);
  INFO(p);
  CHECK(p.find("fixture.yaml:20:11: moves: 'pass' is listed twice (also at line 19)") != std::string::npos);
  CHECK(p.find("fixture.yaml:23:9: legal: 'pass' is listed twice (also at line 22)") != std::string::npos);
}

TEST_CASE("A scenario runs by default only under rulesets whose rules were in print with its rooms",
          "[scenario][anachronism]") {
  const auto rulesets_of = [](const std::string& requires_line) {
    const ScenarioFile f = load_text(requires_line);
    REQUIRE(f.scenarios.size() == 1);
    return scenario_rulesets(f.scenarios[0]);
  };
  const auto has = [](const std::vector<std::string>& v, const std::string& name) {
    return std::find(v.begin(), v.end(), name) != v.end();
  };
  // The base game (2000) runs under every preset.
  CHECK(rulesets_of("").size() == builtin_presets().size());
  // The phantom (2011): not under the rules of 2000, 2001, the pre-Big Box texts (to 2006) or RGG's before 2008.
  const auto phantom = rulesets_of("requires: [phantom]\n");
  for (const auto* old : {"hig-c1-2000", "hig-c1-2001", "hig-c1-prebigbox", "rgg-c1-pre2008"})
    CHECK_FALSE(has(phantom, old));
  for (const auto* later : {"hig-c1", "rgg-c1", "hig-c2", "zmg-c2", "hig-c3"}) CHECK(has(phantom, later));
  // The Tower (2006) is part of the pre-Big Box texts' period, not of the rules of 2000.
  const auto tower = rulesets_of("requires: [tower]\n");
  CHECK(has(tower, "hig-c1-prebigbox"));
  CHECK_FALSE(has(tower, "hig-c1-2000"));
}

TEST_CASE("applies_to naming a ruleset whose rules predate a required room is warned about with the years",
          "[scenario][anachronism][warnings]") {
  const ScenarioFile f = load_text("requires: [crop-circles]\napplies_to: [hig-c3, hig-c1-2000, rgg-c1-pre2008]\n");
  REQUIRE(f.scenarios.size() == 1);
  const Scenario& s = f.scenarios[0];
  INFO(problems_of(f));
  CHECK(s.valid());  // a warning, not a problem
  REQUIRE(s.warnings.size() == 1);
  CHECK(s.warnings[0].line == 6);  // at applies_to
  CHECK_THAT(s.warnings[0].message,
             Catch::Contains("anachronism: the scenario needs crop-circles (first printed 2010), but applies_to names "
                             "hig-c1-2000 (C1, printed 2000), rgg-c1-pre2008 (C1, printed 2000-2007)"));
  CHECK(scenario_rulesets(s).size() == 3);  // named explicitly: still run, with the warning
  // The same rulesets for a base-game scenario: no warning.
  CHECK(load_text("applies_to: [hig-c3, hig-c1-2000, rgg-c1-pre2008]\n").scenarios[0].warnings.empty());
}

TEST_CASE("Every built-in preset says when its rules were printed and every room when it was first printed",
          "[scenario][anachronism][presets]") {
  for (const auto& p : builtin_presets()) {
    INFO(p.name);
    CHECK(p.printed_from >= 2000);
    CHECK((p.printed_to == 0 || p.printed_to >= p.printed_from));
    CHECK_FALSE(p.printed_source.empty());
  }
  for (const auto& c : capability_table()) {
    INFO(c.name);
    CHECK(c.first_printed >= 2000);
  }
  const auto load = [](const std::string& printed) {
    Diagnostics diags;
    (void)load_presets({{"x-test.yaml", "name: x-test\ntitle: test\nedition: C2\nswitches: {}\nprinted:\n" + printed}},
                       diags);
    std::string out;
    for (const auto& d : diags) out += d.to_string() + "\n";
    return out;
  };
  CHECK(load("  from: 2014\n  to: 2021\n  source: a test\n").empty());
  CHECK_THAT(load("  from: 2014\n  to: 2010\n  source: a test\n"), Catch::Contains("'to' is before 'from'"));
  CHECK_THAT(load("  from: 2014\n"), Catch::Contains("printed: needs a source"));
  CHECK_THAT(load("  to: 2014\n  source: x\n"), Catch::Contains("printed: missing 'from'"));
  CHECK_THAT(load("  from: 14\n  source: x\n"), Catch::Contains("must be a year"));
}
