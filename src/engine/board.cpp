#include "engine/board.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <string>

#include "engine/limits.hpp"

namespace carc {

std::size_t Board::slot_of(Pos p) const {
  // Fibonacci hashing: the packed position times 2^64/phi, top bits. Neighbouring
  // positions spread over the table; the former xor of scaled coordinates put
  // them in long runs, so a lookup read 2.2 slots at 40 tiles and 4.3 at 70 (issue 14).
  const std::uint64_t key = std::uint64_t{static_cast<std::uint32_t>(p.x)} << 32 | static_cast<std::uint32_t>(p.y);
  return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ull) >> (64 - std::countr_zero(index_.size())));
}

Pos Board::entry_pos(std::int16_t entry) const {
  return entry >= 0 ? tiles_[static_cast<std::size_t>(entry)].pos : frontier_[frontier_of(entry)].pos;
}

std::size_t Board::find_slot(Pos p) const {
  std::size_t s = slot_of(p);
  while (index_[s] != kEmptySlot && entry_pos(index_[s]) != p) s = (s + 1) & (index_.size() - 1);
  return s;
}

int Board::tile_at(Pos p) const {
  const std::int16_t entry = index_[find_slot(p)];
  return entry >= 0 ? entry : -1;  // an empty slot or a frontier cell
}

void Board::reserve_slots(std::size_t extra) {
  const std::size_t used = tiles_.size() + frontier_.size() + extra;
  if (used * 2 <= index_.size()) return;
  std::size_t size = index_.size();
  while (used * 2 > size) size *= 2;
  index_.assign(size, kEmptySlot);
  for (std::size_t i = 0; i < tiles_.size(); ++i) index_[find_slot(tiles_[i].pos)] = static_cast<std::int16_t>(i);
  for (std::size_t i = 0; i < frontier_.size(); ++i) index_[find_slot(frontier_[i].pos)] = frontier_entry(i);
}

void Board::constrain(Pos q, int e, EdgeType type) {
  const std::size_t slot = find_slot(q);
  if (index_[slot] >= 0) return;  // a tile: no frontier cell
  if (index_[slot] == kEmptySlot) {
    index_[slot] = frontier_entry(frontier_.size());
    frontier_.push_back(FrontierCell{q});
  }
  FrontierCell& c = frontier_[frontier_of(index_[slot])];
  c.want = static_cast<std::uint8_t>(c.want | static_cast<unsigned>(type) << (2 * e));
  c.care = static_cast<std::uint8_t>(c.care | 3u << (2 * e));
}

PlaceCheck Board::check(const TileDef& d, Pos p, int rot) const {
  if (tile_at(p) >= 0) return PlaceCheck::Occupied;
  if (tiles_.empty()) return PlaceCheck::Ok;
  bool touching = false;
  for (int e = 0; e < 4; ++e) {
    const int n = tile_at(neighbour(p, e));
    if (n < 0) continue;
    touching = true;
    const PlacedTile& nt = tiles_[static_cast<std::size_t>(n)];
    if (d.edge_at(rot, e) != def(n).edge_at(nt.rot, opposite(e))) return PlaceCheck::EdgeMismatch;
  }
  return touching ? PlaceCheck::Ok : PlaceCheck::NotAdjacent;
}

int Board::place(TileTypeId type, Pos p, int rot) {
  const TileDef& d = (*catalog_)[type];
  assert(tiles_.size() < static_cast<std::size_t>(kMaxTiles) &&
         "positions are bounded (limits.hpp): indexes never wrap");
  reserve_slots(5);  // the tile, and at most four new frontier cells
  const int index = static_cast<int>(tiles_.size());
  PlacedTile pt;
  pt.type = type;
  pt.rot = static_cast<std::uint8_t>(rot);
  pt.pos = p;
  pt.nfeatures = static_cast<std::uint8_t>(d.features.size());
  pt.first_node = static_cast<std::uint16_t>(nodes_.size());
  tiles_.push_back(pt);
  for (std::size_t i = 0; i < d.features.size(); ++i) {
    FeatureNode n;
    n.parent = n.next = static_cast<std::uint16_t>(nodes_.size());
    n.kind = d.features[i].kind;
    n.local = static_cast<std::uint8_t>(i);
    n.tile = static_cast<std::uint16_t>(index);
    n.pennants = d.features[i].pennants;
    if (uses_edges(n.kind)) n.open = static_cast<std::uint16_t>(std::popcount(d.features[i].mask));
    nodes_.push_back(n);
  }
  // p leaves the frontier (the first tile stands on none): the last cell fills its place.
  const std::size_t slot = find_slot(p);
  if (index_[slot] != kEmptySlot) {
    const std::size_t i = frontier_of(index_[slot]), last = frontier_.size() - 1;
    if (i != last) {
      index_[find_slot(frontier_[last].pos)] = frontier_entry(i);
      frontier_[i] = frontier_[last];
    }
    frontier_.pop_back();
  }
  index_[slot] = static_cast<std::int16_t>(index);
  for (int e = 0; e < 4; ++e) constrain(neighbour(p, e), opposite(e), d.edge_at(rot, e));
  for_each_join(d, p, rot, [&](int mine, std::uint16_t theirs, bool across_edge) {
    const auto a = node(index, mine);
    merge(a, theirs);
    if (across_edge) nodes_[find(a)].open = static_cast<std::uint16_t>(nodes_[find(a)].open - 2);
  });
  return index;
}

std::uint32_t Board::occupied_after(const TileDef& d, Pos p, int rot) const {
  // Union-find over the tile's own features: two join when they touch the same board feature.
  std::array<std::uint8_t, kMaxTileFeatures> up{};
  for (std::size_t i = 0; i < up.size(); ++i) up[i] = static_cast<std::uint8_t>(i);
  const auto top = [&](int i) {
    while (up[static_cast<std::size_t>(i)] != i) i = up[static_cast<std::size_t>(i)];
    return i;
  };
  std::array<std::uint16_t, 12> roots{};  // at most 4 edges x (city or road, two half-edges)
  std::array<std::uint8_t, 12> locals{};
  std::size_t joins = 0;
  std::uint32_t touching = 0;  // locals touching an occupied feature themselves
  for_each_join(d, p, rot, [&](int local, std::uint16_t theirs, bool) {
    const std::uint16_t root = find(theirs);
    for (std::size_t i = 0; i < joins; ++i)
      if (roots[i] == root) up[static_cast<std::size_t>(top(locals[i]))] = static_cast<std::uint8_t>(top(local));
    roots[joins] = root;
    locals[joins++] = static_cast<std::uint8_t>(local);
    if (nodes_[root].occupants > 0) touching |= 1u << local;
  });
  const int n = static_cast<int>(d.features.size());
  std::uint32_t occupied_tops = 0, out = 0;
  for (int i = 0; i < n; ++i)
    if (touching & (1u << i)) occupied_tops |= 1u << top(i);
  for (int i = 0; i < n; ++i)
    if (occupied_tops & (1u << top(i))) out |= 1u << i;
  return out;
}

bool Board::add_bridge(int tile_index, std::uint8_t board_mask) {
  PlacedTile& t = tiles_[static_cast<std::size_t>(tile_index)];
  if (t.bridge >= 0 || (board_mask != 0b0101 && board_mask != 0b1010)) return false;
  const TileDef& base = (*catalog_)[t.type];
  if (base.features.size() >= static_cast<std::size_t>(kMaxTileFeatures)) return false;
  for (int e = 0; e < 4; ++e)
    if ((board_mask & (1u << e)) && base.edge_at(t.rot, e) != EdgeType::Field) return false;
  // The road at rotation 0: board edge e shows the tile's edge (e - rot) mod 4.
  std::string road = "road{";
  bool first = true;
  for (int local_edge = 0; local_edge < 4; ++local_edge)
    if (board_mask & (1u << ((local_edge + t.rot) & 3))) {
      road += (first ? "" : ",") + std::string(edge_name(local_edge));
      first = false;
    }
  road += "}";
  std::vector<std::string> specs = tile_specs(base);
  specs.push_back(road);
  auto made = make_tile(base.id, specs);
  if (!made || made->features.size() != base.features.size() + 1) return false;
  made->letter = base.letter;
  made->jcz = base.jcz;
  assert(nodes_.size() < 0xFFFF && "positions are bounded (limits.hpp)");
  t.bridge = static_cast<std::int16_t>(bridged_.size());
  bridged_.push_back(std::make_shared<const TileDef>(std::move(*made)));
  t.bridge_node = static_cast<std::uint16_t>(nodes_.size());
  FeatureNode n;
  n.parent = n.next = t.bridge_node;
  n.kind = FeatureKind::Road;
  n.local = t.nfeatures;
  n.tile = static_cast<std::uint16_t>(tile_index);
  n.open = 2;
  nodes_.push_back(n);
  const Pos p = t.pos;
  const std::uint16_t bridge_node = t.bridge_node;
  for (int e = 0; e < 4; ++e) {
    if (!(board_mask & (1u << e))) continue;
    const Pos q = neighbour(p, e);
    const int nb = tile_at(q);
    if (nb < 0) {
      constrain(q, opposite(e), EdgeType::Road);  // a field edge wanted before (0): now a road
      continue;
    }
    const int theirs =
        def(nb).edge_feature[tiles_[static_cast<std::size_t>(nb)].rot][static_cast<std::size_t>(opposite(e))];
    if (theirs < 0 || nodes_[node(nb, theirs)].kind != FeatureKind::Road) continue;  // the caller refuses this
    merge(bridge_node, node(nb, theirs));
    nodes_[find(bridge_node)].open = static_cast<std::uint16_t>(nodes_[find(bridge_node)].open - 2);
  }
  return true;
}

FeatureAddr Board::bridge_at(int tile_index) const {
  const PlacedTile& t = tiles_[static_cast<std::size_t>(tile_index)];
  if (t.bridge < 0) return FeatureAddr{FeatureKind::Road, 0};
  return def(tile_index).address(t.nfeatures, t.rot);
}

void Board::merge(std::uint16_t a, std::uint16_t b) {
  a = find(a);
  b = find(b);
  if (a == b) return;
  if (nodes_[a].size < nodes_[b].size) std::swap(a, b);
  FeatureNode& ra = nodes_[a];
  FeatureNode& rb = nodes_[b];
  rb.parent = a;
  ra.size = static_cast<std::uint16_t>(ra.size + rb.size);
  ra.open = static_cast<std::uint16_t>(ra.open + rb.open);
  ra.pennants = static_cast<std::uint16_t>(ra.pennants + rb.pennants);
  ra.occupants = static_cast<std::uint16_t>(ra.occupants + rb.occupants);
  std::swap(ra.next, rb.next);  // splice the two circular member lists
}

int Board::neighbours_present(Pos p) const {
  int n = 0;
  for (const Pos off : kRingOffset) n += tile_at(p + off) >= 0;
  return n;
}

bool Board::complete(std::uint16_t root) const {
  const FeatureNode& r = nodes_[root];
  switch (r.kind) {
    case FeatureKind::City:
    case FeatureKind::Road:
      return r.open == 0;
    case FeatureKind::Cloister:
    case FeatureKind::Garden:
      return neighbours_present(tiles_[r.tile].pos) == 8;
    default:
      return false;
  }
}

int Board::tiles_in(std::uint16_t root) const {
  // Members of one feature on the same tile are few; a small sorted buffer suffices.
  std::vector<std::uint16_t> seen;
  std::uint16_t n = root;
  do {
    seen.push_back(nodes_[n].tile);
    n = nodes_[n].next;
  } while (n != root);
  std::sort(seen.begin(), seen.end());
  return static_cast<int>(std::unique(seen.begin(), seen.end()) - seen.begin());
}

std::vector<std::uint16_t> Board::adjacent_completed_cities(std::uint16_t field_root) const {
  std::vector<std::uint16_t> out;
  std::uint16_t n = field_root;
  do {
    const FeatureNode& fn = nodes_[n];
    const TileDef& d = def(fn.tile);
    const auto adj = d.features[fn.local].adjacent_cities;
    for (int c = 0; c < kMaxTileFeatures; ++c) {
      if (!(adj & (1u << c))) continue;
      const auto croot = find(node(fn.tile, c));
      if (complete(croot)) out.push_back(croot);
    }
    n = fn.next;
  } while (n != field_root);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

FeatureAddr Board::node_addr(std::uint16_t n) const {
  const FeatureNode& fn = nodes_[n];
  return def(fn.tile).address(fn.local, tiles_[fn.tile].rot);
}

void Board::requirements(Pos p, std::uint8_t& want, std::uint8_t& care) const {
  unsigned w = 0, c = 0;
  for (int e = 0; e < 4; ++e) {
    const int n = tile_at(neighbour(p, e));
    if (n < 0) continue;
    const PlacedTile& nt = tiles_[static_cast<std::size_t>(n)];
    w |= static_cast<unsigned>(def(n).edge_at(nt.rot, opposite(e))) << (2 * e);
    c |= 3u << (2 * e);
  }
  want = static_cast<std::uint8_t>(w);
  care = static_cast<std::uint8_t>(c);
}

std::string Board::check_invariants() const {
  // Every node's root is a root; roots' sizes and open counts match a recount.
  std::vector<int> size(nodes_.size(), 0);
  std::vector<int> open(nodes_.size(), 0);
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const auto r = find(static_cast<std::uint16_t>(i));
    if (nodes_[r].kind != nodes_[i].kind) return "feature node " + std::to_string(i) + " merged with another kind";
    ++size[r];
    const FeatureNode& fn = nodes_[i];
    if (!uses_edges(fn.kind)) continue;
    const PlacedTile& t = tiles_[fn.tile];
    const auto mask = def(fn.tile).address(fn.local, t.rot).mask;
    for (int e = 0; e < 4; ++e)
      if ((mask & (1u << e)) && tile_at(neighbour(t.pos, e)) < 0) ++open[r];
  }
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].parent != i) continue;
    if (size[i] != nodes_[i].size) return "feature size mismatch at node " + std::to_string(i);
    if (uses_edges(nodes_[i].kind) && open[i] != nodes_[i].open)
      return "open-edge count mismatch at node " + std::to_string(i) + ": stored " + std::to_string(nodes_[i].open) +
             ", counted " + std::to_string(open[i]);
    int listed = 0;
    std::uint16_t n = static_cast<std::uint16_t>(i);
    do {
      ++listed;
      n = nodes_[n].next;
    } while (n != i && listed <= static_cast<int>(nodes_.size()));
    if (listed != size[i]) return "member list broken at node " + std::to_string(i);
  }
  for (std::size_t i = 0; i < tiles_.size(); ++i)
    if (tile_at(tiles_[i].pos) != static_cast<int>(i)) return "position index broken at " + to_string(tiles_[i].pos);
  // Across every shared edge the features meet: cities and roads edge to edge, fields half to half.
  for (std::size_t i = 0; i < tiles_.size(); ++i) {
    const PlacedTile& t = tiles_[i];
    const TileDef& d = def(static_cast<int>(i));
    for (int e = 0; e < 4; ++e) {
      const int n = tile_at(neighbour(t.pos, e));
      if (n < 0) continue;
      const PlacedTile& nt = tiles_[static_cast<std::size_t>(n)];
      const TileDef& nd = def(n);
      const int mine = d.edge_feature[t.rot][static_cast<std::size_t>(e)];
      if (mine >= 0 && find(node(static_cast<int>(i), mine)) !=
                           find(node(n, nd.edge_feature[nt.rot][static_cast<std::size_t>(opposite(e))])))
        return "features not joined across the " + std::string(edge_name(e)) + " edge of " + to_string(t.pos);
      if (d.edge_at(t.rot, e) == EdgeType::City) continue;
      for (int side = 0; side < 2; ++side) {
        const int h = 2 * e + side;
        if (find(node(static_cast<int>(i), d.half_feature[t.rot][static_cast<std::size_t>(h)])) !=
            find(node(n, nd.half_feature[nt.rot][static_cast<std::size_t>(facing_half(h))])))
          return "fields not joined across half-edge " + std::string(half_name(h)) + " of " + to_string(t.pos);
      }
    }
  }
  // The frontier: each cell indexed under its own position, empty, next to the board, with
  // the requirements its neighbours set; every empty edge-neighbour of a tile is a cell.
  for (std::size_t i = 0; i < frontier_.size(); ++i) {
    const FrontierCell& c = frontier_[i];
    if (index_[find_slot(c.pos)] != frontier_entry(i))
      return "frontier cell " + to_string(c.pos) + " not indexed (or twice)";
    std::uint8_t want = 0, care = 0;
    requirements(c.pos, want, care);
    if (care == 0) return "frontier has a stale position " + to_string(c.pos);
    if (want != c.want || care != c.care) return "frontier requirements stale at " + to_string(c.pos);
  }
  for (const PlacedTile& t : tiles_)
    for (int e = 0; e < 4; ++e) {
      const Pos q = neighbour(t.pos, e);
      if (index_[find_slot(q)] == kEmptySlot) return "frontier misses " + to_string(q);
    }
  return {};
}

}  // namespace carc
