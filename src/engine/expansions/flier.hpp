#pragma once
// Room: flying machines (Flier tiles; rulings FM-*, V-FM-*). Owns the verbs
// `fly KIND ROLL` and `land x,y:FEATURE`, the landing phase, the flights among
// the step-2 options, and the flight in progress.
#include <optional>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"

namespace carc {

struct RoomWords;
struct TileDef;

class State;

// The flight in progress (landing phase): the figure and the tile it lands on.
struct FlightInProgress {
  FigureKind figure = FigureKind::Follower;
  Pos landing;
  friend bool operator==(const FlightInProgress&, const FlightInProgress&) = default;
};

// FM-05..FM-13: the tile a flight with `roll` from the placed tile ends on (no value
// without a flier), and the features a figure of `kind` could land on there (empty: a crash).
std::optional<Pos> flight_target(const State& s, int roll);
std::vector<std::uint16_t> landing_nodes(const State& s, FigureKind kind, Pos target);
std::vector<FeatureAddr> landing_options(const State& s, FigureKind kind, Pos target);
// A flier on the placed tile, unused, the kind eligible and in supply.
// FM-36 (V-FM-11, V-FM-12): may this figure be put normally on tile d (no restriction unless
// d has a flying machine and the C3.1 text applies)?
bool flier_tile_allows(const State& s, const TileDef& d, FigureKind kind);
bool may_launch(const State& s, FigureKind kind);
// The fixed next roll, or 1..3.
std::vector<int> rolls_allowed(const State& s);

// Step-2 contribution: `fly` moves for each eligible kind (only the phantom when phantom_only).
void flier_step2_moves(const State& s, bool phantom_only, MoveList& out);
// Landing phase: every `land` move (FM-07: no pass).
void landing_moves(const State& s, MoveList& out);
// Independent checks of `fly` and `land`.
Reason check_fly(const State& s, const Move& m);
Reason check_land(const State& s, const Move& m);
// Apply steps: a launch (the landing phase, or a crash that ends the action) and a landing.
void apply_fly(State& s, const Move& m, std::vector<Event>* ev);
void apply_land(State& s, const Move& m, std::vector<Event>* ev);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& flier_words();

}  // namespace carc
