// The Festival and Little Buildings rooms (issue 26): the deal of the building tokens under both
// values of V-LB-2 (which a scenario cannot show: a position states the supplies), the position
// value's building lines, and a new game with each expansion. Expected numbers come from the
// rules (oracle/rulings.yaml V-LB-2: "Distribute the 18 new buildings evenly among all players.
// In the four- or five-player game, put the excess buildings back into the box."; the variant:
// "every player gets the same number of each type"), worked out next to each check.
#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {
int total(const std::array<std::uint8_t, kBuildingKinds>& a) { return a[0] + a[1] + a[2]; }
}  // namespace

TEST_CASE("V-LB-2: even-total shares the 18 tokens evenly, per-type gives 6 / players of each kind",
          "[little-buildings]") {
  // even-total: 18 / players each (2p 9, 3p 6, 4p 4, 5p 3, 6p 3); the rest back in the box.
  for (const auto& [players, each] : std::vector<std::pair<int, int>>{{2, 9}, {3, 6}, {4, 4}, {5, 3}, {6, 3}}) {
    const auto dealt = deal_buildings(players, false);
    REQUIRE(dealt.size() == static_cast<std::size_t>(players));
    for (const auto& hand : dealt) CHECK(total(hand) == each);
  }
  // per-type: 6 / players of each kind: 2p 3+3+3, 3p 2+2+2, 4p to 6p 1+1+1 (4 players: 3, not 4).
  for (const auto& [players, each] : std::vector<std::pair<int, int>>{{2, 3}, {3, 2}, {4, 1}, {5, 1}, {6, 1}})
    for (const auto& hand : deal_buildings(players, true))
      for (const auto n : hand) CHECK(n == each);
  // The two values differ at 4 players: 4 tokens against 3.
  CHECK(total(deal_buildings(4, false)[0]) == 4);
  CHECK(total(deal_buildings(4, true)[0]) == 3);
}

TEST_CASE("A new game with Little Buildings deals the tokens per V-LB-2 and the position value keeps them",
          "[little-buildings]") {
  GameSetup setup;
  for (int p = 0; p < 4; ++p) setup.seats.push_back(static_cast<Colour>(p));
  setup.edition = "C1";
  setup.figures = default_figures(setup.edition);
  setup.little_buildings = true;
  RuleSet rules;
  auto game = new_game(cat(), rules, setup);
  REQUIRE(game.ok());
  CHECK(game->little_buildings().in_play);
  for (const auto& hand : game->little_buildings().supply) CHECK(total(hand) == 4);
  REQUIRE(rules.set("little-buildings-split", "per-type").ok());
  auto per_type = new_game(cat(), rules, setup);
  REQUIRE(per_type.ok());
  for (const auto& hand : per_type->little_buildings().supply) CHECK(total(hand) == 3);
  // The text form round-trips the supplies and a building.
  const auto snap = snapshot(*per_type);
  REQUIRE(snap);
  const std::string text = to_string(*snap, cat());
  CHECK(text.find("buildings red tower=1 house=1 shed=1") != std::string::npos);
  auto parsed = parse_setup(text + "building shed 0,0\n", cat());
  REQUIRE(parsed.ok());
  REQUIRE(parsed->buildings.size() == 1);
  auto rebuilt = State::from(cat(), rules, *parsed);
  REQUIRE(rebuilt.ok());
  CHECK(rebuilt->little_buildings().placed.size() == 1);
  // Two buildings on one tile is refused with the part named.
  auto twice = parse_setup(text + "building shed 0,0\nbuilding house 0,0\n", cat());
  REQUIRE(twice.ok());
  auto refused = State::from(cat(), rules, *twice);
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("one building per tile") != std::string::npos);
}

TEST_CASE("A new game with the festival tiles puts 10 of them in the pile (C1, C2, C3)", "[festival]") {
  for (const char* edition : {"C1", "C2", "C3"}) {
    const auto tiles = cat().tiles_of("festival", edition);
    REQUIRE(tiles);
    CHECK(tiles->size() == 10);  // FE-01: 10 tiles, one each
  }
}
