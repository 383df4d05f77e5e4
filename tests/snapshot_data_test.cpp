// The engine tests' snapshot (engine_snapshot.hpp, generated at build time) is the built-in
// data: every tile with its aliases, features and edges, every set and count, every preset's
// effective switches. A generator that dropped or garbled anything fails here.
#include <catch2/catch.hpp>

#include <string>

#include "data/oracle_data.hpp"
#include "engine_snapshot.hpp"

using namespace carc;
using carc::test::snapshot_catalog;
using carc::test::snapshot_presets;

TEST_CASE("The engine tests' tile snapshot equals the built-in catalog tile by tile and set by set",
          "[catalog][snapshot]") {
  const TileCatalog& built = builtin_catalog();
  const TileCatalog& snap = snapshot_catalog();
  REQUIRE(snap.size() == built.size());
  REQUIRE(built.size() >= 24);  // at least the base game's tile types
  for (TileTypeId t = 0; t < built.size(); ++t) {
    INFO(built[t].id);
    CHECK(snap[t].id == built[t].id);
    CHECK(snap[t].letter == built[t].letter);
    CHECK(snap[t].jcz == built[t].jcz);
    CHECK(tile_specs(snap[t]) == tile_specs(built[t]));
    CHECK(snap[t].edges == built[t].edges);
    CHECK(snap[t].edge_feature == built[t].edge_feature);
    CHECK(snap[t].half_feature == built[t].half_feature);
  }
  REQUIRE(snap.sets().size() == built.sets().size());
  for (std::size_t k = 0; k < built.sets().size(); ++k) {
    INFO(built.sets()[k].name);
    CHECK(snap.sets()[k].name == built.sets()[k].name);
    CHECK(snap.sets()[k].start == built.sets()[k].start);
    CHECK(snap.sets()[k].counts == built.sets()[k].counts);
  }
}

TEST_CASE("The engine tests' preset snapshot gives each preset's rules as the built-in presets do",
          "[rulesets][snapshot]") {
  const auto& presets = builtin_presets();
  REQUIRE(snapshot_presets().size() == presets.size());
  for (std::size_t k = 0; k < presets.size(); ++k) {
    INFO(presets[k].name);
    const auto& p = snapshot_presets()[k];
    CHECK(p.name == presets[k].name);
    CHECK(p.edition == presets[k].edition);
    auto rules = ruleset_named(presets[k].name);
    REQUIRE(rules.ok());
    CHECK(carc::test::snapshot_rules(p) == *rules);
  }
}
