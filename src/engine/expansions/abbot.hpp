#pragma once
// Room: the abbot (AB-*, V-AB-1). Owns `return abbot x,y:FEATURE` (the early
// return with its scoring) among the step-2 options, and what step 2 still
// allows after a return.
#include <vector>

#include "engine/events.hpp"
#include "engine/move.hpp"

namespace carc {

struct RoomWords;

class State;

// Step-2 contribution: the player's abbot on an incomplete cloister or garden may return (AB-04, AB-05).
void abbot_return_moves(const State& s, MoveList& out);
// The figure phase after the abbot's return (V-AB-1 "meeples-only"): builder, pig, pass.
void abbot_followup_moves(const State& s, MoveList& out);
// V-AB-1: whether the figure phase stays open after the return.
bool abbot_keeps_figure_phase(const State& s);
Reason check_return_abbot(const State& s, const Move& m);
// AB-04: the abbot scores as at game end and returns to supply; other figures stay.
void apply_return_abbot(State& s, const Move& m, std::vector<Event>* ev);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& abbot_words();

}  // namespace carc
