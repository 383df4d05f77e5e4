#pragma once
// Core rule predicates shared by generation, the legality checks, the turn flow
// and the rooms: who stands where, what is finished, and how a located feature
// names a board node.
#include <cstdint>
#include <vector>

#include "engine/board.hpp"
#include "engine/figures.hpp"
#include "engine/state.hpp"

namespace carc {

// Followers of `player` in the merged feature at root (special figures excluded).
int followers_of(const State& s, int player, std::uint16_t root);
// The next three are inline: the rooms' target searches (portal_nodes, landing_nodes) call
// them per board node, and they live in other translation units.
// A feature an ordinary placement may take: no follower anywhere along it (BR-03).
inline bool unoccupied(const State& s, std::uint16_t node) { return !s.occupied(node); }
// Completed, or completed by the tile just placed (BR-02): cities, roads, cloisters, gardens.
inline bool finished(const State& s, std::uint16_t node) { return s.board().complete(s.board().find(node)); }
// Which feature kinds a figure may take in a normal placement under the rules (farmers switch);
// never a tower or an acrobat space: the tower and big-top rooms have their own deployments
// (TO-02 C, TO-04; BT-09).
inline bool may_deploy_on(const State& s, FigureKind k, FeatureKind f) {
  if (f == FeatureKind::Tower || f == FeatureKind::Acrobat || !may_stand_on(k, f)) return false;
  return f != FeatureKind::Field || s.rules().farmers_in_play();
}

// The node a located feature names, or -1.
int node_of(const Board& b, Pos p, FeatureAddr f);
// The node of a located feature known to exist (a move is_legal accepted).
std::uint16_t node_at(const Board& b, Pos p, FeatureAddr f);
bool contains(const std::vector<std::uint16_t>& v, int node);
// Appends every node of the merged feature at root.
void add_feature_nodes(const Board& b, std::uint16_t root, std::vector<std::uint16_t>& out);

}  // namespace carc
