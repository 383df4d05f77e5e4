#pragma once
// The board pictures of a scenario: the position as written and the position
// after query.apply, with the tile placed last marked and a flight (from the
// scenario's fly moves) drawn. Always our engine's positions (also when another
// implementation answered), built with our engine under one ruleset. The runner
// attaches them to each result when a reporter asks (ResultExtras::board_views),
// taken from the very states our engine answered with when it is the subject.
#include <string>

#include "answer/answer.hpp"
#include "render/board_view.hpp"
#include "scenario/scenario.hpp"

namespace carc {

struct ScenarioViews {
  BoardView before;     // the position as written (its `placed` tile marked)
  BoardView after;      // after the moves that were accepted, before final scoring
  int applied = 0;      // how many moves of query.apply were accepted
  std::string problem;  // why the position could not be built, or the first refused move
};

// The views from the position as written (view_of the state before the moves),
// the state after the moves and what they did.
ScenarioViews views_of(BoardView before, const State& after, const Played& played);

// Builds the scenario's position under a preset (with the scenario's rules: on
// top) and plays its moves up to the first refused or unparsable one.
ScenarioViews scenario_views(const Scenario& s, const std::string& preset);

}  // namespace carc
