// The message bodies as JSON (oracle/PROTOCOL.md "Position", "Ruleset",
// "Query", "Answer", "Capabilities"); the JSON Schemas under oracle/schemas/
// describe the same shapes.
#include "protocol/body_codec.hpp"

#include <algorithm>

#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/dragon_fairy.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/limits.hpp"

namespace carc::proto::detail {
namespace {

std::string at(const std::string& path, std::size_t i) { return path + "[" + std::to_string(i) + "]"; }

// The position's numbers as sent (64-bit) and the JSON path of each supply and score,
// so check_position_bounds (engine/limits.hpp) judges them before anything narrows them to int.
struct WireNumbers {
  PositionNumbers numbers;
  std::vector<std::string> supply_paths, score_paths;
  std::size_t pile_listed = 0;  // of numbers.pile, the pile's own; the rest are set_aside (version 4)
};

WideCoord wide_xy(const Json& j, const std::string& path) {
  return WideCoord{wide_integer(member(j, "x", path), path + ".x"), wide_integer(member(j, "y", path), path + ".y")};
}

Json definition_json(const TileDefinition& d) {
  Json j{{"id", d.id}, {"edges", d.edges}, {"features", d.features}};
  if (!d.letter.empty()) j["letter"] = d.letter;
  if (!d.jcz.empty()) j["jcz"] = d.jcz;
  return j;
}

TileDefinition read_definition(const Json& j, const std::string& path) {
  only_keys(j, {"id", "edges", "features", "letter", "jcz"}, path);
  TileDefinition d;
  d.id = str(member(j, "id", path), path + ".id");
  d.edges = str(member(j, "edges", path), path + ".edges");
  d.features = str_list(member(j, "features", path), path + ".features");
  if (j.contains("letter")) d.letter = str(j["letter"], path + ".letter");
  if (j.contains("jcz")) d.jcz = str(j["jcz"], path + ".jcz");
  return d;
}

// Coordinates are narrowed to int here and checked by read_position before they are used.
PlacedTile read_tile(const Json& j, const std::string& path, WireNumbers& n) {
  only_keys(j, {"id", "x", "y", "rotation"}, path);
  PlacedTile t;
  t.id = str(member(j, "id", path), path + ".id");
  const WideCoord c = wide_xy(j, path);
  n.numbers.tiles.push_back(c);
  t.x = static_cast<int>(c.x);
  t.y = static_cast<int>(c.y);
  t.rotation = integer(member(j, "rotation", path), path + ".rotation", 0, 270);
  if (t.rotation % 90 != 0) bad(path + ".rotation", "expected 0, 90, 180 or 270");
  return t;
}

WireFigure read_figure(const Json& j, const std::string& path, WireNumbers& n) {
  only_keys(j, {"owner", "kind", "x", "y", "feature"}, path);
  WireFigure f;
  f.owner = str(member(j, "owner", path), path + ".owner");
  f.kind = str(member(j, "kind", path), path + ".kind");
  const WideCoord c = wide_xy(j, path);
  n.numbers.figures.push_back(c);
  f.x = static_cast<int>(c.x);
  f.y = static_cast<int>(c.y);
  f.feature = str(member(j, "feature", path), path + ".feature");
  return f;
}

std::map<std::string, int> read_counts(const Json& j, const std::string& path, std::vector<std::int64_t>& values,
                                       std::vector<std::string>& paths) {
  if (!j.is_object()) bad(path, "expected an object of integers, got " + std::string(j.type_name()));
  std::map<std::string, int> out;
  for (const auto& [key, value] : j.items()) {
    values.push_back(wide_integer(value, path + "." + key));
    paths.push_back(path + "." + key);
    out[key] = static_cast<int>(values.back());
  }
  return out;
}

// The first number of the position beyond the bounds of engine/limits.hpp, as a DecodeError at its path.
void check_bounds(const WireNumbers& n, const std::string& path) {
  const auto problems = check_position_bounds(n.numbers);
  if (problems.empty()) return;
  const BoundsProblem& b = problems.front();
  switch (b.item) {
    case BoundsItem::Tile:
      bad(at(path + ".tiles", b.index), b.message);
    case BoundsItem::Figure:
      bad(at(path + ".figures", b.index), b.message);
    case BoundsItem::Placed:
      bad(path + ".placed", b.message);
    case BoundsItem::Pile:
      if (b.index < n.pile_listed) bad(at(path + ".pile", b.index), b.message);
      bad(at(path + ".set_aside", b.index - n.pile_listed), b.message);
    case BoundsItem::Roll:
      bad(at(path + ".rolls", b.index), b.message);
    case BoundsItem::Supply:
      bad(n.supply_paths.at(b.index), b.message);
    case BoundsItem::Score:
      bad(n.score_paths.at(b.index), b.message);
  }
  bad(path, b.message);
}

template <class T, class F>
std::vector<T> read_list(const Json& j, const std::string& path, F read_one) {
  if (!j.is_array()) bad(path, "expected a list, got " + std::string(j.type_name()));
  std::vector<T> out;
  out.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) out.push_back(read_one(j[i], at(path, i)));
  return out;
}

// Version 3, the Tower (PROTOCOL.md §12.4). A tower's square is checked against the
// position's bounds here: narrowed to int unchecked it could wrap onto a real tile.
WireTower read_tower(const Json& j, const std::string& path) {
  only_keys(j, {"x", "y", "height", "closed"}, path);
  WireTower t;
  t.x = integer(member(j, "x", path), path + ".x", -kMaxCoord, kMaxCoord);
  t.y = integer(member(j, "y", path), path + ".y", -kMaxCoord, kMaxCoord);
  t.height = integer(member(j, "height", path), path + ".height", 1, kMaxTowerFloors);
  if (j.contains("closed")) t.closed = boolean(j["closed"], path + ".closed");
  return t;
}

WirePrisoner read_prisoner(const Json& j, const std::string& path) {
  only_keys(j, {"owner", "kind"}, path);
  return WirePrisoner{str(member(j, "owner", path), path + ".owner"), str(member(j, "kind", path), path + ".kind")};
}

// A room's per-seat count (engine/position_keys.hpp), checked as its declaration says before an
// entry is kept: an object of at most one entry per player, each a seated colour holding 0..max,
// all together no more than the box holds. The players are read already.
void read_seat_count(const Json& j, const std::string& path, const SeatCountKey& k, Position& p) {
  const std::string key(k.key);
  if (!j.contains(key)) return;
  const Json& f = j[key];
  const std::string kp = path + "." + key;
  if (!f.is_object()) bad(kp, "expected an object of colour -> " + std::string(k.what));
  if (f.size() > p.players.size()) bad(kp, count_seats_error(f.size(), p.players.size()));
  long long total = 0;
  for (const auto& [colour, n] : f.items()) {
    if (std::find(p.players.begin(), p.players.end(), colour) == p.players.end())
      bad(kp + "." + colour, count_unseated_error(colour));
    const int v = integer(n, kp + "." + colour, 0, k.max);
    total += v;
    p.counts[k][colour] = v;
  }
  if (total > k.box) bad(kp, count_box_error(k, total));
}

// The rooms' entry lists (engine/position_keys.hpp): each no longer than its declaration allows,
// checked before any entry is read.
void check_entry_lists(const Json& j, const std::string& path) {
  for (const EntryListKey* k : entry_list_keys())
    if (const std::string key(k->key);
        j.contains(key) && j[key].is_array() && j[key].size() > static_cast<std::size_t>(k->max))
      bad(path + "." + key, entry_list_error(*k, j[key].size()));
}

void read_position_tower(const Json& j, const std::string& path, Position& p) {
  if (j.contains("towers")) p.towers = read_list<WireTower>(j["towers"], path + ".towers", read_tower);
  for (const SeatCountKey* k : seat_count_keys()) read_seat_count(j, path, *k, p);
  if (j.contains("prisoners")) {
    const Json& held = j["prisoners"];
    if (!held.is_object()) bad(path + ".prisoners", "expected an object of holder colour -> list of figures held");
    for (const auto& [holder, list] : held.items())
      p.prisoners[holder] = read_list<WirePrisoner>(list, path + ".prisoners." + holder, read_prisoner);
  }
  // Version 8, the castles, and version 10, the bridges (read here with the other pieces on foundations).
  if (j.contains("castles")) p.castles = str_list(j["castles"], path + ".castles");
  if (j.contains("bridges")) p.bridges = str_list(j["bridges"], path + ".bridges");
}

// Version 4, the dragon and the fairy (PROTOCOL.md §13.4). Squares are checked against
// the position's bounds before they are narrowed, as the towers' are; set-aside tiles
// count among the position's tiles.
WireSquare read_square(const Json& j, const std::string& path) {
  only_keys(j, {"x", "y"}, path);
  return WireSquare{integer(member(j, "x", path), path + ".x", -kMaxCoord, kMaxCoord),
                    integer(member(j, "y", path), path + ".y", -kMaxCoord, kMaxCoord)};
}

WireFairy read_fairy(const Json& j, const std::string& path) {
  only_keys(j, {"x", "y", "next_to"}, path);
  WireFairy f;
  if (j.contains("x") || j.contains("y")) {
    WireSquare at;
    at.x = integer(member(j, "x", path), path + ".x", -kMaxCoord, kMaxCoord);
    at.y = integer(member(j, "y", path), path + ".y", -kMaxCoord, kMaxCoord);
    f.at = at;
  }
  if (j.contains("next_to")) {
    const Json& h = j["next_to"];
    const std::string hp = path + ".next_to";
    if (!f.at) bad(hp, "a host needs the fairy's tile (x, y): a fairy beside the board has none");
    only_keys(h, {"owner", "kind", "feature"}, hp);
    f.next_to = WireHost{str(member(h, "owner", hp), hp + ".owner"), str(member(h, "kind", hp), hp + ".kind"),
                         str(member(h, "feature", hp), hp + ".feature")};
  }
  return f;
}

void read_position_dragon(const Json& j, const std::string& path, Position& p, WireNumbers& n) {
  if (j.contains("dragon")) p.dragon = read_square(j["dragon"], path + ".dragon");
  if (j.contains("fairy")) p.fairy = read_fairy(j["fairy"], path + ".fairy");
  if (j.contains("set_aside")) p.set_aside = str_list(j["set_aside"], path + ".set_aside");
  n.numbers.pile += p.set_aside.size();
  if (j.contains("dragon_path")) {
    p.dragon_path = read_list<WireSquare>(j["dragon_path"], path + ".dragon_path", read_square);
    if (p.dragon_path.size() > static_cast<std::size_t>(kDragonSteps))
      bad(path + ".dragon_path", "at most " + std::to_string(kDragonSteps) + " entries (the sixth step ends the move)");
  }
}

Json square_json(const WireSquare& q) { return Json{{"x", q.x}, {"y", q.y}}; }

// Version 8, Little Buildings (PROTOCOL.md §15).
WireBuilding read_building(const Json& j, const std::string& path) {
  only_keys(j, {"kind", "x", "y"}, path);
  return WireBuilding{str(member(j, "kind", path), path + ".kind"),
                      integer(member(j, "x", path), path + ".x", -kMaxCoord, kMaxCoord),
                      integer(member(j, "y", path), path + ".y", -kMaxCoord, kMaxCoord)};
}

void read_position_buildings(const Json& j, const std::string& path, Position& p) {
  if (j.contains("building_supply")) {
    const Json& bs = j["building_supply"];
    const std::string bp = path + ".building_supply";
    if (!bs.is_object()) bad(bp, "expected an object, got " + std::string(bs.type_name()));
    for (const auto& [colour, counts] : bs.items()) {
      if (!counts.is_object()) bad(bp + "." + colour, "expected an object, got " + std::string(counts.type_name()));
      for (const auto& [kind, n] : counts.items())
        p.building_supply[colour][kind] = integer(n, bp + "." + colour + "." + kind, 0, 6);
    }
  }
  if (j.contains("buildings"))
    p.buildings = read_list<WireBuilding>(j["buildings"], path + ".buildings", read_building);
}

// Version 9, Under the Big Top: `big_top: {x, y, token}`, `animal_tokens: [values, next first]`.
void read_position_big_top(const Json& j, const std::string& path, Position& p) {
  if (j.contains("big_top")) {
    const Json& b = j["big_top"];
    const std::string bp = path + ".big_top";
    only_keys(b, {"x", "y", "token"}, bp);
    p.big_top = WireSquare{integer(member(b, "x", bp), bp + ".x", -kMaxCoord, kMaxCoord),
                           integer(member(b, "y", bp), bp + ".y", -kMaxCoord, kMaxCoord)};
    p.big_top_token = integer(member(b, "token", bp), bp + ".token", 0, 99);
  }
  if (j.contains("animal_tokens")) {
    const Json& t = j["animal_tokens"];
    const std::string tp = path + ".animal_tokens";
    if (!t.is_array() || t.size() > 16) bad(tp, "expected a list of at most 16 token values, the next drawn first");
    std::vector<int> tokens;
    for (std::size_t i = 0; i < t.size(); ++i)
      tokens.push_back(integer(t[i], tp + "[" + std::to_string(i) + "]", 0, 99));
    p.animal_tokens = std::move(tokens);
  }
}

void read_position_turn(const Json& j, const std::string& path, Position& p, WireNumbers& n) {
  if (j.contains("placed")) {
    const Json& pl = j["placed"];
    only_keys(pl, {"x", "y"}, path + ".placed");
    const WideCoord c = wide_xy(pl, path + ".placed");
    n.numbers.placed = c;
    p.placed = std::pair{static_cast<int>(c.x), static_cast<int>(c.y)};
  }
  if (j.contains("in_hand")) p.in_hand = str(j["in_hand"], path + ".in_hand");
  n.numbers.in_hand = !p.in_hand.empty();
  if (j.contains("pile")) p.pile = str_list(j["pile"], path + ".pile");
  n.numbers.pile = p.pile.size();
  n.pile_listed = p.pile.size();
  if (j.contains("last_tile")) p.last_tile = boolean(j["last_tile"], path + ".last_tile");
  if (j.contains("rolls")) {
    n.numbers.rolls = read_list<std::int64_t>(j["rolls"], path + ".rolls", wide_integer);
    for (const auto r : n.numbers.rolls) p.rolls.push_back(static_cast<int>(r));
  }
  for (const FlagKey* f : position_flags())  // the rooms' yes/no keys, each through its declaration
    if (const std::string key(f->key); j.contains(key)) p.flags[*f] = boolean(j[key], path + "." + key);
}

// A room's per-seat count: only when its room is in play (some player named), so a peer of a
// version before the declaration's never reads it (the runner sends a room's keys only to a peer
// that declares the room, and a room only to a peer whose version has it).
void put_counts(Json& j, const Position& p, const SeatCountKey& k) {
  if (!p.counts[k].empty()) j[std::string(k.key)] = p.counts[k];
}

// A room's flag as its declaration says: always (the keys of version 1) or only when set.
void put_flag(Json& j, const Position& p, const FlagKey& k) {
  if (k.always_sent || p.flags[k]) j[std::string(k.key)] = p.flags[k];
}

}  // namespace

Json to_json(const Position& p) { return to_json(p, true); }

Json to_json(const TileDefinition& d) { return definition_json(d); }

Json to_json(const Position& p, bool definitions) {
  Json j;
  j["players"] = p.players;
  j["active"] = p.active;
  j["phase"] = p.phase;
  Json tiles = Json::array();
  for (const auto& t : p.tiles) tiles.push_back(Json{{"id", t.id}, {"x", t.x}, {"y", t.y}, {"rotation", t.rotation}});
  j["tiles"] = std::move(tiles);
  if (p.placed) j["placed"] = Json{{"x", p.placed->first}, {"y", p.placed->second}};
  if (!p.in_hand.empty()) j["in_hand"] = p.in_hand;
  j["pile"] = p.pile;
  j["last_tile"] = p.last_tile;
  j["rolls"] = p.rolls;
  put_flag(j, p, kSecondTileKey);
  Json figures = Json::array();
  for (const auto& f : p.figures)
    figures.push_back(Json{{"owner", f.owner}, {"kind", f.kind}, {"x", f.x}, {"y", f.y}, {"feature", f.feature}});
  j["figures"] = std::move(figures);
  j["supply"] = p.supply;
  j["scores"] = p.scores;
  Json defs = Json::array();
  if (definitions)
    for (const auto& d : p.definitions) defs.push_back(definition_json(d));
  j["definitions"] = std::move(defs);
  // Version 3: sent only when there is something to say, so a position without the
  // Tower reads exactly as in version 2.
  if (!p.towers.empty()) {
    Json towers = Json::array();
    for (const auto& t : p.towers) {
      Json one{{"x", t.x}, {"y", t.y}, {"height", t.height}};
      if (t.closed) one["closed"] = true;
      towers.push_back(std::move(one));
    }
    j["towers"] = std::move(towers);
  }
  put_counts(j, p, kFloorsKey);
  if (!p.prisoners.empty()) {
    Json held = Json::object();
    for (const auto& [holder, list] : p.prisoners) {
      Json list_json = Json::array();
      for (const auto& f : list) list_json.push_back(Json{{"owner", f.owner}, {"kind", f.kind}});
      held[holder] = std::move(list_json);
    }
    j["prisoners"] = std::move(held);
  }
  put_flag(j, p, kRansomPaidKey);
  // Version 4, likewise only when there is something to say.
  if (p.dragon) j["dragon"] = square_json(*p.dragon);
  if (p.fairy) {
    Json f = Json::object();
    if (p.fairy->at) f = square_json(*p.fairy->at);
    if (p.fairy->next_to)
      f["next_to"] = Json{
          {"owner", p.fairy->next_to->owner}, {"kind", p.fairy->next_to->kind}, {"feature", p.fairy->next_to->feature}};
    j["fairy"] = std::move(f);
  }
  if (!p.set_aside.empty()) j["set_aside"] = p.set_aside;
  if (!p.dragon_path.empty()) {
    Json path = Json::array();
    for (const auto& q : p.dragon_path) path.push_back(square_json(q));
    j["dragon_path"] = std::move(path);
  }
  // Version 8, Little Buildings, likewise.
  if (!p.building_supply.empty()) j["building_supply"] = p.building_supply;
  if (!p.buildings.empty()) {
    Json list = Json::array();
    for (const auto& b : p.buildings) list.push_back(Json{{"kind", b.kind}, {"x", b.x}, {"y", b.y}});
    j["buildings"] = std::move(list);
  }
  // Version 8, the castles.
  put_counts(j, p, kCastleTokensKey);
  if (!p.castles.empty()) j["castles"] = p.castles;
  // Version 9, Under the Big Top.
  if (p.big_top) j["big_top"] = Json{{"x", p.big_top->x}, {"y", p.big_top->y}, {"token", p.big_top_token}};
  if (p.animal_tokens) j["animal_tokens"] = *p.animal_tokens;
  // Version 10, the bridges.
  put_counts(j, p, kBridgeTokensKey);
  if (!p.bridges.empty()) j["bridges"] = p.bridges;
  put_flag(j, p, kBridgeBuiltKey);
  return j;
}

Position read_position(const Json& j, const std::string& path) {
  only_keys(j,
            {"players",       "active",          "phase",       "tiles",         "placed",  "in_hand", "pile",
             "last_tile",     "rolls",           "second_tile", "figures",       "supply",  "scores",  "definitions",
             "towers",        "floors",          "prisoners",   "ransom_paid",   "dragon",  "fairy",   "set_aside",
             "dragon_path",   "building_supply", "buildings",   "castle_tokens", "castles", "big_top", "animal_tokens",
             "bridge_tokens", "bridges",         "bridge_built"},
            path);
  check_entry_lists(j, path);
  Position p;
  WireNumbers n;
  p.players = str_list(member(j, "players", path), path + ".players");
  p.active = str(member(j, "active", path), path + ".active");
  p.phase = str(member(j, "phase", path), path + ".phase");
  p.tiles = read_list<PlacedTile>(member(j, "tiles", path), path + ".tiles",
                                  [&](const Json& t, const std::string& at_path) { return read_tile(t, at_path, n); });
  if (j.contains("figures"))
    p.figures = read_list<WireFigure>(j["figures"], path + ".figures", [&](const Json& f, const std::string& at_path) {
      return read_figure(f, at_path, n);
    });
  if (j.contains("supply")) {
    const Json& supply = j["supply"];
    if (!supply.is_object()) bad(path + ".supply", "expected an object, got " + std::string(supply.type_name()));
    for (const auto& [colour, counts] : supply.items())
      p.supply[colour] = read_counts(counts, path + ".supply." + colour, n.numbers.supply, n.supply_paths);
  }
  if (j.contains("scores")) p.scores = read_counts(j["scores"], path + ".scores", n.numbers.scores, n.score_paths);
  p.definitions = read_list<TileDefinition>(member(j, "definitions", path), path + ".definitions", read_definition);
  read_position_turn(j, path, p, n);
  read_position_tower(j, path, p);
  read_position_dragon(j, path, p, n);
  read_position_buildings(j, path, p);
  read_position_big_top(j, path, p);
  check_bounds(n, path);
  return p;
}

Json to_json(const Ruleset& r) {
  Json switches = Json::object();
  for (const auto& [k, v] : r.switches) switches[k] = v;
  return Json{{"name", r.name}, {"switches", std::move(switches)}};
}

Ruleset read_ruleset(const Json& j, const std::string& path) {
  only_keys(j, {"name", "switches"}, path);
  Ruleset r;
  r.name = str(member(j, "name", path), path + ".name");
  const Json& s = member(j, "switches", path);
  if (!s.is_object()) bad(path + ".switches", "expected an object of switch values");
  for (const auto& [key, value] : s.items()) r.switches.emplace_back(key, str(value, path + ".switches." + key));
  return r;
}

Json to_json(const Query& q) {
  return Json{{"apply", q.apply}, {"final_scoring", q.final_scoring}, {"probes", q.probes}};
}

Query read_query(const Json& j, const std::string& path) {
  only_keys(j, {"apply", "final_scoring", "probes"}, path);
  Query q;
  if (j.contains("apply")) q.apply = str_list(j["apply"], path + ".apply");
  if (j.contains("final_scoring")) q.final_scoring = boolean(j["final_scoring"], path + ".final_scoring");
  if (j.contains("probes")) q.probes = str_list(j["probes"], path + ".probes");
  return q;
}

Json to_json(const Answer& a) {
  Json j;
  j["moves"] = a.moves;
  j["legal"] = a.legal;
  j["rejected"] = a.rejected ? Json{{"move", a.rejected->first}, {"reason", a.rejected->second}} : Json(nullptr);
  j["scores"] = a.scores;
  j["returned"] = a.returned;
  j["figures"] = a.figures;
  j["supply"] = a.supply;
  j["phase"] = a.phase;
  j["active"] = a.active;
  if (!a.towers.empty()) j["towers"] = a.towers;
  if (!a.floors.empty()) j["floors"] = a.floors;
  if (!a.prisoners.empty()) j["prisoners"] = a.prisoners;
  if (!a.dragon.empty()) j["dragon"] = a.dragon;
  if (!a.fairy.empty()) j["fairy"] = a.fairy;
  if (!a.set_aside.empty()) j["set_aside"] = a.set_aside;
  if (!a.dragon_path.empty()) j["dragon_path"] = a.dragon_path;
  if (!a.scored.empty()) j["scored"] = a.scored;
  return j;
}

Answer read_answer(const Json& j, const std::string& path) {
  only_keys(j,
            {"moves", "legal", "rejected", "scores", "returned", "figures", "supply", "phase", "active", "towers",
             "floors", "prisoners", "dragon", "fairy", "set_aside", "dragon_path", "scored"},
            path);
  Answer a;
  if (j.contains("moves")) a.moves = str_list(j["moves"], path + ".moves");
  if (j.contains("legal")) {
    const Json& l = j["legal"];
    if (!l.is_object()) bad(path + ".legal", "expected an object of move -> \"ok\" or a reason code");
    for (const auto& [move, verdict] : l.items()) a.legal[move] = str(verdict, path + ".legal." + move);
  }
  if (j.contains("rejected") && !j["rejected"].is_null()) {
    const Json& r = j["rejected"];
    only_keys(r, {"move", "reason"}, path + ".rejected");
    a.rejected = std::pair{integer(member(r, "move", path + ".rejected"), path + ".rejected.move", 1, 1 << 20),
                           str(member(r, "reason", path + ".rejected"), path + ".rejected.reason")};
  }
  if (j.contains("scores")) a.scores = int_map(j["scores"], path + ".scores");
  if (j.contains("returned")) a.returned = str_list(j["returned"], path + ".returned");
  if (j.contains("figures")) a.figures = str_list(j["figures"], path + ".figures");
  if (j.contains("supply")) a.supply = nested_int_map(j["supply"], path + ".supply");
  if (j.contains("phase")) a.phase = str(j["phase"], path + ".phase");
  if (j.contains("active")) a.active = str(j["active"], path + ".active");
  if (j.contains("towers")) a.towers = str_list(j["towers"], path + ".towers");
  if (j.contains("floors")) a.floors = int_map(j["floors"], path + ".floors");
  if (j.contains("prisoners")) {
    const Json& held = j["prisoners"];
    if (!held.is_object()) bad(path + ".prisoners", "expected an object of holder colour -> list of \"OWNER KIND\"");
    for (const auto& [holder, list] : held.items()) a.prisoners[holder] = str_list(list, path + ".prisoners." + holder);
  }
  if (j.contains("dragon")) a.dragon = str(j["dragon"], path + ".dragon");
  if (j.contains("fairy")) a.fairy = str(j["fairy"], path + ".fairy");
  if (j.contains("set_aside")) a.set_aside = str_list(j["set_aside"], path + ".set_aside");
  if (j.contains("dragon_path")) a.dragon_path = str_list(j["dragon_path"], path + ".dragon_path");
  if (j.contains("scored")) a.scored = str_list(j["scored"], path + ".scored");
  return a;
}

Json to_json(const Capabilities& c) {
  return Json{{"expansions", c.expansions}, {"figures", c.figures}, {"switches", c.switches}, {"queries", c.queries}};
}

Capabilities read_capabilities(const Json& j, const std::string& path) {
  only_keys(j, {"expansions", "figures", "switches", "queries"}, path);
  Capabilities c;
  c.expansions = str_list(member(j, "expansions", path), path + ".expansions");
  c.figures = str_list(member(j, "figures", path), path + ".figures");
  c.queries = str_list(member(j, "queries", path), path + ".queries");
  if (j.contains("switches")) {
    const Json& s = j["switches"];
    if (!s.is_object()) bad(path + ".switches", "expected an object of switch key -> list of values");
    for (const auto& [key, values] : s.items()) c.switches[key] = str_list(values, path + ".switches." + key);
  }
  return c;
}

}  // namespace carc::proto::detail
