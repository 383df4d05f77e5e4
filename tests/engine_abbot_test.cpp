// The Abbot (rules-reference.md §2; rulings BR-07, BR-09, BR-10, XR-08).
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("Only the abbot may stand on a garden (BR-07, AB-02)", "[abbot]") {
  State s = position({"D 0,0 r0"});
  in_hand(s, "Ug");
  play(s, {"place Ug 1,0 r0"});
  CHECK(is_legal(s, move("deploy abbot 1,0:garden")) == Reason::Ok);
  CHECK(is_legal(s, move("deploy follower 1,0:garden")) == Reason::FigureNotAllowed);
  CHECK(is_legal(s, move("deploy large 1,0:garden")) == Reason::FigureNotAllowed);
  CHECK(is_legal(s, move("deploy abbot 1,0:road{E,W}")) == Reason::FigureNotAllowed);
  CHECK(has_move(s, "deploy abbot 1,0:garden"));
  CHECK_FALSE(has_move(s, "deploy follower 1,0:garden"));
}

TEST_CASE("The abbot's early return scores 1 + neighbours and ends the figure step (AB-04, BR-10)", "[abbot]") {
  // Abbot on the cloister at 0,1 with D, and U on each side: 3 neighbours.
  State s = position({"D 0,0 r0", "U 1,0 r0", "U -1,0 r0", "B 0,1 r0"}, 2, {{kRed, FigureKind::Abbot, "0,1:cloister"}});
  in_hand(s, "U");
  play(s, {"place U 2,0 r0"});
  std::vector<Event> ev;
  play(s, {"return abbot 0,1:cloister"}, &ev);
  CHECK(s.player(kRed).score == 4);
  CHECK(s.player(kRed).supply[static_cast<std::size_t>(FigureKind::Abbot)] == 1);
  CHECK(s.active() == kBlue);  // nothing else this turn part
}

TEST_CASE("No early return when the placed tile completes the abbot's cloister (AB-05, BR-02)", "[abbot]") {
  const std::vector<std::string> ring{"D 0,0 r0",  "U 1,0 r0",  "U -1,0 r0", "B 0,1 r0",
                                      "B -1,1 r0", "B -1,2 r0", "B 0,2 r0",  "B 1,2 r0"};
  State s = position(ring, 2, {{kRed, FigureKind::Abbot, "0,1:cloister"}});
  in_hand(s, "B");
  play(s, {"place B 1,1 r0"});
  CHECK(is_legal(s, move("return abbot 0,1:cloister")) == Reason::FeatureComplete);
  std::vector<Event> ev;
  play(s, {"pass"}, &ev);
  CHECK(s.player(kRed).score == 9);
}

TEST_CASE("Only one's own abbot returns (AB-04)", "[abbot]") {
  State s = position({"D 0,0 r0", "B 0,1 r0"}, 2, {{kBlue, FigureKind::Abbot, "0,1:cloister"}});
  in_hand(s, "U");
  play(s, {"place U 1,0 r0"});
  CHECK(is_legal(s, move("return abbot 0,1:cloister")) == Reason::NoAbbotThere);
}

TEST_CASE("A garden scores like a cloister (AB-03)", "[abbot][scoring]") {
  State s = position({"D 0,0 r0", "Ug 1,0 r0"}, 2, {{kRed, FigureKind::Abbot, "1,0:garden"}});
  s.setup_pile({}, false);
  in_hand(s, "U");
  play(s, {"place U -1,0 r0", "pass"});
  CHECK(s.player(kRed).score == 2);  // 1 + the D beside it
}
