#pragma once
// Room: the castles of Bridges, Castles & Bazaars (BC-01..BC-13; switch V-BC-2).
// A completed town (two one-edge city segments on two tiles, BC-02) holding one
// follower may be covered by one of its owner's castles at the start of step 3
// instead of being scored (BC-03, BC-04): a decision of the town's owner,
// `castle x,y:city{..}` or `pass`. The castle is no city any more (BC-05): its
// occupant stays on the town's node, which is complete, so no placement, portal
// or flight reaches it; the crop-circle action and the dragon leave it alone
// (CC-28, BC-13). In a later turn the first feature completed in its vicinity
// (6 tiles, BC-06) pays the occupant that feature's points (BC-07; the highest
// when several complete at once, BC-08; castles scoring count for other castles,
// BC-09); the occupant goes home, the token stays. Unscored castles give 0 at the
// end (BC-10); a field touching a castle counts it 1 point above a city (BC-11).
// Bazaars are not modelled (BC-16); the bridges are a room of their own (bridges.hpp). A castle's
// occupant counts for the big top from either castle tile (BC-14, big_top.cpp).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/events.hpp"
#include "engine/flow.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/position_keys.hpp"

namespace carc {

struct RoomWords;
class State;

// One castle on the board: the town it covers (two board tiles) and whose it is.
struct Castle {
  std::uint16_t town = 0;  // a node of the covered town (the segment on tile_a)
  int tile_a = -1;         // board tile indices of the two halves
  int tile_b = -1;
  std::uint8_t owner = 0;  // the castle token's owner (its occupant's, when built)
  bool scored = false;     // its occupant scored and went home (BC-07); the token stays
  int built_turn = 0;      // the turn it was built (0: before the position); it scores only later (BC-09)
  friend bool operator==(const Castle&, const Castle&) = default;
};

// The castles room's data in State.
struct CastleData {
  std::vector<int> in_hand;             // per seat: castle tokens in hand (BC-01)
  std::vector<Castle> castles;          // on the board, in building order
  std::vector<std::uint16_t> declined;  // towns of this step 3 whose owner chose to score them
  int pending = -1;                     // phase castle: a node of the town being decided
  friend bool operator==(const CastleData&, const CastleData&) = default;
};

// BC-01: castles each player starts with (3 with 2-4 players, 2 with 5-6).
int default_castles(int players);
inline constexpr int kMaxCastlesInHand = 3;

// BC-01: the box holds 12 castles.
inline constexpr int kCastlesInBox = 12;
// The room's list in the position: the castles on the board.
inline constexpr EntryListKey kCastlesKey{
    1, "castles", "castle", "castles", kCastlesInBox, "the box holds 12 castles (BC-01)", 8};

// The room's count in the position: castles in hand per player (BC-01: 12 in the box); any entry
// brings castles into the game, a player not named then holds none.
inline constexpr SeatCountKey kCastleTokensKey{
    1,
    "castle_tokens",
    "castle-tokens",
    "castles",
    "castles in hand",
    "BC-01",
    kMaxCastlesInHand,
    kCastlesInBox,
    0,
    false,
    8,
    "castles in hand per player (BC-01); any entry brings castles into the game, a player not listed then has 0. "
    "Absent: no castles in this game."};

// The castle covering the feature at node, or null.
const Castle* castle_at(const State& s, std::uint16_t node);
inline bool in_castle(const State& s, std::uint16_t node) { return castle_at(s, node) != nullptr; }
// Whether the completed city at root is a town (BC-02): two castle-base segments on two tiles.
bool is_town(const State& s, std::uint16_t root);
// The 6 squares of a castle's vicinity (BC-06).
std::vector<Pos> castle_vicinity(const State& s, const Castle& c);
// The castle's address as a located feature: the town's segment on tile_b (the later tile).
std::pair<Pos, FeatureAddr> castle_address(const State& s, const Castle& c);

Reason check_castle(const State& s, const Move& m);
void apply_castle(State& s, const Move& m, std::vector<Event>* ev);

// Phase castle (kPhases): convert the pending town, or pass (it is scored).
void castle_phase_moves(const State& s, MoveList& out);
Reason check_castle_pass(const State& s);
void apply_castle_pass(State& s, std::vector<Event>* ev);

// Stage `castles` (kStages), right before step-3 scoring (BC-04).
StageResult stage_castles(State& s, std::vector<Event>* ev);

// Scoring hook: the features completed by a tile this step 3 (roots, before their figures return)
// pay the occupied castles of earlier turns in whose vicinity they lie (BC-07..BC-09, BC-12).
void castles_score(State& s, const std::vector<std::uint16_t>& completed, std::vector<Event>* ev);
// Farmer scoring: how many of these completed cities are castles (BC-11: each is worth 1 more).
int castles_among(const State& s, const std::vector<std::uint16_t>& cities);

std::string castles_invariants(const State& s);

const RoomWords& castles_words();

}  // namespace carc
