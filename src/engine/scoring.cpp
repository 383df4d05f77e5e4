#include "engine/scoring.hpp"

#include <algorithm>
#include <cstdint>
#include <map>

#include "engine/expansions/big_top.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/little_buildings.hpp"
#include "engine/expansions/wagon.hpp"

namespace carc {

int Scoring::value(const State& s, std::uint16_t root) {
  const Board& b = s.board();
  const FeatureNode& r = b.at(root);
  const bool done = b.complete(root);
  switch (r.kind) {
    case FeatureKind::Road:
      return b.tiles_in(root);  // BG-06: 1 per tile, complete or not
    case FeatureKind::City: {
      const int tiles = b.tiles_in(root);
      return done ? s.rules().completed_city_points(tiles, r.pennants) : tiles + r.pennants;  // BG-08..10
    }
    case FeatureKind::Cloister:
    case FeatureKind::Garden:
      return 1 + b.neighbours_present(b.node_pos(root));  // BG-11, AB-03
    default:
      return 0;
  }
}

std::vector<int> Scoring::winners(std::uint16_t root) const {
  std::vector<int> strength(static_cast<std::size_t>(s_.player_count()), 0);
  for (const BoardFigure& f : s_.figures())
    if (s_.board().find(f.node) == root) strength[f.owner] += s_.strength(f);
  const int best = *std::max_element(strength.begin(), strength.end());
  std::vector<int> out;
  if (best <= 0) return out;  // BG-05: nobody scores a strength-0 feature
  for (std::size_t p = 0; p < strength.size(); ++p)
    if (strength[p] == best) out.push_back(static_cast<int>(p));
  return out;
}

void Scoring::award(int player, int points, std::uint16_t root, bool final_scoring) {
  if (points == 0) return;  // e.g. a field touching no completed city
  s_.add_score(player, points);
  if (!ev_) return;
  Event e;
  e.kind = EventKind::FeatureScored;
  e.player = static_cast<std::int8_t>(player);
  e.points = points;
  e.final_scoring = final_scoring;
  e.pos = s_.board().node_pos(root);
  e.feature = s_.board().node_addr(root);
  ev_->push_back(e);
}

void Scoring::score_feature(std::uint16_t root, bool final_scoring) {
  const int points = value(s_, root) + building_points(s_, root);  // LB-04: added after the others
  const std::vector<int> won = winners(root);
  for (int p : won) award(p, points, root, final_scoring);
  fairy_feature_scored(s_, root, final_scoring, ev_);            // PD-36: before the figures return
  ringmaster_feature_scored(s_, root, won, final_scoring, ev_);  // BT-08 (V-BT-2)
}

void Scoring::return_figures(std::uint16_t root) {
  for (std::size_t i = s_.figures().size(); i-- > 0;) {
    const BoardFigure& f = s_.figures()[i];
    if (s_.board().find(f.node) != root) continue;
    if (f.kind == FigureKind::Wagon) {
      hold_scored_wagon(s_, f, root);  // AM-05: it stays until its owner decides (the wagon phase)
      continue;
    }
    s_.remove_figure(i, ev_, true);
  }
}

void Scoring::completed_by(int tile_index) {
  if (tile_index < 0) return;
  const Board& b = s_.board();
  std::vector<std::uint16_t> done;
  for (int i = 0; i < b.feature_count(tile_index); ++i) {
    const auto root = b.find(b.node(tile_index, i));
    // BC-03: a town covered by a castle this turn is not scored.
    if (uses_edges(b.at(root).kind) && b.complete(root) && !in_castle(s_, root)) done.push_back(root);
  }
  // Cloisters and gardens on this tile and the 8 around it complete only now.
  auto tile_wide = [&](int ti) {
    const TileDef& d = b.def(ti);
    for (const std::int8_t local : {d.cloister, d.garden}) {
      if (local < 0) continue;
      const auto n = b.node(ti, local);
      if (b.complete(n)) done.push_back(n);
    }
  };
  tile_wide(tile_index);
  for (const Pos off : kRingOffset)
    if (const int n = b.tile_at(b.tile(tile_index).pos + off); n >= 0) tile_wide(n);
  std::sort(done.begin(), done.end());
  done.erase(std::unique(done.begin(), done.end()), done.end());
  for (const auto root : done) score_feature(root, false);
  castles_score(s_, done, ev_);  // BC-07..BC-09: then the castles, before the figures return
  for (const auto root : done) return_figures(root);
  order_wagons(s_);  // AM-07
}

void Scoring::final_scoring() {
  std::vector<std::uint16_t> roots;
  for (const BoardFigure& f : s_.figures()) {
    const auto r = s_.board().find(f.node);
    if (s_.board().at(r).kind != FeatureKind::Field && !in_castle(s_, r)) roots.push_back(r);  // BC-10: castles 0
  }
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  for (const auto r : roots) score_feature(r, true);
  score_fields();
  big_top_final_scoring(s_, ev_);  // BT-05, BT-12
}

// Farmer scoring per the farmer-scoring switch (rules-reference.md §1.8).
void Scoring::score_fields() {
  const Board& b = s_.board();
  std::vector<std::uint16_t> fields;
  for (const BoardFigure& f : s_.figures()) {
    const auto r = b.find(f.node);
    if (b.at(r).kind == FeatureKind::Field) fields.push_back(r);
  }
  std::sort(fields.begin(), fields.end());
  fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
  for (const auto field : fields) fairy_feature_scored(s_, field, true, ev_);                       // PD-36 (V-PD-8)
  for (const auto field : fields) ringmaster_feature_scored(s_, field, winners(field), true, ev_);  // BT-08
  const auto mode = s_.rules().farmer_scoring();
  if (mode == FarmerScoring::Fs3Field3) {
    // BG-18: each field independently, 3 per adjacent completed city to its majority.
    for (const auto field : fields) {
      const auto adjacent = b.adjacent_completed_cities(field);
      const int cities = static_cast<int>(adjacent.size());
      const int castles = castles_among(s_, adjacent);  // BC-11: a castle is worth 1 more than a city
      for (int p : winners(field)) {
        // TB-12: a pig of a winning owner adds 1 per city (pigs do not stack).
        const bool pig = std::any_of(s_.figures().begin(), s_.figures().end(), [&](const BoardFigure& f) {
          return f.kind == FigureKind::Pig && f.owner == p && b.find(f.node) == field;
        });
        // LB-05: the buildings on the field's tiles raise the value of the field each winner scores.
        // BC-11: a castle adjoining the field is worth 1 more than a city.
        award(p, (pig ? 4 : 3) * cities + castles + building_points(s_, field), field, true);
      }
    }
    return;
  }
  if (mode == FarmerScoring::Fs2Field3Once) {
    // BG-17: each player scores 3 per distinct completed city adjacent to a field they own.
    std::vector<std::vector<std::uint16_t>> cities(static_cast<std::size_t>(s_.player_count()));
    std::vector<std::uint16_t> where(static_cast<std::size_t>(s_.player_count()), 0);
    for (const auto field : fields) {
      const auto adj = b.adjacent_completed_cities(field);
      for (int p : winners(field)) {
        auto& c = cities[static_cast<std::size_t>(p)];
        c.insert(c.end(), adj.begin(), adj.end());
        if (!where[static_cast<std::size_t>(p)]) where[static_cast<std::size_t>(p)] = field;
      }
    }
    for (std::size_t p = 0; p < cities.size(); ++p) {
      auto& c = cities[p];
      std::sort(c.begin(), c.end());
      c.erase(std::unique(c.begin(), c.end()), c.end());
      if (!c.empty())
        award(static_cast<int>(p), 3 * static_cast<int>(c.size()) + castles_among(s_, c), where[p], true);  // BC-11
    }
    return;
  }
  // BG-16 (FS1): per completed city, farmers in all fields touching it; the majority scores 4.
  std::map<std::uint16_t, std::vector<std::uint16_t>> fields_of_city;
  for (const auto field : fields)
    for (const auto city : b.adjacent_completed_cities(field)) fields_of_city[city].push_back(field);
  for (const auto& [city, touching] : fields_of_city) {
    std::vector<int> strength(static_cast<std::size_t>(s_.player_count()), 0);
    for (const BoardFigure& f : s_.figures())
      if (std::find(touching.begin(), touching.end(), b.find(f.node)) != touching.end())
        strength[f.owner] += s_.strength(f);
    const int best = *std::max_element(strength.begin(), strength.end());
    if (best <= 0) continue;
    for (std::size_t p = 0; p < strength.size(); ++p)
      if (strength[p] == best) award(static_cast<int>(p), 4 + castles_among(s_, {city}), city, true);  // BC-11
  }
}

}  // namespace carc
