#pragma once
// Room: the dragon, the volcano and the fairy of The Princess & the Dragon (PD-12 … PD-43,
// PH-28, XR-03, FM-39, TO-12; switches V-PD-3, V-PD-5 … V-PD-11). One room for both pieces:
// the fairy's one rule beyond its points is the dragon's barrier (PD-22), the dragon's move
// reads the fairy's square at every step, and both are neutral pieces on tiles with the same
// lifetime in a game (oracle/PROTOCOL.md §13).
//
// The dragon is beside the board until the first volcano tile (PD-17); a dragon tile drawn
// before that is set aside (PD-16) and goes back at the end of the pile at the first volcano.
// A dragon tile placed with the dragon in play sets off a move of up to six steps, one per
// player in seat order from the active player (PD-18 … PD-22), before step-3 scoring or after
// the wagons (V-PD-3); every figure on an entered tile is eaten (PD-23, PD-25).
// The fairy moves as a step-2 action next to one of the mover's followers (its host), or onto
// a tile under V-PD-5 `on-tile`; it earns 1 point at its host's owner's turn start and 3 when
// the host's feature scores (PD-35, PD-36), and the dragon never enters its tile.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/flow.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/tile.hpp"

namespace carc {

struct RoomWords;

class State;

// Where the fairy is: not in this game, beside the board (not yet moved), or on a tile.
enum class FairyPlace : std::uint8_t { Absent, Beside, OnTile };

// The room's data in State.
struct DragonFairyData {
  bool dragon_in_play = false;  // a volcano tile is on the board (PD-17)
  Pos dragon;                   // its tile, when in play
  FairyPlace fairy = FairyPlace::Absent;
  Pos fairy_pos;                      // its tile, when OnTile
  bool has_host = false;              // next-to-follower: the follower it stands next to
  BoardFigure host;                   //   (owner, kind, node); dropped when that figure leaves
  std::vector<TileTypeId> set_aside;  // dragon tiles drawn before the dragon came into play (PD-16)
  bool dragon_pending = false;        // a dragon tile was placed with the dragon in play: a move is due
  std::vector<Pos> dragon_path;       // during a move: the tiles stood on, start first (1..7 entries)
  friend bool operator==(const DragonFairyData&, const DragonFairyData&) = default;
};

// The steps of one dragon move (PD-18).
inline constexpr int kDragonSteps = 6;

// Whether no figure may go onto the board tile t now, and why (PD-12, PD-13; V-PD-10, V-PD-11):
// Ok, VolcanoTile or DragonTile. Every deployment route asks it (normal, phantom, portal, tower
// top, flier landing, wagon move, crop-circle addition).
Reason tile_closed_to_figures(const State& s, int t);

// The draw (PD-16): true when the drawn tile is a dragon tile to set aside now.
bool sets_aside(const State& s, TileTypeId t);
// Whether the dragon leaves the figure at `node` where it stands when it enters its tile: a
// castle's occupant (BC-13, PD-24), and a figure on top of a tower under dragon-eats-tower-top
// `no` (V-PD-12). Such a figure may stand on the dragon's tile under dragon-tile-deployment
// `forbidden` too: no deployment put it there.
bool dragon_spares(const State& s, std::uint16_t node);
// After a tile was placed (PD-17): the dragon onto a volcano (the set-aside tiles back into the
// pile), or a dragon move due for a dragon tile.
void dragon_after_place(State& s, int t, std::vector<Event>* ev);
// A figure left the board (scored, removed, captured, eaten, moved): the fairy loses its host.
void fairy_figure_left(State& s, const BoardFigure& f);

// Step 2 (kStep2Extras): the fairy moves.
void fairy_step2_moves(const State& s, MoveList& out);
Reason check_fairy(const State& s, const Move& m);
void apply_fairy(State& s, const Move& m, std::vector<Event>* ev);

// Phase dragon (kPhases): the steps open to the player whose step it is; no pass (PD-18).
void dragon_phase_moves(const State& s, MoveList& out);
Reason check_dragon_step(const State& s, const Move& m);
void apply_dragon_step(State& s, const Move& m, std::vector<Event>* ev);

// Stages (kStages): the dragon's move before step-3 scoring (V-PD-3 before-scoring) or after the
// wagons (after-scoring).
StageResult stage_dragon_before_scoring(State& s, std::vector<Event>* ev);
StageResult stage_dragon_after_scoring(State& s, std::vector<Event>* ev);

// The fairy's points: at the start of the active player's turn (PD-35), and when the feature at
// root is scored (PD-36; final scoring per V-PD-8), added before its figures return.
void fairy_turn_start(State& s, std::vector<Event>* ev);
void fairy_feature_scored(State& s, std::uint16_t root, bool final_scoring, std::vector<Event>* ev);

// The room's invariants (handover §5); empty when they hold.
std::string dragon_fairy_invariants(const State& s);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& dragon_fairy_words();

}  // namespace carc
