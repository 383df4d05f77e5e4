// legal_turns, the whole-turn enumeration (placement x step-2 option) that
// probes occupancy without applying the placement (issue 14).
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine/movegen.hpp"
#include "engine_fixture.hpp"
#include "turns_check.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// The step-2 options legal_turns lists with one placement, as sorted strings.
std::vector<std::string> options_with(const State& s, const std::string& placement) {
  std::vector<TurnOption> turns;
  legal_turns(s, turns);
  const Move pm = move(placement);
  std::vector<std::string> out;
  for (const TurnOption& t : turns)
    if (t.place == pm) out.push_back(to_string(t.action, s.catalog()));
  return sorted(out);
}

// U goes to 0,0 r0 (road E-W). East of it the cloister tile A (r90, road W)
// has one field round its cloister, touching both U's north field {NL,NR,EL,WR}
// (at EL) and U's south field {ER,SL,SR,WL} (at ER); south of U, blue's farmer
// stands in the field of E at 0,1, which a city edge keeps apart from the
// cloister's field. Placing U joins all of it into one field through U itself.
State field_joined_through_placed_tile() {
  State s = position({"A 1,0 r90", "E 1,1 r270", "E 0,1 r90"}, 2,
                     {{1, FigureKind::Follower, "0,1:field{NL,NR,SL,SR,WL,WR}"}}, RuleSet{}, {});
  in_hand(s, "U");
  return s;
}

}  // namespace

TEST_CASE("legal_turns offers no farmer on a field the placed tile joins to an occupied one through the board (BR-03)",
          "[turns][regression]") {
  const State s = field_joined_through_placed_tile();
  // BR-03: the north field is occupied along its extent once U lies (blue's farmer,
  // reached through the cloister's field and U's south field); the south field too.
  CHECK(options_with(s, "place U 0,0 r0") == sorted({"deploy follower 0,0:road{E,W}", "pass"}));
  State after = s;
  play(after, {"place U 0,0 r0"});
  CHECK(is_legal(after, move("deploy follower 0,0:field{NL,NR,EL,WR}")) == Reason::FeatureOccupied);
  CHECK(is_legal(after, move("deploy follower 0,0:field{ER,SL,SR,WL}")) == Reason::FeatureOccupied);
  CHECK(legal_turns_differences(s) == std::vector<std::string>{});
}
