#pragma once
// Room: the phantom (PH-*, V-PH-1, V-FM-5). Owns the phantom phase (the phantom
// as a second figure after the step-2 action, and what `pass` means there) and
// the "phantom" stage of the turn flow, which opens it.
#include <vector>

#include "engine/events.hpp"
#include "engine/flow.hpp"
#include "engine/move.hpp"

namespace carc {

struct RoomWords;

class State;

// The phantom as the second figure (PH-04, PH-08, FM-24, PH-16): the figure-phase
// contributions (placed tile, flying machine, portal) for the phantom alone.
void phantom_moves(const State& s, MoveList& out);
// Phantom phase: phantom_moves, then pass.
void phantom_phase_moves(const State& s, MoveList& out);
// Records what the step-2 action allows after it (PH-09..PH-15, V-PH-1, V-FM-5).
void phantom_note_action(State& s, Step2 what);
// Stage "phantom": opens the phantom phase when the phantom may still come and has a move.
StageResult stage_phantom(State& s, std::vector<Event>* ev);
Reason check_phantom_pass(const State& s);
void apply_phantom_pass(State& s, std::vector<Event>* ev);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& phantom_words();

}  // namespace carc
