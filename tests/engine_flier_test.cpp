// Flying machines (rulings FM-05..FM-24, V-FM-1, V-FM-5, V-FM-6).
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// A road from the junction at -1,0 through D to the junction at 2,0, missing 1,0:
// fl-RFr.WE.o at 1,0 r0 (arrow W) completes it.
State flier_closes_road(const std::vector<Figure>& figures = {}, const RuleSet& rules = RuleSet{}) {
  State s = position({"D 0,0 r0", "W -1,0 r180", "B 0,1 r0", "B 1,1 r0", "B 2,1 r0", "W 2,0 r180"}, 2, figures, rules,
                     all_figures());
  in_hand(s, "fl-RFr.WE.o");
  return s;
}
}  // namespace

TEST_CASE("The arrow turns with the tile and a roll counts grid positions (FM-04, FM-06)", "[flier]") {
  State s = flier_closes_road();
  play(s, {"place fl-RFr.WE.o 1,0 r0"});
  CHECK(flight_target(s, 1) == Pos{0, 0});
  CHECK(flight_target(s, 3) == Pos{-2, 0});
}

TEST_CASE("A flier may not land on a feature the flier tile completed (FM-13)", "[flier]") {
  State s = flier_closes_road();
  play(s, {"place fl-RFr.WE.o 1,0 r0", "fly follower 1"});
  REQUIRE(s.phase() == Phase::Landing);
  CHECK(move_strings(s) == sorted({"land 0,0:city{N}"}));  // the road through D is finished; fields never (FM-10)
}

TEST_CASE("Landing options per roll, an empty position crashes the flight (FM-11, FM-12)", "[flier]") {
  State s = flier_closes_road();
  play(s, {"place fl-RFr.WE.o 1,0 r0"});
  CHECK(landing_options(s, FigureKind::Follower, Pos{-1, 0}).size() == 2);  // road{N}, road{W} of the junction
  CHECK(landing_options(s, FigureKind::Mayor, Pos{-1, 0}).empty());         // FM-19: cities only
  CHECK(landing_options(s, FigureKind::Abbot, Pos{0, 0}).empty());          // FM-20: cloister or garden only
  std::vector<Event> ev;
  play(s, {"fly follower 3"}, &ev);
  CHECK(s.player(kRed).supply[0] == 7);  // stays in supply
  CHECK(s.active() == kBlue);            // no further follower (FM-12); the phantom is blocked by default
  bool crashed = false;
  for (const Event& e : ev) crashed = crashed || e.kind == EventKind::FlierCrashed;
  CHECK(crashed);
}

TEST_CASE("A flier must land and may share an occupied feature (FM-07, FM-09)", "[flier]") {
  State s = flier_closes_road({{kBlue, FigureKind::Follower, "-1,0:road{N}"}});
  play(s, {"place fl-RFr.WE.o 1,0 r0", "fly follower 2"});
  CHECK(move_strings(s) == sorted({"land -1,0:road{N}", "land -1,0:road{W}"}));
  CHECK(is_legal(s, move("pass")) == Reason::WrongPhase);
  play(s, {"land -1,0:road{N}"});
  CHECK(s.figures().size() == 2);
}

TEST_CASE("A fixed roll allows only that flight (DESIGN.md Dice)", "[flier]") {
  State s = flier_closes_road();
  s.setup_rolls({2});
  play(s, {"place fl-RFr.WE.o 1,0 r0"});
  CHECK(has_move(s, "fly follower 2"));
  CHECK_FALSE(has_move(s, "fly follower 1"));
  CHECK(is_legal(s, move("fly follower 3")) == Reason::WrongRoll);
}

TEST_CASE("The 3rd-edition text lets only standard and large followers fly (FM-36, V-FM-1)", "[flier][variants]") {
  State s = flier_closes_road({}, rules_with({{"flier-eligible-figures", "standard-and-large-only"}}));
  play(s, {"place fl-RFr.WE.o 1,0 r0"});
  CHECK(is_legal(s, move("fly large 1")) == Reason::Ok);
  CHECK(is_legal(s, move("fly mayor 1")) == Reason::FigureNotAllowed);
  State t = flier_closes_road();
  play(t, {"place fl-RFr.WE.o 1,0 r0"});
  CHECK(is_legal(t, move("fly mayor 1")) == Reason::Ok);  // FM-19 (2/2013)
}

TEST_CASE("Flying is instead of a normal deployment, never both (FM-03)", "[flier]") {
  State s = flier_closes_road();
  play(s, {"place fl-RFr.WE.o 1,0 r0", "deploy follower 1,0:field{NL,NR,EL,WR}"});
  REQUIRE(s.phase() == Phase::Phantom);  // only the phantom may still act
  CHECK(is_legal(s, move("fly follower 1")) == Reason::FigureNotAllowed);
  CHECK(is_legal(s, move("deploy follower 1,0:road{E,W}")) == Reason::FigureNotAllowed);
}

TEST_CASE("After a crash the phantom follows only under the 'allowed' reading (V-FM-5)", "[flier][phantom][variants]") {
  State s = flier_closes_road({}, rules_with({{"phantom-after-crashed-flight", "allowed"}}));
  play(s, {"place fl-RFr.WE.o 1,0 r0", "fly follower 3"});
  REQUIRE(s.phase() == Phase::Phantom);
  CHECK(has_move(s, "deploy phantom 1,0:road{E,W}"));
  CHECK_FALSE(has_move(s, "fly phantom 1"));  // FM-24: the machine is claimed
  State t = flier_closes_road();
  play(t, {"place fl-RFr.WE.o 1,0 r0", "fly follower 3"});
  CHECK(t.active() == kBlue);
}

TEST_CASE("After a follower flew, the phantom stays on the flier tile (FM-24, PH-22)", "[flier][phantom]") {
  State s = flier_closes_road();
  play(s, {"place fl-RFr.WE.o 1,0 r0", "fly follower 1", "land 0,0:city{N}"});
  REQUIRE(s.phase() == Phase::Phantom);
  CHECK(move_strings(s) == sorted({"deploy phantom 1,0:road{E,W}", "deploy phantom 1,0:field{NL,NR,EL,WR}",
                                   "deploy phantom 1,0:field{ER,SL,SR,WL}", "pass"}));
}

TEST_CASE("After a normal deployment the phantom may fly (FM-24)", "[flier][phantom]") {
  State s = flier_closes_road();
  play(s, {"place fl-RFr.WE.o 1,0 r0", "deploy follower 1,0:road{E,W}"});
  REQUIRE(s.phase() == Phase::Phantom);
  CHECK(has_move(s, "fly phantom 1"));
  CHECK_FALSE(has_move(s, "deploy phantom 1,0:road{E,W}"));  // PH-08: just taken
}

TEST_CASE("Counting only existing tiles skips the gaps along the arrow (V-FM-6)", "[flier][variants]") {
  State s = flier_closes_road({}, rules_with({{"flier-distance", "existing-tiles"}}));
  play(s, {"place fl-RFr.WE.o 1,0 r0"});
  CHECK(flight_target(s, 2) == Pos{-1, 0});
  CHECK(flight_target(s, 3).has_value());
  CHECK(s.board().tile_at(*flight_target(s, 3)) < 0);  // only two tiles lie west: a crash
}
