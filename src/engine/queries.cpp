#include "engine/queries.hpp"

#include <algorithm>
#include <cstdlib>

namespace carc {

int followers_of(const State& s, int player, std::uint16_t root) {
  int n = 0;
  for (const BoardFigure& f : s.figures())
    if (f.owner == player && is_follower(f.kind) && s.board().find(f.node) == root) ++n;
  return n;
}

bool unoccupied(const State& s, std::uint16_t node) { return !s.occupied(node); }

bool finished(const State& s, std::uint16_t node) { return s.board().complete(s.board().find(node)); }

bool may_deploy_on(const State& s, FigureKind k, FeatureKind f) {
  if (!may_stand_on(k, f)) return false;
  return f != FeatureKind::Field || s.rules().farmers_in_play();
}

// --- flying machines ---------------------------------------------------------

bool may_launch(const State& s, FigureKind kind) {
  if (s.placed_tile() < 0 || s.flag(kFlierUsed) || s.board().def(s.placed_tile()).flier < 0) return false;
  if (!s.rules().may_fly(kind)) return false;
  return s.player(s.actor()).supply[static_cast<std::size_t>(kind)] > 0;
}

std::vector<int> rolls_allowed(const State& s) {
  if (auto r = s.next_roll()) return {*r};
  return {1, 2, 3};
}

std::optional<Pos> flight_target(const State& s, int roll) {
  const int t = s.placed_tile();
  if (t < 0) return std::nullopt;
  const TileDef& d = s.board().def(t);
  if (d.flier < 0) return std::nullopt;
  const Compass arrow = rotate_compass(d.features[static_cast<std::size_t>(d.flier)].arrow, s.board().tile(t).rot);
  const Pos step = compass_offset(arrow);
  Pos p = s.board().tile(t).pos;
  if (!s.rules().flier_counts_existing_tiles()) {
    for (int i = 0; i < roll; ++i) p = p + step;
    return p;
  }
  // V-FM-6 "existing tiles": the roll counts tiles along the arrow, skipping gaps.
  int seen = 0;
  for (int i = 0; i < 2 * s.board().tile_count() + 4; ++i) {
    p = p + step;
    if (s.board().tile_at(p) >= 0 && ++seen == roll) return p;
  }
  return p;  // past the board: no tile, the flight crashes
}

std::vector<std::uint16_t> landing_nodes(const State& s, FigureKind kind, Pos target) {
  std::vector<std::uint16_t> out;
  const Board& b = s.board();
  const int t = b.tile_at(target);
  if (t < 0) return out;  // FM-11: no tile, no landing
  for (int local = 0; local < b.tile(t).nfeatures; ++local) {
    const auto node = b.node(t, local);
    const FeatureKind f = b.at(node).kind;
    // FM-08, FM-10, FM-19, FM-20, FM-21, FM-29: roads, cities and cloisters (gardens for the abbot), never fields.
    const bool landable = f == FeatureKind::Road || f == FeatureKind::City || f == FeatureKind::Cloister ||
                          (f == FeatureKind::Garden && kind == FigureKind::Abbot);
    if (!landable || !may_stand_on(kind, f)) continue;
    if (finished(s, node)) continue;  // FM-13: finished features, including those the flier tile completed
    if (kind == FigureKind::Phantom && !s.rules().phantom_flier_may_land_occupied() && !unoccupied(s, node)) continue;
    out.push_back(node);  // FM-09, FM-41: occupied features are fine
  }
  return out;
}

std::vector<FeatureAddr> landing_options(const State& s, FigureKind kind, Pos target) {
  std::vector<FeatureAddr> out;
  for (const auto node : landing_nodes(s, kind, target)) out.push_back(s.board().node_addr(node));
  return out;
}

// --- magic portal ------------------------------------------------------------

bool portal_open(const State& s) {
  return s.placed_tile() >= 0 && !s.flag(kPortalUsed) && s.board().def(s.placed_tile()).portal >= 0;
}

namespace {
// A feature completed by the tile just placed (PD-02: "completed this turn, not yet scored").
bool completed_this_turn(const State& s, std::uint16_t root) {
  const Board& b = s.board();
  const Pos placed = b.tile(s.placed_tile()).pos;
  const FeatureNode& r = b.at(root);
  if (r.kind == FeatureKind::Cloister || r.kind == FeatureKind::Garden) {
    const Pos p = b.node_pos(root);
    return std::abs(p.x - placed.x) <= 1 && std::abs(p.y - placed.y) <= 1;
  }
  std::uint16_t n = root;
  do {
    if (b.at(n).tile == s.placed_tile()) return true;
    n = b.at(n).next;
  } while (n != root);
  return false;
}
}  // namespace

std::vector<std::uint16_t> portal_nodes(const State& s, FigureKind kind) {
  std::vector<std::uint16_t> out;
  if (!portal_open(s) || !is_follower(kind)) return out;  // PD-03: builder and pig stay on the placed tile
  const Board& b = s.board();
  for (std::size_t i = 0; i < b.node_count(); ++i) {
    const auto node = static_cast<std::uint16_t>(i);
    if (b.at(node).tile == s.placed_tile()) continue;  // the portal tile itself is an ordinary placement
    if (!may_deploy_on(s, kind, b.at(node).kind) || !unoccupied(s, node)) continue;
    if (finished(s, node) && !(s.rules().portal_to_completed_feature() && completed_this_turn(s, b.find(node)))) continue;
    out.push_back(node);
  }
  return out;
}

// --- princess ----------------------------------------------------------------

std::vector<BoardFigure> princess_targets(const State& s) {
  std::vector<BoardFigure> out;
  const int t = s.placed_tile();
  if (t < 0 || s.flag(kPrincessUsed)) return out;
  const Board& b = s.board();
  const TileDef& d = b.def(t);
  std::vector<std::uint16_t> cities;
  for (std::size_t i = 0; i < d.features.size(); ++i)
    if (d.features[i].princess) cities.push_back(b.find(b.node(t, static_cast<int>(i))));
  if (cities.empty()) return out;
  for (const auto city : cities) {
    int followers = 0;
    for (const BoardFigure& f : s.figures())
      if (is_follower(f.kind) && b.find(f.node) == city) ++followers;
    for (const BoardFigure& f : s.figures()) {
      if (b.find(f.node) != city) continue;
      const bool knight = is_follower(f.kind) || (f.kind == FigureKind::Builder && s.rules().builder_pig_are_followers());
      if (!knight) continue;
      if (f.kind == FigureKind::Large && s.rules().princess_large_only_if_last() && followers > 1) continue;  // V-PD-4
      if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    }
  }
  return out;
}

// --- builder and pig ---------------------------------------------------------

bool special_allowed(const State& s, FigureKind kind, std::uint16_t node) {
  const FeatureKind f = s.board().at(node).kind;
  if (!may_deploy_on(s, kind, f)) return false;
  return followers_of(s, s.actor(), s.board().find(node)) > 0;
}

// --- wagon -------------------------------------------------------------------

namespace {
void add_feature_nodes(const Board& b, std::uint16_t root, std::vector<std::uint16_t>& out) {
  std::uint16_t n = root;
  do {
    out.push_back(n);
    n = b.at(n).next;
  } while (n != root);
}

// Features connected to the scored one (AM-06, C1): roads into a city gate, the other arms of a
// junction, the cloister at a road's end, and roads ending at a scored cloister.
std::vector<std::uint16_t> connected_roots(const Board& b, std::uint16_t scored) {
  std::vector<std::uint16_t> roots;
  auto link = [&](int tile, int local) { roots.push_back(b.find(b.node(tile, local))); };
  std::uint16_t n = scored;
  do {
    const FeatureNode& fn = b.at(n);
    const TileDef& d = b.def(fn.tile);
    for (std::size_t i = 0; i < d.features.size(); ++i) {
      const TileFeature& f = d.features[i];
      if (f.kind != FeatureKind::Road || f.road_end == RoadEnd::None) continue;
      const bool this_road = static_cast<int>(i) == fn.local;
      if (fn.kind == FeatureKind::Road && this_road) {
        if (f.road_end == RoadEnd::Junction) {
          for (std::size_t j = 0; j < d.features.size(); ++j)
            if (j != i && d.features[j].road_end == RoadEnd::Junction) link(fn.tile, static_cast<int>(j));
        } else if (f.end_feature >= 0 && f.road_end != RoadEnd::CropCircle) {
          link(fn.tile, f.end_feature);
        }
      } else if (fn.kind != FeatureKind::Road && f.end_feature == fn.local) {
        link(fn.tile, static_cast<int>(i));  // a road ending at this city or cloister
      }
    }
    n = fn.next;
  } while (n != scored);
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  return roots;
}
}  // namespace

std::vector<std::uint16_t> wagon_targets(const State& s) {
  std::vector<std::uint16_t> out;
  if (s.wagon_queue().empty()) return out;
  const State::PendingWagon& w = s.wagon_queue().front();
  const Board& b = s.board();
  std::vector<std::uint16_t> candidates;
  if (s.rules().wagon_moves_along_connections()) {
    for (const auto root : connected_roots(b, w.root)) add_feature_nodes(b, root, candidates);
  } else {
    const Pos at = b.node_pos(w.node);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (const int t = b.tile_at(at + Pos{dx, dy}); t >= 0)
          for (int local = 0; local < b.tile(t).nfeatures; ++local) candidates.push_back(b.node(t, local));
  }
  for (const auto node : candidates) {
    const auto root = b.find(node);
    if (root == w.root || !may_stand_on(FigureKind::Wagon, b.at(node).kind)) continue;
    if (b.complete(root) || !unoccupied(s, node)) continue;  // AM-05, AM-08
    out.push_back(node);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// --- crop circles ------------------------------------------------------------

FeatureKind crop_role(CropSymbol symbol) {
  switch (symbol) {
    case CropSymbol::Club: return FeatureKind::Road;
    case CropSymbol::Shield: return FeatureKind::City;
    case CropSymbol::Rake: return FeatureKind::Field;
    case CropSymbol::None: break;
  }
  return FeatureKind::Tower;  // affects nobody
}

std::vector<BoardFigure> crop_role_figures(const State& s, int player) {
  std::vector<BoardFigure> out;
  const FeatureKind role = crop_role(s.crop_symbol());
  for (const BoardFigure& f : s.figures()) {
    // CC-14, CC-27: any follower on that kind of feature; builder, pig and the abbot never.
    if (f.owner != player || !is_follower(f.kind) || f.kind == FigureKind::Abbot) continue;
    if (s.board().at(f.node).kind != role) continue;
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  }
  return out;
}

std::vector<std::pair<FigureKind, std::uint16_t>> crop_add_options(const State& s, int player) {
  std::vector<std::pair<FigureKind, std::uint16_t>> out;
  const Board& b = s.board();
  std::vector<std::uint16_t> nodes;
  for (const BoardFigure& f : crop_role_figures(s, player)) {
    const auto root = b.find(f.node);
    if (s.rules().crop_add_anywhere_in_feature()) {
      add_feature_nodes(b, root, nodes);  // CC-18 (ZMG): any tile of the feature
      continue;
    }
    // CC-06, CC-24: next to it, on the same tile and the same feature (HiG). Where the
    // feature crosses that tile twice, both segments qualify (rulings.md §4 item 11).
    const int tile = b.at(f.node).tile;
    for (int local = 0; local < b.tile(tile).nfeatures; ++local)
      if (b.find(b.node(tile, local)) == root) nodes.push_back(b.node(tile, local));
  }
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  const Player& pl = s.player(player);
  for (const auto node : nodes)
    for (int k = 0; k < kFigureKinds; ++k) {
      const auto kind = static_cast<FigureKind>(k);
      if (pl.supply[static_cast<std::size_t>(k)] > 0 && s.rules().crop_may_add(kind, b.at(node).kind))
        out.emplace_back(kind, node);
    }
  return out;
}

}  // namespace carc
