#include "runner/wire.hpp"

#include <algorithm>

#include "data/oracle_data.hpp"
#include "protocol/engine_adapter.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

// Our catalog's definitions, built once.
const proto::TileDefinition& definition(TileTypeId t) {
  static const std::vector<proto::TileDefinition> defs = [] {
    std::vector<proto::TileDefinition> out;
    const TileCatalog& cat = builtin_catalog();
    for (TileTypeId i = 0; i < cat.size(); ++i) out.push_back(proto::definition_of(cat[i]));
    return out;
  }();
  return defs[t];
}

class TileUse {
 public:
  void add(TileTypeId t) {
    if (t != kNoTile && t < builtin_catalog().size() && std::find(used_.begin(), used_.end(), t) == used_.end())
      used_.push_back(t);
  }
  void add_move(const std::string& text) {
    auto m = parse_move(text, builtin_catalog());
    if (m && m->kind == MoveKind::Place) add(m->tile);
  }
  std::vector<proto::TileDefinition> definitions() const {
    std::vector<proto::TileDefinition> out;
    for (const auto t : used_) out.push_back(definition(t));
    return out;
  }

 private:
  std::vector<TileTypeId> used_;
};

std::string tile_id(TileTypeId t) { return builtin_catalog()[t].id; }

void add_players(const Position& p, proto::Position& w) {
  for (const Colour c : p.players) {
    const std::string colour(colour_name(c));
    w.players.push_back(colour);
    const auto score = p.scores.find(c);
    w.scores[colour] = score == p.scores.end() ? 0 : score->second;
    const FigureCounts in_hand = effective_supply(p, c);
    for (int k = 0; k < kFigureKinds; ++k) {
      int owned = in_hand[static_cast<std::size_t>(k)];
      for (const auto& f : p.figures) owned += f.owner == c && static_cast<int>(f.kind) == k ? 1 : 0;
      for (const auto& [holder, held] : p.prisoners)  // held by another player: owned (PROTOCOL.md §12.4)
        for (const auto& [owner, kind] : held) owned += owner == c && static_cast<int>(kind) == k ? 1 : 0;
      if (owned > 0)
        w.supply[colour][std::string(figure_name(static_cast<FigureKind>(k)))] = in_hand[static_cast<std::size_t>(k)];
    }
  }
  for (const auto& f : p.figures)
    w.figures.push_back(
        {std::string(colour_name(f.owner)), std::string(figure_name(f.kind)), f.pos.x, f.pos.y, to_string(f.feature)});
}

// The Tower's keys (version 3; empty without the Tower, so older versions see no change); floors
// in hand go with the other per-seat counts.
void add_tower_parts(const Position& p, proto::Position& w) {
  for (const auto& t : p.towers) w.towers.push_back({t.pos.x, t.pos.y, t.height, t.closed});
  for (const auto& [holder, held] : p.prisoners)
    for (const auto& [owner, kind] : held)
      w.prisoners[std::string(colour_name(holder))].push_back(
          {std::string(colour_name(owner)), std::string(figure_name(kind))});
}

// The dragon's and the fairy's keys (version 4; absent without them).
void add_dragon_parts(const Position& p, proto::Position& w, TileUse& use) {
  if (p.dragon) w.dragon = proto::WireSquare{p.dragon->x, p.dragon->y};
  if (p.fairy.place != FairyPlace::Absent) {
    proto::WireFairy f;
    if (p.fairy.place == FairyPlace::OnTile) f.at = proto::WireSquare{p.fairy.pos.x, p.fairy.pos.y};
    if (const auto& h = p.fairy.host)
      f.next_to =
          proto::WireHost{std::string(colour_name(h->owner)), std::string(figure_name(h->kind)), to_string(h->feature)};
    w.fairy = f;
  }
  for (const TileTypeId id : p.set_aside) {  // their definitions go with the position
    w.set_aside.push_back(tile_id(id));
    use.add(id);
  }
  for (const Pos q : p.dragon_path) w.dragon_path.push_back({q.x, q.y});
  // Version 8: the big top and the animal tokens (absent without them).
  if (p.big_top) w.big_top = proto::WireSquare{p.big_top->x, p.big_top->y};
  w.big_top_token = p.big_top_token;
  w.animal_tokens = p.animal_tokens;
}

// Little Buildings' keys (version 8; absent without them).
void add_building_parts(const Position& p, proto::Position& w) {
  for (const auto& [c, counts] : p.building_supply)
    for (int k = 0; k < kBuildingKinds; ++k)
      w.building_supply[std::string(colour_name(c))][std::string(building_name(static_cast<BuildingKind>(k)))] =
          counts[static_cast<std::size_t>(k)];
  for (const PlacedBuilding& b : p.buildings)
    w.buildings.push_back({std::string(building_name(b.kind)), b.pos.x, b.pos.y});
}

}  // namespace

std::string wire_move(const std::string& text) {
  auto m = parse_move(text, builtin_catalog());
  return m ? to_string(*m, builtin_catalog()) : text;
}

proto::Position wire_position(const Scenario& s, const std::vector<std::string>& extra_moves) {
  const Position& p = s.position;
  proto::Position w;
  TileUse use;
  w.active = std::string(colour_name(p.active));
  w.phase = p.phase;
  for (const auto& t : p.tiles) {
    w.tiles.push_back({tile_id(t.tile), t.pos.x, t.pos.y, t.rot * 90});
    use.add(t.tile);
  }
  if (p.placed) w.placed = std::pair{p.placed->x, p.placed->y};
  if (p.in_hand != kNoTile) {
    w.in_hand = tile_id(p.in_hand);
    use.add(p.in_hand);
  }
  for (const auto t : p.pile) {
    w.pile.push_back(tile_id(t));
    use.add(t);
  }
  w.last_tile = p.last_tile;
  w.rolls = p.rolls;
  w.flags = p.flags;
  for (const SeatCountKey* k : seat_count_keys())  // the rooms' per-seat counts, each by its declaration
    for (const auto& [c, n] : p.counts[*k]) w.counts[*k][std::string(colour_name(c))] = n;
  add_players(p, w);
  add_tower_parts(p, w);
  for (const auto& c : p.castles) w.castles.push_back(to_string(c));
  for (const auto& br : p.bridges) w.bridges.push_back(located(br.pos, br.road));
  add_dragon_parts(p, w, use);
  add_building_parts(p, w);
  for (const auto& m : s.apply) use.add_move(m.text);
  for (const auto& m : extra_moves) use.add_move(m);
  w.definitions = use.definitions();
  return w;
}

bool switch_sent(std::string_view key, int protocol_version, const std::vector<std::string>* capabilities) {
  if (proto::switch_introduced_in(key) > protocol_version) return false;
  if (protocol_version < proto::kSwitchesThatMatterVersion || !capabilities) return true;
  const SwitchSpec* spec = find_switch(key);
  return !spec || switch_matters(*spec, *capabilities);
}

proto::Ruleset wire_ruleset(const RuleSet& rules, int protocol_version, const std::vector<std::string>* capabilities) {
  proto::Ruleset r;
  r.name = rules.name;
  for (const auto& [k, v] : rules.effective()) {
    if (!switch_sent(k, protocol_version, capabilities)) continue;
    // A value of a later version goes to an older implementation only where the switch cannot
    // matter (up to version 4 every switch is sent): as the value that version plays.
    r.switches.emplace_back(
        k, proto::value_in_version(k, v, protocol_version) ? v : proto::default_in_version(k, protocol_version));
  }
  return r;
}

proto::RunRequest wire_request(const Request& r, std::string seq, int protocol_version) {
  const Scenario& s = *r.scenario;
  proto::RunRequest w;
  w.seq = std::move(seq);
  w.scenario = s.id;
  const std::vector<std::string> capabilities = required_capabilities(s, protocol_version);
  w.ruleset = wire_ruleset(r.rules, protocol_version, &capabilities);
  w.position = wire_position(s, r.probes);
  for (const auto& m : s.apply) w.query.apply.push_back(wire_move(m.text));
  w.query.final_scoring = s.final_scoring;
  for (const auto& m : r.probes) w.query.probes.push_back(wire_move(m));
  return w;
}

std::vector<std::string> query_kinds(const Scenario& s, const Expect& e, const std::vector<std::string>& probes) {
  std::vector<std::string> out;
  if (e.moves || e.includes || e.excludes || e.moves_of || e.count) out.emplace_back("moves");
  if (!s.apply.empty()) out.emplace_back("apply");
  if (s.final_scoring) out.emplace_back("final-scoring");
  if (!probes.empty()) out.emplace_back("legal");
  if (e.scored) out.emplace_back("events");
  return out;
}

}  // namespace carc
