// Checks that need the whole scenario: seated colours, the turn, the position
// itself, complete `requires`, edition leakage, canonical expected placements,
// anachronisms.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <string_view>

#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/scenario_reader.hpp"

namespace carc {
namespace {

Loc pos_loc(const Scenario& s, const std::string& key) {
  const auto it = s.position.locs.find(key);
  return it != s.position.locs.end() ? it->second : s.loc_of("position");
}

bool seated(const Scenario& s, Colour c) {
  return std::find(s.position.players.begin(), s.position.players.end(), c) != s.position.players.end();
}

void check_seated(Scenario& s, Colour c, Loc at, const std::string& what) {
  if (!seated(s, c)) s.problem(at, what + ": " + std::string(colour_name(c)) + " is not one of the players");
}

void check_colours(Scenario& s, const Expect& e) {
  if (e.scores)
    for (const auto& [c, v] : *e.scores) check_seated(s, c, e.loc, "expect scores");
  if (e.supply)
    for (const auto& [c, v] : *e.supply) check_seated(s, c, e.loc, "expect supply");
  if (e.active) check_seated(s, *e.active, e.loc, "expect active");
  for (const auto* list : {&e.figures, &e.returned})
    if (*list)
      for (const auto& f : **list) check_seated(s, f.owner, f.loc, "expect figure");
}

// The colours the position and the expectations name, each a seated one (when the seats were read).
void check_position_colours(Scenario& s) {
  if (!s.read_cleanly({"position.players"})) return;
  const Position& p = s.position;
  if (s.read_cleanly({"position.active"})) check_seated(s, p.active, pos_loc(s, "active"), "active");
  for (const auto& f : p.figures) check_seated(s, f.owner, f.loc, "figures");
  for (const auto& [c, v] : p.scores) check_seated(s, c, pos_loc(s, "scores"), "scores");
  for (const auto& [c, v] : p.supply) check_seated(s, c, pos_loc(s, "supply"), "supply");
  for_each_expect(s, [&s](const Expect& e, ExpectSite) { check_colours(s, e); });
}

void check_turn(Scenario& s) {
  const Position& p = s.position;
  const bool has_hand = p.in_hand != kNoTile;
  if (p.placed && s.read_cleanly({"position.tiles"}) &&
      std::none_of(p.tiles.begin(), p.tiles.end(), [&](const TileEntry& t) { return t.pos == *p.placed; }))
    s.problem(pos_loc(s, "placed"), "placed: " + to_string(*p.placed) + " is not one of the tiles listed");
  if (!s.read_cleanly({"position.phase", "position.placed", "position.in_hand", "position.pile"})) return;
  if (p.phase == "tile") {
    if (p.placed) s.problem(pos_loc(s, "placed"), "placed: phase 'tile' comes before placement (leave out 'placed')");
    if (!has_hand && p.pile.empty())
      s.problem(pos_loc(s, "phase"), "phase 'tile' needs 'in_hand' (the tile to place) or a 'pile' to draw from");
  } else if (p.phase == "figure") {
    if (!p.placed) s.problem(pos_loc(s, "phase"), "phase 'figure' needs 'placed' (the tile just placed this turn)");
    if (has_hand) s.problem(pos_loc(s, "in_hand"), "in_hand: phase 'figure' has no tile in hand (the tile is placed)");
  } else if (p.phase == "game-over") {
    if (p.placed) s.problem(pos_loc(s, "placed"), "placed: phase 'game-over' has no tile just placed");
    if (has_hand) s.problem(pos_loc(s, "in_hand"), "in_hand: phase 'game-over' has no tile in hand");
  }
}

// Tiles, features and counts when the seats and tiles were read; the engine's own setup too when
// the whole position (and requires) read cleanly, nothing in it was found wrong so far (`sound`)
// and the engine models everything the scenario needs. True when the engine built it.
bool check_position(Scenario& s, bool sound) {
  if (!s.read_cleanly({"position.players", "position.tiles"})) return false;
  const auto problems = check_position_structure(s);
  for (const auto& [at, message] : problems) s.problem(at, message);
  if (!problems.empty() || !sound || !s.read_cleanly({"position", "requires"})) return false;
  if (!missing_capabilities(s, engine_capabilities()).empty()) return false;
  Loc where = s.loc_of("position");
  if (auto st = build_state(s, RuleSet{}, &where); !st) {
    s.problem(where, st.error(), st.error_code());
    return false;
  }
  return true;
}

// The position under each ruleset the scenario applies to: setup refusals that depend on the
// rules (a pig under a farmer scoring without pig scoring: pig-scoring-undefined; a figure on the
// dragon's tile under dragon-tile-deployment: forbidden, ...) are problems here, not errors in `run`.
// check_position above built it under the default rules only.
void check_position_per_ruleset(Scenario& s) {
  if (!missing_capabilities(s, engine_capabilities()).empty()) return;
  std::string refused, why, code;
  for (const auto& name : scenario_rulesets(s)) {
    const auto rules = scenario_rules(s, name);
    if (!rules) continue;
    const auto st = build_state(s, *rules);
    if (st) continue;
    if (refused.empty()) {
      why = st.error();
      code = st.error_code();
    } else if (st.error() != why) {
      continue;  // reported one refusal at a time: the first ruleset's
    }
    refused += (refused.empty() ? "" : ", ") + name;
  }
  if (refused.empty()) return;
  s.problem(s.loc_of(s.applies_to.empty() ? "id" : "applies_to"),
            "the position is refused under " + refused + ": " + why + " (list applies_to without them)", code);
}

void check_requires(Scenario& s) {
  for (const auto& use : inferred_uses(s))
    if (std::find(s.required.begin(), s.required.end(), use.capability) == s.required.end())
      s.problem(s.loc_of("requires"),
                "requires omits '" + use.capability + "': the scenario uses " + use.what + " (add it to requires)");
}

// A switch of the scenario (rules, variants, also_with) that names the capability.
bool sets_switch_of(const Scenario& s, std::string_view capability) {
  const auto names = [&](const std::string& key) {
    const SwitchSpec* spec = find_switch(key);
    if (!spec) return false;
    if (spec->capability == capability) return true;
    const auto in = [&](const auto& list) { return std::find(list.begin(), list.end(), capability) != list.end(); };
    return in(spec->or_with) || in(spec->and_with);
  };
  for (const auto& [key, value] : s.rules)
    if (names(key)) return true;
  for (const auto& v : s.variants)
    for (const auto& [key, value] : v.switches)
      if (names(key)) return true;
  for (const auto& c : s.also_with)
    for (const auto& [key, value] : c.switches)
      if (names(key)) return true;
  return false;
}

// From protocol 7 a garden tile with no abbot in play needs only `base`: `requires: [abbot]` on
// such a scenario would keep base-game engines from it for nothing (unless a switch of the abbot's
// is what it tests).
void check_requires_too_much(Scenario& s) {
  if (std::find(s.required.begin(), s.required.end(), "abbot") == s.required.end()) return;
  const auto uses = inferred_uses(s);
  if (std::any_of(uses.begin(), uses.end(), [](const Use& u) { return u.capability == "abbot"; })) return;
  if (sets_switch_of(s, "abbot")) return;
  const auto gardens = inferred_uses(s, kGardenAloneIsBaseVersion - 1);
  const auto garden =
      std::find_if(gardens.begin(), gardens.end(), [](const Use& u) { return u.capability == "abbot"; });
  if (garden == gardens.end()) return;  // an abbot scenario with nothing of the abbot is for other checks
  s.warning(s.loc_of("requires"), "requires names 'abbot', but no abbot is in play: the " + garden->what +
                                      " needs only 'base' from protocol 7 (drop abbot from requires)");
}

void check_edition(Scenario& s) {
  std::string c1;
  for (const auto& name : scenario_rulesets(s))
    if (const Preset* p = find_preset(name); p && p->edition == "C1") c1 += (c1.empty() ? "" : ", ") + name;
  if (c1.empty()) return;
  for (const auto& use : inferred_uses(s, kGardenAloneIsBaseVersion - 1)) {  // a garden alone too
    if (use.capability != "abbot") continue;
    s.problem(s.loc_of(s.applies_to.empty() ? "id" : "applies_to"),
              "edition leakage: the scenario applies to C1 rulesets (" + c1 +
                  "), which have no abbot and no gardens, "
                  "but uses " +
                  use.what + " (list applies_to without the C1 rulesets)");
  }
}

// The tile edition of a preset's edition: C3.1 is the C3 game with the 2025 Flying Machines text
// (oracle/rulesets), so its tiles are the C3 tiles.
std::string_view tiles_of_edition(std::string_view edition) { return edition == "C3.1" ? "C3" : edition; }

// Whether a tile is in the box a game of `edition` plays with: some set that counts the tile
// counts it in that edition, or in the printing the set names for it (`played_in`: the Tower's
// C2 tiles in a C3 game, TO-T1). A set with neither for the edition does not exist in it (the
// magic portals of The Princess & the Dragon have no C3 printing). `editions` gets the editions
// the tile is counted in.
bool tile_in_edition(TileTypeId t, std::string_view edition, std::vector<std::string>& editions) {
  const auto counts = [&](const TileSet& set, std::string_view e) {
    const auto it = set.counts.find(e);
    return it != set.counts.end() && std::any_of(it->second.begin(), it->second.end(),
                                                 [&](const auto& tc) { return tc.first == t && tc.second > 0; });
  };
  bool counted = false, played = false;
  for (const auto& set : builtin_catalog().sets()) {
    bool in_set = false;
    for (const auto& [e, tiles] : set.counts)
      if (counts(set, e)) {
        in_set = true;
        if (std::find(editions.begin(), editions.end(), e) == editions.end()) editions.push_back(e);
      }
    if (!in_set) continue;
    counted = true;
    const auto stand_in = set.played_in.find(edition);
    played = played || counts(set, edition) || (stand_in != set.played_in.end() && counts(set, stand_in->second));
  }
  std::sort(editions.begin(), editions.end());
  return !counted || played;  // a tile of no counted set (test catalogs) is not judged
}

// The tile of another edition's box with the same layout as `t` (edges and features alike, a
// garden aside: C2 added gardens to tiles of C1, fl-F.d -> fl-F.dG, pd-Cc.p -> pd-Cc.pG), in the
// box of every edition in `wanted`; kNoTile when there is none.
TileTypeId edition_twin(TileTypeId t, const std::vector<std::string_view>& wanted) {
  const auto& cat = builtin_catalog();
  const auto layout = [&](TileTypeId id) {
    std::vector<std::string> specs = tile_specs(cat[id]);
    specs.erase(std::remove(specs.begin(), specs.end(), "garden"), specs.end());
    return std::make_pair(edge_letters(cat[id]), specs);
  };
  const auto mine = layout(t);
  for (TileTypeId other = 0; static_cast<std::size_t>(other) < cat.size(); ++other) {
    if (other == t || layout(other) != mine) continue;
    std::vector<std::string> ignored;
    if (std::all_of(wanted.begin(), wanted.end(),
                    [&](std::string_view e) { return tile_in_edition(other, e, ignored); }))
      return other;
  }
  return kNoTile;
}

// Every tile the scenario puts on the board, in hand, in the pile, set aside or places in
// query.apply must exist in the edition of each ruleset it runs under: a portal tile (C1/C2) or
// the C1 flier tile without a garden under hig-c3 pins an answer no C3 box can reach.
void check_tile_editions(Scenario& s) {
  const auto& cat = builtin_catalog();
  std::vector<std::pair<TileTypeId, Loc>> used;
  const auto use = [&](TileTypeId t, Loc at) {
    if (t == kNoTile || static_cast<std::size_t>(t) >= cat.size()) return;
    if (std::none_of(used.begin(), used.end(), [&](const auto& u) { return u.first == t; })) used.emplace_back(t, at);
  };
  for (const auto& e : s.position.tiles) use(e.tile, e.loc);
  use(s.position.in_hand, pos_loc(s, "in_hand"));
  for (const auto t : s.position.pile) use(t, pos_loc(s, "pile"));
  for (const auto t : s.position.set_aside) use(t, pos_loc(s, "set_aside"));
  for_each_apply(s, [&use](const std::vector<MoveText>& moves, const Variant*) {
    for (const auto& m : moves)
      if (m.move && m.move->kind == MoveKind::Place) use(m.move->tile, m.loc);
  });
  const auto rulesets = scenario_rulesets(s);
  for (const auto& [tile, at] : used) {
    std::vector<std::string> editions;
    std::string outside;
    std::vector<std::string_view> missing;  // the tile editions it is not in
    for (const auto& name : rulesets) {
      const Preset* p = find_preset(name);
      if (!p || tile_in_edition(tile, tiles_of_edition(p->edition), editions)) continue;
      outside += fmt::format("{}{} ({})", outside.empty() ? "" : ", ", name, p->edition);
      if (std::find(missing.begin(), missing.end(), tiles_of_edition(p->edition)) == missing.end())
        missing.push_back(tiles_of_edition(p->edition));
    }
    if (outside.empty()) continue;
    std::string twin;
    if (const TileTypeId other = edition_twin(tile, missing); other != kNoTile) {
      std::vector<std::string> in;
      tile_in_edition(other, missing.front(), in);
      const bool gains = cat[other].garden >= 0 && cat[tile].garden < 0;
      const bool loses = cat[other].garden < 0 && cat[tile].garden >= 0;
      twin = fmt::format("; its twin in the {} boxes is {}{}", fmt::join(in, ", "), cat[other].id,
                         gains   ? ", the same tile with a garden"
                         : loses ? ", the same tile without the garden"
                                 : ", the same tile");
    }
    s.problem(at, fmt::format("edition leakage: tile {} is in the {} boxes only, but the scenario runs under {} "
                              "(list applies_to without them, or use a tile of those editions{})",
                              cat[tile].id, fmt::join(editions, ", "), outside, twin));
  }
}

// A scenario that needs a room first printed after the last year a ruleset's rules were printed
// combines rules that never met in print (crop circles, 2010, under the farmer scoring of 2000; the
// phantom, 2011, under the pre-Big Box texts): its answer there is a reading, not a ruling. A
// warning, one per room, naming the rulesets, their editions and years.
void check_anachronisms(Scenario& s) {
  if (s.applies_to.empty()) return;  // the default leaves those rulesets out (scenario_rulesets)
  for (const auto& cap : s.required) {
    const int year = first_printed(cap);
    std::vector<std::string> older;
    for (const auto& name : scenario_rulesets(s)) {
      const Preset* p = find_preset(name);
      if (!p || !predates(*p, {cap})) continue;
      older.push_back(p->printed_from == p->printed_to
                          ? fmt::format("{} ({}, printed {})", p->name, p->edition, p->printed_to)
                          : fmt::format("{} ({}, printed {}-{})", p->name, p->edition, p->printed_from, p->printed_to));
    }
    if (older.empty()) continue;
    s.warning(s.loc_of("applies_to"),
              fmt::format("anachronism: the scenario needs {} (first printed {}), but applies_to names {}: no "
                          "printed text of those rules has it, so the answer there is a reading, not a ruling "
                          "(leave {} out of applies_to)",
                          cap, year, fmt::join(older, ", "), older.size() > 1 ? "them" : "it"));
  }
}

// A cited ruling must be about the edition of every ruleset the scenario runs under: a C1-only
// ruling pinned under hig-c3 claims a C3 answer no C3 text gives. Switch ids (V-*) carry no
// editions (their presets say who takes which value) and are not checked.
void check_ruling_editions(Scenario& s) {
  const auto rulesets = scenario_rulesets(s);
  for (std::size_t i = 0; i < s.rulings.size(); ++i) {
    const std::string& id = s.rulings[i];
    const LedgerRuling* r = find_ruling(id);
    if (!r) continue;
    std::string outside;
    for (const auto& name : rulesets) {
      const Preset* p = find_preset(name);
      if (!p || std::find(r->editions.begin(), r->editions.end(), p->edition) != r->editions.end()) continue;
      outside += fmt::format("{}{} ({})", outside.empty() ? "" : ", ", name, p->edition);
    }
    if (outside.empty()) continue;
    const Loc at = i < s.ruling_locs.size() ? s.ruling_locs[i] : s.loc_of("rulings");
    s.problem(at, fmt::format("rulings: {} is about editions {}, but the scenario runs under {}: narrow applies_to "
                              "or cite the ruling where it holds",
                              id, fmt::join(r->editions, ", "), outside));
  }
}

void check_canonical(Scenario& s, const std::optional<std::vector<MoveText>>& moves, const std::string& what) {
  if (!moves) return;
  const auto& cat = builtin_catalog();
  for (const auto& m : *moves) {
    if (!m.move || m.move->kind != MoveKind::Place) continue;
    const std::string canonical = canonical_move(m, cat);
    if (canonical != to_string(*m.move, cat))
      s.problem(m.loc, what + ": '" + echo(m.text) + "' is not canonical: tile " + cat[m.move->tile].id +
                           " gives the same layout at a smaller rotation; write '" + canonical + "'");
  }
}

// The moves a variant asks (its own query.apply, else the scenario's), and how a message names them.
const std::vector<MoveText>& moves_of_branch(const Scenario& s, const Variant* v) {
  return v && v->apply ? *v->apply : s.apply;
}
std::string apply_name(const Variant* v) {
  return v && v->apply ? fmt::format("the variant's query.apply (line {})", v->apply_loc.line) : "query.apply";
}

void check_rejected(Scenario& s, const Expect& e, const Variant* v = nullptr) {
  if (!e.rejected || e.rejected->move == 0) return;
  const int n = static_cast<int>(moves_of_branch(s, v).size());
  const std::string moves = apply_name(v);
  if (e.rejected->move > n)
    s.problem(e.rejected->loc, fmt::format("rejected: move {} but {} has {} move(s)", e.rejected->move, moves, n));
  else if (e.rejected->move != n)
    s.problem(e.rejected->loc,
              fmt::format("rejected: the refused move must be the last of {} (move {}), so nothing is applied after "
                          "it: delete the moves after move {} (check what they reach in another scenario)",
                          moves, n, e.rejected->move));
  if (s.final_scoring)
    s.problem(e.rejected->loc,
              "rejected: cannot be combined with query.final_scoring (the refused move ends the query)");
}

// The effective rules of every result the scenario gives: each ruleset as written, then each
// ruleset under each also_with combination.
std::vector<RuleSet> every_effective(const Scenario& s) {
  std::vector<RuleSet> out;
  const auto rulesets = scenario_rulesets(s);
  for (const auto& name : rulesets)
    if (auto rules = scenario_rules(s, name)) out.push_back(*rules);
  for (const auto& combo : s.also_with)
    for (const auto& name : rulesets) {
      auto rules = scenario_rules(s, name);
      if (!rules) continue;
      bool ok = true;
      for (const auto& [key, value] : combo.switches) ok = ok && rules->set(key, value);
      if (ok) out.push_back(*rules);
    }
  return out;
}

void check_variants(Scenario& s) {
  const auto effective = every_effective(s);
  for (const auto& v : s.variants) {
    const bool used = std::any_of(effective.begin(), effective.end(), [&](const RuleSet& r) { return v.matches(r); });
    if (!used)
      s.problem(v.loc, fmt::format("{} ({}: key it on a value one of them plays, add the ruleset to applies_to, "
                                   "add the switch value to also_with, or delete the variant)",
                                   s.also_with.empty()
                                       ? "variant: its 'when' matches none of the rulesets the scenario applies to"
                                       : "variant: its 'when' matches none of the rulesets the scenario applies to, "
                                         "with or without its also_with combinations",
                                   fmt::format("they are {}", fmt::join(scenario_rulesets(s), ", "))));
    for (std::size_t i = 0; i < v.remove.size(); ++i)
      if (!s.expect.has(v.remove[i]))
        s.problem(v.remove_locs[i],
                  "remove: '" + v.remove[i] + "' is not in the scenario's expect (nothing to remove)");
  }
  for (const auto& r : effective)
    if (s.resolved_expect(r).empty()) {
      s.problem(s.loc_of("variants"), "variants: under " + r.name +
                                          " the variant that applies removes every key of expect, leaving nothing "
                                          "to check");
      break;
    }
  for (const auto& r : effective) {
    bool emptied = false;
    for (const auto& [after, e] : s.resolved_checkpoints(r))
      if (e.empty() && !emptied) {
        emptied = true;
        s.problem(s.loc_of("variants"), fmt::format("variants: under {} the variant that applies removes every key "
                                                    "of the checkpoint after move {}, leaving nothing to check",
                                                    r.name, after));
      }
    if (emptied) break;
  }
}

// checkpoints: each after a move of query.apply but the last, once, in the order of the moves,
// before any refused move; a variant's, each for a checkpoint of the scenario, removing only
// keys that checkpoint gives.
void check_checkpoints(Scenario& s) {
  const int n = static_cast<int>(s.apply.size());
  std::map<int, Loc> seen;
  int last = 0;
  for (const auto& c : s.checkpoints) {
    if (c.after <= 0) continue;  // did not read: reported
    const Loc at = c.after_loc.line > 0 ? c.after_loc : c.loc;
    if (c.after >= n)
      s.problem(at, n < 2 ? fmt::format("checkpoint after move {}: query.apply has {} move(s), so there is no state "
                                        "between its moves to check (a checkpoint needs at least 2 moves)",
                                        c.after, n)
                          : fmt::format("checkpoint after move {}: out of range: query.apply has {} moves, so a "
                                        "checkpoint comes after move 1 to {} (the state after all {} is expect)",
                                        c.after, n, n - 1, n));
    if (const auto [it, fresh] = seen.emplace(c.after, c.loc); !fresh)
      s.problem(at, fmt::format("checkpoint after move {} is given twice (also at line {})", c.after, it->second.line));
    else if (c.after < last)
      s.problem(at, fmt::format("checkpoint after move {} is listed after the checkpoint after move {}: list "
                                "checkpoints in the order of query.apply",
                                c.after, last));
    last = std::max(last, c.after);
  }
  // Each variant with its own moves asks the scenario's checkpoints after its moves too.
  for (const auto& v : s.variants) {
    if (!v.apply) continue;
    const int m = static_cast<int>(v.apply->size());
    for (const auto& c : s.checkpoints)
      if (c.after > 0 && c.after < n && c.after >= m)
        s.problem(c.after_loc.line > 0 ? c.after_loc : c.loc,
                  fmt::format("checkpoint after move {}: out of range for the variant at line {}: its query.apply has "
                              "{} move(s), so it has no state after move {} between its moves (give that variant "
                              "moves enough, or check this state in expect)",
                              c.after, v.loc.line, m, c.after));
  }
  // A refused move ends the query: nothing after it is reached (on each branch's moves).
  const auto unreached = [&s](const Expect& e, const Checkpoint& c, const Variant* v) {
    if (e.rejected && e.rejected->move > 0 && c.after >= e.rejected->move)
      s.problem(c.after_loc.line > 0 ? c.after_loc : c.loc,
                fmt::format("checkpoint after move {}: expect rejects move {} of {}, so the state after move {} is "
                            "never reached",
                            c.after, e.rejected->move, apply_name(v), c.after));
  };
  for (const auto& c : s.checkpoints) {
    unreached(s.expect, c, nullptr);
    for (const auto& v : s.variants) unreached(v.expect, c, &v);
  }
  for (const auto& v : s.variants) {
    std::map<int, Loc> in_variant;
    for (const auto& vc : v.checkpoints) {
      if (vc.after <= 0) continue;
      const Loc at = vc.after_loc.line > 0 ? vc.after_loc : vc.loc;
      const auto own = std::find_if(s.checkpoints.begin(), s.checkpoints.end(),
                                    [&vc](const Checkpoint& c) { return c.after == vc.after; });
      if (const auto [it, fresh] = in_variant.emplace(vc.after, vc.loc); !fresh) {
        s.problem(at, fmt::format("variant checkpoint after move {} is given twice (also at line {})", vc.after,
                                  it->second.line));
        continue;
      }
      if (own == s.checkpoints.end() && v.apply) {
        // A checkpoint of this branch alone: a state of its own moves, its expect whole.
        const int m = static_cast<int>(v.apply->size());
        if (vc.after >= m)
          s.problem(at, fmt::format("variant checkpoint after move {}: out of range: the variant's query.apply has "
                                    "{} move(s), so a checkpoint of its own comes after move 1 to {} (the state "
                                    "after all of them is expect)",
                                    vc.after, m, m - 1));
        for (const auto& key_at : vc.remove_locs)
          s.problem(key_at, fmt::format("remove: the scenario has no checkpoint after move {}, so this variant's "
                                        "checkpoint there is its own and has nothing to remove (give its keys in "
                                        "expect)",
                                        vc.after));
        const bool kept = std::find(v.remove.begin(), v.remove.end(), "rejected") == v.remove.end();
        if (v.expect.rejected || kept) unreached(v.expect.rejected ? v.expect : s.expect, vc, &v);
        continue;
      }
      if (own == s.checkpoints.end()) {
        std::string afters;
        for (const auto& c : s.checkpoints) afters += fmt::format("{}{}", afters.empty() ? "" : ", ", c.after);
        s.problem(at, fmt::format("variant checkpoint after move {}: the scenario has no checkpoint after move {} "
                                  "(a variant changes the scenario's checkpoints: {}; to check a state of moves of "
                                  "its own, give the variant its own query.apply)",
                                  vc.after, vc.after, afters.empty() ? "it has none" : "after move " + afters));
        continue;
      }
      for (std::size_t i = 0; i < vc.remove.size(); ++i)
        if (!own->expect.has(vc.remove[i]))
          s.problem(vc.remove_locs[i], fmt::format("remove: '{}' is not in the scenario's checkpoint after move {} "
                                                   "(nothing to remove)",
                                                   vc.remove[i], vc.after));
    }
  }
}

// A variant keyed on a ruleset whose distinguishing value of a switch the scenario's rules:
// overrides: under that ruleset the scenario plays the rules: value, so the answer the variant
// gives for the ruleset's own rule is never asked for (a warning: it may key on something else).
void check_variant_rulesets(Scenario& s) {
  const auto rulesets = scenario_rulesets(s);
  for (const auto& v : s.variants)
    for (const auto& name : v.rulesets) {
      const auto own = ruleset_named(name);
      if (!own) continue;
      for (const auto& [key, value] : s.rules) {
        const std::string mine(own->get(key));
        if (mine == value) continue;
        std::string others;
        for (const auto& other : rulesets)
          if (auto o = ruleset_named(other); o && other != name && o->get(key) != mine) others = other;
        if (others.empty()) continue;  // not a value that sets this ruleset apart here
        s.warning(v.when_loc.line > 0 ? v.when_loc : v.loc,
                  fmt::format("variant: 'when' names ruleset {}, which plays {}: {} (unlike {}), but the "
                              "scenario's rules: set {}: {} under every ruleset, so the variant never applies "
                              "to {}'s own {}; key it on the switch values it depends on, or take {} out of rules:",
                              name, key, mine, others, key, value, name, key, key));
      }
    }
}

// also_with: each combination once, and each of its values one that some ruleset of the
// scenario does not play already (else the copy repeats a result of the scenario as written).
void check_also_with(Scenario& s) {
  const auto rulesets = scenario_rulesets(s);
  for (std::size_t i = 0; i < s.also_with.size(); ++i) {
    const Combination& c = s.also_with[i];
    auto sorted = c.switches;
    std::sort(sorted.begin(), sorted.end());
    for (std::size_t j = 0; j < i; ++j) {
      auto earlier = s.also_with[j].switches;
      std::sort(earlier.begin(), earlier.end());
      if (earlier == sorted) {
        s.problem(c.loc, fmt::format("also_with: the combination {} is given twice (also at line {}): delete this "
                                     "entry, each combination runs once",
                                     combination_id("", c.switches), s.also_with[j].loc.line));
        break;
      }
    }
    for (const auto& kv : c.switches) {
      const std::string& key = kv.first;  // named, not bound: a lambda may not capture a structured binding (clang)
      const std::string& value = kv.second;
      const bool everywhere = std::all_of(rulesets.begin(), rulesets.end(), [&](const std::string& name) {
        const auto rules = scenario_rules(s, name);
        return !rules || rules->get(key) == value;
      });
      if (everywhere)
        s.problem(c.loc, fmt::format("also_with: {}: {} is in effect under every ruleset the scenario runs under "
                                     "already (with its rules:), so the combination would repeat its results: leave "
                                     "{} out of this combination (or the combination out of also_with), or give "
                                     "it a value these rulesets do not play",
                                     key, value, key));
    }
  }
}

// Each move of an expected set once: the set is compared as a set, so a repeat is a slip (a
// move meant to be another). `figures` and `returned` are multisets (two followers of one colour
// may stand on one feature after a crop circle's add) and are not checked.
void check_duplicate_moves(Scenario& s, const std::optional<std::vector<MoveText>>& moves, const std::string& what,
                           bool canonical) {
  if (!moves) return;
  const auto& cat = builtin_catalog();
  std::map<std::string, Loc> seen;
  for (const auto& m : *moves) {
    const std::string key = canonical || !m.move ? canonical_move(m, cat) : to_string(*m.move, cat);
    const auto [it, fresh] = seen.emplace(key, m.loc);
    if (!fresh)
      s.problem(m.loc, fmt::format("{}: '{}' is listed twice (also at line {}): an expected set holds each move once",
                                   what, echo(m.text), it->second.line));
  }
}

void check_duplicates(Scenario& s, const Expect& e) {
  check_duplicate_moves(s, e.moves, "moves", true);
  check_duplicate_moves(s, e.includes, "includes", true);
  check_duplicate_moves(s, e.excludes, "excludes", true);
  if (e.moves_of)
    for (const auto& [verb, listed] : *e.moves_of)
      check_duplicate_moves(s, std::optional<std::vector<MoveText>>(listed), "moves_of " + verb, true);
  if (e.legal) {
    std::vector<MoveText> keys;
    for (const auto& [m, verdict] : *e.legal) keys.push_back(m);
    check_duplicate_moves(s, keys, "legal", false);
  }
}

// A switch the scenario sets or a variant turns on must be able to matter to it (switch_matters):
// from protocol version 5 an implementation is sent only those switches, so an expectation that
// hangs on another one could never be met.
void check_switches_matter(Scenario& s) {
  const std::vector<std::string> capabilities = required_capabilities(s);
  const auto check = [&](const std::string& key, Loc at, const std::string& where) {
    const SwitchSpec* spec = find_switch(key);
    if (!spec || switch_matters(*spec, capabilities)) return;
    std::string needs = fmt::format("'{}'", spec->capability);
    for (const auto c : spec->or_with) needs += fmt::format(" or '{}'", c);
    for (const auto c : spec->and_with) needs += fmt::format(" and '{}'", c);
    s.problem(at, fmt::format("{}: switch '{}' can matter only to a scenario needing {}, and this one needs {} "
                              "(add what it tests to requires, or leave the switch out)",
                              where, key, needs, fmt::join(capabilities, ", ")));
  };
  for (const auto& [key, value] : s.rules) check(key, s.loc_of("rules"), "rules");
  for (const auto& v : s.variants)
    for (const auto& [key, value] : v.switches) check(key, v.loc, "variant");
  for (const auto& c : s.also_with)
    for (const auto& [key, value] : c.switches) check(key, c.loc, "also_with");
}

}  // namespace

// Every check runs whose inputs read cleanly (Scenario::unread), so that each independent problem
// of a scenario is reported, and none as the consequence of another.
void lint_scenario(Scenario& s) {
  const std::size_t before = s.problems.size();
  check_position_colours(s);
  check_turn(s);
  const bool built = check_position(s, s.problems.size() == before);
  if (built && s.read_cleanly({"applies_to", "rules"})) check_position_per_ruleset(s);
  if (s.read_cleanly({"requires"})) {
    check_requires(s);
    check_requires_too_much(s);
  }
  if (s.read_cleanly({"applies_to"})) {
    check_edition(s);
    check_tile_editions(s);
    check_ruling_editions(s);
    if (s.read_cleanly({"requires"})) check_anachronisms(s);
  }
  // Every expectation, checkpoints' too: repeats and canonical placements.
  for_each_expect(s, [&s](const Expect& e, ExpectSite) {
    check_duplicates(s, e);
    check_canonical(s, e.moves, "moves");
    check_canonical(s, e.includes, "includes");
    check_canonical(s, e.excludes, "excludes");
    if (e.moves_of)
      for (const auto& [verb, listed] : *e.moves_of)
        check_canonical(s, std::optional<std::vector<MoveText>>(listed), "moves_of " + verb);
  });
  if (s.read_cleanly({"query"})) {
    check_rejected(s, s.expect);
    for (const auto& v : s.variants) {
      // A branch with its own moves is checked against them, the scenario's rejected too unless it
      // replaces or removes it.
      const bool own = v.expect.rejected.has_value();
      const bool removed = std::find(v.remove.begin(), v.remove.end(), "rejected") != v.remove.end();
      if (own)
        check_rejected(s, v.expect, &v);
      else if (v.apply && !removed && s.expect.rejected && s.expect.rejected->move > 0 &&
               s.expect.rejected->move != static_cast<int>(v.apply->size()))
        s.problem(v.apply_loc,
                  fmt::format("variant query.apply: expect rejects move {}, but this variant's query.apply "
                              "has {} move(s), so the refused move is not its last (give the variant "
                              "its own rejected, or list the refused move last)",
                              s.expect.rejected->move, v.apply->size()));
    }
    if (s.read_cleanly({"checkpoints", "variants", "expect"})) check_checkpoints(s);
  }
  const bool rulesets = s.read_cleanly({"applies_to", "rules", "also_with"});
  if (rulesets) check_also_with(s);
  if (s.read_cleanly({"requires", "rules", "also_with", "variants"})) check_switches_matter(s);
  if (rulesets && s.read_cleanly({"expect", "variants", "checkpoints"})) check_variants(s);
  if (rulesets && s.read_cleanly({"variants"})) check_variant_rulesets(s);
}

void lint_combination(Scenario& copy) { check_position_per_ruleset(copy); }

}  // namespace carc
