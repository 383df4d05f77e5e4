// Variant resolution: per ruleset, the first variant whose `when` matches the
// effective rules (preset plus the scenario's `rules:`) replaces the keys it names.
#include <catch2/catch.hpp>

#include "data/oracle_data.hpp"
#include "scenario/scenario.hpp"

using namespace carc;

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

TEST_CASE("The first matching variant wins, and switch values are matched all together", "[scenario][variants]") {
  const Scenario& s = load("variants.yaml", "BR-05-t");
  // hig-c1-2000 has fs1-city-4 and tiny-city 2: the first variant, though the second names it too.
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
