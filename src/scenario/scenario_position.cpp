// Reading `position` (scenarios/README.md "position") and the value readers it shares with `expect`.
#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "data/oracle_data.hpp"
#include "engine/names.hpp"
#include "scenario/scenario_reader.hpp"

namespace carc {
namespace {

// " (closest: ID)" for a tile id near a misspelt one.
std::string closest_tile(std::string_view id) {
  std::vector<std::string> ids;
  const auto& cat = builtin_catalog();
  for (std::size_t t = 0; t < cat.size(); ++t) ids.push_back(cat[static_cast<TileTypeId>(t)].id);
  return closest_hint(id, ids);
}

constexpr std::string_view kFlowHint =
    " (in a [...] list a comma separates items: quote each entry, or write the list with '- ' lines)";

}  // namespace

bool is_phase_name(std::string_view s) {
  Phase p;
  return parse_phase(s, p);
}

std::optional<std::string> ScenarioReader::phase(const YAML::Node& n) {
  auto s = r_.str(n, "phase");
  if (s && !is_phase_name(*s)) {
    std::string names;
    const auto& all = all_phase_names();
    for (std::size_t i = 0; i < all.size(); ++i)
      names += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i]);
    std::vector<std::string> candidates(all.begin(), all.end());
    r_.error(n, "phase: unknown phase '" + *s + "'" + closest_hint(*s, candidates) + " (expected " + names + ")");
    return std::nullopt;
  }
  return s;
}

std::optional<Colour> ScenarioReader::colour(const YAML::Node& n, std::string_view what) {
  auto s = r_.str(n, what);
  if (!s) return std::nullopt;
  Colour c;
  if (!parse_colour(*s, c)) {
    std::vector<std::string> names;
    for (int i = 0; i < kMaxPlayers; ++i) names.emplace_back(colour_name(static_cast<Colour>(i)));
    r_.error(n, std::string(what) + ": unknown colour '" + *s + "'" + closest_hint(*s, names) +
                    " (expected red, blue, green, yellow, black or pink)");
    return std::nullopt;
  }
  return c;
}

std::optional<TileTypeId> ScenarioReader::tile_id(const YAML::Node& n, std::string_view what) {
  auto s = r_.str(n, what);
  if (!s) return std::nullopt;
  auto t = builtin_catalog().lookup(*s);
  if (!t)
    r_.error(n, std::string(what) + ": unknown tile '" + *s + "'" + closest_tile(*s) +
                    " (not in the tile catalog, oracle/tiles/)");
  return t;
}

std::optional<FigureEntry> ScenarioReader::figure(const YAML::Node& n, std::string_view what) {
  auto s = r_.str(n, what);
  if (!s) return std::nullopt;
  auto f = parse_figure_entry(*s);
  if (!f) {
    const std::string close = closest_figure_entry(*s, board_);
    r_.error(n, std::string(what) + ": " + f.error() + (close.empty() ? "" : " (closest: '" + close + "')"));
    return std::nullopt;
  }
  f->loc = loc_of(n);
  return *f;
}

std::vector<FigureEntry> ScenarioReader::figures(const YAML::Node& n, std::string_view what) {
  std::vector<FigureEntry> out;
  if (!n.IsSequence()) {
    r_.error(n, std::string(what) + ": expected a list of figures 'COLOUR KIND x,y:FEATURE'");
    return out;
  }
  const std::size_t before = s_.problems.size();
  for (const auto& item : n)
    if (auto f = figure(item, what)) out.push_back(*f);
  if (s_.problems.size() != before && n.Style() == YAML::EmitterStyle::Flow) s_.problems[before].message += kFlowHint;
  return out;
}

std::vector<std::tuple<Colour, long long, Loc>> ScenarioReader::score_entries(const YAML::Node& n,
                                                                              std::string_view what) {
  std::vector<std::tuple<Colour, long long, Loc>> out;
  if (!n.IsMap()) {
    r_.error(n, std::string(what) + ": expected a map of colour to points, e.g. {red: 3, blue: 0}");
    return out;
  }
  for (const auto& kv : n) {
    const auto c = colour(kv.first, what);
    const auto v = r_.integer(kv.second, std::string(what) + " points");
    if (c && v) out.emplace_back(*c, *v, loc_of(kv.second));
  }
  return out;
}

// Expected scores: any score the engine can answer.
std::map<Colour, int> ScenarioReader::scores(const YAML::Node& n, std::string_view what) {
  std::map<Colour, int> out;
  for (const auto& [c, v, at] : score_entries(n, what)) {
    if (v >= -kMaxScore && v <= std::numeric_limits<int>::max())
      out[c] = static_cast<int>(v);  // below 0: a ransom (V-TO-4)
    else
      s_.problem(at, fmt::format("{} points: expected an integer from {} to {}, found {}", what, -kMaxScore,
                                 std::numeric_limits<int>::max(), v));
  }
  return out;
}

namespace {

// A tile entry; its square as written (any 64-bit integers: check_position_bounds judges them).
Result<std::pair<TileEntry, WideCoord>> parse_tile_entry(std::string_view text) {
  const auto w = words_of(text);
  const std::string quoted = "'" + std::string(text) + "'";
  if (w.size() != 3) return fail(quoted + ": expected 'TILE x,y ROTATION', e.g. 'D 0,0 r0'");
  TileEntry t;
  auto id = builtin_catalog().lookup(w[0]);
  if (!id)
    return fail(quoted + ": unknown tile '" + std::string(w[0]) + "'" + closest_tile(w[0]) +
                " (not in the tile catalog, oracle/tiles/)");
  t.tile = *id;
  WideCoord at;
  if (!parse_wide_pos(w[1], at)) return fail(quoted + ": '" + std::string(w[1]) + "' is not a position x,y");
  if (!parse_rotation(w[2], t.rot))
    return fail(quoted + ": '" + std::string(w[2]) + "' is not a rotation (r0, r90, r180, r270)");
  if (within_position_bounds(at.x, at.y)) t.pos = Pos{static_cast<int>(at.x), static_cast<int>(at.y)};
  return std::pair{t, at};
}

}  // namespace

std::string to_string(const FigureEntry& f) {
  return std::string(colour_name(f.owner)) + " " + std::string(figure_name(f.kind)) + " " + located(f.pos, f.feature);
}

Result<FigureEntry> parse_figure_entry(std::string_view text) {
  const auto w = words_of(text);
  const std::string quoted = "'" + std::string(text) + "'";
  if (w.size() != 3) return fail(quoted + ": expected 'COLOUR KIND x,y:FEATURE', e.g. 'red follower 0,0:road{E,W}'");
  FigureEntry f;
  if (!parse_colour(w[0], f.owner))
    return fail(quoted + ": unknown colour '" + std::string(w[0]) +
                "' (expected red, blue, green, yellow, black or pink)");
  if (!parse_figure(w[1], f.kind))
    return fail(quoted + ": unknown figure kind '" + std::string(w[1]) +
                "' (expected follower, large, abbot, mayor, wagon, builder, pig, phantom or ringmaster)");
  auto loc = parse_located(w[2]);
  if (!loc) return fail(quoted + ": " + loc.error());
  f.pos = loc->first;
  f.feature = loc->second;
  return f;
}

void ScenarioReader::read_position(const YAML::Node& n) {
  std::vector<std::string> meant;
  if (!r_.keys(n, {"players", "active",    "phase",         "tiles",           "placed",      "in_hand",
                   "pile",    "last_tile", "rolls",         "second_tile",     "figures",     "supply",
                   "scores",  "towers",    "floors",        "prisoners",       "ransom_paid", "dragon",
                   "fairy",   "set_aside", "dragon_path",   "building_supply", "buildings",   "castle_tokens",
                   "castles", "big_top",   "animal_tokens", "bridge_tokens",   "bridges",     "bridge_built"},
               "position", &meant)) {
    s_.unread.insert("position.*");
    return;
  }
  mark_meant(meant, "position.");
  const MapView m(n, r_);
  Position& p = s_.position;
  for (const auto& [key, value, key_node] : m.entries()) p.locs[key] = loc_of(value);
  reading("position.players", [&] { read_players(m, n); });
  reading("position.tiles", [&] { read_tiles(m, n); });
  for (const auto& t : p.tiles) board_.emplace(t.pos, std::pair{t.tile, t.rot});
  if (const auto* v = m.get("figures")) p.figures = figures(*v, "figures");
  for (const auto& f : p.figures) {
    numbers_.figures.push_back({f.pos.x, f.pos.y});
    number_locs_.figures.push_back(f.loc);
  }
  if (const auto* v = m.get("scores"))
    for (const auto& [c, score, at] : score_entries(*v, "scores")) {
      numbers_.scores.push_back(score);
      number_locs_.scores.push_back(at);
      if (score >= -kMaxScore && score <= kMaxScore) p.scores[c] = static_cast<int>(score);
    }
  if (const auto* v = m.get("supply")) read_supply(*v);
  read_position_tower(m);
  read_position_turn(m);
  check_bounds();
}

void ScenarioReader::read_players(const MapView& m, const YAML::Node& n) {
  Position& p = s_.position;
  if (const auto* v = m.get("players")) {
    if (!v->IsSequence() || v->size() == 0 || v->size() > kMaxPlayers)
      r_.error(*v, "players: expected a list of 1 to 6 colours in seat order, e.g. [red, blue]");
    else
      for (const auto& item : *v)
        if (auto c = colour(item, "players")) {
          if (std::find(p.players.begin(), p.players.end(), *c) != p.players.end())
            r_.error(item, "players: colour '" + item.Scalar() + "' is seated twice");
          p.players.push_back(*c);
        }
  } else {
    r_.error(n, "position: missing required key 'players' (colours in seat order)");
  }
}

void ScenarioReader::read_tiles(const MapView& m, const YAML::Node& n) {
  Position& p = s_.position;
  if (const auto* v = m.get("tiles")) {
    if (!v->IsSequence() || v->size() == 0)
      r_.error(*v, "tiles: expected a list of 'TILE x,y ROTATION' entries");
    else {
      const std::size_t before = s_.problems.size();
      for (const auto& item : *v) {
        auto text = r_.str(item, "tiles");
        if (!text) continue;
        auto t = parse_tile_entry(*text);
        if (!t) {
          r_.error(item, "tiles: " + t.error());
          continue;
        }
        numbers_.tiles.push_back(t->second);
        number_locs_.tiles.push_back(loc_of(item));
        // A square outside the bounds is reported by check_bounds and never reaches the board.
        if (within_position_bounds(t->second.x, t->second.y))
          p.tiles.push_back(TileEntry{t->first.tile, t->first.pos, t->first.rot, loc_of(item)});
      }
      if (s_.problems.size() != before && v->Style() == YAML::EmitterStyle::Flow)
        s_.problems[before].message += kFlowHint;
    }
  } else {
    r_.error(n, "position: missing required key 'tiles' (the board, 'TILE x,y ROTATION' per tile)");
  }
}

// A room's per-seat count (engine/position_keys.hpp), checked as its declaration says while it is
// read: a map of at most one entry per player, each a seated colour holding 0..max, all together
// no more than the box holds. The players are read already (when they read cleanly).
void ScenarioReader::read_seat_count(const MapView& m, const SeatCountKey& k) {
  const auto* v = m.get(k.key);
  if (!v) return;
  Position& p = s_.position;
  const bool seats_known = s_.read_cleanly({"position.players"}) && !p.players.empty();
  if (seats_known && v->IsMap() && v->size() > p.players.size()) {
    r_.error(*v, std::string(k.key) + ": " + count_seats_error(v->size(), p.players.size()));
    return;
  }
  long long total = 0;
  for (const auto& [c, n, at] : score_entries(*v, k.key)) {
    if (n < 0 || n > k.max)
      s_.problem(at, std::string(k.key) + ": " + count_range_error(k, n));
    else if (seats_known && std::find(p.players.begin(), p.players.end(), c) == p.players.end())
      s_.problem(at, std::string(k.key) + ": " + count_unseated_error(colour_name(c)));
    else {
      p.counts[k][c] = static_cast<int>(n);
      total += n;
    }
  }
  if (total > k.box) r_.error(*v, std::string(k.key) + ": " + count_box_error(k, total));
}

// A room's entry list (engine/position_keys.hpp): null when absent, and when longer than its
// declaration allows (reported at the list, before any entry is read).
const YAML::Node* ScenarioReader::entry_list(const MapView& m, const EntryListKey& k) {
  const auto* v = m.get(k.key);
  if (v && v->IsSequence() && v->size() > static_cast<std::size_t>(k.max)) {
    r_.error(*v, std::string(k.key) + ": " + entry_list_error(k, v->size()));
    return nullptr;
  }
  return v;
}

void ScenarioReader::read_position_tower(const MapView& m) {
  Position& p = s_.position;
  if (const auto* v = entry_list(m, kTowersKey)) {
    if (!v->IsSequence())
      r_.error(*v, "towers: expected a list of 'x,y HEIGHT [closed]' entries");
    else
      for (const auto& item : *v)
        if (auto text = r_.str(item, "towers")) {
          auto t = parse_tower_entry(*text);
          if (!t)
            r_.error(item, "towers: " + t.error());
          else if (t->height < 1 || t->height > kMaxTowerFloors)
            r_.error(item, fmt::format("towers: a tower has 1 to {} floors, not {}", kMaxTowerFloors, t->height));
          else if (!within_position_bounds(t->pos.x, t->pos.y))
            r_.error(item, "towers: " + to_string(t->pos) + " is outside the bounds of a position");
          else
            p.towers.push_back(*t);
        }
  }
  for (const SeatCountKey* k : seat_count_keys()) read_seat_count(m, *k);
  if (const auto* v = entry_list(m, kBridgesKey)) {
    if (!v->IsSequence())
      r_.error(*v, "bridges: expected a list of 'x,y:road{N,S}' or 'x,y:road{E,W}'");
    else
      for (const auto& item : *v)
        if (auto text = r_.str(item, "bridges")) {
          auto at = parse_located(*text);
          if (!at)
            r_.error(item, "bridges: " + at.error());
          else if (!within_position_bounds(at->first.x, at->first.y))
            r_.error(item, "bridges: " + to_string(at->first) + " is outside the bounds of a position");
          else
            p.bridges.push_back({at->first, at->second});
        }
  }
  if (const auto* v = entry_list(m, kCastlesKey)) {
    if (!v->IsSequence())
      r_.error(*v, "castles: expected a list of 'COLOUR x,y:city{..} [scored]'");
    else
      for (const auto& item : *v)
        if (auto text = r_.str(item, "castles")) {
          auto c = parse_castle_entry(*text);
          if (!c)
            r_.error(item, "castles: " + c.error());
          else if (!within_position_bounds(c->pos.x, c->pos.y))
            r_.error(item, "castles: " + to_string(c->pos) + " is outside the bounds of a position");
          else
            p.castles.push_back(*c);
        }
  }
  if (const auto* v = m.get("prisoners")) {
    if (!v->IsMap())
      r_.error(*v, "prisoners: expected a map of holder to a list of 'COLOUR KIND', e.g. {red: [blue follower]}");
    else
      for (const auto& kv : *v) {
        const auto holder = colour(kv.first, "prisoners");
        if (!kv.second.IsSequence()) {
          r_.error(kv.second, "prisoners: expected a list of 'COLOUR KIND' (the owner and the kind)");
          continue;
        }
        for (const auto& item : kv.second) {
          auto text = r_.str(item, "prisoners");
          if (!text) continue;
          const auto sp = text->find(' ');
          Colour owner;
          FigureKind kind;
          if (sp == std::string::npos || !parse_colour(text->substr(0, sp), owner) ||
              !parse_figure(text->substr(sp + 1), kind)) {
            r_.error(item, "prisoners: '" + echo(*text) + "': expected 'COLOUR KIND', e.g. 'blue follower'");
            continue;
          }
          if (holder) p.prisoners[*holder].emplace_back(owner, kind);
        }
      }
  }
  read_position_dragon(m);
  read_position_buildings(m);
}

// Little Buildings: `building_supply: {red: {tower: 2, house: 2, shed: 2}}` (kinds not given: 0) and
// `buildings: [house 1,0]`.
void ScenarioReader::read_position_buildings(const MapView& m) {
  Position& p = s_.position;
  if (const auto* v = m.get("building_supply")) {
    if (!v->IsMap())
      r_.error(*v, "building_supply: expected COLOUR: {tower: N, house: N, shed: N}");
    else
      for (const auto& kv : *v) {
        Colour c;
        const auto name = r_.str(kv.first, "building_supply");
        if (!name || !parse_colour(*name, c)) {
          r_.error(kv.first, "building_supply: expected a colour");
          continue;
        }
        std::array<int, kBuildingKinds> counts{};
        if (!kv.second.IsMap()) {
          r_.error(kv.second, "building_supply: expected {tower: N, house: N, shed: N}");
          continue;
        }
        for (const auto& e : kv.second) {
          BuildingKind k;
          const auto kind = r_.str(e.first, "building_supply");
          if (!kind || !parse_building(*kind, k)) {
            r_.error(e.first, "building_supply: expected tower, house or shed");
            continue;
          }
          const auto n = r_.integer(e.second, "building_supply");
          if (!n || *n < 0 || *n > 6) {
            r_.error(e.second, "building_supply: a count from 0 to 6 (LB-01)");
            continue;
          }
          counts[static_cast<std::size_t>(k)] = static_cast<int>(*n);
        }
        p.building_supply[c] = counts;
      }
  }
  if (const auto* v = entry_list(m, kBuildingsKey)) {
    if (!v->IsSequence())
      r_.error(*v, "buildings: expected a list of 'KIND x,y', e.g. 'house 1,0'");
    else
      for (const auto& item : *v) {
        auto text = r_.str(item, "buildings");
        if (!text) continue;
        const auto sp = text->find(' ');
        PlacedBuilding pb;
        if (sp == std::string::npos || !parse_building(text->substr(0, sp), pb.kind) ||
            !parse_pos(text->substr(sp + 1), pb.pos)) {
          r_.error(item, "buildings: '" + echo(*text) + "': expected 'KIND x,y', e.g. 'house 1,0'");
          continue;
        }
        if (!within_position_bounds(pb.pos.x, pb.pos.y)) {
          r_.error(item, "buildings: " + to_string(pb.pos) + " is outside the bounds of a position");
          continue;
        }
        p.buildings.push_back(pb);
      }
  }
}

namespace {
// A token value as written (0..99; the load check says which values are tokens).
bool parse_small_int(std::string_view s, int& out) {
  if (s.empty() || s.size() > 2) return false;
  out = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}
}  // namespace

void ScenarioReader::read_position_dragon(const MapView& m) {
  Position& p = s_.position;
  auto square = [&](const YAML::Node& v, const char* what) -> std::optional<Pos> {
    auto text = r_.str(v, what);
    if (!text) return std::nullopt;
    Pos at;
    if (!parse_pos(*text, at)) {
      r_.error(v, std::string(what) + ": '" + echo(*text) + "' is not a position x,y");
      return std::nullopt;
    }
    if (!within_position_bounds(at.x, at.y)) {
      r_.error(v, std::string(what) + ": " + to_string(at) + " is outside the bounds of a position");
      return std::nullopt;
    }
    return at;
  };
  if (const auto* v = m.get("dragon")) p.dragon = square(*v, "dragon");
  if (const auto* v = m.get("fairy"))
    if (auto text = r_.str(*v, "fairy")) {
      auto f = parse_fairy_entry(*text);
      if (!f)
        r_.error(*v, "fairy: " + f.error());
      else if (f->place == FairyPlace::OnTile && !within_position_bounds(f->pos.x, f->pos.y))
        r_.error(*v, "fairy: " + to_string(f->pos) + " is outside the bounds of a position");
      else
        p.fairy = *f;
    }
  if (const auto* v = m.get("set_aside")) {
    if (!v->IsSequence())
      r_.error(*v, "set_aside: expected a list of tile ids");
    else
      for (const auto& item : *v) {
        ++numbers_.pile;  // they count among the tiles of a position (limits.hpp)
        number_locs_.pile.push_back(loc_of(item));
        if (auto t = tile_id(item, "set_aside")) p.set_aside.push_back(*t);
      }
  }
  if (const auto* v = m.get("dragon_path")) {
    if (!v->IsSequence())
      r_.error(*v, "dragon_path: expected a list of positions x,y, the start tile first");
    else if (v->size() > static_cast<std::size_t>(kDragonSteps))
      r_.error(*v, "dragon_path: at most 6 entries (the sixth step ends the move)");
    else
      for (const auto& item : *v)
        if (auto at = square(item, "dragon_path")) p.dragon_path.push_back(*at);
  }
  // Under the Big Top: `big_top: "x,y TOKEN"`, `animal_tokens: [4, 3, 7]` (next first).
  if (const auto* v = m.get("big_top"))
    if (auto text = r_.str(*v, "big_top")) {
      const auto w = words_of(*text);
      Pos at;
      int token = 0;
      if (w.size() != 2 || !parse_pos(w[0], at) || !parse_small_int(w[1], token))
        r_.error(*v, "big_top: '" + echo(*text) + "': expected \"x,y TOKEN\" (its circus tile, the token's value)");
      else if (!within_position_bounds(at.x, at.y))
        r_.error(*v, "big_top: " + to_string(at) + " is outside the bounds of a position");
      else {
        p.big_top = at;
        p.big_top_token = token;
      }
    }
  if (const auto* v = m.get("animal_tokens")) {
    if (!v->IsSequence() || v->size() > kAnimalTokens.size()) {
      r_.error(*v, "animal_tokens: expected a list of at most 16 token values, the next drawn first");
    } else {
      std::vector<int> tokens;
      for (const auto& item : *v) {
        int token = 0;
        auto text = r_.str(item, "animal_tokens");
        if (!text) continue;
        if (!parse_small_int(*text, token))
          r_.error(item, "animal_tokens: '" + echo(*text) + "' is not a token value");
        else
          tokens.push_back(token);
      }
      p.animal_tokens = std::move(tokens);
    }
  }
}

void ScenarioReader::check_bounds() {
  const auto problems = check_position_bounds(numbers_);
  for (const auto& b : problems) {
    const auto at = [&](const std::vector<Loc>& locs) {
      return b.index < locs.size() ? locs[b.index] : s_.loc_of("position");
    };
    switch (b.item) {
      case BoundsItem::Tile:
        s_.problem(at(number_locs_.tiles), "tiles: " + b.message);
        s_.unread.insert("position.tiles");
        break;
      case BoundsItem::Figure:
        s_.problem(at(number_locs_.figures), "figures: " + b.message);
        break;
      case BoundsItem::Placed:
        s_.problem(number_locs_.placed, "placed: " + b.message);
        s_.unread.insert("position.placed");
        break;
      case BoundsItem::Pile:
        s_.problem(at(number_locs_.pile), "pile: " + b.message);
        s_.unread.insert("position.pile");
        break;
      case BoundsItem::Roll:
        s_.problem(at(number_locs_.rolls), "rolls: " + b.message);
        break;
      case BoundsItem::Supply:
        s_.problem(at(number_locs_.supply), "supply: " + b.message);
        break;
      case BoundsItem::Score:
        s_.problem(at(number_locs_.scores), "scores: " + b.message);
        break;
    }
  }
  // Nothing beyond a bound stays in the position (the scenario is invalid anyway).
  Position& p = s_.position;
  std::erase_if(p.figures, [](const FigureEntry& f) { return !within_position_bounds(f.pos.x, f.pos.y); });
  if (p.placed && !within_position_bounds(p.placed->x, p.placed->y)) p.placed.reset();
}

void ScenarioReader::read_supply(const YAML::Node& n) {
  if (!n.IsMap()) {
    r_.error(n, "supply: expected a map of colour to figures in hand, e.g. {red: {follower: 6, abbot: 1}}");
    return;
  }
  for (const auto& kv : n) {
    const auto c = colour(kv.first, "supply");
    if (!kv.second.IsMap()) {
      r_.error(kv.second, "supply: expected a map of figure kind to count, e.g. {follower: 6}");
      continue;
    }
    FigureCounts counts = kNoCounts;
    for (const auto& kc : kv.second) {
      FigureKind k;
      const std::string kind = kc.first.IsScalar() ? kc.first.Scalar() : "?";
      if (!parse_figure(kind, k)) {
        std::vector<std::string> names;
        for (int i = 0; i < kFigureKinds; ++i) names.emplace_back(figure_name(static_cast<FigureKind>(i)));
        r_.error(kc.first, "supply: unknown figure kind '" + kind + "'" + closest_hint(kind, names) +
                               " (expected follower, large, abbot, mayor, wagon, builder, pig, phantom or ringmaster)");
        continue;
      }
      if (auto v = r_.integer(kc.second, "supply count")) {
        numbers_.supply.push_back(*v);
        number_locs_.supply.push_back(loc_of(kc.second));
        if (*v >= 0 && *v <= kMaxFiguresOfKind) counts[static_cast<std::size_t>(k)] = static_cast<int>(*v);
      }
    }
    if (!c) continue;
    s_.position.supply[*c] = counts;
    s_.position.locs["supply." + std::string(colour_name(*c))] = loc_of(kv.first);
  }
}

void ScenarioReader::read_position_turn(const MapView& m) {
  Position& p = s_.position;
  reading("position.active", [&] {
    if (const auto* v = m.get("active"))
      p.active = colour(*v, "active").value_or(Colour::Red);
    else
      s_.problem(s_.loc_of("position"), "position: missing required key 'active' (the colour to act)");
  });
  reading("position.phase", [&] { read_position_phase(m); });
  reading("position.placed", [&] {
    if (const auto* v = m.get("placed")) {
      WideCoord at;
      auto text = r_.str(*v, "placed");
      if (text && parse_wide_pos(*text, at)) {
        numbers_.placed = at;
        number_locs_.placed = loc_of(*v);
        if (within_position_bounds(at.x, at.y)) p.placed = Pos{static_cast<int>(at.x), static_cast<int>(at.y)};
      } else if (text) {
        r_.error(*v, "placed: '" + *text + "' is not a position x,y");
      }
    }
  });
  reading("position.in_hand", [&] {
    if (const auto* v = m.get("in_hand")) p.in_hand = tile_id(*v, "in_hand").value_or(kNoTile);
  });
  numbers_.in_hand = p.in_hand != kNoTile;
  reading("position.pile", [&] {
    if (const auto* v = m.get("pile")) {
      if (!v->IsSequence())
        r_.error(*v, "pile: expected a list of tile ids");
      else
        for (const auto& item : *v) {
          ++numbers_.pile;
          number_locs_.pile.push_back(loc_of(item));
          if (auto t = tile_id(item, "pile")) p.pile.push_back(*t);
        }
    }
  });
  if (const auto* v = m.get("last_tile")) p.last_tile = r_.boolean(*v, "last_tile").value_or(false);
  for (const FlagKey* f : position_flags())  // the rooms' yes/no keys, each through its declaration
    if (const auto* v = m.get(f->key)) p.flags[*f] = r_.boolean(*v, f->key).value_or(false);
  if (const auto* v = m.get("rolls")) {
    if (!v->IsSequence())
      r_.error(*v, "rolls: expected a list of die results 1 to 3, e.g. [2, 1]");
    else
      for (const auto& item : *v)
        if (auto roll = r_.integer(item, "rolls")) {
          numbers_.rolls.push_back(*roll);
          number_locs_.rolls.push_back(loc_of(item));
          if (*roll >= 1 && *roll <= 3) p.rolls.push_back(static_cast<int>(*roll));
        }
  }
}

void ScenarioReader::read_position_phase(const MapView& m) {
  Position& p = s_.position;
  if (const auto* v = m.get("phase")) {
    p.phase = phase(*v).value_or("tile");
    Phase stated{};
    if (!parse_phase(p.phase, stated) || !is_position_phase(stated)) {
      std::vector<std::string_view> starts;
      for (const auto name : all_phase_names())
        if (Phase q{}; parse_phase(name, q) && is_position_phase(q)) starts.push_back(name);
      std::string names;
      for (std::size_t i = 0; i < starts.size(); ++i)
        names += (i == 0 ? "" : i + 1 == starts.size() ? " or " : ", ") + std::string(starts[i]);
      r_.error(*v, "phase: a position starts in phase " + names + "; reach '" + p.phase +
                       "' by applying moves in query.apply");
      p.phase = "tile";
    }
  } else
    s_.problem(s_.loc_of("position"), "position: missing required key 'phase' (tile, figure or game-over)");
}

}  // namespace carc
