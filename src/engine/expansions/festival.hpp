#pragma once
// Room: the Festival (FE-01 … FE-11, PH-13, PH-23; switch V-FE-1). A festival tile carries the
// festival symbol (C1) or festival place (C2/C3), a tile-wide mark no figure stands on (FE-08).
// The player who places one may, as the step-2 action, take one of their own figures back from
// anywhere on the board to their supply instead of placing one (FE-02): it scores nothing
// (FE-06), a builder or pig left without its owner's follower goes home with it (TB-01,
// FE-06), prisoners and neutral pieces are not figures on the board (FE-04). Which figures
// qualify is V-FE-1 (`figure`: any; `follower`: followers only). The phantom may still follow
// (PH-23, PH-13; V-PH-1 decides as for the other removals); the fairy may not move, the
// step-2 action being used (FE-07). The Festival adds nothing to scoring (FE-09).
#include <vector>

#include "engine/events.hpp"
#include "engine/move.hpp"

namespace carc {

struct RoomWords;

class State;

// Step 2 (kStep2Extras): every own figure the Festival may take back, when the placed tile is a
// festival tile.
void festival_return_moves(const State& s, MoveList& out);
Reason check_festival_return(const State& s, const Move& m);
void apply_festival_return(State& s, const Move& m, std::vector<Event>* ev);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& festival_words();

}  // namespace carc
