// The bridges room (issue 27, BC-15): what a scenario cannot show because a position states the
// supplies (the 3 or 2 bridges a new game deals by player count), and a bridge's road on the board
// (ends joining roads, fields kept whole, the position text round trip). Expected numbers come
// from the rules (oracle/rulings.yaml BC-15, W-BCB2: "When playing with 2, 3, or 4 players, give
// each player 3 bridges and 3 castles. When playing with 5 or 6 players, give each player 2
// bridges and 2 castles.").
#include <catch2/catch.hpp>

#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/queries.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("BC-15: a new game with bridges deals 3 each to 2-4 players, 2 each to 5-6", "[bridges]") {
  for (const auto& [players, each] : std::vector<std::pair<int, int>>{{2, 3}, {3, 3}, {4, 3}, {5, 2}, {6, 2}}) {
    GameSetup setup;
    for (int p = 0; p < players; ++p) setup.seats.push_back(static_cast<Colour>(p));
    setup.figures = default_figures("C3");
    setup.bridges = true;
    auto game = new_game(cat(), RuleSet{}, setup);
    REQUIRE(game.ok());
    REQUIRE(game->bridges().in_hand.size() == static_cast<std::size_t>(players));
    for (const int n : game->bridges().in_hand) CHECK(n == each);
  }
  GameSetup without;
  without.seats = {Colour::Red, Colour::Blue};
  auto game = new_game(cat(), RuleSet{}, without);
  REQUIRE(game.ok());
  CHECK(game->bridges().in_hand.empty());  // no bridges unless asked for
}

TEST_CASE("BC-15, BC-20: a bridge is a road on its tile, and the position text keeps it", "[bridges]") {
  // B (cloister, four field edges) at 0,0 with a bridge E-W; U (road E-W) placed east of it.
  auto parsed = parse_setup(
      "seats red blue\ntile B 0,0 r0\nsupply red follower=7\nsupply blue follower=7\nin-hand U\n"
      "bridge-tokens red 3\nbridge-tokens blue 3\nbridge 0,0:road{E,W}\n",
      cat());
  REQUIRE(parsed.ok());
  auto st = State::from(cat(), RuleSet{}, *parsed);
  INFO((st ? std::string() : st.error()));
  REQUIRE(st.ok());
  State s = std::move(*st);
  const Board& b = s.board();
  CHECK(to_string(b.bridge_at(0)) == "road{E,W}");
  CHECK(b.feature_count(0) == 3);  // cloister, field, and the bridge's road
  // The bridge's east end asks for a road of the tile east of B: U r0 fits, U r90 does not alone.
  CHECK(s.apply(move("place U 1,0 r90")) == Reason::EdgeMismatch);
  REQUIRE(s.apply(move("place U 1,0 r0")) == Reason::Ok);
  // One road: B's bridge and U's road, open at -1,0 and 2,0.
  const auto bridge = b.find(static_cast<std::uint16_t>(node_of(b, Pos{0, 0}, addr("road{E,W}"))));
  const auto road = b.find(static_cast<std::uint16_t>(node_of(b, Pos{1, 0}, addr("road{E,W}"))));
  CHECK(bridge == road);
  CHECK(b.at(road).open == 2);
  CHECK(b.tiles_in(road) == 2);
  // Fields are not cut: U's two fields both join B's one field.
  const auto north = b.find(static_cast<std::uint16_t>(node_of(b, Pos{1, 0}, addr("field{NL,NR,EL,WR}"))));
  const auto south = b.find(static_cast<std::uint16_t>(node_of(b, Pos{1, 0}, addr("field{ER,SL,SR,WL}"))));
  CHECK(north == south);
  CHECK(s.check_invariants().empty());
  // The position text round-trips with the bridge (snapshot after the step-2 decision is reached).
  if (s.phase() == Phase::Bridge) REQUIRE(s.apply(Move::pass()) == Reason::Ok);
  const auto snap = snapshot(s);
  REQUIRE(snap.has_value());
  REQUIRE(snap->bridges.size() == 1);
  CHECK(to_string(*snap, cat()).find("bridge 0,0:road{E,W}") != std::string::npos);
}
