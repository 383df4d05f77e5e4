// Crop circles (rulings CC-03..CC-27; V-CC-1, V-CC-2, V-CC-4).
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// Red to place the shield tile cc-CcCc north of D, whose city holds a blue knight; green has no knight.
State shield_turn(const RuleSet& rules = RuleSet{}, std::vector<Figure> figures = {{kBlue, F, "0,0:city{N}"}}) {
  State s = position({"D 0,0 r0"}, 3, figures, rules, all_figures());
  in_hand(s, "cc-CcCc");
  return s;
}
}  // namespace

TEST_CASE("After scoring, the active player must choose add or remove, even with no knights in play (CC-05, CC-11)",
          "[crop]") {
  State s = shield_turn(RuleSet{}, {});
  play(s, {"place cc-CcCc 0,-1 r0", "pass"});
  REQUIRE(s.phase() == Phase::CropChoice);
  CHECK(move_strings(s) == sorted({"crop add", "crop remove"}));
  play(s, {"crop add"});
  CHECK(s.active() == kBlue);  // everybody skipped (CC-12), the turn is over (CC-16)
}

TEST_CASE("Responses run from the player on the left, the active player last (CC-08, CC-12)", "[crop]") {
  State s = shield_turn();
  play(s, {"place cc-CcCc 0,-1 r0", "deploy follower 0,-1:city{N,W}", "crop add"});
  REQUIRE(s.phase() == Phase::CropResponse);
  CHECK(s.actor() == kBlue);
  // HiG: next to the knight, on the same tile and segment; optional (CC-06, CC-13).
  CHECK(move_strings(s) == sorted({"add follower 0,0:city{N}", "add large 0,0:city{N}", "add mayor 0,0:city{N}",
                                   "add wagon 0,0:city{N}", "add phantom 0,0:city{N}", "pass"}));
  play(s, {"add follower 0,0:city{N}"});
  CHECK(s.actor() == kRed);  // green has no knight: skipped
  play(s, {"pass"});
  CHECK(s.active() == kBlue);
  CHECK(s.phase() == Phase::Tile);
}

TEST_CASE("ZMG: add anywhere in the feature, and it is compulsory when possible (CC-17, CC-18)", "[crop][variants]") {
  State s = shield_turn(rules_with({{"crop-add-where", "anywhere-in-feature"},
                                    {"crop-add-compulsion", "mandatory-if-possible"},
                                    {"crop-add-figures", "regular-only"}}));
  play(s, {"place cc-CcCc 0,-1 r0", "deploy follower 0,-1:city{N,W}", "crop add"});
  CHECK(move_strings(s) == sorted({"add follower 0,0:city{N}", "add follower 0,-1:city{E,S}"}));
  CHECK(is_legal(s, move("pass")) == Reason::CropAddMandatory);
}

TEST_CASE("Removal is compulsory and the player picks the figure (CC-07)", "[crop]") {
  State s = shield_turn();
  play(s, {"place cc-CcCc 0,-1 r0", "deploy follower 0,-1:city{N,W}", "crop remove"});
  REQUIRE(s.actor() == kBlue);
  CHECK(move_strings(s) == sorted({"remove follower 0,0:city{N}"}));
  CHECK(is_legal(s, move("pass")) == Reason::NotAllowedNow);
  play(s, {"remove follower 0,0:city{N}", "remove follower 0,-1:city{N,W}"});
  CHECK(s.figures().empty());
}

TEST_CASE("A builder leaves with its owner's last follower (TB-03), unless builders are followers (V-TB-2)",
          "[crop][builder]") {
  for (const auto& [value, left] : {std::pair{"false", 0u}, std::pair{"true", 1u}}) {
    State s = shield_turn(rules_with({{"builder-pig-are-followers", value}}),
                          {{kBlue, F, "0,0:city{N}"}, {kBlue, FigureKind::Builder, "0,0:city{N}"}});
    play(s, {"place cc-CcCc 0,-1 r0", "pass", "crop remove", "remove follower 0,0:city{N}"});
    INFO(value);
    CHECK(s.figures().size() == left);
  }
}

TEST_CASE("Builder, pig and abbot are never crop-circle figures (CC-27)", "[crop]") {
  // Blue's only figures on the city: a builder would need a follower; an abbot on a cloister is never a knight.
  State s =
      position({"D 0,0 r0", "B 0,1 r0"}, 3, {{kBlue, FigureKind::Abbot, "0,1:cloister"}}, RuleSet{}, all_figures());
  in_hand(s, "cc-CcCc");
  play(s, {"place cc-CcCc 0,-1 r0", "pass", "crop remove"});
  CHECK(s.active() == kBlue);  // blue skipped: the abbot is affected by no symbol
  CHECK(s.figures().size() == 1);
}

TEST_CASE("A follower returned in step 3 is back in supply for step 4 (CC-23)", "[crop]") {
  // Red closes the 2-tile city with a knight on the shield tile: it scores 4 and returns before the crop step.
  State s = position({"D 0,0 r0"}, 3, {{kRed, F, "0,0:city{N}"}}, RuleSet{}, all_figures());
  in_hand(s, "cc-CFC");
  play(s, {"place cc-CFC 0,-1 r0", "pass"});
  CHECK(s.player(kRed).score == 4);
  CHECK(s.player(kRed).supply[0] == 7);
  CHECK(s.phase() == Phase::CropChoice);
}

TEST_CASE("Crop fields cut roads: a road into the crop circle ends there (CC-30)", "[crop]") {
  // cc-RRr: road{E} ends at the circle; placed at 1,0 it closes D's road with the junction at -1,0.
  State s = position({"D 0,0 r0", "W -1,0 r180"}, 3, {{kGreen, F, "0,0:road{E,W}"}}, RuleSet{}, all_figures());
  in_hand(s, "cc-RRr");
  play(s, {"place cc-RRr 1,0 r180", "pass"});
  CHECK(s.player(kGreen).score == 3);
}
