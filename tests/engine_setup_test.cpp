// Impossible positions are diagnostics, never undefined behaviour (issue 2 "Bad input").
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {
State two_players() {
  auto s = State::create(cat(), RuleSet{}, {Colour::Red, Colour::Blue});
  REQUIRE(s.ok());
  REQUIRE(s->setup_tile(tile("D"), {0, 0}, 0).ok());
  REQUIRE(s->setup_owned(0, FigureKind::Follower, 1).ok());
  return std::move(*s);
}
}  // namespace

TEST_CASE("Overlapping tiles are refused", "[setup]") {
  State s = two_players();
  CHECK_THAT(s.setup_tile(tile("U"), {0, 0}, 0).error(), Catch::Contains("already holds a tile"));
}

TEST_CASE("Mismatched edges name both tiles and edges", "[setup]") {
  State s = two_players();
  CHECK_THAT(s.setup_tile(tile("U"), {0, -1}, 0).error(),
             Catch::Contains("shows F on its S edge but D at 0,0 shows C"));
}

TEST_CASE("A tile touching nothing is refused", "[setup]") {
  State s = two_players();
  CHECK_THAT(s.setup_tile(tile("U"), {3, 3}, 0).error(), Catch::Contains("touches no tile"));
}

TEST_CASE("A figure on a feature the tile lacks is refused", "[setup]") {
  State s = two_players();
  CHECK_THAT(s.setup_figure(0, FigureKind::Follower, {0, 0}, addr("road{N,S}")).error(),
             Catch::Contains("has no feature road{N,S}"));
  CHECK_THAT(s.setup_figure(0, FigureKind::Follower, {1, 0}, addr("road{E,W}")).error(),
             Catch::Contains("no tile at 1,0"));
}

TEST_CASE("A figure where its kind may never stand is refused", "[setup]") {
  State s = two_players();
  REQUIRE(s.setup_owned(0, FigureKind::Abbot, 1).ok());
  CHECK_THAT(s.setup_figure(0, FigureKind::Abbot, {0, 0}, addr("road{E,W}")).error(),
             Catch::Contains("may never stand on a road"));
}

TEST_CASE("More figures than the supply holds are refused", "[setup]") {
  State s = two_players();
  REQUIRE(s.setup_figure(0, FigureKind::Follower, {0, 0}, addr("road{E,W}")).ok());
  CHECK_THAT(s.setup_figure(0, FigureKind::Follower, {0, 0}, addr("city{N}")).error(),
             Catch::Contains("no follower left"));
  CHECK_THAT(s.setup_owned(0, FigureKind::Follower, 0).error(), Catch::Contains("on the board"));
}

TEST_CASE("A figure kind the player does not own is 'not in game', all on the board is 'no figure in supply'",
          "[setup]") {
  State s = two_players();
  REQUIRE(s.setup_figure(0, FigureKind::Follower, {0, 0}, addr("road{E,W}")).ok());
  s.setup_pile({}, true);
  REQUIRE(s.setup_turn(0, Phase::Tile, tile("U"), std::nullopt).ok());
  REQUIRE(s.apply(move("place U 1,0 r0")) == Reason::Ok);
  CHECK(is_legal(s, move("deploy follower 1,0:field{NL,NR,EL,WR}")) == Reason::NoFigureInSupply);
  CHECK(is_legal(s, move("deploy large 1,0:field{NL,NR,EL,WR}")) == Reason::FigureNotInGame);
}

TEST_CASE("Seats are unique and between one and six", "[setup]") {
  CHECK_FALSE(State::create(cat(), RuleSet{}, {}).ok());
  CHECK_FALSE(State::create(cat(), RuleSet{}, {Colour::Red, Colour::Red}).ok());
}

TEST_CASE("Unknown rule switches and values are refused with the allowed ones", "[rules]") {
  RuleSet r;
  CHECK_THAT(r.set("farmer-scoring", "fs9").error(), Catch::Contains("allowed: fs3-field-3"));
  CHECK_THAT(r.set("meeple-colour", "x").error(), Catch::Contains("unknown rule switch"));
}
