#include "protocol/engine_adapter.hpp"

#include <algorithm>

#include "engine/limits.hpp"

namespace carc::proto {
namespace {

std::string cache_key(const TileDefinition& d) {
  std::string key = d.id + '\n' + d.edges;
  for (const auto& f : d.features) key += '\n' + f;
  return key;
}

Result<int> quarter_turns(int degrees) {
  if (degrees < 0 || degrees > 270 || degrees % 90 != 0)
    return fail("rotation " + std::to_string(degrees) + " is not 0, 90, 180 or 270");
  return degrees / 90;
}

Result<Colour> colour_of(const std::string& name, const std::string& what) {
  Colour c;
  if (!parse_colour(name, c)) return fail(what + ": unknown colour '" + name + "'");
  return c;
}

Result<TileTypeId> tile_of(const TileCatalog& cat, const std::string& id, const std::string& what) {
  const auto t = cat.lookup(id);
  if (!t) return fail(what + ": tile '" + id + "' has no definition in the message");
  return *t;
}

// Version 10: bridges on the board (PROTOCOL.md §18.3).
Result<bool> add_bridge_parts(const Position& p, Setup& out) {
  for (const auto& text : p.bridges) {
    auto at = parse_located(text);
    if (!at) return fail("bridges: '" + text + "': " + at.error());
    out.bridges.push_back({at->first, at->second});
  }
  return true;
}

// Version 8: castles on the board (PROTOCOL.md §16.3).
Result<bool> add_castle_parts(const Position& p, Setup& out) {
  for (const auto& text : p.castles) {
    auto c = parse_castle_entry(text);
    if (!c) return fail("castles: '" + text + "': " + c.error());
    out.castles.push_back(*c);
  }
  return true;
}

// Version 3: towers and prisoners (PROTOCOL.md §12.4).
Result<bool> add_tower_parts(const Position& p, Setup& out) {
  for (const auto& t : p.towers) out.towers.push_back({Pos{t.x, t.y}, t.height, t.closed});
  for (const auto& [holder, held] : p.prisoners) {
    auto h = colour_of(holder, "prisoners");
    if (!h) return fail(h.error());
    for (const auto& f : held) {
      auto owner = colour_of(f.owner, "prisoners." + holder);
      if (!owner) return fail(owner.error());
      FigureKind k;
      if (!parse_figure(f.kind, k)) return fail("prisoners." + holder + ": unknown figure kind '" + f.kind + "'");
      out.prisoners.push_back({*h, *owner, k});
    }
  }
  return true;
}

// Version 4: the dragon, the fairy and its host, the set-aside tiles, the dragon's path (§13.4).
Result<bool> add_dragon_parts(const Position& p, const TileCatalog& cat, Setup& out) {
  if (p.dragon) out.dragon = Pos{p.dragon->x, p.dragon->y};
  if (p.fairy) {
    out.fairy.place = p.fairy->at ? FairyPlace::OnTile : FairyPlace::Beside;
    if (p.fairy->at) out.fairy.pos = Pos{p.fairy->at->x, p.fairy->at->y};
    if (const auto& h = p.fairy->next_to) {
      auto owner = colour_of(h->owner, "fairy.next_to");
      if (!owner) return fail(owner.error());
      FigureKind k;
      if (!parse_figure(h->kind, k)) return fail("fairy.next_to: unknown figure kind '" + h->kind + "'");
      auto addr = parse_feature_addr(h->feature);
      if (!addr) return fail("fairy.next_to: " + addr.error());
      out.fairy.host = SetupFigure{*owner, k, out.fairy.pos, *addr};
    }
  }
  for (const auto& id : p.set_aside) {
    auto t = tile_of(cat, id, "set_aside");
    if (!t) return fail(t.error());
    out.set_aside.push_back(*t);
  }
  for (const auto& q : p.dragon_path) out.dragon_path.push_back(Pos{q.x, q.y});
  // Version 8: the big top and the animal tokens.
  if (p.big_top) out.big_top = Pos{p.big_top->x, p.big_top->y};
  out.big_top_token = p.big_top_token;
  out.animal_tokens = p.animal_tokens;
  return true;
}

// Version 8: Little Buildings' tokens in hand and buildings on tiles (§15).
Result<bool> add_building_parts(const Position& p, const std::vector<Colour>& seats, Setup& out) {
  if (p.building_supply.empty() && p.buildings.empty()) return true;
  out.building_supply.assign(seats.size(), {});
  for (const auto& [name, counts] : p.building_supply) {
    auto c = colour_of(name, "building_supply");
    if (!c) return fail(c.error());
    const auto it = std::find(seats.begin(), seats.end(), *c);
    if (it == seats.end()) return fail("building_supply: " + name + " is not seated");
    for (const auto& [kind, n] : counts) {
      BuildingKind k;
      if (!parse_building(kind, k)) return fail("building_supply: unknown building '" + kind + "'");
      out.building_supply[static_cast<std::size_t>(it - seats.begin())][static_cast<std::size_t>(k)] = n;
    }
  }
  for (const auto& b : p.buildings) {
    PlacedBuilding pb;
    if (!parse_building(b.kind, pb.kind)) return fail("buildings: unknown building '" + b.kind + "'");
    pb.pos = Pos{b.x, b.y};
    out.buildings.push_back(pb);
  }
  return true;
}

// The message's position as the engine's position value; the message's own
// syntax (colours, kinds, tile ids, rotations, numbers) is checked here,
// everything about the position itself by State::from.
Result<Setup> setup_of(const Position& p, const TileCatalog& cat) {
  std::vector<Colour> seats;
  for (const auto& name : p.players) {
    auto c = colour_of(name, "players");
    if (!c) return fail(c.error());
    seats.push_back(*c);
  }
  Setup out = Setup::with_seats(seats);
  auto seat = [&](Colour c) {
    const auto it = std::find(seats.begin(), seats.end(), c);
    return it == seats.end() ? -1 : static_cast<int>(it - seats.begin());
  };
  for (const auto& t : p.tiles) {
    auto id = tile_of(cat, t.id, "tiles");
    if (!id) return fail(id.error());
    auto rot = quarter_turns(t.rotation);
    if (!rot) return fail("tiles: " + rot.error());
    out.tiles.push_back({*id, Pos{t.x, t.y}, *rot});
  }
  for (std::size_t i = 0; i < seats.size(); ++i) {
    const auto it = p.supply.find(p.players[i]);
    if (it == p.supply.end()) continue;
    for (const auto& [kind, n] : it->second) {
      FigureKind k;
      if (!parse_figure(kind, k)) return fail("supply: unknown figure kind '" + kind + "'");
      if (n < 0 || n > kMaxFiguresOfKind)
        return fail("supply: " + p.players[i] + " " + kind + " " + std::to_string(n) + " is outside 0.." +
                    std::to_string(kMaxFiguresOfKind));
      out.supply[i][static_cast<std::size_t>(k)] += n;
    }
  }
  for (const auto& f : p.figures) {
    auto owner = colour_of(f.owner, "figures");
    if (!owner) return fail(owner.error());
    FigureKind k;
    if (!parse_figure(f.kind, k)) return fail("figures: unknown figure kind '" + f.kind + "'");
    auto addr = parse_feature_addr(f.feature);
    if (!addr) return fail("figures: " + addr.error());
    out.figures.push_back({*owner, k, Pos{f.x, f.y}, *addr});
  }
  for (const auto& [colour, score] : p.scores) {
    auto c = colour_of(colour, "scores");
    if (!c) return fail(c.error());
    if (seat(*c) < 0) return fail("scores: " + colour + " is not seated");
    out.scores[static_cast<std::size_t>(seat(*c))] = score;
  }
  for (const auto& id : p.pile) {
    auto t = tile_of(cat, id, "pile");
    if (!t) return fail(t.error());
    out.pile.push_back(*t);
  }
  out.last_tile = p.last_tile;
  if (!parse_phase(p.phase, out.phase)) return fail("phase: unknown phase '" + p.phase + "'");
  if (!p.in_hand.empty()) {
    auto t = tile_of(cat, p.in_hand, "in_hand");
    if (!t) return fail(t.error());
    out.in_hand = *t;
  }
  if (p.placed) out.placed = Pos{p.placed->first, p.placed->second};
  auto active = colour_of(p.active, "active");
  if (!active) return fail(active.error());
  if (seat(*active) < 0) return fail("active: " + p.active + " is not seated");
  out.active = seat(*active);
  out.rolls = p.rolls;
  out.flags = p.flags;
  for (const SeatCountKey* k : seat_count_keys())  // the rooms' per-seat counts, each by its declaration
    for (const auto& [colour, n] : p.counts[*k]) {
      auto c = colour_of(colour, std::string(k->key));
      if (!c) return fail(c.error());
      if (seat(*c) < 0) return fail(std::string(k->key) + ": " + colour + " is not seated");
      out.counts[*k].resize(out.seats.size(), k->unlisted);
      out.counts[*k][static_cast<std::size_t>(seat(*c))] = n;
    }
  if (auto ok = add_tower_parts(p, out); !ok) return fail(ok.error());
  if (auto ok = add_castle_parts(p, out); !ok) return fail(ok.error());
  if (auto ok = add_bridge_parts(p, out); !ok) return fail(ok.error());
  if (auto ok = add_dragon_parts(p, cat, out); !ok) return fail(ok.error());
  if (auto ok = add_building_parts(p, seats, out); !ok) return fail(ok.error());
  return out;
}

}  // namespace

Result<TileDef> TileCache::tile(const TileDefinition& d) {
  const std::string key = cache_key(d);
  if (const auto it = tiles_.find(key); it != tiles_.end()) return it->second;
  auto t = make_tile(d.id, d.features);
  if (!t) return t;
  if (edge_letters(*t) != d.edges)
    return fail("tile " + d.id + ": edges say " + d.edges + " but the features give " + edge_letters(*t));
  if (tiles_.size() >= max_) tiles_.clear();
  tiles_.emplace(key, *t);
  return t;
}

Result<std::unique_ptr<TileCatalog>> catalog_of(const std::vector<TileDefinition>& defs, TileCache& cache) {
  auto cat = std::make_unique<TileCatalog>();
  for (const auto& d : defs) {
    auto t = cache.tile(d);
    if (!t) return fail("definitions: " + t.error());
    if (auto ok = cat->add(std::move(*t)); !ok) return fail("definitions: " + ok.error());
  }
  return cat;
}

Result<RuleSet> ruleset_of(const Ruleset& r, int version) {
  RuleSet rules;
  // A switch not sent is played at the default of the version asked (PROTOCOL.md §4).
  for (const auto& spec : switch_specs())
    if (const auto def = default_in_version(spec.key, version); def != spec.values.front())
      (void)rules.set(spec.key, def);
  for (const auto& [key, value] : r.switches)
    if (auto ok = rules.set(key, value); !ok) return fail("ruleset: " + ok.error());
  rules.name = r.name;
  return rules;
}

Result<State> state_of(const Position& p, const TileCatalog& catalog, const RuleSet& rules) {
  auto setup = setup_of(p, catalog);
  if (!setup) return fail(setup.error());
  return State::from(catalog, rules, *setup);
}

Capabilities engine_protocol_capabilities() {
  Capabilities c;
  c.expansions.emplace_back("base");
  for (const auto e : engine_expansions()) c.expansions.emplace_back(e);
  for (int k = 0; k < kFigureKinds; ++k)
    if (engine_supports(static_cast<FigureKind>(k))) c.figures.emplace_back(figure_name(static_cast<FigureKind>(k)));
  for (const auto& spec : switch_specs())
    for (const auto v : spec.values) c.switches[std::string(spec.key)].emplace_back(v);
  c.queries = {"moves", "apply", "final-scoring", "legal", "events"};  // events: version 7
  return c;
}

TileDefinition definition_of(const TileDef& t) {
  return TileDefinition{t.id, edge_letters(t), tile_specs(t), t.letter, t.jcz};
}

}  // namespace carc::proto
