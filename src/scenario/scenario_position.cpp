// Reading `position` (scenarios/README.md "position") and the value readers it shares with `expect`.
#include <algorithm>

#include "scenario/oracle_data.hpp"
#include "scenario/scenario_reader.hpp"

namespace carc {
namespace {

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> w;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) w.push_back(text.substr(i, j - i));
    i = j;
  }
  return w;
}

constexpr std::string_view kFlowHint =
    " (in a [...] list a comma separates items: quote each entry, or write the list with '- ' lines)";

}  // namespace

bool is_phase_name(std::string_view s) {
  for (std::string_view p : {"tile", "figure", "landing", "phantom", "wagon", "crop-choice", "crop-response", "game-over"})
    if (p == s) return true;
  return false;
}

std::optional<std::string> ScenarioReader::phase(const YAML::Node& n) {
  auto s = r_.str(n, "phase");
  if (s && !is_phase_name(*s)) {
    r_.error(n, "phase: unknown phase '" + *s +
                    "' (expected tile, figure, landing, phantom, wagon, crop-choice, crop-response or game-over)");
    return std::nullopt;
  }
  return s;
}

std::optional<Colour> ScenarioReader::colour(const YAML::Node& n, std::string_view what) {
  auto s = r_.str(n, what);
  if (!s) return std::nullopt;
  Colour c;
  if (!parse_colour(*s, c)) {
    r_.error(n, std::string(what) + ": unknown colour '" + *s + "' (expected red, blue, green, yellow, black or pink)");
    return std::nullopt;
  }
  return c;
}

std::optional<TileTypeId> ScenarioReader::tile_id(const YAML::Node& n, std::string_view what) {
  auto s = r_.str(n, what);
  if (!s) return std::nullopt;
  auto t = builtin_catalog().lookup(*s);
  if (!t) r_.error(n, std::string(what) + ": unknown tile '" + *s + "' (not in the tile catalog, oracle/tiles/)");
  return t;
}

std::optional<FigureEntry> ScenarioReader::figure(const YAML::Node& n, std::string_view what) {
  auto s = r_.str(n, what);
  if (!s) return std::nullopt;
  auto f = parse_figure_entry(*s);
  if (!f) {
    r_.error(n, std::string(what) + ": " + f.error());
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

std::map<Colour, int> ScenarioReader::scores(const YAML::Node& n, std::string_view what) {
  std::map<Colour, int> out;
  if (!n.IsMap()) {
    r_.error(n, std::string(what) + ": expected a map of colour to points, e.g. {red: 3, blue: 0}");
    return out;
  }
  for (const auto& kv : n) {
    const auto c = colour(kv.first, what);
    const auto v = count(kv.second, std::string(what) + " points", 0);
    if (c && v) out[*c] = *v;
  }
  return out;
}

namespace {

Result<TileEntry> parse_tile_entry(std::string_view text) {
  const auto w = words(text);
  const std::string quoted = "'" + std::string(text) + "'";
  if (w.size() != 3) return fail(quoted + ": expected 'TILE x,y ROTATION', e.g. 'D 0,0 r0'");
  TileEntry t;
  auto id = builtin_catalog().lookup(w[0]);
  if (!id) return fail(quoted + ": unknown tile '" + std::string(w[0]) + "' (not in the tile catalog, oracle/tiles/)");
  t.tile = *id;
  if (!parse_pos(w[1], t.pos)) return fail(quoted + ": '" + std::string(w[1]) + "' is not a position x,y");
  if (!parse_rotation(w[2], t.rot))
    return fail(quoted + ": '" + std::string(w[2]) + "' is not a rotation (r0, r90, r180, r270)");
  return t;
}

}  // namespace

std::string to_string(const FigureEntry& f) {
  return std::string(colour_name(f.owner)) + " " + std::string(figure_name(f.kind)) + " " + located(f.pos, f.feature);
}

Result<FigureEntry> parse_figure_entry(std::string_view text) {
  const auto w = words(text);
  const std::string quoted = "'" + std::string(text) + "'";
  if (w.size() != 3) return fail(quoted + ": expected 'COLOUR KIND x,y:FEATURE', e.g. 'red follower 0,0:road{E,W}'");
  FigureEntry f;
  if (!parse_colour(w[0], f.owner))
    return fail(quoted + ": unknown colour '" + std::string(w[0]) + "' (expected red, blue, green, yellow, black or pink)");
  if (!parse_figure(w[1], f.kind))
    return fail(quoted + ": unknown figure kind '" + std::string(w[1]) +
                "' (expected follower, large, abbot, mayor, wagon, builder, pig or phantom)");
  auto loc = parse_located(w[2]);
  if (!loc) return fail(quoted + ": " + loc.error());
  f.pos = loc->first;
  f.feature = loc->second;
  return f;
}

void ScenarioReader::read_position(const YAML::Node& n) {
  if (!r_.keys(n, {"players", "active", "phase", "tiles", "placed", "in_hand", "pile", "last_tile", "rolls", "second_tile",
                   "figures", "supply", "scores"},
               "position"))
    return;
  const MapView m(n, r_);
  Position& p = s_.position;
  for (const auto& [key, value, key_node] : m.entries()) p.locs[key] = loc_of(value);
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
  if (const auto* v = m.get("tiles")) {
    if (!v->IsSequence() || v->size() == 0) r_.error(*v, "tiles: expected a list of 'TILE x,y ROTATION' entries");
    else {
      const std::size_t before = s_.problems.size();
      for (const auto& item : *v) {
        auto text = r_.str(item, "tiles");
        if (!text) continue;
        auto t = parse_tile_entry(*text);
        if (!t) r_.error(item, "tiles: " + t.error());
        else p.tiles.push_back(TileEntry{t->tile, t->pos, t->rot, loc_of(item)});
      }
      if (s_.problems.size() != before && v->Style() == YAML::EmitterStyle::Flow) s_.problems[before].message += kFlowHint;
    }
  } else {
    r_.error(n, "position: missing required key 'tiles' (the board, 'TILE x,y ROTATION' per tile)");
  }
  if (const auto* v = m.get("figures")) p.figures = figures(*v, "figures");
  if (const auto* v = m.get("scores")) p.scores = scores(*v, "scores");
  if (const auto* v = m.get("supply")) read_supply(*v);
  read_position_turn(m);
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
        r_.error(kc.first, "supply: unknown figure kind '" + kind +
                               "' (expected follower, large, abbot, mayor, wagon, builder, pig or phantom)");
        continue;
      }
      if (auto v = count(kc.second, "supply count", 0)) counts[static_cast<std::size_t>(k)] = *v;
    }
    if (!c) continue;
    s_.position.supply[*c] = counts;
    s_.position.locs["supply." + std::string(colour_name(*c))] = loc_of(kv.first);
  }
}

void ScenarioReader::read_position_turn(const MapView& m) {
  Position& p = s_.position;
  if (const auto* v = m.get("active")) p.active = colour(*v, "active").value_or(Colour::Red);
  else s_.problem(s_.loc_of("position"), "position: missing required key 'active' (the colour to act)");
  if (const auto* v = m.get("phase")) {
    p.phase = phase(*v).value_or("tile");
    if (p.phase != "tile" && p.phase != "figure" && p.phase != "game-over") {
      r_.error(*v, "phase: a position starts in phase tile, figure or game-over; reach '" + p.phase +
                       "' by applying moves in query.apply");
      p.phase = "tile";
    }
  }
  else s_.problem(s_.loc_of("position"), "position: missing required key 'phase' (tile, figure or game-over)");
  if (const auto* v = m.get("placed")) {
    Pos pos;
    auto text = r_.str(*v, "placed");
    if (text && parse_pos(*text, pos)) p.placed = pos;
    else if (text) r_.error(*v, "placed: '" + *text + "' is not a position x,y");
  }
  if (const auto* v = m.get("in_hand")) p.in_hand = tile_id(*v, "in_hand").value_or(kNoTile);
  if (const auto* v = m.get("pile")) {
    if (!v->IsSequence()) r_.error(*v, "pile: expected a list of tile ids");
    else
      for (const auto& item : *v)
        if (auto t = tile_id(item, "pile")) p.pile.push_back(*t);
  }
  if (const auto* v = m.get("last_tile")) p.last_tile = r_.boolean(*v, "last_tile").value_or(false);
  if (const auto* v = m.get("second_tile")) p.second_tile = r_.boolean(*v, "second_tile").value_or(false);
  if (const auto* v = m.get("rolls")) {
    if (!v->IsSequence()) r_.error(*v, "rolls: expected a list of die results 1 to 3, e.g. [2, 1]");
    else
      for (const auto& item : *v)
        if (auto roll = count(item, "rolls", 1)) {
          if (*roll > 3) r_.error(item, "rolls: a die result is 1, 2 or 3");
          else p.rolls.push_back(*roll);
        }
  }
}

}  // namespace carc
