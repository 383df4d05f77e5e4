// Perft counts (DESIGN.md "perft"): depth 1 and 2 checked by hand and against
// legal_turns, an independently written enumeration; deeper counts pinned.
#include <catch2/catch.hpp>

#include "engine/movegen.hpp"
#include "engine/perft.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("Perft 1 is the number of legal moves, perft 2 matches legal_turns", "[perft]") {
  // U next to D: three placements (east, west, south). On each the player may put a
  // follower on the road or either field, or pass: 4 options, so 12 two-move lines.
  State s = position({"D 0,0 r0"}, 2, {}, RuleSet{}, {});
  s.setup_pile({}, true);
  in_hand(s, "U");
  CHECK(perft(s, 1) == 3);
  CHECK(perft(s, 2) == 12);
  std::vector<TurnOption> turns;
  legal_turns(s, turns);
  CHECK(turns.size() == 12);
}

TEST_CASE("Divide splits the count by root move", "[perft]") {
  State s = position({"D 0,0 r0"}, 2, {}, RuleSet{}, {});
  s.setup_pile({}, true);
  in_hand(s, "U");
  const auto div = perft_divide(s, 2);
  REQUIRE(div.size() == 3);
  for (const auto& [m, n] : div) CHECK(n == 4);
}

TEST_CASE("A crop-circle turn counts the choice and every response (pinned)", "[perft][crop]") {
  // Red places the shield tile north of D (city with a blue knight); 3 players.
  State s = position({"D 0,0 r0"}, 3, {{1, FigureKind::Follower, "0,0:city{N}"}}, RuleSet{}, {});
  s.setup_pile({}, true);
  in_hand(s, "cc-CcCc");
  // Placements of cc-CcCc (all city edges) next to D: only north (D's city edge); 2 distinct layouts.
  CHECK(perft(s, 1) == 2);
  // Each layout joins one of its two city segments to blue's city and leaves the other
  // free: a follower there or pass, 2 options each.
  CHECK(perft(s, 2) == 4);
  // Then step 4: crop add or crop remove (CC-05).
  CHECK(perft(s, 3) == 8);
}
