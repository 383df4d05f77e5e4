#pragma once
// Room: the builder and the pig (TB-*, V-TB-*). Owns their deployments among
// the step-2 options, the builder's trigger and double turn (the stages
// "builder immediate" and "builder second tile"), and the release of a player's
// builder and pig when no follower of theirs is left in the feature.
#include <cstdint>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/flow.hpp"
#include "engine/move.hpp"
#include "engine/position_keys.hpp"

namespace carc {

// The room's part of the position: the turn is on the builder's second tile (TB-05; no
// further double turn).
inline constexpr FlagKey kSecondTileKey{
    0, "second_tile", "second-tile", "builder", "the builder's second tile", 1, true, ""};

struct RoomWords;

class State;

// The feature at node holds a follower of the player to act (TB-01, TB-11).
bool special_allowed(const State& s, FigureKind kind, std::uint16_t node);
// BR-11 (V-TB-3 `forbidden`): a builder may not join the feature at root, which the tile just
// placed completed.
bool builder_refused_on_completed(const State& s, FigureKind kind, std::uint16_t root);
// TB-04: the tile at tile_index extends a road or city holding the active player's builder.
bool extends_builder(const State& s, int tile_index);
// Returns a player's builder and pig from a feature where that player has no follower left (TB-03, TB-13).
void release_specials(State& s, int player, std::uint16_t root, std::vector<Event>* ev);
// Step-2 contribution: builder and pig on the placed tile.
void builder_pig_step2_moves(const State& s, MoveList& out);
// Stage "builder immediate" (V-TB-1 "immediately": both parts score together at the end).
StageResult stage_builder_immediate(State& s, std::vector<Event>* ev);
// Stage "builder second tile" (TB-05: after the first part's scoring and step 4, CC-15).
StageResult stage_builder_second_tile(State& s, std::vector<Event>* ev);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& builder_pig_words();

}  // namespace carc
