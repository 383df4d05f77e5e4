#pragma once
// Rule predicates shared by move generation (movegen.cpp), the legality check
// (legality.cpp) and the turn flow (turn.cpp): who stands where, where a flier
// may land, where a portal leads, what the princess may remove, where a wagon may
// go, and what a crop-circle response may do.
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "engine/state.hpp"

namespace carc {

// Followers of `player` in the merged feature at root (special figures excluded).
int followers_of(const State& s, int player, std::uint16_t root);
// A feature an ordinary placement may take: no follower anywhere along it (BR-03).
bool unoccupied(const State& s, std::uint16_t node);
// Completed, or completed by the tile just placed (BR-02): cities, roads, cloisters, gardens.
bool finished(const State& s, std::uint16_t node);
// Which feature kinds a figure may take in a normal placement under the rules (farmers switch).
bool may_deploy_on(const State& s, FigureKind k, FeatureKind f);

// Flying machines.
std::vector<std::uint16_t> landing_nodes(const State& s, FigureKind kind, Pos target);
bool may_launch(const State& s, FigureKind kind);  // flier on the placed tile, unused, eligible, in supply
std::vector<int> rolls_allowed(const State& s);   // the fixed next roll, or 1..3

// Magic portal: every node off the placed tile a figure of `kind` could take through it (PD-01, PD-02).
std::vector<std::uint16_t> portal_nodes(const State& s, FigureKind kind);
bool portal_open(const State& s);  // the placed tile has an unused portal

// Princess: the knights (and, under V-TB-2, builders) the princess may remove (PD-06, PD-07, V-PD-4).
std::vector<BoardFigure> princess_targets(const State& s);

// Builder and pig: the feature of the placed tile holds a follower of the player (TB-01, TB-11).
bool special_allowed(const State& s, FigureKind kind, std::uint16_t node);

// Wagon reach after scoring (AM-05, AM-06, V-AM-1): target nodes for the first pending wagon.
std::vector<std::uint16_t> wagon_targets(const State& s);

// Crop circles: the feature kind a symbol affects (CC-09), the player's figures of that role,
// and where a crop "add" may put which figure (CC-06, CC-10, CC-18, CC-26, V-CC-2, V-CC-4).
FeatureKind crop_role(CropSymbol symbol);
std::vector<BoardFigure> crop_role_figures(const State& s, int player);
std::vector<std::pair<FigureKind, std::uint16_t>> crop_add_options(const State& s, int player);

}  // namespace carc
