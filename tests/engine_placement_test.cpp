// Legal tile placements (BG-03, DESIGN.md Notation): edges match, the tile
// touches the board, each distinct layout is listed once under its smallest rotation.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/legality.hpp"
#include "engine/movegen.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("Placements next to the start tile are exactly those whose edges match", "[placement]") {
  State s = position({"D 0,0 r0"});
  in_hand(s, "U");  // road E-W, fields N and S: two distinct orientations
  const MoveList moves = legal_moves(s);
  std::vector<std::string> got;
  for (const Move& m : moves) got.push_back(to_string(m, cat()));
  std::sort(got.begin(), got.end());
  // East and west of D: its road continues (U r0). South: D shows field, U r90 puts a road there: no;
  // U r0 shows field on N: yes. North: D's city refuses U in every rotation.
  const std::vector<std::string> want{"place U -1,0 r0", "place U 0,1 r0", "place U 1,0 r0"};
  CHECK(got == want);
}

TEST_CASE("is_legal accepts every rotation that gives a legal layout", "[placement]") {
  State s = position({"D 0,0 r0"});
  in_hand(s, "U");
  CHECK(is_legal(s, move("place U 1,0 r0")) == Reason::Ok);
  CHECK(is_legal(s, move("place U 1,0 r180")) == Reason::Ok);  // same layout as r0
  CHECK(is_legal(s, move("place U 1,0 r90")) == Reason::EdgeMismatch);
  CHECK(is_legal(s, move("place U 0,-1 r0")) == Reason::EdgeMismatch);  // field against D's city
  CHECK(is_legal(s, move("place U 0,0 r0")) == Reason::PositionTaken);
  CHECK(is_legal(s, move("place U 5,5 r0")) == Reason::NotAdjacent);
  CHECK(is_legal(s, move("place V 1,0 r0")) == Reason::NotInHand);
  CHECK(is_legal(s, move("pass")) == Reason::WrongPhase);
}

TEST_CASE("A tile that fits nowhere is discarded and the next one drawn (BG-03)", "[placement]") {
  // A lone C (all city) on the board: a road-only X cannot go anywhere.
  State s = position({"C 0,0 r0"});
  s.setup_pile({tile("X"), tile("E")}, false);
  REQUIRE(s.setup_turn(0, Phase::Tile, kNoTile, std::nullopt).ok());
  CHECK(s.in_hand() == tile("E"));
  CHECK(s.pile_remaining() == 0);
}

TEST_CASE("The game ends with final scoring when the last tile is played", "[placement][scoring]") {
  State s = position({"D 0,0 r0"});
  s.setup_pile({}, false);
  in_hand(s, "E");
  std::vector<Event> ev;
  play(s, {"place E 0,-1 r180", "pass"}, &ev);
  CHECK(s.phase() == Phase::GameOver);
  CHECK(ev.back().kind == EventKind::GameOver);
}

TEST_CASE("After the figure step the next player in seat order takes the turn (BR-01)", "[turn]") {
  State s = position({"D 0,0 r0"}, 3);
  s.setup_pile({tile("U")}, true);
  in_hand(s, "U", 2);
  play(s, {"place U 1,0 r0", "pass"});
  CHECK(s.active() == 0);
  CHECK(s.phase() == Phase::Tile);
  CHECK(s.in_hand() == tile("U"));
}
