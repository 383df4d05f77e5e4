#pragma once
// legal_turns checked against its definition (issue 14): for every legal
// placement, apply it to a copy and take legal_moves; the step-2 moves
// legal_turns covers (state.hpp) must be exactly the options it lists with
// that placement.
#include <catch2/catch.hpp>

#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/state.hpp"

namespace carc::test {

// The step-2 moves legal_turns covers: a follower other than the phantom on
// the placed tile (not through a portal, not on a tower, not an acrobat), an abbot's return, pass.
inline bool covered_by_legal_turns(const Move& m) {
  switch (m.kind) {
    case MoveKind::Deploy:
      return !m.portal && is_follower(m.figure) && m.figure != FigureKind::Phantom &&
             m.feature.kind != FeatureKind::Tower && m.feature.kind != FeatureKind::Acrobat;
    case MoveKind::ReturnAbbot:
    case MoveKind::Pass:
      return true;
    default:
      return false;
  }
}

// Every difference between legal_turns and "apply each placement, then
// legal_moves" in a tile phase, as lines "PLACEMENT / MOVE: listed by ...";
// empty when they agree (and in any other phase).
inline std::vector<std::string> legal_turns_differences(const State& s) {
  std::vector<std::string> diffs;
  if (s.phase() != Phase::Tile) return diffs;
  std::vector<TurnOption> turns;
  legal_turns(s, turns);
  const auto text = [&](const Move& place, const Move& action) {
    return to_string(place, s.catalog()) + " / " + to_string(action, s.catalog());
  };
  std::vector<std::string> fast, slow;
  for (const TurnOption& t : turns) fast.push_back(text(t.place, t.action));
  MoveList after;
  for (const Move& place : legal_moves(s)) {
    State next = s;
    if (next.apply(place) != Reason::Ok) {
      diffs.push_back(to_string(place, s.catalog()) + ": listed by legal_moves but refused by apply");
      continue;
    }
    // BC-15: legal_turns leaves out the bridge phase's own bridges; its turns pass there.
    if (next.phase() == Phase::Bridge && next.apply(Move::pass()) != Reason::Ok)
      diffs.push_back(to_string(place, s.catalog()) + ": the bridge phase refused pass");
    legal_moves(next, after);
    for (const Move& a : after)
      if (covered_by_legal_turns(a)) slow.push_back(text(place, a));
  }
  std::sort(fast.begin(), fast.end());
  std::sort(slow.begin(), slow.end());
  std::vector<std::string> only_fast, only_slow;
  std::set_difference(fast.begin(), fast.end(), slow.begin(), slow.end(), std::back_inserter(only_fast));
  std::set_difference(slow.begin(), slow.end(), fast.begin(), fast.end(), std::back_inserter(only_slow));
  for (const auto& d : only_fast) diffs.push_back(d + ": listed by legal_turns only");
  for (const auto& d : only_slow) diffs.push_back(d + ": listed by legal_moves only");
  if (std::adjacent_find(fast.begin(), fast.end()) != fast.end()) diffs.push_back("legal_turns lists an option twice");
  return diffs;
}

}  // namespace carc::test
