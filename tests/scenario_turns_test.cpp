// legal_turns on positions read from scenario files (the regressions of issue 14): the
// scenario reader is above the engine, so this lives in carc_tests, not carc_engine_tests.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "scenario/scenario.hpp"
#include "turns_check.hpp"

using namespace carc;
using carc::test::legal_turns_differences;

TEST_CASE("legal_turns agrees with each placement applied on the issue-14 regression positions (REG-004, REG-005)",
          "[turns][regression]") {
  for (const char* file :
       {"reg-004-field-joined-through-placed-tile.yaml", "reg-005-field-joined-through-placed-tile-late-game.yaml"}) {
    INFO(file);
    const ScenarioFile f = load_scenario_file(std::string(CARC_SOURCE_DIR) + "/scenarios/regressions/" + file);
    REQUIRE(f.valid());
    REQUIRE(f.scenarios.size() == 1);
    auto rules = scenario_rules(f.scenarios.front(), "hig-c1");
    REQUIRE(rules.ok());
    auto s = build_state(f.scenarios.front(), *rules);
    REQUIRE(s.ok());
    CHECK(legal_turns_differences(*s) == std::vector<std::string>{});
  }
}
