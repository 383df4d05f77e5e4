// The Tower room (issue 24): the position value's tower lines, floors, the
// capture's reach, prisoners, the exchange and the ransom. Expected answers
// come from the rulings (oracle/rulings.yaml TO-*, oracle/research/tower.md),
// with the arithmetic next to each check; the boards are those of
// scenarios/tower (board B1 of to-05-capture.yaml).
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/legality.hpp"
#include "engine/movegen.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// Board B1: road D(0,0)-U(1,0)-U(2,0)-U(3,0); the foundation to-L at 1,1; cloister tiles B at
// 0,1, 2,1, 1,2, 2,2, 1,3. Red has just placed U at 3,0.
const char* kB1 =
    "seats red blue\n"
    "tile D 0,0 r0\ntile U 1,0 r0\ntile U 2,0 r0\ntile to-L 1,1 r0\ntile B 0,1 r0\ntile B 2,1 r0\n"
    "tile B 1,2 r0\ntile B 2,2 r0\ntile B 1,3 r0\ntile U 3,0 r0\n"
    "figure blue follower 1,0:road{E,W}\nfigure blue follower 0,1:cloister\nfigure blue follower 2,1:cloister\n"
    "figure blue follower 1,1:cloister\nfigure red follower 1,2:cloister\nfigure blue follower 1,3:cloister\n"
    "figure blue follower 2,2:cloister\n"
    "supply red follower=6 large=1\nsupply blue follower=1\n"
    "turn red figure 3,0\n"
    "pile V V V\n";

int held(const State& s, int player, FigureKind k) { return s.player(player).supply[static_cast<std::size_t>(k)]; }

}  // namespace

TEST_CASE("Tower lines of the position value round-trip, and impossible ones are refused", "[engine][tower][setup]") {
  const std::string text =
      std::string(kB1) + "tower 1,1 2\nfloors red 8\nprisoner red blue follower\nransom-paid yes\n";
  auto parsed = parse_setup(text, cat());
  REQUIRE(parsed.ok());
  CHECK(parsed->towers == std::vector<SetupTower>{{{1, 1}, 2, false}});
  CHECK(parsed->counts[kFloorsKey] == std::vector<int>{8, kDefaultFloors});
  CHECK(parsed->prisoners == std::vector<SetupPrisoner>{{Colour::Red, Colour::Blue, FigureKind::Follower}});
  CHECK(parsed->flags[kRansomPaidKey]);
  auto again = parse_setup(to_string(*parsed, cat()), cat());
  REQUIRE(again.ok());
  CHECK(*again == *parsed);
  const State s = must_build(text);
  // TO-01: 2 players hold 10 floors each; red has 8 in hand and 2 stand on the tower: 20 in all.
  CHECK(s.tower().floors == std::vector<int>{8, 10});
  CHECK(s.tower().floors_total == 20);
  // Blue owns 7 in hand + on the board + held by red: 1 + 6 + 1 = 8.
  CHECK(s.player(1).owned[0] == 8);
  const auto snap = snapshot(s);
  REQUIRE(snap.has_value());
  CHECK(to_string(*snap, cat()) == to_string(*parsed, cat()));
  CHECK(*snap == *parsed);

  CHECK_FALSE(build(std::string(kB1) + "tower 0,1 1\n").ok());                // B has no foundation
  CHECK_FALSE(build(std::string(kB1) + "tower 1,1 31\n").ok());               // the box holds 30 floors
  CHECK_FALSE(build(std::string(kB1) + "floors red 11\n").ok());              // at most 10 in hand
  CHECK_FALSE(build(std::string(kB1) + "prisoner red red follower\n").ok());  // nobody holds its own figure
  CHECK_FALSE(build(std::string(kB1) + "prisoner red blue follower\nprisoner blue red follower\n").ok());  // TO-07
  CHECK_FALSE(build(std::string(kB1) + "figure red large 1,1:tower\n").ok());  // TO-03: an empty foundation
  CHECK_FALSE(build(std::string(kB1) + "tower 1,1 1 closed\n").ok());          // closed-empty only under V-TO-2 no
  RuleSet no_reopen;
  REQUIRE(no_reopen.set("tower-reopens-after-capture", "no").ok());
  CHECK(build(std::string(kB1) + "tower 1,1 1 closed\n", no_reopen).ok());
  CHECK_FALSE(build(std::string(kB1) + "tower 1,1 1 closed\nfigure red large 1,1:tower\n", no_reopen).ok());
  const auto bad = parse_setup("seats red\ntower 1,1\n", cat());
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "line 2: expected 'tower x,y HEIGHT [closed]'");
}

TEST_CASE("Tower moves print and parse in the canonical notation", "[engine][tower][notation]") {
  for (const char* text :
       {"floor 1,1", "capture follower blue 1,0:road{E,W}", "capture large red 2,1:tower", "exchange large",
        "ransom follower blue", "deploy phantom -4,2:tower", "deploy follower 3,3:tower portal"})
    CHECK(to_string(move(text), cat()) == text);
  CHECK_FALSE(parse_move("floor", cat()).ok());
  CHECK_FALSE(parse_move("ransom follower", cat()).ok());
  CHECK_FALSE(parse_move("exchange knight", cat()).ok());
}

TEST_CASE("A floor is a step-2 action, then the capture reaches the tower's tile and its row and column",
          "[engine][tower]") {
  State s = must_build(kB1);
  // TO-02: the floor on the empty foundation 1,1 is offered (A), anywhere on the board.
  const MoveList step2 = legal_moves(s);
  CHECK(std::count(step2.begin(), step2.end(), move("floor 1,1")) == 1);
  play(s, {"floor 1,1"});
  CHECK(s.phase() == Phase::Capture);
  CHECK(s.tower().sites.front().height == 1);
  CHECK(s.tower().floors[0] == 9);
  // TO-05 (height 1): the tower's tile and one tile each way: 1,1; 1,0; 0,1; 2,1; 1,2 (red's own).
  CHECK(move_strings(s) == sorted({"pass", "capture follower blue 1,1:cloister", "capture follower blue 1,0:road{E,W}",
                                   "capture follower blue 0,1:cloister", "capture follower blue 2,1:cloister",
                                   "capture follower red 1,2:cloister"}));
  CHECK(is_legal(s, move("capture follower blue 1,3:cloister")) == Reason::OutOfReach);  // 2 south > height 1
  CHECK(is_legal(s, move("capture follower blue 2,2:cloister")) == Reason::OutOfReach);  // diagonal
  CHECK(is_legal(s, move("capture follower blue 3,0:road{E,W}")) == Reason::NoSuchFigure);
  CHECK(is_legal(s, move("floor 1,1")) == Reason::WrongPhase);
}

TEST_CASE("Capturing one's own follower returns it, another's is held, then ransomed for 3 points", "[engine][tower]") {
  SECTION("own: TO-05 'return it to your supply'") {
    State s = must_build(kB1);
    play(s, {"floor 1,1"});
    play(s, {"capture follower red 1,2:cloister"});
    CHECK(held(s, 0, FigureKind::Follower) == 7);  // 6 + 1
    CHECK(s.tower().prisoners.empty());
    CHECK(s.phase() == Phase::Tile);  // red has no phantom; nothing completed: blue's turn
    CHECK(s.active() == 1);
  }
  SECTION("another's: a prisoner; its owner ransoms it in its own turn (TO-08)") {
    State s = must_build(kB1);
    play(s, {"floor 1,1"});
    play(s, {"capture follower blue 1,0:road{E,W}"});
    CHECK(s.tower().prisoners == std::vector<Prisoner>{{0, 1, FigureKind::Follower}});
    CHECK(held(s, 1, FigureKind::Follower) == 1);  // not back in blue's supply
    REQUIRE(s.active() == 1);
    REQUIRE(s.phase() == Phase::Tile);
    // Blue has 0 points: V-TO-4 `none` lets it pay anyway (blue -3, red +3).
    const MoveList moves = legal_moves(s);
    CHECK(std::count(moves.begin(), moves.end(), move("ransom follower red")) == 1);
    play(s, {"ransom follower red"});
    CHECK(s.player(1).score == -3);
    CHECK(s.player(0).score == 3);
    CHECK(held(s, 1, FigureKind::Follower) == 2);
    CHECK(s.phase() == Phase::Tile);  // a ransom leaves the decision as it was
    CHECK(is_legal(s, move("ransom follower red")) == Reason::RansomUsed);
  }
  SECTION("V-TO-4 needs-3-points and V-TO-3 timing") {
    RuleSet floor3;
    REQUIRE(floor3.set("ransom-score-floor", "needs-3-points").ok());
    State s = must_build(std::string(kB1) + "prisoner blue red follower\n", floor3);
    // Red (active, 0 points) may not pay.
    CHECK(is_legal(s, move("ransom follower blue")) == Reason::NotEnoughPoints);
    RuleSet draw;
    REQUIRE(draw.set("ransom-timing", "before-draw").ok());
    State t = must_build(std::string(kB1) + "prisoner blue red follower\n", draw);
    CHECK(is_legal(t, move("ransom follower blue")) == Reason::NotAllowedNow);  // figure phase: not before the draw
    CHECK(is_legal(t, move("ransom large blue")) == Reason::NotAllowedNow);
    State u = must_build(std::string(kB1) + "prisoner blue red follower\n");
    CHECK(is_legal(u, move("ransom large blue")) == Reason::NoPrisoner);
    CHECK(is_legal(u, move("ransom follower blue")) == Reason::Ok);
  }
}

TEST_CASE("A capture of a player who holds the capturer's figures exchanges them (TO-07)", "[engine][tower]") {
  SECTION("one kind held: at once") {
    State s = must_build(std::string(kB1) + "prisoner blue red follower\n");
    play(s, {"floor 1,1"});
    play(s, {"capture follower blue 0,1:cloister"});
    CHECK(s.tower().prisoners.empty());
    CHECK(held(s, 0, FigureKind::Follower) == 7);  // 6 + the one blue held
    CHECK(held(s, 1, FigureKind::Follower) == 2);  // 1 + the one just captured
  }
  SECTION("several kinds held: the capturer chooses") {
    State s = must_build(std::string(kB1) + "prisoner blue red follower\nprisoner blue red large\n");
    play(s, {"floor 1,1"});
    play(s, {"capture follower blue 0,1:cloister"});
    REQUIRE(s.phase() == Phase::Exchange);
    CHECK(move_strings(s) == sorted({"exchange follower", "exchange large"}));
    CHECK(is_legal(s, move("exchange abbot")) == Reason::NoPrisoner);
    CHECK(is_legal(s, move("pass")) == Reason::WrongPhase);
    play(s, {"exchange large"});
    CHECK(held(s, 0, FigureKind::Large) == 2);
    CHECK(s.tower().prisoners == std::vector<Prisoner>{{1, 0, FigureKind::Follower}});
  }
}

TEST_CASE("A figure on top closes a tower anywhere and scores nothing (TO-03, TO-04, TO-09)", "[engine][tower]") {
  const std::string tall = std::string(kB1) + "tower 1,1 3\n";
  State s = must_build(tall);
  CHECK(is_legal(s, move("deploy abbot 1,1:tower")) == Reason::FigureNotInGame);  // red owns no abbot
  CHECK(is_legal(s, move("deploy large 1,1:tower")) == Reason::Ok);               // not the placed tile: anywhere
  play(s, {"deploy large 1,1:tower"});
  CHECK(s.phase() == Phase::Tile);
  State again =
      must_build(std::string(kB1) + "tower 1,1 3\nfigure red large 1,1:tower\nsupply red follower=6 large=0\n");
  CHECK(is_legal(again, move("floor 1,1")) == Reason::TowerClosed);
  CHECK(is_legal(again, move("deploy follower 1,1:tower")) == Reason::TowerClosed);
  again.end_game();
  // Red: the cloister 1,2 scores 1 + 5 neighbours (0,1 1,1 2,1 2,2 1,3); the large on the tower nothing (TO-09).
  CHECK(again.player(0).score == 1 + 5 + 0);
  CHECK(again.figures().size() == 8);  // the tower top stays where it is
  const State empty = must_build(kB1);
  CHECK(is_legal(empty, move("deploy follower 1,1:tower")) == Reason::TowerNotBuilt);  // TO-03
  CHECK(is_legal(empty, move("floor 0,1")) == Reason::NoSuchFeature);
  CHECK(is_legal(empty, move("floor 5,5")) == Reason::NoSuchFeature);
  const State none = must_build(std::string(kB1) + "floors red 0\n");
  CHECK(is_legal(none, move("floor 1,1")) == Reason::NoFloorInSupply);
}
