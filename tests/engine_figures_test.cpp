// Mayor, wagon, builder and pig (rules-reference.md §4–5; rulings BR-08, BR-09, XR-09).
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// D with a junction W at -1,0: placing W at 1,0 r0 completes the 3-tile road through D.
State road_about_to_close(const std::vector<Figure>& figures, const RuleSet& rules = RuleSet{}) {
  State s = position({"D 0,0 r0", "W -1,0 r180"}, 2, figures, rules, all_figures());
  in_hand(s, "W");
  return s;
}
}  // namespace

TEST_CASE("A wagon goes on a road, city or cloister, never a field (AM-04)", "[figures][wagon]") {
  State s = position({"D 0,0 r0"}, 2, {}, RuleSet{}, all_figures());
  in_hand(s, "U");
  play(s, {"place U 1,0 r0"});
  CHECK(is_legal(s, move("deploy wagon 1,0:road{E,W}")) == Reason::Ok);
  CHECK(is_legal(s, move("deploy wagon 1,0:field{NL,NR,EL,WR}")) == Reason::FigureNotAllowed);
  CHECK(is_legal(s, move("deploy mayor 1,0:road{E,W}")) == Reason::FigureNotAllowed);  // AM-01: cities only
}

TEST_CASE("After its road scores, the C2 wagon may move to a free feature on its tile or the 8 around (AM-06)",
          "[figures][wagon]") {
  State s = road_about_to_close({{kRed, FigureKind::Wagon, "0,0:road{E,W}"}});
  play(s, {"place W 1,0 r0", "pass"});
  CHECK(s.player(kRed).score == 3);
  REQUIRE(s.phase() == Phase::Wagon);
  CHECK(s.actor() == kRed);
  CHECK(move_strings(s) == sorted({"wagon 0,0:city{N}", "wagon -1,0:road{N}", "wagon -1,0:road{W}", "wagon 1,0:road{E}",
                                   "wagon 1,0:road{S}", "pass"}));
  play(s, {"wagon 0,0:city{N}"});
  CHECK(s.phase() == Phase::Tile);
  CHECK(s.active() == kBlue);
  REQUIRE(s.figures().size() == 1);
  CHECK(s.board().node_addr(s.figures()[0].node) == addr("city{N}"));
}

TEST_CASE("The C1 wagon moves only along connections: the other arms of the junctions (AM-06, V-AM-1)",
          "[figures][wagon][variants]") {
  State s =
      road_about_to_close({{kRed, FigureKind::Wagon, "0,0:road{E,W}"}}, rules_with({{"wagon-move", "C1-connected"}}));
  play(s, {"place W 1,0 r0", "pass"});
  REQUIRE(s.phase() == Phase::Wagon);
  CHECK(move_strings(s) ==
        sorted({"wagon -1,0:road{N}", "wagon -1,0:road{W}", "wagon 1,0:road{E}", "wagon 1,0:road{S}", "pass"}));
}

TEST_CASE("A wagon that passes returns to supply (AM-05)", "[figures][wagon]") {
  State s = road_about_to_close({{kRed, FigureKind::Wagon, "0,0:road{E,W}"}});
  play(s, {"place W 1,0 r0", "pass", "pass"});
  CHECK(s.figures().empty());
  CHECK(s.player(kRed).supply[static_cast<std::size_t>(FigureKind::Wagon)] == 1);
}

TEST_CASE("The builder joins a road where its owner has a follower, not another player's (TB-01)",
          "[figures][builder]") {
  State s = position({"D 0,0 r0"}, 2, {{kRed, F, "0,0:road{E,W}"}}, RuleSet{}, all_figures());
  in_hand(s, "U");
  play(s, {"place U 1,0 r0"});
  CHECK(is_legal(s, move("deploy builder 1,0:road{E,W}")) == Reason::Ok);
  CHECK(is_legal(s, move("deploy builder 1,0:field{NL,NR,EL,WR}")) == Reason::FigureNotAllowed);
  State t = position({"D 0,0 r0"}, 2, {{kBlue, F, "0,0:road{E,W}"}}, RuleSet{}, all_figures());
  in_hand(t, "U");
  play(t, {"place U 1,0 r0"});
  CHECK(is_legal(t, move("deploy builder 1,0:road{E,W}")) == Reason::NotAllowedNow);
}

TEST_CASE("Extending the builder's road gives a second tile, but never a third (TB-04..TB-06)", "[figures][builder]") {
  State s = position({"D 0,0 r0"}, 2, {{kRed, F, "0,0:road{E,W}"}, {kRed, FigureKind::Builder, "0,0:road{E,W}"}},
                     RuleSet{}, all_figures());
  s.setup_pile({tile("U"), tile("U")}, true);
  in_hand(s, "U");
  std::vector<Event> ev;
  play(s, {"place U 1,0 r0", "pass"}, &ev);
  CHECK(s.active() == kRed);
  CHECK(s.phase() == Phase::Tile);
  CHECK(s.in_hand() == tile("U"));
  play(s, {"place U 2,0 r0", "pass"});  // extends the road again: no chain
  CHECK(s.active() == kBlue);
}

TEST_CASE("Another player extending the builder's road gives nothing (TB-04)", "[figures][builder]") {
  State s = position({"D 0,0 r0"}, 2, {{kRed, F, "0,0:road{E,W}"}, {kRed, FigureKind::Builder, "0,0:road{E,W}"}},
                     RuleSet{}, all_figures());
  s.setup_pile({tile("U")}, true);
  in_hand(s, "U", kBlue);
  play(s, {"place U 1,0 r0", "pass"});
  CHECK(s.active() == kRed);
}

TEST_CASE("The pig joins a field with its owner's farmer (TB-11)", "[figures][pig]") {
  State s = position({"D 0,0 r0"}, 2, {{kRed, F, "0,0:field{ER,SL,SR,WL}"}}, RuleSet{}, all_figures());
  in_hand(s, "U");
  play(s, {"place U 1,0 r0"});
  CHECK(is_legal(s, move("deploy pig 1,0:field{ER,SL,SR,WL}")) == Reason::Ok);
  CHECK(is_legal(s, move("deploy pig 1,0:field{NL,NR,EL,WR}")) == Reason::NotAllowedNow);
  CHECK(is_legal(s, move("deploy pig 1,0:road{E,W}")) == Reason::FigureNotAllowed);
}

TEST_CASE("The pig adds 1 per completed city to its owner's field, and nothing to strength (TB-12)",
          "[figures][pig][scoring]") {
  // The field south of city A also touches city B: RED farmer + pig vs BLUE farmer, a tie: RED 8, BLUE 6.
  const std::vector<std::string> tiles{"E 0,0 r0", "E 0,-1 r180", "E 0,1 r180", "E 0,2 r0"};
  State s = position(tiles, 2,
                     {{kRed, F, "0,0:field{EL,ER,SL,SR,WL,WR}"},
                      {kRed, FigureKind::Pig, "0,0:field{EL,ER,SL,SR,WL,WR}"},
                      {kBlue, F, "0,0:field{EL,ER,SL,SR,WL,WR}"}},
                     RuleSet{}, all_figures());
  s.setup_pile({}, false);
  REQUIRE(s.setup_turn(0, Phase::Figure, kNoTile, Pos{0, 2}).ok());
  play(s, {"pass"});
  CHECK(s.player(kRed).score == 8);
  CHECK(s.player(kBlue).score == 6);
}

TEST_CASE("The pig is refused where farmer scoring is not per field (rules-reference.md §1.8)", "[figures][pig]") {
  auto s = State::create(cat(), rules_with({{"farmer-scoring", "fs1-city-4"}}), {Colour::Red});
  REQUIRE(s.ok());
  CHECK_THAT(s->setup_owned(0, FigureKind::Pig, 1).error(), Catch::Contains("fs3-field-3"));
}
