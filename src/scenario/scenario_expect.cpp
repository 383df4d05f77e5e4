// Reading `query`, `expect` and `variants` (scenarios/README.md "query and expect").
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>

#include "data/closest.hpp"
#include "data/oracle_data.hpp"
#include "engine/score_event.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/scenario_reader.hpp"

namespace carc {

bool is_reason_name(std::string_view s) {
  Reason r;
  return parse_reason(s, r);
}

namespace {
std::string reason_list() {
  std::string out;
  for (const auto name : all_reason_names()) out += (out.empty() ? "" : ", ") + std::string(name);
  return out;
}
}  // namespace

std::optional<std::string> ScenarioReader::reason(const YAML::Node& n) {
  auto s = r_.str(n, "reason");
  if (s && !is_reason_name(*s)) {
    std::vector<std::string> names;
    for (const auto name : all_reason_names()) names.emplace_back(name);
    r_.error(n, "unknown reason code '" + echo(*s) + "'" + closest_hint(*s, names) +
                    " (expected one of: " + reason_list() + ")");
    return std::nullopt;
  }
  return s;
}

std::optional<MoveText> ScenarioReader::move(const YAML::Node& n, std::string_view what) {
  auto text = r_.str(n, what);
  if (!text) return std::nullopt;
  MoveText m{*text, std::nullopt, loc_of(n)};
  auto parsed = parse_move(*text, builtin_catalog());
  // A move of a capability this engine does not model is kept as text (sent only to subjects that
  // have it); any other move that does not parse is an error, expansion verbs included.
  if (const auto cap = verb_capability(*text); !parsed && !cap.empty() && !engine_models(cap)) return m;
  if (!parsed) {
    const std::string close = closest_move(*text, board_);
    r_.error(n, std::string(what) + ": " + parsed.error() + (close.empty() ? "" : " (closest: '" + close + "')"));
    return std::nullopt;
  }
  m.move = *parsed;
  // A tile placed by query.apply is where the later moves and expectations address features.
  if (what == "apply" && parsed->kind == MoveKind::Place)
    board_.emplace(parsed->pos, std::pair{parsed->tile, parsed->rot});
  return m;
}

std::vector<MoveText> ScenarioReader::moves(const YAML::Node& n, std::string_view what) {
  std::vector<MoveText> out;
  if (!n.IsSequence()) {
    r_.error(n, std::string(what) + ": expected a list of moves in canonical notation");
    return out;
  }
  const std::size_t before = s_.problems.size();
  for (const auto& item : n)
    if (auto m = move(item, what)) out.push_back(*m);
  if (s_.problems.size() != before && n.Style() == YAML::EmitterStyle::Flow)
    s_.problems[before].message +=
        " (in a [...] list a comma separates items: quote each move, or write the list with '- ' lines)";
  return out;
}

void ScenarioReader::read_query(const YAML::Node& n) {
  if (!r_.keys(n, {"apply", "final_scoring"}, "query")) return;
  const MapView m(n, r_);
  if (const auto* v = m.get("apply")) s_.apply = moves(*v, "apply");
  if (const auto* v = m.get("final_scoring")) s_.final_scoring = r_.boolean(*v, "final_scoring").value_or(false);
}

void ScenarioReader::read_expect_figures(const MapView& m, Expect& e) {
  if (const auto* v = m.get("returned")) e.returned = figures(*v, "returned");
  if (const auto* v = m.get("figures")) e.figures = figures(*v, "figures");
  if (const auto* v = m.get("supply")) {
    if (!v->IsMap()) {
      r_.error(*v, "supply: expected a map of colour to figures in hand, e.g. {red: {follower: 7}}");
      return;
    }
    e.supply.emplace();
    for (const auto& kv : *v) {
      const auto c = colour(kv.first, "supply");
      if (!kv.second.IsMap()) {
        r_.error(kv.second, "supply: expected a map of figure kind to count, e.g. {follower: 7}");
        continue;
      }
      for (const auto& kc : kv.second) {
        FigureKind k;
        const std::string kind = kc.first.IsScalar() ? kc.first.Scalar() : "?";
        if (!parse_figure(kind, k)) {
          r_.error(kc.first, "supply: unknown figure kind '" + echo(kind) + "'");
          continue;
        }
        if (auto count_v = count(kc.second, "supply count", 0, kMaxFiguresOfKind); count_v && c)
          (*e.supply)[*c][k] = *count_v;
      }
    }
  }
}

void ScenarioReader::read_expect_tower(const MapView& m, Expect& e) {
  if (const auto* v = m.get("towers")) {
    e.towers.emplace();
    if (!v->IsSequence())
      r_.error(*v, "towers: expected a list of 'x,y HEIGHT [closed]' entries");
    else
      for (const auto& item : *v)
        if (auto text = r_.str(item, "towers")) {
          auto t = parse_tower_entry(*text);
          if (!t)
            r_.error(item, "towers: " + t.error());
          else
            e.towers->push_back(to_string(*t));
        }
  }
  if (const auto* v = m.get("floors")) {
    e.floors.emplace();
    for (const auto& [c, n, at] : score_entries(*v, "floors")) (*e.floors)[c] = static_cast<int>(n);
  }
  if (const auto* v = m.get("prisoners")) {
    e.prisoners.emplace();
    if (!v->IsMap())
      r_.error(*v, "prisoners: expected a map of holder to a list of 'COLOUR KIND'");
    else
      for (const auto& kv : *v) {
        const auto holder = colour(kv.first, "prisoners");
        if (!kv.second.IsSequence()) {
          r_.error(kv.second, "prisoners: expected a list of 'COLOUR KIND'");
          continue;
        }
        std::vector<std::string> held;
        for (const auto& item : kv.second)
          if (auto text = r_.str(item, "prisoners")) held.push_back(*text);
        if (holder) (*e.prisoners)[*holder] = held;
      }
  }
}

void ScenarioReader::read_expect_dragon(const MapView& m, Expect& e) {
  if (const auto* v = m.get("dragon"))
    if (auto text = r_.str(*v, "dragon")) {
      Pos at;
      if (*text != "none" && !parse_pos(*text, at))
        r_.error(*v, "dragon: expected a position x,y or 'none'");
      else
        e.dragon = *text == "none" ? *text : to_string(at);
    }
  if (const auto* v = m.get("fairy"))
    if (auto text = r_.str(*v, "fairy")) {
      auto f = parse_fairy_entry(*text);
      if (!f)
        r_.error(*v, "fairy: " + f.error());
      else
        e.fairy = to_string(*f);
    }
  auto list = [&](const char* key, std::optional<std::vector<std::string>>& out, bool squares) {
    const auto* v = m.get(key);
    if (!v) return;
    out.emplace();
    if (!v->IsSequence()) {
      r_.error(*v,
               std::string(key) + (squares ? ": expected a list of positions x,y" : ": expected a list of tile ids"));
      return;
    }
    for (const auto& item : *v) {
      if (squares) {
        auto text = r_.str(item, key);
        Pos at;
        if (text && !parse_pos(*text, at))
          r_.error(item, std::string(key) + ": '" + echo(*text) + "' is not a position x,y");
        else if (text)
          out->push_back(to_string(at));
      } else if (auto t = tile_id(item, key)) {
        out->push_back(builtin_catalog()[*t].id);
      }
    }
  };
  list("set_aside", e.set_aside, false);
  list("dragon_path", e.dragon_path, true);
}

// `scored`: score events in the text of engine/score_event.hpp, each read into canonical order.
void ScenarioReader::read_expect_scored(const MapView& m, Expect& e) {
  const auto* v = m.get("scored");
  if (!v) return;
  e.scored.emplace();
  if (!v->IsSequence()) {
    r_.error(*v,
             "scored: expected a list of score events '[final ]KIND POINTS COLOUR... at x,y:FEATURE... "
             "[with FIGURE, ...]' (an empty list: nothing scored)");
    return;
  }
  for (const auto& item : *v)
    if (auto text = r_.str(item, "scored")) {
      auto ev = parse_score_event(*text);
      if (!ev)
        r_.error(item, "scored: '" + echo(*text) + "': " + ev.error());
      else
        e.scored->push_back(to_string(*ev));
    }
}

// moves_of: {VERB: [MOVE, ...]}: exactly these legal moves of that verb, each moved written under
// its own verb.
void ScenarioReader::read_moves_of(const YAML::Node& n, Expect& e) {
  e.moves_of.emplace();
  if (!n.IsMap() || n.size() == 0) {
    r_.error(n,
             "moves_of: expected a map of verb to the exact list of its legal moves, e.g. {deploy: [deploy "
             "follower 1,0:road{E,W}]} ([] for none)");
    return;
  }
  const MapView m(n, r_);
  for (const auto& [verb, value, key] : m.entries()) {
    const auto& verbs = move_verbs();
    if (std::find(verbs.begin(), verbs.end(), verb) == verbs.end()) {
      r_.error(key, "moves_of: unknown verb '" + echo(verb) + "'" + closest_hint(verb, verbs) +
                        " (a key of moves_of is the first word of the moves it lists: " +
                        fmt::format("{}", fmt::join(verbs, ", ")) + ")");
      continue;
    }
    const std::string what = "moves_of " + verb;
    std::vector<MoveText> listed = moves(value, what);
    std::vector<MoveText> kept;
    for (auto& mv : listed) {
      if (move_verb(mv.text) != verb) {
        s_.problem(mv.loc, fmt::format("{}: '{}' is not a {} move: list it under moves_of {} (every move listed under "
                                       "a verb starts with that verb)",
                                       what, echo(mv.text), verb, move_verb(mv.text)));
        continue;
      }
      kept.push_back(std::move(mv));
    }
    e.moves_of->emplace_back(verb, std::move(kept));
  }
}

Expect ScenarioReader::read_expect(const YAML::Node& n, const std::string& what) {
  Expect e;
  e.loc = loc_of(n);
  if (!r_.keys(n, {"moves",  "includes",  "excludes", "moves_of", "count",     "legal",       "rejected",
                   "scores", "returned",  "figures",  "supply",   "phase",     "active",      "towers",
                   "floors", "prisoners", "dragon",   "fairy",    "set_aside", "dragon_path", "scored"},
               what))
    return e;
  const MapView m(n, r_);
  if (const auto* v = m.get("moves")) e.moves = moves(*v, "moves");
  if (const auto* v = m.get("includes")) e.includes = moves(*v, "includes");
  if (const auto* v = m.get("excludes")) e.excludes = moves(*v, "excludes");
  if (const auto* v = m.get("moves_of")) read_moves_of(*v, e);
  if (const auto* v = m.get("count")) e.count = count(*v, "count", 0, std::numeric_limits<int>::max());
  if (const auto* v = m.get("legal")) {
    e.legal.emplace();
    if (!v->IsMap())
      r_.error(*v, "legal: expected a map of move to 'ok', a reason code or false (refused, any reason)");
    else
      for (const auto& kv : *v) {
        auto mv = move(kv.first, "legal");
        auto verdict = r_.str(kv.second, "legal");
        const bool plain = kv.second.IsScalar() && kv.second.Tag() != "!";  // not quoted
        if (verdict && plain && *verdict == "false") {
          verdict = std::string(kAnyRefusal);  // refused, whatever the reason
        } else if (verdict && plain && *verdict == "true") {
          r_.error(kv.second, "legal: a legal move is written 'ok' (false: refused, any reason)");
          verdict.reset();
        } else if (verdict && *verdict != "ok") {
          verdict = reason(kv.second);
        }
        if (mv && verdict) e.legal->emplace_back(*mv, *verdict);
      }
  }
  if (const auto* v = m.get("rejected")) {
    if (r_.keys(*v, {"move", "reason"}, "rejected")) {
      const MapView rm(*v, r_);
      Rejection rej;
      rej.loc = loc_of(*v);
      if (const auto* i = rm.get("move"))
        rej.move = count(*i, "rejected move", 1, std::numeric_limits<int>::max()).value_or(0);
      else
        r_.error(*v, "rejected: missing 'move' (the 1-based index into query.apply)");
      if (const auto* i = rm.get("reason"))
        rej.reason = reason(*i).value_or("");
      else
        r_.error(*v, "rejected: missing 'reason' (a reason code)");
      e.rejected = rej;
    }
  }
  if (const auto* v = m.get("scores")) e.scores = scores(*v, "scores");
  read_expect_figures(m, e);
  if (const auto* v = m.get("phase")) e.phase = phase(*v);
  if (const auto* v = m.get("active")) e.active = colour(*v, "active");
  read_expect_tower(m, e);
  read_expect_dragon(m, e);
  read_expect_scored(m, e);
  if (e.empty() && r_.ok()) r_.error(n, what + ": give at least one key to check");
  return e;
}

Variant ScenarioReader::read_variant(const YAML::Node& n) {
  Variant v;
  v.loc = loc_of(n);
  if (!r_.keys(n, {"when", "query", "expect", "remove", "checkpoints"}, "variant")) return v;
  const MapView m(n, r_);
  if (const auto* w = m.get("when")) {
    v.when_loc = loc_of(*w);
    if (!w->IsMap() || w->size() == 0) {
      r_.error(*w, "when: expected a map of switch values or 'ruleset: [...]', e.g. {farmers: \"off\"}");
    } else {
      const MapView wm(*w, r_);
      if (const auto* rs = wm.get("ruleset")) v.rulesets = presets(*rs, "when ruleset");
      v.switches = switches(wm, "when", "ruleset");
    }
  } else {
    r_.error(n, "variant: missing 'when' (the switch values or rulesets it holds under)");
  }
  // remove: keys of the scenario's expect this variant leaves out (scenarios/README.md).
  if (const auto* rm = m.get("remove")) read_remove(*rm, v.remove, v.remove_locs);
  if (const auto* q = m.get("query")) read_variant_query(*q, v);
  if (const auto* c = m.get("checkpoints")) v.checkpoints = read_checkpoints(*c, true);
  if (const auto* e = m.get("expect"))
    v.expect = read_expect(*e, "variant expect");
  else if (!m.get("remove") && !m.get("checkpoints") && !m.get("query"))
    r_.error(n,
             "variant: missing 'expect' (the keys that replace the scenario's expect), 'remove' (the keys it "
             "leaves out), 'checkpoints' (the same for checkpoints) or 'query' (its own moves)");
  for (std::size_t i = 0; i < v.remove.size(); ++i)
    if (v.expect.has(v.remove[i]))
      s_.problem(v.remove_locs[i], "remove: '" + v.remove[i] +
                                       "' is also given in this variant's expect (either replace the key or "
                                       "remove it)");
  return v;
}

// A variant's `query`: only `apply`, the moves asked under it in place of the scenario's (scenarios/README.md
// "Moves per branch"); final scoring stays the scenario's.
void ScenarioReader::read_variant_query(const YAML::Node& q, Variant& v) {
  std::vector<std::string> meant;
  if (!r_.keys(q, {"apply", "final_scoring"}, "variant query", &meant)) return;
  const MapView m(q, r_);
  if (const auto* f = m.get("final_scoring"))
    r_.error(*f,
             "variant query: final_scoring is the scenario's alone (give it in query.final_scoring); a variant's "
             "query gives only apply, its own moves");
  if (const auto* a = m.get("apply")) {
    v.apply_loc = loc_of(*a);
    v.apply = moves(*a, "apply");
  } else if (std::find(meant.begin(), meant.end(), "apply") == meant.end()) {
    r_.error(q, "variant query: missing 'apply' (the moves asked under this variant in place of query.apply)");
  }
}

void ScenarioReader::read_remove(const YAML::Node& rm, std::vector<std::string>& keys_out, std::vector<Loc>& locs) {
  for (const auto& [key, at] : list(rm, "remove")) {
    const auto& keys = expect_keys();
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      const std::string close = closest_names(key, keys, 1, typo_distance(key));
      s_.problem(at, "remove: '" + echo(key) + "' is not a key of expect" +
                         (close.empty() ? "" : " (closest: " + close + ")"));
    } else if (std::find(keys_out.begin(), keys_out.end(), key) != keys_out.end()) {
      s_.problem(at, "remove: '" + key + "' is listed twice");
    } else {
      keys_out.push_back(key);
      locs.push_back(at);
    }
  }
  if (rm.IsSequence() && rm.size() == 0) r_.error(rm, "remove: list at least one key of expect");
}

// checkpoints: [{after: K, expect: {...}}, ...]; in a variant an entry gives expect, remove or
// both, for the scenario's checkpoint after the same move (scenarios/README.md "Checkpoints").
// The range of `after`, the order and repeats are checked by lint (they need query.apply).
std::vector<Checkpoint> ScenarioReader::read_checkpoints(const YAML::Node& n, bool in_variant) {
  std::vector<Checkpoint> out;
  const char* hint = in_variant ? "checkpoints: expected a list of {after, expect, remove} entries"
                                : "checkpoints: expected a list of {after, expect} entries, e.g. [{after: 2, "
                                  "expect: {active: blue}}]";
  if (!n.IsSequence() || n.size() == 0) {
    r_.error(n, hint);
    return out;
  }
  for (const auto& item : n) {
    Checkpoint c;
    c.loc = loc_of(item);
    std::vector<std::string> meant;  // a misspelt key is reported once, not again as missing
    const bool ok = in_variant ? r_.keys(item, {"after", "expect", "remove"}, "checkpoint", &meant)
                               : r_.keys(item, {"after", "expect"}, "checkpoint", &meant);
    if (!ok) continue;
    const auto misspelt = [&meant](const char* key) {
      return std::find(meant.begin(), meant.end(), key) != meant.end();
    };
    const MapView m(item, r_);
    if (const auto* a = m.get("after")) {
      c.after_loc = loc_of(*a);
      c.after = count(*a, "checkpoint after", 1, std::numeric_limits<int>::max()).value_or(0);
    } else if (!misspelt("after")) {
      r_.error(item, "checkpoint: missing 'after' (the number of moves of query.apply played before it)");
    }
    const std::string what = c.after > 0 ? fmt::format("checkpoint after move {}", c.after) : "checkpoint";
    if (in_variant && m.get("remove")) read_remove(*m.get("remove"), c.remove, c.remove_locs);
    if (const auto* e = m.get("expect")) {
      c.expect = read_expect(*e, what + " expect");
      if (c.expect.rejected)
        s_.problem(c.expect.rejected->loc,
                   what +
                       ": 'rejected' is not checked at a checkpoint: every move up to it is accepted, and a "
                       "refused move is the last of query.apply (expect it in expect)");
    } else if ((!in_variant || !m.get("remove")) && !misspelt("expect")) {
      r_.error(item, what + ": missing 'expect' (the keys to check after that move)");
    }
    for (std::size_t i = 0; i < c.remove.size(); ++i)
      if (c.expect.has(c.remove[i]))
        s_.problem(c.remove_locs[i], "remove: '" + c.remove[i] +
                                         "' is also given in this checkpoint's expect (either replace the key or "
                                         "remove it)");
    out.push_back(std::move(c));
  }
  return out;
}

void ScenarioReader::read_variants(const YAML::Node& n) {
  if (!n.IsSequence()) {
    r_.error(n, "variants: expected a list of {when, expect} entries");
    return;
  }
  for (const auto& item : n) s_.variants.push_back(read_variant(item));
}

}  // namespace carc
