// From a loaded scenario to engine values: rulesets, expectations per ruleset, the State.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "data/oracle_data.hpp"
#include "engine/events.hpp"
#include "scenario/scenario_reader.hpp"

namespace carc {

void Expect::overlay(const Expect& over) {
  if (over.moves) moves = over.moves;
  if (over.includes) includes = over.includes;
  if (over.excludes) excludes = over.excludes;
  if (over.moves_of) moves_of = over.moves_of;
  if (over.count) count = over.count;
  if (over.legal) legal = over.legal;
  if (over.rejected) rejected = over.rejected;
  if (over.scores) scores = over.scores;
  if (over.returned) returned = over.returned;
  if (over.figures) figures = over.figures;
  if (over.supply) supply = over.supply;
  if (over.phase) phase = over.phase;
  if (over.active) active = over.active;
  if (over.towers) towers = over.towers;
  if (over.floors) floors = over.floors;
  if (over.prisoners) prisoners = over.prisoners;
  if (over.dragon) dragon = over.dragon;
  if (over.fairy) fairy = over.fairy;
  if (over.set_aside) set_aside = over.set_aside;
  if (over.dragon_path) dragon_path = over.dragon_path;
  if (over.scored) scored = over.scored;
}

namespace {

// Calls f on the member of `expect` named key (Expect or const Expect); false for an unknown key.
template <typename E, typename F>
bool with_key(E& e, std::string_view key, F f) {
  if (key == "moves") return f(e.moves);
  if (key == "includes") return f(e.includes);
  if (key == "excludes") return f(e.excludes);
  if (key == "moves_of") return f(e.moves_of);
  if (key == "count") return f(e.count);
  if (key == "legal") return f(e.legal);
  if (key == "rejected") return f(e.rejected);
  if (key == "scores") return f(e.scores);
  if (key == "returned") return f(e.returned);
  if (key == "figures") return f(e.figures);
  if (key == "supply") return f(e.supply);
  if (key == "phase") return f(e.phase);
  if (key == "active") return f(e.active);
  if (key == "towers") return f(e.towers);
  if (key == "floors") return f(e.floors);
  if (key == "prisoners") return f(e.prisoners);
  if (key == "dragon") return f(e.dragon);
  if (key == "fairy") return f(e.fairy);
  if (key == "set_aside") return f(e.set_aside);
  if (key == "dragon_path") return f(e.dragon_path);
  if (key == "scored") return f(e.scored);
  return false;
}

}  // namespace

const std::vector<std::string>& expect_keys() {
  static const std::vector<std::string> keys{"moves",     "includes",    "excludes", "moves_of",  "count",  "legal",
                                             "rejected",  "scores",      "returned", "figures",   "supply", "phase",
                                             "active",    "towers",      "floors",   "prisoners", "dragon", "fairy",
                                             "set_aside", "dragon_path", "scored"};
  return keys;
}

const std::vector<std::string>& move_verbs() {
  static const std::vector<std::string> verbs = [] {
    std::vector<std::string> out;
    for (const MoveForm& f : move_forms())
      if (f.parse && std::find(out.begin(), out.end(), f.verb()) == out.end()) out.emplace_back(f.verb());
    return out;
  }();
  return verbs;
}

std::string_view move_verb(std::string_view text) {
  const auto start = text.find_first_not_of(' ');
  if (start == std::string_view::npos) return {};
  text.remove_prefix(start);
  return text.substr(0, text.find(' '));
}

bool Expect::remove(std::string_view key) {
  return with_key(*this, key, [](auto& member) {
    member.reset();
    return true;
  });
}

bool Expect::has(std::string_view key) const {
  return with_key(*this, key, [](const auto& member) { return member.has_value(); });
}

std::string combination_id(const std::string& id, const SwitchValues& switches) {
  std::string out = id + "[";
  for (std::size_t i = 0; i < switches.size(); ++i)
    out += (i == 0 ? "" : ",") + switches[i].first + "=" + switches[i].second;
  return out + "]";
}

std::string written_id(const std::string& id) { return id.substr(0, std::min(id.find('@'), id.find('['))); }

bool Expect::empty() const {
  return !moves && !includes && !excludes && !moves_of && !count && !legal && !rejected && !scores && !returned &&
         !figures && !supply && !phase && !active && !towers && !floors && !prisoners && !dragon && !fairy &&
         !set_aside && !dragon_path && !scored;
}

bool Variant::matches(const RuleSet& effective) const {
  if (!rulesets.empty() && std::find(rulesets.begin(), rulesets.end(), effective.name) == rulesets.end()) return false;
  for (const auto& [key, value] : switches)
    if (effective.get(key) != value) return false;
  return true;
}

// The variant that applies: the first matching one naming switch values, else the first matching
// one naming rulesets only (a switch value says what the answer depends on; an also_with copy
// runs under its preset's name with other switch values).
const Variant* Scenario::chosen_variant(const RuleSet& effective) const {
  const Variant* chosen = nullptr;
  for (const auto& v : variants)
    if (v.matches(effective) && (!chosen || (v.keyed_on_switches() && !chosen->keyed_on_switches()))) {
      chosen = &v;
      if (v.keyed_on_switches()) break;
    }
  return chosen;
}

Expect Scenario::resolved_expect(const RuleSet& effective) const {
  Expect e = expect;
  const Variant* chosen = chosen_variant(effective);
  if (!chosen) return e;
  e.overlay(chosen->expect);
  for (const auto& key : chosen->remove) e.remove(key);
  return e;
}

int first_printed(std::string_view capability) {
  for (const auto& c : capability_table())
    if (c.name == capability) return c.first_printed;
  return 0;
}

bool predates(const Preset& p, const std::vector<std::string>& capabilities) {
  return p.printed_to != 0 && std::any_of(capabilities.begin(), capabilities.end(),
                                          [&](const std::string& c) { return first_printed(c) > p.printed_to; });
}

std::vector<std::pair<int, Expect>> Scenario::resolved_checkpoints(const RuleSet& effective) const {
  std::vector<std::pair<int, Expect>> out;
  const Variant* chosen = chosen_variant(effective);
  for (const auto& c : checkpoints) {
    Expect e = c.expect;
    if (chosen)
      for (const auto& vc : chosen->checkpoints)
        if (vc.after == c.after) {
          e.overlay(vc.expect);
          for (const auto& key : vc.remove) e.remove(key);
        }
    out.emplace_back(c.after, std::move(e));
  }
  // A branch with its own moves may check states the scenario's moves do not have.
  if (chosen && chosen->apply) {
    for (const auto& vc : chosen->checkpoints)
      if (std::none_of(checkpoints.begin(), checkpoints.end(),
                       [&vc](const Checkpoint& c) { return c.after == vc.after; }))
        out.emplace_back(vc.after, vc.expect);
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  }
  return out;
}

std::optional<Scenario> branch_scenario(const Scenario& s, const RuleSet& effective) {
  const Variant* chosen = s.chosen_variant(effective);
  if (!chosen || !chosen->apply) return std::nullopt;
  Scenario out = s;
  out.apply = *chosen->apply;
  for (const auto& vc : chosen->checkpoints)
    if (std::none_of(s.checkpoints.begin(), s.checkpoints.end(),
                     [&vc](const Checkpoint& c) { return c.after == vc.after; })) {
      Checkpoint own;  // the branch's alone: the variant's expect is the whole of it
      own.after = vc.after;
      own.expect = vc.expect;
      own.loc = vc.loc;
      own.after_loc = vc.after_loc;
      out.checkpoints.push_back(std::move(own));
    }
  std::stable_sort(out.checkpoints.begin(), out.checkpoints.end(),
                   [](const Checkpoint& a, const Checkpoint& b) { return a.after < b.after; });
  return out;
}

Scenario checkpoint_scenario(const Scenario& s, std::size_t index) {
  Scenario out = s;
  const Checkpoint& c = s.checkpoints.at(index);
  out.apply.resize(std::min(out.apply.size(), static_cast<std::size_t>(std::max(c.after, 0))));
  out.final_scoring = false;
  out.expect = c.expect;
  out.checkpoints.clear();
  for (auto& v : out.variants) {
    Expect e;
    std::vector<std::string> remove;
    std::vector<Loc> remove_locs;
    for (const auto& vc : v.checkpoints)
      if (vc.after == c.after) {
        e = vc.expect;
        remove = vc.remove;
        remove_locs = vc.remove_locs;
      }
    v.expect = std::move(e);
    v.remove = std::move(remove);
    v.remove_locs = std::move(remove_locs);
    v.checkpoints.clear();
  }
  return out;
}

std::vector<std::string> scenario_rulesets(const Scenario& s) {
  std::vector<std::string> out;
  for (const auto& p : builtin_presets())
    if (s.applies_to.empty() ? !predates(p, s.required)
                             : std::find(s.applies_to.begin(), s.applies_to.end(), p.name) != s.applies_to.end())
      out.push_back(p.name);
  return out;
}

std::string default_rulesets_note(const Scenario& s) {
  if (!s.applies_to.empty() || !s.combination.empty()) return {};
  // capability -> the presets left out because their rules went out of print before it.
  std::vector<std::pair<std::string, std::vector<std::string>>> why;
  for (const auto& p : builtin_presets()) {
    if (!predates(p, s.required)) continue;
    std::string latest;  // the capability printed last names the reason
    for (const auto& c : s.required)
      if (first_printed(c) > p.printed_to && (latest.empty() || first_printed(c) > first_printed(latest))) latest = c;
    auto it = std::find_if(why.begin(), why.end(), [&](const auto& w) { return w.first == latest; });
    if (it == why.end()) it = why.insert(why.end(), {latest, {}});
    it->second.push_back(p.printed_from == p.printed_to || p.printed_from == 0
                             ? fmt::format("{} ({}, printed {})", p.name, p.edition, p.printed_to)
                             : fmt::format("{} ({}, printed {}-{})", p.name, p.edition, p.printed_from, p.printed_to));
  }
  if (why.empty()) return {};
  std::string reasons;
  for (const auto& [cap, presets] : why)
    reasons += fmt::format("{}{} (out of print before {}, first printed {})", reasons.empty() ? "" : "; ",
                           fmt::join(presets, ", "), cap, first_printed(cap));
  return fmt::format(
      "{} does not run under {}: applies_to is not given, so it runs under the presets whose rules "
      "were in print when what it requires was (name them in applies_to to run there anyway)",
      s.id, reasons);
}

Result<RuleSet> scenario_rules(const Scenario& s, const std::string& preset) {
  auto rules = ruleset_named(preset);
  if (!rules) return rules;
  for (const auto& [key, value] : s.rules)
    if (auto ok = rules->set(key, value); !ok) return fail(ok.error());
  return rules;
}

FigureCounts effective_supply(const Position& p, Colour c) {
  FigureCounts out{};
  const auto it = p.supply.find(c);
  if (it != p.supply.end())
    for (std::size_t k = 0; k < out.size(); ++k) out[k] = std::max(it->second[k], 0);
  if (it == p.supply.end() || it->second[0] < 0) {
    int on_board = 0;
    for (const auto& f : p.figures) on_board += (f.owner == c && f.kind == FigureKind::Follower) ? 1 : 0;
    for (const auto& [holder, held] : p.prisoners)  // held by others: owned, not in hand (TO-05)
      for (const auto& [owner, kind] : held) on_board += (owner == c && kind == FigureKind::Follower) ? 1 : 0;
    out[0] = std::max(7 - on_board, 0);
  }
  return out;
}

namespace {

std::string with_article(std::string_view noun) {
  const bool vowel = !noun.empty() && std::string_view("aeiou").find(noun.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(noun);
}

// Owned figures per kind (supply + board); an error when over the ruleset's per-player numbers
// (`per_player`, from figures_per_player; `under` names the ruleset, or is empty when the limit
// is the most any ruleset allows). A special figure the scenario's supply states for that player
// is taken as written: the stated supply overrides the ruleset's number (a game mixing sets may
// give a player two wagons). Followers stay within 7.
Result<FigureCounts> owned_figures(const Position& p, Colour c, Loc* where, const FigureCounts& per_player,
                                   const std::string& under) {
  const FigureCounts in_hand = effective_supply(p, c);
  const auto stated = p.supply.find(c);
  FigureCounts owned = in_hand;
  for (const auto& f : p.figures)
    if (f.owner == c) ++owned[static_cast<std::size_t>(f.kind)];
  for (std::size_t k = 0; k < owned.size(); ++k) {
    const int limit = per_player[k];
    if (owned[k] <= limit) continue;
    // A special figure the supply states is taken as written; followers keep the 7 (a stated 7
    // with one on the board is the usual slip, not a wish for eight).
    if (k != 0 && stated != p.supply.end() && stated->second[k] >= 0) continue;
    if (where) {
      const auto given = p.locs.find("supply." + std::string(colour_name(c)));
      const auto figures = p.locs.find("figures");
      *where = given != p.locs.end() ? given->second : figures != p.locs.end() ? figures->second : Loc{};
    }
    const std::string kind(figure_name(static_cast<FigureKind>(k)));
    return fail(
        fmt::format("{} has {} {} figures (supply {} + board {}); a player owns at most {}{}{}", colour_name(c),
                    owned[k], kind, in_hand[k], owned[k] - in_hand[k], limit, under.empty() ? "" : " under " + under,
                    k == 0 ? "" : fmt::format(" (state {}'s supply of {} to give more)", colour_name(c), kind)));
  }
  return owned;
}

// The most of each figure any built-in ruleset lets a player own (the limit before a ruleset is chosen).
const FigureCounts& most_per_player() {
  static const FigureCounts most = [] {
    FigureCounts out = box_figures();
    for (const auto& preset : builtin_presets()) {
      const auto n = figures_per_player(preset.name);
      for (std::size_t k = 0; k < out.size(); ++k) out[k] = std::max(out[k], n[k]);
    }
    return out;
  }();
  return most;
}

// The scenario's position as the engine's position value: tiles, figures, the
// supply in hand (after the default rule), scores, turn. The box limits on
// owned figures are the scenario format's own and are checked by owned_figures.
Setup setup_of(const Position& p) {
  Setup out = Setup::with_seats(p.players);
  for (const auto& t : p.tiles) out.tiles.push_back({t.tile, t.pos, t.rot});
  for (const auto& f : p.figures) out.figures.push_back({f.owner, f.kind, f.pos, f.feature});
  auto seat = [&](Colour c) {
    const auto it = std::find(p.players.begin(), p.players.end(), c);
    return it == p.players.end() ? -1 : static_cast<int>(it - p.players.begin());
  };
  for (std::size_t i = 0; i < p.players.size(); ++i) {
    const FigureCounts in_hand = effective_supply(p, p.players[i]);
    for (std::size_t k = 0; k < in_hand.size() && k < out.supply[i].size(); ++k) out.supply[i][k] = in_hand[k];
  }
  for (const auto& [c, score] : p.scores)
    if (const int i = seat(c); i >= 0) out.scores[static_cast<std::size_t>(i)] = score;
  out.active = seat(p.active);
  out.in_hand = p.in_hand;
  out.placed = p.placed;
  out.pile = p.pile;
  out.last_tile = p.last_tile;
  out.rolls = p.rolls;
  out.flags = p.flags;
  out.towers = p.towers;
  for (const SeatCountKey* k : seat_count_keys()) {  // the rooms' per-seat counts, each by its declaration
    if (p.counts[*k].empty()) continue;              // floors: all at TO-01's number; tokens: not in play
    out.counts[*k].assign(out.seats.size(), k->unlisted);
    for (const auto& [c, n] : p.counts[*k])
      if (const int i = seat(c); i >= 0) out.counts[*k][static_cast<std::size_t>(i)] = n;
  }
  for (const auto& [holder, held] : p.prisoners)
    for (const auto& [owner, kind] : held) out.prisoners.push_back({holder, owner, kind});
  out.dragon = p.dragon;
  out.fairy = p.fairy;
  out.set_aside = p.set_aside;
  out.dragon_path = p.dragon_path;
  out.castles = p.castles;
  out.bridges = p.bridges;
  if (!p.building_supply.empty() || !p.buildings.empty()) {  // Little Buildings in the game
    out.building_supply.assign(out.seats.size(), {});
    for (const auto& [c, counts] : p.building_supply)
      if (const int i = seat(c); i >= 0) out.building_supply[static_cast<std::size_t>(i)] = counts;
    out.buildings = p.buildings;
  }
  out.big_top = p.big_top;
  out.big_top_token = p.big_top_token;
  out.animal_tokens = p.animal_tokens;
  return out;
}

// Where the part of the position State::from refused was written.
Loc loc_of(const Scenario& s, const SetupErrorAt& at) {
  const Position& p = s.position;
  auto key = [&](const char* k) { return p.locs.count(k) ? p.locs.at(k) : s.loc; };
  switch (at.part) {
    case SetupPart::Seats:
      return key("players");
    case SetupPart::Tiles:
      return at.index < p.tiles.size() ? p.tiles[at.index].loc : s.loc;
    case SetupPart::Supply:
      return key("supply");
    case SetupPart::Figures:
      return at.index < p.figures.size() ? p.figures[at.index].loc : s.loc;
    case SetupPart::Turn:
      return key("phase");
    case SetupPart::Towers:
      return key("towers");
    case SetupPart::Floors:
      return key("floors");
    case SetupPart::Prisoners:
      return key("prisoners");
    case SetupPart::Dragon:
      return key("dragon");
    case SetupPart::Fairy:
      return key("fairy");
    case SetupPart::Castles:
      return key("castles");
    case SetupPart::Bridges:
      return key("bridges");
    case SetupPart::SetAside:
      return key("set_aside");
    case SetupPart::DragonPath:
      return key("dragon_path");
    case SetupPart::InHand:
      return key("in_hand");
    case SetupPart::Buildings:
      return key(s.position.buildings.empty() ? "building_supply" : "buildings");
    case SetupPart::BigTop:
      return key(p.locs.count("big_top") ? "big_top" : "animal_tokens");
  }
  return s.loc;
}

// The seats and tiles alone (the checks that need no ruleset).
Result<State> board_of(const Scenario& s, Loc* where) {
  Setup board = Setup::with_seats(s.position.players);
  for (const auto& t : s.position.tiles) board.tiles.push_back({t.tile, t.pos, t.rot});
  board.dragon = s.position.dragon;    // a volcano on the board brings the dragon (PD-17)
  board.bridges = s.position.bridges;  // a bridge end is a road edge for the tiles after it (BC-15)
  board.big_top = s.position.big_top;  // a circus tile on the board carries the big top (BT-02)
  board.big_top_token = s.position.big_top_token;
  board.animal_tokens = s.position.animal_tokens;
  const bool listed = s.position.placed && std::any_of(s.position.tiles.begin(), s.position.tiles.end(),
                                                       [&](const auto& t) { return t.pos == *s.position.placed; });
  if (s.position.phase == "figure" && listed) {  // a circus tile placed this turn has no big top yet
    board.phase = Phase::Figure;
    board.placed = s.position.placed;
  }
  SetupErrorAt at;
  auto st = State::from(builtin_catalog(), RuleSet{}, board, &at);
  if (!st && where) *where = loc_of(s, at);
  return st;
}

}  // namespace

Result<Setup> scenario_setup(const Scenario& s) {
  Setup setup = setup_of(s.position);
  if (!parse_phase(s.position.phase, setup.phase))
    return fail("phase '" + s.position.phase + "' is not modelled by this engine");
  return setup;
}

std::vector<std::pair<Loc, std::string>> check_position_structure(const Scenario& s) {
  std::vector<std::pair<Loc, std::string>> out;
  Loc where = s.loc_of("position");
  auto st = board_of(s, &where);
  if (!st) return {{where, st.error()}};
  const Board& b = st->board();
  TilesAt tiles;
  for (const auto& t : s.position.tiles) tiles.emplace(t.pos, std::pair{t.tile, t.rot});
  for (const auto& f : s.position.figures) {
    const int t = b.tile_at(f.pos);
    if (t < 0) {
      out.emplace_back(f.loc, "figures: no tile at " + to_string(f.pos) + " for '" + to_string(f) + "'");
    } else if (b.def(t).find(f.feature, b.tile(t).rot) < 0) {
      const std::string close = closest_feature(to_string(f.feature), tiles, f.pos);
      out.emplace_back(f.loc, "figures: tile " + b.def(t).id + " at " + to_string(f.pos) + " " +
                                  rotation_name(b.tile(t).rot) + " has no feature " + to_string(f.feature) +
                                  (close.empty() ? "" : " (closest: " + close + ")"));
    } else if (!may_stand_on(f.kind, f.feature.kind)) {
      out.emplace_back(f.loc, "figures: " + with_article(figure_name(f.kind)) + " may never stand on " +
                                  with_article(feature_kind_name(f.feature.kind)));
    }
  }
  for (const Colour c : s.position.players)
    if (auto owned = owned_figures(s.position, c, &where, most_per_player(), ""); !owned)
      out.emplace_back(where, "supply: " + owned.error());
  return out;
}

// The problems are reported in the order the position reads: seats and tiles,
// then per player the box's numbers (the scenario format's limit) and the
// engine's supply checks, figures, the phase, the turn.
Result<State> build_state(const Scenario& s, const RuleSet& rules, Loc* where) {
  const Position& p = s.position;
  Setup setup = setup_of(p);
  const bool phase_known = parse_phase(p.phase, setup.phase);
  if (!phase_known) setup.phase = Phase::GameOver;  // stands in so the parts before the phase are checked
  SetupErrorAt at;
  auto st = State::from(builtin_catalog(), rules, setup, &at);
  if (!st && (at.part == SetupPart::Seats || at.part == SetupPart::Tiles)) {
    if (where) *where = loc_of(s, at);
    return st;
  }
  const std::size_t checked = !st && at.part == SetupPart::Supply ? at.index + 1 : p.players.size();
  for (std::size_t i = 0; i < checked; ++i)
    if (auto owned = owned_figures(p, p.players[i], where, figures_per_player(rules.name), rules.name); !owned)
      return fail("supply: " + owned.error());
  if (!st && at.part != SetupPart::Turn) {
    if (where) *where = loc_of(s, at);
    return st;
  }
  if (!phase_known) {
    if (where) *where = p.locs.count("phase") ? p.locs.at("phase") : s.loc;
    return fail("phase '" + p.phase + "' is not modelled by this engine");
  }
  if (!st && where) *where = loc_of(s, at);
  return st;
}

std::string canonical_move(const Move& m, const TileCatalog& catalog) {
  if (m.kind != MoveKind::Place || m.tile >= catalog.size()) return to_string(m, catalog);
  Move c = m;
  c.rot = catalog[m.tile].canonical_rot[m.rot & 3u];
  return to_string(c, catalog);
}

std::string canonical_move(const MoveText& m, const TileCatalog& catalog) {
  if (m.move) return canonical_move(*m.move, catalog);
  std::string out;
  for (const char ch : m.text) {
    if (ch == ' ' && (out.empty() || out.back() == ' ')) continue;
    out += ch;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace carc
