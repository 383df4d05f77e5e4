// The Phantom, with the magic portal and the princess (rulings PH-04..PH-24, XR-01, XR-02; PD-01..PD-10).
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

State start_with(const std::string& in_hand_id, const std::vector<Figure>& figures = {},
                 const RuleSet& rules = RuleSet{}, std::vector<std::string> tiles = {"D 0,0 r0"}) {
  State s = position(tiles, 2, figures, rules, all_figures());
  in_hand(s, in_hand_id);
  return s;
}
}  // namespace

TEST_CASE("The phantom is a second figure on another free feature of the placed tile (PH-04, PH-08)", "[phantom]") {
  State s = start_with("U");
  play(s, {"place U 1,0 r0", "deploy follower 1,0:road{E,W}"});
  REQUIRE(s.phase() == Phase::Phantom);
  CHECK(move_strings(s) ==
        sorted({"deploy phantom 1,0:field{NL,NR,EL,WR}", "deploy phantom 1,0:field{ER,SL,SR,WL}", "pass"}));
  play(s, {"deploy phantom 1,0:field{NL,NR,EL,WR}"});
  CHECK(s.active() == kBlue);
  CHECK(s.figures().size() == 2);
}

TEST_CASE("The phantom may be the only figure, and then nothing follows it (PH-05, PH-14)", "[phantom]") {
  State s = start_with("U", {{kRed, F, "0,0:road{E,W}"}});
  play(s, {"place U 1,0 r0"});
  CHECK(has_move(s, "deploy phantom 1,0:field{NL,NR,EL,WR}"));
  CHECK_FALSE(has_move(s, "deploy phantom 1,0:road{E,W}"));  // occupied further along
  play(s, {"deploy phantom 1,0:field{NL,NR,EL,WR}"});
  CHECK(s.active() == kBlue);  // no builder after a phantom placed first
}

TEST_CASE("The phantom may follow a builder, a pig or an abbot's return (PH-10, PH-13)", "[phantom]") {
  State s = start_with("U", {{kRed, F, "0,0:road{E,W}"}});
  play(s, {"place U 1,0 r0", "deploy builder 1,0:road{E,W}"});
  CHECK(s.phase() == Phase::Phantom);
  State t = start_with("U", {{kRed, FigureKind::Abbot, "0,1:cloister"}}, RuleSet{}, {"D 0,0 r0", "B 0,1 r0"});
  play(t, {"place U 1,0 r0", "return abbot 0,1:cloister"});
  CHECK(t.phase() == Phase::Phantom);
}

TEST_CASE("The app reading allows the phantom only after a meeple placement (PH-26, V-PH-1)", "[phantom][variants]") {
  State s = start_with("U", {{kRed, F, "0,0:road{E,W}"}},
                       rules_with({{"phantom-after-non-follower-action", "only-after-meeple-placement"}}));
  play(s, {"place U 1,0 r0", "deploy builder 1,0:road{E,W}"});
  CHECK(s.active() == kBlue);
}

TEST_CASE("The phantom may not stand on a garden (PH-24)", "[phantom][abbot]") {
  State s = start_with("Ug");
  play(s, {"place Ug 1,0 r0"});
  CHECK(is_legal(s, move("deploy phantom 1,0:garden")) == Reason::FigureNotAllowed);
}

TEST_CASE("The phantom counts as one ordinary follower in scoring (PH-06)", "[phantom][scoring]") {
  // A road closing between two junctions: red phantom vs blue follower elsewhere on it: a tie, 3 each.
  State s =
      position({"D 0,0 r0", "W -1,0 r180"}, 2,
               {{kRed, FigureKind::Phantom, "0,0:road{E,W}"}, {kBlue, F, "-1,0:road{E}"}}, RuleSet{}, all_figures());
  in_hand(s, "W");
  play(s, {"place W 1,0 r0", "pass"});
  CHECK(s.player(kRed).score == 3);
  CHECK(s.player(kBlue).score == 3);
  CHECK(s.player(kRed).supply[static_cast<std::size_t>(FigureKind::Phantom)] == 1);  // PH-07: back for later
}

TEST_CASE("A follower may go through the magic portal to any free, unfinished feature (PD-01)", "[portal]") {
  State s = start_with("pd-RRR.g");
  play(s, {"place pd-RRR.g 1,0 r0"});
  CHECK(has_move(s, "deploy follower 0,0:city{N} portal"));
  CHECK(has_move(s, "deploy mayor 0,0:city{N} portal"));
  CHECK_FALSE(has_move(s, "deploy builder 0,0:city{N} portal"));  // PD-03
  CHECK(is_legal(s, move("deploy follower 1,0:road{E} portal")) ==
        Reason::FeatureComplete);  // the portal tile itself: a normal placement
}

TEST_CASE("Follower and phantom cannot both use the portal (PH-16, PH-17)", "[portal][phantom]") {
  State s = start_with("pd-RRR.g");
  play(s, {"place pd-RRR.g 1,0 r0", "deploy follower 0,0:city{N} portal"});
  REQUIRE(s.phase() == Phase::Phantom);
  CHECK(is_legal(s, move("deploy phantom 0,0:field{EL,WR} portal")) == Reason::PortalUsed);
  CHECK(has_move(s, "deploy phantom 1,0:road{E}"));  // on the placed tile it still may
  State t = start_with("pd-RRR.g");
  play(t, {"place pd-RRR.g 1,0 r0", "deploy follower 1,0:road{E}"});
  CHECK(has_move(t, "deploy phantom 0,0:city{N} portal"));  // the follower did not use it
}

TEST_CASE("No portal to a feature completed this turn unless the pre-Big Box text is in force (PD-02, V-PD-1)",
          "[portal][variants]") {
  // pd-RRR.g at 1,0 closes the road from the junction at -1,0 through D.
  for (const auto& [value, legal] : {std::pair{"forbidden", false}, std::pair{"allowed", true}}) {
    State s =
        start_with("pd-RRR.g", {}, rules_with({{"portal-to-completed-feature", value}}), {"D 0,0 r0", "W -1,0 r180"});
    play(s, {"place pd-RRR.g 1,0 r0"});
    INFO(value);
    CHECK(has_move(s, "deploy follower 0,0:road{E,W} portal") == legal);
  }
}

TEST_CASE("The princess removes one knight of the city she extends, and nothing follows (PD-06, PD-08, PH-15)",
          "[princess][phantom]") {
  State s = start_with("pd-CRRR.p", {{kBlue, F, "0,0:city{N}"}});
  play(s, {"place pd-CRRR.p 0,-1 r180"});
  CHECK(has_move(s, "princess follower blue 0,0:city{N}"));
  CHECK(has_move(s, "pass"));  // HiG: "may"
  play(s, {"princess follower blue 0,0:city{N}"});
  CHECK(s.active() == kBlue);         // no phantom after the princess
  CHECK(s.player(kBlue).score == 0);  // the completed city had no knight left (PD-10)
  CHECK(s.figures().empty());
}

TEST_CASE("Under 'must' the princess removal is the only step-2 action (PD-07, V-PD-2)", "[princess][variants]") {
  State s = start_with("pd-CRRR.p", {{kBlue, F, "0,0:city{N}"}}, rules_with({{"princess-action", "must"}}));
  play(s, {"place pd-CRRR.p 0,-1 r180"});
  CHECK(move_strings(s) == sorted({"princess follower blue 0,0:city{N}"}));
  CHECK(is_legal(s, move("pass")) == Reason::PrincessRequired);
}
