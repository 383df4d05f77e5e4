#pragma once
// Room: the Tower (TO-01..TO-10, FM-34, PH-11, PH-18, PH-19, PH-27, XR-04;
// switches V-TO-1..V-TO-5). Tower floors on foundations anywhere on the board
// (TO-02 A/B), a follower, large follower or phantom on top of an open tower
// (TO-02 C, TO-04), the capture right after a floor (TO-05, TO-06), the
// prisoner exchange (TO-07) and the ransom (TO-08). A figure on top of a tower
// is an ordinary board figure on the tile-wide feature `tower`: it belongs to
// no feature graph, so it never scores and never returns by scoring (TO-09).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/flow.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/position_keys.hpp"
#include "engine/tile.hpp"

namespace carc {

struct RoomWords;

class State;

// One foundation on the board (a tile with the feature `tower`).
struct TowerSite {
  int tile = -1;              // board tile index
  std::uint8_t height = 0;    // floors on it (0: an empty foundation)
  bool closed_empty = false;  // V-TO-2 `no`: its top figure was captured, it stays closed
  friend bool operator==(const TowerSite&, const TowerSite&) = default;
};

// A figure held by another player (TO-05): off the board, out of its owner's supply.
struct Prisoner {
  std::uint8_t holder = 0;
  std::uint8_t owner = 0;
  FigureKind kind = FigureKind::Follower;
  friend bool operator==(const Prisoner&, const Prisoner&) = default;
};

// The tower room's data in State.
struct TowerData {
  std::vector<TowerSite> sites;                // every foundation on the board, in placing order (O(towers) lookups)
  std::vector<int> floors;                     // per seat: floors in hand
  int floors_total = 0;                        // floors in hand + on the board: constant over a game
  std::vector<Prisoner> prisoners;             // one entry per held figure
  bool ransom_paid = false;                    // this turn's ransom (TO-08: once per turn; a double turn is one turn)
  int capture_site = -1;                       // index in sites: a floor was just placed, its capture stage is due
  int exchange_with = -1;                      // the player whose figure was just captured: the exchange stage is due
  FigureKind captured = FigureKind::Follower;  // the kind just captured (exchange) and where it stood
  Pos captured_at;
  FeatureAddr captured_feature;
  friend bool operator==(const TowerData&, const TowerData&) = default;
};

// The room's flag in the position: this turn's ransom is paid (TO-08).
inline constexpr FlagKey kRansomPaidKey{
    1, "ransom_paid", "ransom-paid", "tower", "", 3, false, "this turn's ransom is already paid (TO-08)."};

// The most floors the box holds (30) and the most a player starts with.
inline constexpr int kMaxTowerFloors = 30;
inline constexpr int kMaxFloorsInHand = 10;

// The room's list in the position: the towers, each with at least one of the box's floors.
inline constexpr EntryListKey kTowersKey{
    0, "towers", "tower", "tower", kMaxTowerFloors, "each tower has at least one of the box's 30 floors (TO-01)", 3};

// The room's count in the position: floors in hand per player; a player not named has TO-01's
// number (unlisted -1, setup.hpp kDefaultFloors), and the engine's position always has one per seat.
inline constexpr SeatCountKey kFloorsKey{0,
                                         "floors",
                                         "floors",
                                         "tower",
                                         "floors in hand",
                                         "TO-01",
                                         kMaxFloorsInHand,
                                         kMaxTowerFloors,
                                         -1,
                                         true,
                                         3,
                                         "tower floors in hand per player; a player not listed has TO-01's number."};
// TO-01: floors each player starts with (1 player: 10, JCZ's number).
int default_floors(int players);

// The foundation at p, or null.
const TowerSite* tower_site(const State& s, Pos p);
// The board node of a site's foundation.
std::uint16_t tower_node(const State& s, const TowerSite& site);
// Open: at least one floor, nobody on top, not closed after a capture (V-TO-2).
bool tower_open(const State& s, const TowerSite& site);

// Step 2 (kStep2Sources): a figure on top of every open tower (TO-02 C; the phantom: PH-18),
// and through the portal of the tile just placed (V-TO-5).
void tower_step2_moves(const State& s, bool phantom_only, MoveList& out);
// Step 2 (kStep2Extras): a floor on every empty foundation and open tower (TO-02 A/B).
void floor_step2_moves(const State& s, MoveList& out);
// deploy KIND x,y:tower after the supply checks of check_deploy (node: the named feature or -1).
Reason check_tower_deploy(const State& s, const Move& m, int node);

Reason check_floor(const State& s, const Move& m);
void apply_floor(State& s, const Move& m, std::vector<Event>* ev);
Reason check_capture(const State& s, const Move& m);
void apply_capture(State& s, const Move& m, std::vector<Event>* ev);
Reason check_exchange(const State& s, const Move& m);
void apply_exchange(State& s, const Move& m, std::vector<Event>* ev);
Reason check_ransom(const State& s, const Move& m);
void apply_ransom(State& s, const Move& m, std::vector<Event>* ev);

// Phases capture and exchange (kPhases).
void capture_phase_moves(const State& s, MoveList& out);
Reason check_capture_pass(const State& s);
void apply_capture_pass(State& s, std::vector<Event>* ev);
void exchange_phase_moves(const State& s, MoveList& out);

// In every decision (kDecisionExtras): the active player's ransoms per V-TO-3.
void ransom_moves(const State& s, MoveList& out);

// Stages (kStages): the capture after a floor, the exchange after a capture.
StageResult stage_tower_capture(State& s, std::vector<Event>* ev);
StageResult stage_tower_exchange(State& s, std::vector<Event>* ev);

// The room's invariants (handover §5); empty when they hold.
std::string tower_invariants(const State& s);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& tower_words();

}  // namespace carc
