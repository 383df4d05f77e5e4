#include "report/scenario_view.hpp"

namespace carc {
namespace {

// Applies one move, noting a placement and a flight; false when the engine refuses it.
bool apply_noting(State& s, const Move& m, ScenarioViews& out, std::optional<Pos>& last_placed) {
  std::optional<Flight> flight;
  if (m.kind == MoveKind::Fly && s.placed_tile() >= 0) {
    if (const auto target = flight_target(s, m.roll))
      flight = Flight{s.board().tile(s.placed_tile()).pos, *target, m.roll, false};
  }
  const Reason r = s.apply(m);
  if (r != Reason::Ok) {
    out.problem = "move " + std::to_string(out.applied + 1) + " refused: " + std::string(reason_name(r));
    return false;
  }
  ++out.applied;
  if (m.kind == MoveKind::Place) last_placed = m.pos;
  if (flight) {
    flight->crashed = s.phase() != Phase::Landing;
    out.after.flight = flight;
  }
  return true;
}

}  // namespace

ScenarioViews scenario_views(const Scenario& s, const std::string& preset) {
  ScenarioViews out;
  auto rules = scenario_rules(s, preset);
  if (!rules) {
    out.problem = rules.error();
    return out;
  }
  auto state = build_state(s, *rules);
  if (!state) {
    out.problem = state.error();
    return out;
  }
  out.before = view_of(*state);
  std::optional<Pos> last_placed;
  std::optional<Flight> flight;
  for (const auto& m : s.apply) {
    if (!m.move) {
      out.problem = "move '" + m.text + "' is not in this engine's notation";
      break;
    }
    if (!apply_noting(*state, *m.move, out, last_placed)) break;
  }
  flight = out.after.flight;
  out.after = view_of(*state);
  out.after.flight = flight;
  // The tile placed last by the moves, else the position's own (still this turn's tile in the question).
  if (last_placed) out.after.placed = last_placed;
  else if (!out.after.placed) out.after.placed = out.before.placed;
  return out;
}

}  // namespace carc
