#pragma once
// Our engine's score events (oracle/PROTOCOL.md §7 `scored`, text in engine/score_event.hpp): from
// the FeatureScored and FairyPoints events of a move or of final scoring. Depends on the engine only.
#include <cstddef>
#include <vector>

#include "engine/events.hpp"
#include "engine/score_event.hpp"
#include "engine/state.hpp"

namespace carc {

// The score events of the FeatureScored and FairyPoints events `events[from..]` that one move (or
// final scoring) made: `before` is the state before it, `after` the state after it. Each scored
// feature is named by all its parts on the board after, and its figures are those that stood on it
// before anything went home.
std::vector<ScoreEvent> score_events(const State& before, const State& after, const std::vector<Event>& events,
                                     std::size_t from);

}  // namespace carc
