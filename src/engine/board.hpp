#pragma once
// The board: placed tiles, a position index, and union-find over tile
// features with open-edge counts, so a road or city is complete the moment
// its last open edge is closed (BR-02).
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/geometry.hpp"
#include "engine/tile.hpp"

namespace carc {

struct PlacedTile {
  TileTypeId type = kNoTile;
  std::uint8_t rot = 0;
  std::uint8_t nfeatures = 0;
  std::uint16_t first_node = 0;  // node of local feature 0
  Pos pos;
  std::int16_t bridge = -1;       // a bridge on the tile (the bridges room): its index in the board's bridged defs
  std::uint16_t bridge_node = 0;  // with a bridge: the node of its road (local feature nfeatures)
};

// One node per feature of a placed tile. Root nodes hold the merged feature's data.
struct FeatureNode {
  std::uint16_t parent = 0;
  std::uint16_t next = 0;       // circular list of the merged feature's nodes
  std::uint16_t size = 1;       // roots: number of nodes
  std::uint16_t open = 0;       // roots: open edges (cities, roads)
  std::uint16_t pennants = 0;   // roots: pennants of the merged city
  std::uint16_t occupants = 0;  // roots: followers standing in the merged feature (limits.cpp: neither wraps)
  FeatureKind kind = FeatureKind::Field;
  std::uint8_t local = 0;  // local feature index on its tile
  std::uint16_t tile = 0;  // index of its placed tile
};

enum class PlaceCheck : std::uint8_t { Ok, Occupied, NotAdjacent, EdgeMismatch };

// An empty position edge-adjacent to the board, with the edge types a tile there
// must show: packed like TileDef::packed_edges, `care` marking the constrained edges.
struct FrontierCell {
  Pos pos;
  std::uint8_t want = 0;
  std::uint8_t care = 0;
};

class Board {
 public:
  explicit Board(const TileCatalog* catalog = nullptr) : catalog_(catalog) {}

  const TileCatalog& catalog() const { return *catalog_; }
  int tile_at(Pos p) const;  // tile index, -1 when empty
  const PlacedTile& tile(int index) const { return tiles_[static_cast<std::size_t>(index)]; }
  // The tile's definition; a tile with a bridge reads as its tile plus the bridge's road, last.
  const TileDef& def(int index) const {
    const PlacedTile& t = tiles_[static_cast<std::size_t>(index)];
    return t.bridge < 0 ? (*catalog_)[t.type] : *bridged_[static_cast<std::size_t>(t.bridge)];
  }
  int tile_count() const { return static_cast<int>(tiles_.size()); }
  bool empty() const { return tiles_.empty(); }

  // Whether the tile fits at p with rotation rot (the first tile fits anywhere).
  PlaceCheck check(const TileDef& def, Pos p, int rot) const;
  // Places a tile (caller checked it fits; fewer than kMaxTiles on the board) and merges its features; returns its
  // index.
  int place(TileTypeId type, Pos p, int rot);

  std::uint16_t node(int tile_index, int local) const {
    const PlacedTile& t = tiles_[static_cast<std::size_t>(tile_index)];
    return local < t.nfeatures ? static_cast<std::uint16_t>(t.first_node + local) : t.bridge_node;
  }
  // Features of a tile, a bridge's road included (local indexes 0 .. count - 1).
  int feature_count(int tile_index) const {
    const PlacedTile& t = tiles_[static_cast<std::size_t>(tile_index)];
    return t.nfeatures + (t.bridge >= 0 ? 1 : 0);
  }
  // Bridges (the bridges room, BC-15): the road a bridge on the tile adds across the board
  // edges of board_mask (N and S, or E and W), both field edges of the tile. Its ends join the
  // roads of tiles they face; an empty square beyond an end then wants a road. False when the
  // tile has a bridge already, an end is no field edge, or the tile has no room for one more
  // feature. The caller checks the rest of BC-15 (bridges.cpp).
  bool add_bridge(int tile_index, std::uint8_t board_mask);
  // The definition a tile with a bridge reads as (null without one): for pictures that outlive the board.
  std::shared_ptr<const TileDef> bridged_def(int tile_index) const {
    const PlacedTile& t = tiles_[static_cast<std::size_t>(tile_index)];
    return t.bridge < 0 ? nullptr : bridged_[static_cast<std::size_t>(t.bridge)];
  }
  // The bridge's road as an address in board orientation (road{N,S} or road{E,W}); none: mask 0.
  FeatureAddr bridge_at(int tile_index) const;
  std::uint16_t find(std::uint16_t n) const {
    while (nodes_[n].parent != n) n = nodes_[n].parent;
    return n;
  }
  const FeatureNode& at(std::uint16_t n) const { return nodes_[n]; }
  FeatureNode& root_mut(std::uint16_t n) { return nodes_[find(n)]; }
  std::size_t node_count() const { return nodes_.size(); }

  // Completion: roads and cities with no open edge; cloisters and gardens with all 8 neighbours.
  bool complete(std::uint16_t root) const;
  int neighbours_present(Pos p) const;  // of the 8 around p
  // Distinct tiles of a merged feature (BG-07: a tile counts once).
  int tiles_in(std::uint16_t root) const;
  // Roots of completed cities adjacent to the merged field at root (sorted, unique).
  std::vector<std::uint16_t> adjacent_completed_cities(std::uint16_t field_root) const;
  // The located address of a node: its tile position and its address in board orientation.
  Pos node_pos(std::uint16_t n) const { return tiles_[nodes_[n].tile].pos; }
  FeatureAddr node_addr(std::uint16_t n) const;
  // Positions where some tile could go, with their edge requirements: kept
  // incrementally by place(), so reading them costs no lookup.
  const std::vector<FrontierCell>& frontier() const { return frontier_; }
  // Edge types a tile at p must show, recomputed from its neighbours (the frontier caches them).
  void requirements(Pos p, std::uint8_t& want, std::uint8_t& care) const;

  // Calls join(local, node, across_edge) for every join that placing the tile at
  // p with rotation rot makes with the placed neighbours, in the order place()
  // merges them: per edge, its city or road with the neighbour's (across_edge
  // true), then on a road or field edge each half-edge's field with the facing one.
  template <class Join>
  void for_each_join(const TileDef& d, Pos p, int rot, Join&& join) const;
  // The local features (bit i = local i) of a tile about to be placed at p with
  // rotation rot that would be occupied once placed: joined to an occupied
  // feature directly or through another of its own features and the board.
  std::uint32_t occupied_after(const TileDef& d, Pos p, int rot) const;

  // Internal consistency (partitions, open-edge counts); returns an empty string when fine.
  std::string check_invariants() const;

 private:
  // Index entries: a tile index (>= 0), kEmptySlot, or a frontier cell i as -2 - i.
  static constexpr std::int16_t kEmptySlot = -1;
  static constexpr std::int16_t frontier_entry(std::size_t i) {
    return static_cast<std::int16_t>(-2 - static_cast<int>(i));
  }
  static constexpr std::size_t frontier_of(std::int16_t entry) { return static_cast<std::size_t>(-2 - entry); }

  void merge(std::uint16_t a, std::uint16_t b);
  std::size_t slot_of(Pos p) const;
  Pos entry_pos(std::int16_t entry) const;
  // The slot holding p, or the empty slot where p would go.
  std::size_t find_slot(Pos p) const;
  // Makes room for `extra` more entries at a load of at most one half.
  void reserve_slots(std::size_t extra);
  // Records in the frontier cell at q (made when new) the edge type a tile at q
  // must show on its edge e; nothing when q holds a tile.
  void constrain(Pos q, int e, EdgeType type);

  const TileCatalog* catalog_;
  std::vector<PlacedTile> tiles_;
  std::vector<FeatureNode> nodes_;
  std::vector<std::shared_ptr<const TileDef>> bridged_;  // tiles with a bridge: the tile plus its road
  std::vector<FrontierCell> frontier_;
  // Open addressing (power of two) over placed tiles and frontier cells together.
  std::vector<std::int16_t> index_ = std::vector<std::int16_t>(256, kEmptySlot);
};

template <class Join>
void Board::for_each_join(const TileDef& d, Pos p, int rot, Join&& join) const {
  const auto r = static_cast<std::size_t>(rot);
  for (int e = 0; e < 4; ++e) {
    const int nb = tile_at(neighbour(p, e));
    if (nb < 0) continue;
    const PlacedTile& nt = tiles_[static_cast<std::size_t>(nb)];
    const TileDef& nd = def(nb);
    const int mine = d.edge_feature[r][static_cast<std::size_t>(e)];
    if (mine >= 0) join(mine, node(nb, nd.edge_feature[nt.rot][static_cast<std::size_t>(opposite(e))]), true);
    if (d.edge_at(rot, e) == EdgeType::City) continue;
    // Field and road edges: the fields on both sides meet half-edge to half-edge (L meets R).
    for (int side = 0; side < 2; ++side) {
      const int h = 2 * e + side;
      const int theirs = nd.half_feature[nt.rot][static_cast<std::size_t>(facing_half(h))];
      join(d.half_feature[r][static_cast<std::size_t>(h)], node(nb, theirs), false);
    }
  }
}

}  // namespace carc
