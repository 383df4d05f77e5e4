#include "runner/board_views.hpp"

#include <fmt/format.h>

#include <utility>

namespace carc {

ScenarioViews views_of(BoardView before, const State& after, const Played& played) {
  ScenarioViews out;
  out.before = std::move(before);
  out.applied = played.applied;
  if (played.refused)
    out.problem = fmt::format("move {} refused: {}", played.refused->index + 1, reason_name(played.refused->reason));
  out.after = view_of(after);
  if (played.flight)
    out.after.flight = Flight{played.flight->from, played.flight->to, played.flight->roll, played.flight->crashed};
  // The tile placed last by the moves, else the position's own (still this turn's tile in the question).
  if (played.last_placed)
    out.after.placed = played.last_placed;
  else if (!out.after.placed)
    out.after.placed = out.before.placed;
  return out;
}

ScenarioViews scenario_views(const Scenario& s, const std::string& preset) {
  ScenarioViews out;
  auto rules = scenario_rules(s, preset);
  if (!rules) {
    out.problem = rules.error();
    return out;
  }
  const std::optional<Scenario> branch = branch_scenario(s, *rules);  // a variant's own moves, if any
  const Scenario& asked = branch ? *branch : s;
  auto state = build_state(asked, *rules);
  if (!state) {
    out.problem = state.error();
    return out;
  }
  // The moves up to the first one our notation does not read.
  std::vector<Move> moves;
  std::string unreadable;
  for (const auto& m : asked.apply) {
    if (!m.move) {
      unreadable = "move '" + m.text + "' is not in this engine's notation";
      break;
    }
    moves.push_back(*m.move);
  }
  BoardView before = view_of(*state);
  const Played played = play(*state, moves);
  out = views_of(std::move(before), *state, played);
  if (!played.refused && !unreadable.empty()) out.problem = unreadable;
  return out;
}

}  // namespace carc
