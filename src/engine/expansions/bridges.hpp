#pragma once
// Room: the bridges of Bridges, Castles & Bazaars (BC-15; oracle/research/castles-bridges.md).
// Each player has 3 bridges (2 with 5 or 6 players). After placing a tile a player may build
// one bridge per turn, in addition to step 2 (phase bridge: `bridge x,y:road{N,S}` or `pass`),
// on the tile just placed or an orthogonal neighbour, straight across from one field edge to
// the opposite one, never on a tile that has one. The bridge is a road on that tile (the board
// reads the tile as its definition plus the road, Board::add_bridge): its ends are road edges
// for matching, it joins the roads it meets, and it cuts no field or city. A new bridge's end
// faces an empty square or a road edge (DERIVED). A tile whose road meets a field edge (or
// whose field edge meets a road) may be placed when one bridge built in the same turn makes
// every edge match: that placement carries the bridge, `place TILE x,y ROT bridge
// x,y:road{..}` (and the bridge phase is then skipped: one per turn). A bridge on the tile
// just placed takes figures like any road of it; it scores as a road (a tile counts once).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/events.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/position_keys.hpp"

namespace carc {

struct RoomWords;
struct TileDef;
class State;

// The bridges room's data in State.
struct BridgeData {
  std::vector<int> in_hand;  // per seat: bridges in hand; empty: no bridges in this game (BC-15)
  int built_turn = 0;        // the turn a bridge was last built (one per turn; 0: none)
  friend bool operator==(const BridgeData&, const BridgeData&) = default;
};

// The room's flag in the position: a bridge was built this turn (one per turn, BC-15).
inline constexpr FlagKey kBridgeBuiltKey{
    2, "bridge_built", "bridge-built", "bridges", "", 10, false, "a bridge was built this turn (one per turn, BC-15)."};

// BC-15: bridges each player starts with (3 with 2-4 players, 2 with 5-6).
int default_bridges(int players);
inline constexpr int kMaxBridgesInHand = 3;

// BC-15: 3 bridges each for 2-4 players, 2 for 5-6: the box holds 12.
inline constexpr int kBridgesInBox = 12;
// The room's list in the position: the bridges on the board.
inline constexpr EntryListKey kBridgesKey{
    2, "bridges", "bridge", "bridges", kBridgesInBox, "the box holds 12 bridges (BC-15)", 10};

// The room's count in the position: bridges in hand per player (BC-15: 3 each for 2-4 players,
// 2 for 5-6, so 12 in the box); any entry brings bridges into the game, a player not named then
// holds none.
inline constexpr SeatCountKey kBridgeTokensKey{
    2,
    "bridge_tokens",
    "bridge-tokens",
    "bridges",
    "bridges in hand",
    "BC-15",
    kMaxBridgesInHand,
    kBridgesInBox,
    0,
    false,
    10,
    "bridges in hand per player (BC-15); any entry brings bridges into the game, a player not listed then has 0. "
    "Absent: no bridges in this game."};
inline constexpr std::uint8_t kBridgeNS = 0b0101, kBridgeEW = 0b1010;

// The active player may still build a bridge this turn (one in hand, none built this turn).
bool may_build_bridge(const State& s);
// Whether a bridge across the edges of mask on the tile at host may be built now, after the
// placement (phase bridge): Ok or the reason it may not.
Reason bridge_spot(const State& s, Pos host, FeatureAddr road);
// Whether tile d at p with rotation rot fits once a bridge across mask is built on the tile at host
// (host == p: on the tile itself) while it does not fit without one (BC-15 item 7).
Reason bridged_fit(const State& s, const TileDef& d, Pos p, int rot, Pos host, std::uint8_t mask);
// Whether the tile fits somewhere only with a bridge the active player may build (the draw, BG-03).
bool bridge_placement_exists(const State& s, const TileDef& d);

// The placement carrying a bridge (check_place hands it here after its own checks).
Reason check_bridged_place(const State& s, const Move& m);
// The phase tile's placements that need a bridge (appended to placement_moves).
void bridge_placement_moves(const State& s, MoveList& out);
// After a placement without a bridge: the bridge phase when a bridge may be built.
void bridge_after_place(State& s);

Reason check_bridge(const State& s, const Move& m);
void apply_bridge(State& s, const Move& m, std::vector<Event>* ev);
// Builds the bridge (both the bridge move and the placement carrying one).
void build_bridge(State& s, Pos host, FeatureAddr road, std::vector<Event>* ev);

// Phase bridge (kPhases): a bridge, or pass (no bridge this turn); then step 2.
void bridge_phase_moves(const State& s, MoveList& out);
Reason check_bridge_pass(const State& s);
void apply_bridge_pass(State& s, std::vector<Event>* ev);

std::string bridges_invariants(const State& s);

const RoomWords& bridges_words();

}  // namespace carc
