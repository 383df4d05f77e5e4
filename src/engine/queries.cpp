#include "engine/queries.hpp"

#include <algorithm>

#include "engine/state.hpp"

namespace carc {

int followers_of(const State& s, int player, std::uint16_t root) {
  int n = 0;
  for (const BoardFigure& f : s.figures())
    if (f.owner == player && is_follower(f.kind) && s.board().find(f.node) == root) ++n;
  return n;
}

int node_of(const Board& b, Pos p, FeatureAddr f) {
  const int t = b.tile_at(p);
  if (t < 0) return -1;
  const int local = b.def(t).find(f, b.tile(t).rot);
  return local < 0 ? -1 : b.node(t, local);
}

std::uint16_t node_at(const Board& b, Pos p, FeatureAddr f) {
  const int t = b.tile_at(p);
  return b.node(t, b.def(t).find(f, b.tile(t).rot));
}

bool contains(const std::vector<std::uint16_t>& v, int node) {
  return node >= 0 && std::find(v.begin(), v.end(), static_cast<std::uint16_t>(node)) != v.end();
}

void add_feature_nodes(const Board& b, std::uint16_t root, std::vector<std::uint16_t>& out) {
  std::uint16_t n = root;
  do {
    out.push_back(n);
    n = b.at(n).next;
  } while (n != root);
}

}  // namespace carc
