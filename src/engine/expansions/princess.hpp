#pragma once
// Room: the princess (PD-06..PD-08, V-PD-2, V-PD-4). Owns `princess KIND COLOUR
// x,y:FEATURE`: the knights she may send home, her step-2 moves, her check and
// apply step, and the V-PD-2 "must" gate on every other step-2 action.
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/move.hpp"
#include "engine/tile.hpp"

namespace carc {

struct RoomWords;

class State;

// The knights (and, under V-TB-2, builders) the princess may remove now (PD-06, PD-07, V-PD-4).
std::vector<BoardFigure> princess_targets(const State& s);
// V-PD-2 "must": a removal is open, so every other step-2 action (and pass) is refused.
bool princess_required(const State& s);
// Under V-PD-2 "must", a tile with a princess city may leave only removals: legal_turns takes the exact path.
bool princess_may_compel(const State& s, const TileDef& d);
// Step-2 contribution: the removals.
void princess_step2_moves(const State& s, MoveList& out);
Reason check_princess(const State& s, const Move& m);
void apply_princess(State& s, const Move& m, std::vector<Event>* ev);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& princess_words();

}  // namespace carc
