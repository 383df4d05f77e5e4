#pragma once
// Legal-move generation, organised by phase behind legal_moves(): each phase's
// owner generates its moves (rooms.hpp, kPhases); the figure phase asks each
// room's step-2 contribution in a fixed order. legal_turns answers a whole turn
// without applying the placement.
#include <vector>

#include "engine/board.hpp"
#include "engine/move.hpp"
#include "engine/tile.hpp"

namespace carc {

class State;

// Every legal move now, for the player to act; placements listed once per
// distinct layout (smallest rotation).
void legal_moves(const State& s, MoveList& out);
MoveList legal_moves(const State& s);

// A whole turn's options without applying: each legal placement with each
// step-2 choice that would follow it among a follower other than the phantom on
// the placed tile (not through a portal), an abbot return and pass; exactly
// those moves of legal_moves after the placement (tested in the battery).
struct TurnOption {
  Move place;
  Move action;
};
void legal_turns(const State& s, std::vector<TurnOption>& out);

// Whether the tile fits anywhere on the board (BG-03).
bool has_placement(const Board& b, const TileDef& d);

// The core phases' generators.
void placement_moves(const State& s, MoveList& out);     // tile phase
void figure_phase_moves(const State& s, MoveList& out);  // step 2: every room's contribution, then pass
void no_moves(const State& s, MoveList& out);            // game over
// Step-2 contribution of the core: followers on the placed tile's free features
// (BR-03, BR-07, BR-09); only the phantom when phantom_only.
void follower_step2_moves(const State& s, bool phantom_only, MoveList& out);

}  // namespace carc
