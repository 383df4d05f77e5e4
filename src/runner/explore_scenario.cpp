// explore's scenarios: an engine position written in the scenario format, a candidate's
// YAML text, and how two answers differ (signature, kind, capability).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>

#include "data/oracle_data.hpp"
#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/score_event.hpp"
#include "runner/explore.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

const TileCatalog& ex_catalog() { return builtin_catalog(); }

std::string ex_tile(TileTypeId t) { return ex_catalog()[t].id; }

// A YAML double-quoted scalar (JSON's escapes, which YAML reads the same).
std::string ex_quote(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string ex_colour(Colour c) { return std::string(colour_name(c)); }

void ex_list(std::ostringstream& out, std::string_view indent, std::string_view key,
             const std::vector<std::string>& items) {
  if (items.empty()) {
    out << indent << key << ": []\n";
    return;
  }
  out << indent << key << ":\n";
  for (const auto& i : items) out << indent << "  - " << ex_quote(i) << "\n";
}

// A room's flag: written only when set (absent reads as false).
void ex_flag(std::ostringstream& out, const Position& p, const FlagKey& k) {
  if (p.flags[k]) out << "  " << k.key << ": true\n";
}

// A room's per-seat count as a flow map, "  KEY: {red: 3, blue: 2}", when any player is named.
void ex_counts(std::ostringstream& out, const Position& p, const SeatCountKey& k) {
  if (p.counts[k].empty()) return;
  std::vector<std::string> entries;
  for (const auto& [c, n] : p.counts[k]) entries.push_back(fmt::format("{}: {}", ex_colour(c), n));
  out << "  " << k.key << ": {" << fmt::format("{}", fmt::join(entries, ", ")) << "}\n";
}

// A move as a signature word: its verb with the figure kind and feature kind it names,
// without squares, colours, tiles, rotations or rolls ("deploy-follower-field", "land-field").
std::string move_word(const std::string& text) {
  std::vector<std::string> w;
  std::istringstream in(text);
  for (std::string x; in >> x;) w.push_back(x);
  if (w.empty()) return "empty";
  std::string out = w[0];
  if (w[0] == "place") return out;
  for (std::size_t i = 1; i < w.size(); ++i) {
    const std::string& x = w[i];
    if (const auto colon = x.find(':'); colon != std::string::npos) {
      out += "-" + x.substr(colon + 1, x.find('{') == std::string::npos ? std::string::npos : x.find('{') - colon - 1);
      continue;
    }
    Colour c;
    if (parse_colour(x, c)) continue;
    if (std::all_of(x.begin(), x.end(), [](unsigned char ch) { return std::islower(ch) || ch == '-'; })) out += "-" + x;
  }
  return out;
}

std::string slug(const std::string& s) {
  std::string out;
  for (const char c : s) {
    const auto u = static_cast<unsigned char>(c);
    const char l = static_cast<char>(std::tolower(u));
    if (std::isalnum(u))
      out += l;
    else if (!out.empty() && out.back() != '-')
      out += '-';
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "x" : out;
}

// A text's canonical form through `make`, remembered (a thread's own table, cleared when large).
template <typename Make>
const std::string& remembered(std::unordered_map<std::string, std::string>& table, const std::string& text, Make make) {
  if (const auto it = table.find(text); it != table.end()) return it->second;
  if (table.size() > 200000) table.clear();
  return table.emplace(text, make(text)).first->second;
}

std::string canonical_text(const std::string& move) { return explore_canonical_move(move); }

std::string figure_text(const std::string& f) {
  thread_local std::unordered_map<std::string, std::string> table;
  return remembered(table, f, [](const std::string& text) {
    auto e = parse_figure_entry(text);
    return e ? to_string(*e) : text;
  });
}

// An answer's keys as sorted lists of words (duplicates kept), for an exact comparison.
using Fields = std::map<std::string, std::vector<std::string>>;

// Absent is the default both ways (PROTOCOL.md §7, §12.4): a supply count of 0 and a player's
// floors at TO-01's number for `players` seats are left out, listed or not, so an answer naming
// only what its game plays (a protocol-1 implementation names no floors) agrees with one naming all.
Fields fields_of(const Answer& a, std::size_t players) {
  Fields f;
  auto& moves = f["moves"];
  for (const auto& m : a.moves) moves.push_back(canonical_text(m));
  if (a.rejected) f["rejected"] = {fmt::format("move {} refused: {}", a.rejected->first, a.rejected->second)};
  for (const auto& [c, n] : a.scores) f["scores"].push_back(fmt::format("{} {}", c, n));
  auto& returned = f["returned"];
  for (const auto& x : a.returned) returned.push_back(figure_text(x));
  auto& figures = f["figures"];
  for (const auto& x : a.figures) figures.push_back(figure_text(x));
  for (const auto& [c, kinds] : a.supply)
    for (const auto& [k, n] : kinds)
      if (n != 0) f["supply"].push_back(fmt::format("{} {} {}", c, k, n));
  if (!a.phase.empty()) f["phase"] = {a.phase};
  if (!a.active.empty()) f["active"] = {a.active};
  if (!a.towers.empty()) f["towers"] = a.towers;
  const int dealt = default_floors(static_cast<int>(players));
  for (const auto& [c, n] : a.floors)
    if (n != dealt) f["floors"].push_back(fmt::format("{} {}", c, n));
  for (const auto& [c, held] : a.prisoners)
    for (const auto& h : held) f["prisoners"].push_back(c + " holds " + h);
  if (!a.dragon.empty()) f["dragon"] = {a.dragon};
  if (!a.fairy.empty()) f["fairy"] = {a.fairy};
  if (!a.set_aside.empty()) f["set_aside"] = a.set_aside;
  if (!a.dragon_path.empty()) f["dragon_path"] = a.dragon_path;
  // Score events in canonical text, so two engines' orders of parts, colours and figures agree.
  auto& scored = f["scored"];
  for (const auto& e : a.scored) {
    auto parsed = parse_score_event(e);
    scored.push_back(parsed ? to_string(*parsed) : e);
  }
  for (auto& [k, v] : f)
    if (k != "set_aside" && k != "dragon_path") std::sort(v.begin(), v.end());
  return f;
}

const std::vector<std::string>& ex_keys() {
  static const std::vector<std::string> keys{"moves",  "rejected", "scores",    "scored",     "returned", "figures",
                                             "supply", "phase",    "active",    "towers",     "floors",   "prisoners",
                                             "dragon", "fairy",    "set_aside", "dragon_path"};
  return keys;
}

// Items of a not in b, as multisets.
std::vector<std::string> multiset_minus(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::string kind_of_key(const std::string& key, const std::vector<std::string>& move_words) {
  if (key == "moves")
    return std::all_of(move_words.begin(), move_words.end(),
                       [](const std::string& w) { return w.ends_with("-place") || w == "place"; })
               ? "placements"
               : "deployments";
  if (key == "scores" || key == "scored") return "scoring";
  if (key == "returned" || key == "figures" || key == "supply" || key == "prisoners" || key == "floors")
    return "returns";
  return "phase-flow";
}

std::string capability_of_move(const std::string& text) {
  if (const std::string_view c = verb_capability(text); !c.empty()) return std::string(c);
  std::istringstream in(text);
  std::string w;
  while (in >> w) {
    FigureKind k;
    if (parse_figure(w, k)) return std::string(figure_capability(k));
  }
  return "base";
}

}  // namespace

std::string explore_canonical_move(const std::string& text) {
  thread_local std::unordered_map<std::string, std::string> table;
  return remembered(table, text, [](const std::string& move) {
    auto m = parse_move(move, ex_catalog());
    return m ? canonical_move(*m, ex_catalog()) : move;
  });
}

Position position_of(const Setup& s) {
  Position p;
  p.players = s.seats;
  p.active = s.seats.at(static_cast<std::size_t>(s.active));
  p.phase = std::string(phase_name(s.phase));
  for (const auto& t : s.tiles) p.tiles.push_back({t.type, t.pos, t.rot, {}});
  p.placed = s.placed;
  p.in_hand = s.in_hand;
  p.pile = s.pile;
  p.last_tile = s.last_tile;
  p.rolls = s.rolls;
  p.flags = s.flags;
  for (const auto& f : s.figures) p.figures.push_back({f.owner, f.kind, f.pos, f.feature, {}});
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    FigureCounts c{};
    for (std::size_t k = 0; k < c.size(); ++k) c[k] = s.supply[i][k];
    p.supply[s.seats[i]] = c;
    p.scores[s.seats[i]] = s.scores[i];
  }
  p.towers = s.towers;
  for (const SeatCountKey* k : seat_count_keys())  // a count kept for every seat is left out at its default
    for (std::size_t i = 0; i < s.counts[*k].size() && i < s.seats.size(); ++i)
      if (!k->every_seat || s.counts[*k][i] != k->unlisted) p.counts[*k][s.seats[i]] = s.counts[*k][i];
  for (const auto& pr : s.prisoners) p.prisoners[pr.holder].push_back({pr.owner, pr.kind});
  p.dragon = s.dragon;
  p.fairy = s.fairy;
  p.set_aside = s.set_aside;
  p.dragon_path = s.dragon_path;
  p.castles = s.castles;
  p.big_top = s.big_top;
  p.big_top_token = s.big_top_token;
  p.animal_tokens = s.animal_tokens;
  p.bridges = s.bridges;
  // Little Buildings: the tokens in hand per player and the buildings on tiles (either key
  // puts them in the game, as a scenario states it).
  for (std::size_t i = 0; i < s.building_supply.size() && i < s.seats.size(); ++i)
    p.building_supply[s.seats[i]] = s.building_supply[i];
  p.buildings = s.buildings;
  return p;
}

std::string scenario_yaml(const Scenario& s) {
  std::ostringstream out;
  out << "id: " << s.id << "\n";
  out << "title: " << ex_quote(s.title) << "\n";
  out << "status: UNVERIFIED\n";
  out << "source: " << ex_quote(s.source) << "\n";
  if (!s.tags.empty()) out << "tags: [" << fmt::format("{}", fmt::join(s.tags, ", ")) << "]\n";
  out << "requires: [" << fmt::format("{}", fmt::join(s.required, ", ")) << "]\n";
  if (!s.applies_to.empty()) out << "applies_to: [" << fmt::format("{}", fmt::join(s.applies_to, ", ")) << "]\n";
  if (!s.rules.empty()) {
    out << "rules:\n";
    for (const auto& [k, v] : s.rules) out << "  " << k << ": " << ex_quote(v) << "\n";
  }
  if (!s.notes.empty()) out << "notes: " << ex_quote(s.notes) << "\n";
  const Position& p = s.position;
  out << "position:\n";
  std::vector<std::string> players;
  for (const Colour c : p.players) players.push_back(ex_colour(c));
  out << "  players: [" << fmt::format("{}", fmt::join(players, ", ")) << "]\n";
  out << "  active: " << ex_colour(p.active) << "\n";
  out << "  phase: " << p.phase << "\n";
  std::vector<std::string> tiles;
  for (const auto& t : p.tiles)
    tiles.push_back(fmt::format("{} {} r{}", ex_tile(t.tile), to_string(t.pos), t.rot * 90));
  ex_list(out, "  ", "tiles", tiles);
  if (p.placed) out << "  placed: " << ex_quote(to_string(*p.placed)) << "\n";
  if (p.in_hand != kNoTile) out << "  in_hand: " << ex_quote(ex_tile(p.in_hand)) << "\n";
  if (!p.pile.empty()) {
    std::vector<std::string> pile;
    for (const auto t : p.pile) pile.push_back(ex_tile(t));
    ex_list(out, "  ", "pile", pile);
  }
  if (p.last_tile) out << "  last_tile: true\n";
  if (!p.rolls.empty()) out << "  rolls: [" << fmt::format("{}", fmt::join(p.rolls, ", ")) << "]\n";
  ex_flag(out, p, kSecondTileKey);
  if (!p.figures.empty()) {
    std::vector<std::string> figures;
    for (const auto& f : p.figures) figures.push_back(to_string(f));
    ex_list(out, "  ", "figures", figures);
  }
  out << "  supply:\n";
  for (const Colour c : p.players) {
    const FigureCounts in_hand = effective_supply(p, c);
    std::vector<std::string> kinds;
    for (std::size_t k = 0; k < in_hand.size(); ++k)
      if (k == 0 || in_hand[k] > 0)
        kinds.push_back(fmt::format("{}: {}", figure_name(static_cast<FigureKind>(k)), in_hand[k]));
    out << "    " << ex_colour(c) << ": {" << fmt::format("{}", fmt::join(kinds, ", ")) << "}\n";
  }
  std::vector<std::string> scores;
  for (const auto& [c, n] : p.scores)
    if (n != 0) scores.push_back(fmt::format("{}: {}", ex_colour(c), n));
  if (!scores.empty()) out << "  scores: {" << fmt::format("{}", fmt::join(scores, ", ")) << "}\n";
  if (!p.towers.empty()) {
    std::vector<std::string> towers;
    for (const auto& t : p.towers) towers.push_back(to_string(t));
    ex_list(out, "  ", "towers", towers);
  }
  ex_counts(out, p, kFloorsKey);
  if (!p.prisoners.empty()) {
    out << "  prisoners:\n";
    for (const auto& [holder, held] : p.prisoners) {
      std::vector<std::string> items;
      for (const auto& [owner, kind] : held) items.push_back(fmt::format("{} {}", ex_colour(owner), figure_name(kind)));
      out << "    " << ex_colour(holder) << ": [" << fmt::format("{}", fmt::join(items, ", ")) << "]\n";
    }
  }
  ex_flag(out, p, kRansomPaidKey);
  if (p.dragon) out << "  dragon: " << ex_quote(to_string(*p.dragon)) << "\n";
  if (p.fairy.place != FairyPlace::Absent) out << "  fairy: " << ex_quote(to_string(p.fairy)) << "\n";
  if (!p.set_aside.empty()) {
    std::vector<std::string> aside;
    for (const auto t : p.set_aside) aside.push_back(ex_tile(t));
    ex_list(out, "  ", "set_aside", aside);
  }
  if (!p.dragon_path.empty()) {
    std::vector<std::string> path;
    for (const auto q : p.dragon_path) path.push_back(to_string(q));
    ex_list(out, "  ", "dragon_path", path);
  }
  ex_counts(out, p, kCastleTokensKey);
  ex_counts(out, p, kBridgeTokensKey);
  if (!p.bridges.empty()) {
    std::vector<std::string> bridges;
    for (const auto& br : p.bridges) bridges.push_back(located(br.pos, br.road));
    ex_list(out, "  ", "bridges", bridges);
  }
  ex_flag(out, p, kBridgeBuiltKey);
  if (!p.building_supply.empty()) {
    out << "  building_supply:\n";
    for (const auto& [c, counts] : p.building_supply) {
      std::vector<std::string> kinds;
      for (std::size_t k = 0; k < counts.size(); ++k)
        kinds.push_back(fmt::format("{}: {}", building_name(static_cast<BuildingKind>(k)), counts[k]));
      out << "    " << ex_colour(c) << ": {" << fmt::format("{}", fmt::join(kinds, ", ")) << "}\n";
    }
  }
  if (!p.buildings.empty()) {
    std::vector<std::string> buildings;
    for (const auto& b : p.buildings)
      buildings.push_back(fmt::format("{} {}", building_name(b.kind), to_string(b.pos)));
    ex_list(out, "  ", "buildings", buildings);
  }
  if (!p.castles.empty()) {
    std::vector<std::string> castles;
    for (const auto& c : p.castles) castles.push_back(to_string(c));
    ex_list(out, "  ", "castles", castles);
  }
  if (p.big_top)
    out << "  big_top: " << ex_quote(to_string(*p.big_top) + " " + std::to_string(p.big_top_token)) << "\n";
  if (p.animal_tokens) out << "  animal_tokens: [" << fmt::format("{}", fmt::join(*p.animal_tokens, ", ")) << "]\n";
  out << "query:\n";
  std::vector<std::string> apply;
  for (const auto& m : s.apply) apply.push_back(m.text);
  ex_list(out, "  ", "apply", apply);
  if (s.final_scoring) out << "  final_scoring: true\n";
  const Expect& e = s.expect;
  out << "expect:\n";
  if (e.moves) {
    std::vector<std::string> moves;
    for (const auto& m : *e.moves) moves.push_back(m.text);
    ex_list(out, "  ", "moves", moves);
  }
  if (e.scores) {
    std::vector<std::string> items;
    for (const auto& [c, n] : *e.scores) items.push_back(fmt::format("{}: {}", ex_colour(c), n));
    out << "  scores: {" << fmt::format("{}", fmt::join(items, ", ")) << "}\n";
  }
  const auto figure_list = [&](std::string_view key, const std::vector<FigureEntry>& figures) {
    std::vector<std::string> items;
    for (const auto& f : figures) items.push_back(to_string(f));
    ex_list(out, "  ", key, items);
  };
  if (e.scored) ex_list(out, "  ", "scored", *e.scored);
  if (e.returned) figure_list("returned", *e.returned);
  if (e.figures) figure_list("figures", *e.figures);
  if (e.supply) {
    out << "  supply:\n";
    for (const auto& [c, kinds] : *e.supply) {
      std::vector<std::string> items;
      for (const auto& [k, n] : kinds) items.push_back(fmt::format("{}: {}", figure_name(k), n));
      out << "    " << ex_colour(c) << ": {" << fmt::format("{}", fmt::join(items, ", ")) << "}\n";
    }
  }
  if (e.phase) out << "  phase: " << *e.phase << "\n";
  if (e.active) out << "  active: " << ex_colour(*e.active) << "\n";
  return out.str();
}

Expect expect_from(const Answer& ours, const std::vector<std::string>& keys) {
  Expect e;
  const auto has = [&](std::string_view k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  const auto colour = [](const std::string& name) {
    Colour c = Colour::Red;
    (void)parse_colour(name, c);
    return c;
  };
  const auto figures = [](const std::vector<std::string>& items) {
    std::vector<FigureEntry> out;
    for (const auto& i : items)
      if (auto f = parse_figure_entry(i)) out.push_back(*f);
    return out;
  };
  if (has("moves")) {
    std::vector<MoveText> moves;
    for (const auto& m : ours.moves) moves.push_back({m, std::nullopt, {}});
    e.moves = std::move(moves);
  }
  if (has("scores")) {
    std::map<Colour, int> s;
    for (const auto& [c, n] : ours.scores) s[colour(c)] = n;
    e.scores = s;
  }
  if (has("returned")) e.returned = figures(ours.returned);
  if (has("figures")) e.figures = figures(ours.figures);
  if (has("supply")) {
    std::map<Colour, std::map<FigureKind, int>> s;
    for (const auto& [c, kinds] : ours.supply)
      for (const auto& [k, n] : kinds) {
        FigureKind kind;
        if (parse_figure(k, kind)) s[colour(c)][kind] = n;
      }
    e.supply = s;
  }
  if (has("active") && !ours.active.empty()) e.active = colour(ours.active);
  if (has("scored")) e.scored = ours.scored;
  if (has("phase") || e.empty()) e.phase = ours.phase;
  return e;
}

std::optional<AnswerDiff> diff_answers(const Scenario& question, const Answer& ours, const Answer& theirs,
                                       bool events) {
  const std::size_t players = question.position.players.size();
  Fields a = fields_of(ours, players);
  Fields b = fields_of(theirs, players);
  if (!events) {
    a.erase("scored");
    b.erase("scored");
  }
  AnswerDiff d;
  std::vector<std::string> words;  // the moves' words of the signature
  for (const auto& key : ex_keys()) {
    const auto ia = a.find(key);
    const auto ib = b.find(key);
    const std::vector<std::string> none;
    const auto& va = ia == a.end() ? none : ia->second;
    const auto& vb = ib == b.end() ? none : ib->second;
    if (va == vb) continue;
    // Not answered (absent on the wire) rather than different: keys ours always states.
    if (vb.empty() && (key == "scores" || key == "supply" || key == "phase" || key == "active")) continue;
    d.keys.push_back(key);
    if (key == "moves") {
      const auto extra = multiset_minus(vb, va);
      const auto missing = multiset_minus(va, vb);
      std::set<std::string> e, m, dup;
      for (const auto& x : extra) (std::binary_search(va.begin(), va.end(), x) ? dup : e).insert(move_word(x));
      for (const auto& x : missing) m.insert(move_word(x));
      for (const auto& w : e) words.push_back("extra-" + w);
      for (const auto& w : dup) words.push_back("duplicate-" + w);
      for (const auto& w : m) words.push_back("missing-" + w);
      if (d.capability.empty()) {
        const std::string sample = !extra.empty() ? extra.front() : missing.front();
        d.capability = capability_of_move(sample);
      }
      d.lines.push_back(
          fmt::format("moves: only theirs [{}]; only ours [{}]", fmt::join(extra, "; "), fmt::join(missing, "; ")));
    } else {
      d.lines.push_back(fmt::format("{}: ours [{}]; theirs [{}]", key, fmt::join(va, "; "), fmt::join(vb, "; ")));
    }
  }
  if (d.keys.empty()) return std::nullopt;
  d.kind = kind_of_key(d.keys.front(), words);
  if (d.keys.front() == "moves") {
    if (words.size() > 3) words.resize(3);
    d.signature = slug("moves-" + fmt::format("{}", fmt::join(words, "-")));
  } else {
    // Where it shows: the phase flow by our phase after the moves; the rest by final scoring or
    // by the verb of the last move (the scoring at a turn's end comes after pass or a deployment).
    const bool flow = d.keys.front() == "phase" || d.keys.front() == "active";
    std::string when;
    if (flow && !ours.phase.empty())
      when = "in-" + ours.phase;
    else if (ours.phase == "game-over" && question.position.phase != "game-over")
      when = "final";
    else if (!question.apply.empty())
      when = "after-" + question.apply.back().text.substr(0, question.apply.back().text.find(' '));
    else
      when = "at-" + question.position.phase;
    d.signature = slug(fmt::format("{}-{}", fmt::join(d.keys, "-"), when));
    if (d.capability.empty() && !question.apply.empty()) d.capability = capability_of_move(question.apply.back().text);
  }
  if (d.capability.empty()) d.capability = "base";
  return d;
}

std::size_t scenario_tile_count(const Scenario& s) {
  const Position& p = s.position;
  return p.tiles.size() + (p.in_hand != kNoTile ? 1 : 0) + p.pile.size();
}

}  // namespace carc
