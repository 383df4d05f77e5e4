#pragma once
// The board pictures of a scenario: the position as written and the position
// after query.apply, with the tile placed last marked and a flight (from the
// scenario's fly moves) drawn. Built with our engine under one ruleset.
#include <string>

#include "render/board_view.hpp"
#include "scenario/scenario.hpp"

namespace carc {

struct ScenarioViews {
  BoardView before;     // the position as written (its `placed` tile marked)
  BoardView after;      // after the moves that were accepted, before final scoring
  int applied = 0;      // how many moves of query.apply were accepted
  std::string problem;  // why the position could not be built, or the first refused move
};

ScenarioViews scenario_views(const Scenario& s, const std::string& preset);

}  // namespace carc
