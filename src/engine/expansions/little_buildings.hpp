#pragma once
// Room: Little Buildings (LB-01 … LB-06, PH-12; switches V-LB-1, V-LB-2). Each player has
// building tokens (tower, house, shed) dealt at the start (V-LB-2). Instead of placing a
// follower, a player may put one building on the tile just placed, as the step-2 action
// (LB-02); it belongs to the whole tile, is no figure and stays to the end. When a road, city,
// cloister or field is scored, during the game or at the end, each building on a tile of it
// (for a cloister: its tile and the 8 around) adds 1 point (V-LB-1 `3/2/1`: tower 3, house 2,
// shed 1) to the feature's value for every player who scores it (LB-04, LB-05). The phantom may
// follow a building (PH-12).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/events.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/position_keys.hpp"

namespace carc {

struct RoomWords;

class State;

enum class BuildingKind : std::uint8_t { Tower, House, Shed };
inline constexpr int kBuildingKinds = 3;

// The room's list in the position: the buildings on tiles (LB-01: 18 tokens in the box).
inline constexpr EntryListKey kBuildingsKey{
    3, "buildings", "building", "little-buildings", 18, "the box holds 18 buildings (LB-01)", 8};
std::string_view building_name(BuildingKind k);
bool parse_building(std::string_view s, BuildingKind& out);

struct PlacedBuilding {
  Pos pos;
  BuildingKind kind = BuildingKind::Tower;
  friend bool operator==(const PlacedBuilding&, const PlacedBuilding&) = default;
};

// The room's data in State: in play or not, the tokens in hand per seat, the buildings on tiles.
struct LittleBuildingsData {
  bool in_play = false;
  std::vector<std::array<std::uint8_t, kBuildingKinds>> supply;  // per seat
  std::vector<PlacedBuilding> placed;                            // in placing order, one per tile
  friend bool operator==(const LittleBuildingsData&, const LittleBuildingsData&) = default;
};

// The start of a game (V-LB-2): `even-total` shares the 18 tokens evenly (6 of each kind dealt
// tower, house, shed in turn, seat by seat, until each seat has 18 / players; the rest back in
// the box); `per-type` gives each seat 6 / players of each kind.
std::vector<std::array<std::uint8_t, kBuildingKinds>> deal_buildings(int players, bool per_type);

// Step 2 (kStep2Extras): a building of each kind in hand on the tile just placed.
void building_step2_moves(const State& s, MoveList& out);
Reason check_building(const State& s, const Move& m);
void apply_building(State& s, const Move& m, std::vector<Event>* ev);

// Scoring (scoring.cpp): the points the buildings add to the feature at root (LB-04, LB-05).
int building_points(const State& s, std::uint16_t root);

// The room's invariants; empty when they hold.
std::string little_buildings_invariants(const State& s);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& little_buildings_words();

}  // namespace carc
