// explore's shrinking: delta debugging over a disagreement's scenario (the pile, the players,
// the figures, the board's tiles, the rolls, the scores), each candidate reduction written as
// YAML and read back by the scenario loader (so it is valid as `check` reads it), answered by
// our engine without a refused move, and kept when the implementation still disagrees with
// the same signature (with our engine, or with the other implementation of a pair).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <chrono>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "engine/score_event.hpp"
#include "runner/engine_subject.hpp"
#include "runner/explore.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

class Reducer {
 public:
  Reducer(const RuleSet& rules, const ShrinkTarget& target, int max_asks, int& asks)
      : rules_(rules), target_(target), max_asks_(max_asks), asks_(asks) {}

  // Out of questions, or of time (then `out_of_time()` says so).
  bool out_of_asks() const {
    if (asks_ >= max_asks_) return true;
    if (!out_of_time_ && target_.deadline && std::chrono::steady_clock::now() >= *target_.deadline) out_of_time_ = true;
    return out_of_time_;
  }
  bool out_of_time() const { return out_of_time_; }

  // Whether the reduced scenario still shows the disagreement. A reduction whose YAML was
  // judged before (ddmin and the rounds come back to some) is judged as then, without a question.
  bool holds(const Scenario& reduction) {
    if (out_of_asks()) return false;
    Scenario candidate = reduction;
    if (candidate.title.empty()) candidate.title = "a reduction";
    if (candidate.source.empty()) candidate.source = "carc-oracle explore";
    candidate.required = {"base"};
    candidate.required = required_capabilities(candidate);
    candidate.expect = Expect{};
    candidate.expect.phase = "tile";  // any key: the loader needs one; the question ignores it
    std::string text = scenario_yaml(candidate);
    if (const auto seen = verdicts_.find(text); seen != verdicts_.end()) {
      if (target_.cached) ++*target_.cached;
      if (seen->second) evidence_ = *seen->second;
      return seen->second != nullptr;
    }
    cut_ = false;
    std::optional<ShrinkEvidence> judged = judge(text, reduction);
    if (cut_) return false;  // out of questions or time half-way: not judged, asked again if ever
    if (!judged) {
      verdicts_.emplace(std::move(text), nullptr);
      return false;
    }
    evidence_ = *judged;
    verdicts_.emplace(std::move(text), std::make_shared<const ShrinkEvidence>(std::move(*judged)));
    return true;
  }

  // The last reduction that held, with its answers.
  const ShrinkEvidence& evidence() const { return evidence_; }
  bool events() const { return target_.events; }

 private:
  // The answers on the scenario `text` states (`reduction` as written), when it shows the
  // disagreement; nothing when it does not (or could not be asked).
  std::optional<ShrinkEvidence> judge(const std::string& text, const Scenario& reduction) {
    const ScenarioFile file = load_scenario_text(text, "explore-shrink.yaml");
    if (!file.valid() || file.scenarios.size() != 1 || !file.scenarios.front().valid()) return std::nullopt;
    const Scenario& sc = file.scenarios.front();
    const Request r = explore_request(sc, question_rules(sc, rules_), true, target_.events);
    EngineSubject engine;
    const Reply ours = engine.answer(r);
    if (ours.kind != ReplyKind::Answered || ours.answer.rejected) return std::nullopt;
    // The reference's answer: our engine's, or the first implementation's of a pair. Each is
    // asked as explore asked it: a switch value it does not play replaced by one it plays under
    // which our engine's answer is the same (ask_request).
    Answer reference = ours.answer;
    if (target_.reference) {
      Subject& ref = *target_.reference;
      Request to_ref = r;
      if (!ask_request(sc, to_ref, ref, target_.events).lacks.empty()) return std::nullopt;
      ++asks_;
      const Reply first = ref.answer(to_ref);
      if (first.kind != ReplyKind::Answered) return std::nullopt;
      reference = first.answer;
    }
    Subject& impl = *target_.impl;
    Request to_impl = r;
    if (!ask_request(sc, to_impl, impl, target_.events).lacks.empty()) return std::nullopt;
    if (target_.reference && out_of_asks()) {  // the budget ran out while the reference answered
      cut_ = true;
      return std::nullopt;
    }
    ++asks_;
    const Reply theirs = impl.answer(to_impl);
    if (theirs.kind != ReplyKind::Answered) return std::nullopt;
    const auto d = diff_answers(sc, reference, theirs.answer, target_.events);
    if (!d || d->signature != target_.signature) return std::nullopt;
    return ShrinkEvidence{true, reduction, ours.answer, std::move(reference), theirs.answer};
  }

 private:
  const RuleSet& rules_;
  const ShrinkTarget& target_;
  int max_asks_;
  int& asks_;
  mutable bool out_of_time_ = false;
  bool cut_ = false;  // the last judgement was cut half-way (a pair's reference answered, then no time was left)
  ShrinkEvidence evidence_;
  // Each reduction's YAML judged so far: its evidence when it held, null when it did not.
  std::map<std::string, std::shared_ptr<const ShrinkEvidence>> verdicts_;
};

// Delta debugging (ddmin's complement steps): removes chunks of `items`, halving the chunk
// size, while `keeps(remaining)` holds; returns what is left.
template <typename T>
std::vector<T> ddmin(std::vector<T> items, const std::function<bool(const std::vector<T>&)>& keeps,
                     const Reducer& reducer) {
  std::size_t chunk = std::max<std::size_t>(items.size(), 1);
  while (chunk >= 1 && !items.empty() && !reducer.out_of_asks()) {
    bool removed = false;
    for (std::size_t at = 0; at < items.size() && !reducer.out_of_asks();) {
      std::vector<T> rest(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(at));
      rest.insert(rest.end(), items.begin() + static_cast<std::ptrdiff_t>(std::min(at + chunk, items.size())),
                  items.end());
      if (keeps(rest)) {
        items = std::move(rest);
        removed = true;
      } else {
        at += chunk;
      }
    }
    if (!removed) {
      if (chunk == 1) break;
      chunk = (chunk + 1) / 2;
    }
  }
  return items;
}

// The tiles in an order where each touches an earlier one (from the first); false when
// some tile touches none of the others.
bool connected_order(std::vector<TileEntry>& tiles) {
  if (tiles.empty()) return true;
  std::vector<TileEntry> out{tiles.front()};
  std::vector<TileEntry> left(tiles.begin() + 1, tiles.end());
  bool grew = true;
  while (!left.empty() && grew) {
    grew = false;
    for (auto it = left.begin(); it != left.end();) {
      const bool touches = std::any_of(out.begin(), out.end(), [&](const TileEntry& t) {
        return std::abs(t.pos.x - it->pos.x) + std::abs(t.pos.y - it->pos.y) == 1;
      });
      if (touches) {
        out.push_back(*it);
        it = left.erase(it);
        grew = true;
      } else {
        ++it;
      }
    }
  }
  if (!left.empty()) return false;
  tiles = std::move(out);
  return true;
}

// The position without the seat of colour c: its figures, supply, scores and prisoners.
Position without_player(Position p, Colour c) {
  p.players.erase(std::remove(p.players.begin(), p.players.end(), c), p.players.end());
  p.figures.erase(
      std::remove_if(p.figures.begin(), p.figures.end(), [&](const FigureEntry& f) { return f.owner == c; }),
      p.figures.end());
  p.supply.erase(c);
  p.scores.erase(c);
  for (auto& counts : p.counts.of) counts.erase(c);  // floors, castle and bridge tokens
  p.building_supply.erase(c);
  p.prisoners.erase(c);
  for (auto& [holder, held] : p.prisoners)
    held.erase(std::remove_if(held.begin(), held.end(), [&](const auto& h) { return h.first == c; }), held.end());
  return p;
}

// The moves since the position, shortened: the last one left out, a pass instead of it, or none
// of them with final scoring asked instead (a disagreement over final scoring); then, with no
// move left, a turn's start instead of its figure step (the placed tile back in hand), so the
// board's tiles no longer have to reach the tile the moves were about. Each is kept when it
// still shows the disagreement.
void shorten_moves(Scenario& best, Reducer& reducer) {
  while (!best.apply.empty() && !reducer.out_of_asks()) {
    std::vector<Scenario> candidates;
    {
      Scenario c = best;
      c.apply.clear();
      c.final_scoring = true;
      candidates.push_back(std::move(c));
    }
    {
      Scenario c = best;
      c.apply.pop_back();
      candidates.push_back(std::move(c));
    }
    if (best.apply.back().text != "pass") {
      Scenario c = best;
      c.apply.back() = MoveText{"pass", std::nullopt, {}};
      candidates.push_back(std::move(c));
    }
    bool shorter = false;
    for (auto& c : candidates)
      if (reducer.holds(c)) {
        best = std::move(c);
        shorter = true;
        break;
      }
    if (!shorter) break;
  }
  const Position& p = best.position;
  if (best.apply.empty() && p.phase == "figure" && p.placed && !reducer.out_of_asks()) {
    Scenario c = best;
    auto& tiles = c.position.tiles;
    const auto placed =
        std::find_if(tiles.begin(), tiles.end(), [&](const TileEntry& t) { return t.pos == *p.placed; });
    if (placed != tiles.end()) {
      c.position.in_hand = placed->tile;
      auto& figs = c.position.figures;
      figs.erase(std::remove_if(figs.begin(), figs.end(), [&](const FigureEntry& f) { return f.pos == *p.placed; }),
                 figs.end());
      tiles.erase(placed);
      c.position.phase = "tile";
      c.position.placed.reset();
      if (connected_order(tiles) && reducer.holds(c)) best = std::move(c);
    }
  }
}

// A figure moved to another part of the feature it stands on, nearer the other figures, so the
// tiles between them can go: the feature's parts are those of our engine's score events, which
// name every part of each scored feature and the figures on it (a scoring disagreement). Tried
// per figure, the nearest part first, three parts at most; kept when it still shows it.
void gather_figures(Scenario& best, const RuleSet& rules, Reducer& reducer) {
  EngineSubject engine;
  const Reply ours = engine.answer(explore_request(best, question_rules(best, rules), false, true));
  if (ours.kind != ReplyKind::Answered) return;
  std::vector<ScoreEvent> events;
  for (const auto& text : ours.answer.scored)
    if (auto e = parse_score_event(text)) events.push_back(std::move(*e));
  const auto distance = [](Pos a, Pos b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y); };
  for (std::size_t i = 0; i < best.position.figures.size() && !reducer.out_of_asks(); ++i) {
    const FigureEntry f = best.position.figures[i];
    const std::string name = to_string(f);
    const auto on = std::find_if(events.begin(), events.end(), [&](const ScoreEvent& e) {
      return e.figures && std::find(e.figures->begin(), e.figures->end(), name) != e.figures->end();
    });
    if (on == events.end()) continue;
    // How far a square is from the other figures (the nearest of them).
    const auto apart = [&](Pos at) {
      int d = std::numeric_limits<int>::max();
      for (std::size_t j = 0; j < best.position.figures.size(); ++j)
        if (j != i) d = std::min(d, distance(at, best.position.figures[j].pos));
      return d;
    };
    std::vector<FigureEntry> places;
    for (const auto& part : on->parts) {
      auto moved = parse_figure_entry(fmt::format("{} {} {}", colour_name(f.owner), figure_name(f.kind), part));
      if (moved && moved->pos != f.pos && apart(moved->pos) < apart(f.pos)) places.push_back(*moved);
    }
    std::stable_sort(places.begin(), places.end(),
                     [&](const FigureEntry& a, const FigureEntry& b) { return apart(a.pos) < apart(b.pos); });
    if (places.size() > 3) places.resize(3);
    for (const auto& place : places) {
      Scenario c = best;
      c.position.figures[i] = place;
      if (reducer.holds(c)) {
        best = std::move(c);
        break;
      }
    }
  }
}

// The squares "x,y" that `text` names (a difference's line, a move), added to `out`.
void squares_in(std::string_view text, std::set<Pos>& out) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  const auto number = [&](std::size_t& at, int& value) {
    const char* end = text.data() + text.size();
    const auto [next, ec] = std::from_chars(text.data() + at, end, value);
    if (ec != std::errc{} || next == text.data() + at) return false;
    at = static_cast<std::size_t>(next - text.data());
    return true;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!digit(text[i]) && text[i] != '-') continue;
    if (i > 0) {
      const char before = text[i - 1];
      if (digit(before) || before == '-' || before == ',' || std::isalpha(static_cast<unsigned char>(before))) continue;
    }
    std::size_t at = i;
    Pos p;
    if (!number(at, p.x) || at >= text.size() || text[at] != ',') continue;
    ++at;
    if (!number(at, p.y)) continue;
    if (at < text.size() && (digit(text[at]) || text[at] == ',')) continue;
    out.insert(p);
    i = at - 1;
  }
}

// The board cut to the tiles around the squares that matter: those the difference (the last
// reduction that held: its answers) and the moves name, a tile next to each such square that
// has none (a placement's), and the placed tile. They are joined by shortest paths over the
// board (the board must stay connected), then the tiles within distance 0, 1, 2 of them added;
// the smallest of these that holds is kept. One question each, where ddmin over the tiles needs
// many to cut a long path between far-apart tiles. In a figure step with moves, the placed
// tile is first moved onto one of those squares (the moves need not be about it).
void focus_board(Scenario& best, Reducer& reducer) {
  const ShrinkEvidence& ev = reducer.evidence();
  if (!ev.held || best.position.tiles.size() <= 2) return;
  std::set<Pos> named;
  if (auto d = diff_answers(best, ev.reference, ev.theirs, reducer.events()))
    for (const auto& line : d->lines) squares_in(line, named);
  for (const auto& m : best.apply) squares_in(m.text, named);
  std::set<Pos> board;
  for (const auto& t : best.position.tiles) board.insert(t.pos);
  const std::array<Pos, 4> steps{Pos{0, -1}, Pos{1, 0}, Pos{0, 1}, Pos{-1, 0}};
  std::set<Pos> focus;
  for (const Pos p : named) {
    if (board.contains(p)) {
      focus.insert(p);
      continue;
    }
    for (const Pos s : steps)
      if (board.contains(Pos{p.x + s.x, p.y + s.y})) focus.insert(Pos{p.x + s.x, p.y + s.y});
  }
  if (focus.empty()) return;
  Position& position = best.position;
  if (position.phase == "figure" && position.placed && !best.apply.empty() && !focus.contains(*position.placed)) {
    int tried = 0;
    for (const Pos f : focus) {
      if (reducer.out_of_asks() || tried++ == 2) break;
      Scenario c = best;
      c.position.placed = f;
      if (reducer.holds(c)) {
        best = std::move(c);
        break;
      }
    }
  }
  if (position.placed) focus.insert(*position.placed);
  // Shortest paths over the board from the first focus square to each of the others.
  const auto path_to = [&](const std::set<Pos>& from, Pos to) {
    std::map<Pos, Pos> parent;
    std::vector<Pos> todo(from.begin(), from.end());
    for (const Pos p : from) parent[p] = p;
    for (std::size_t i = 0; i < todo.size() && !parent.contains(to); ++i)
      for (const Pos s : steps) {
        const Pos n{todo[i].x + s.x, todo[i].y + s.y};
        if (board.contains(n) && !parent.contains(n)) {
          parent[n] = todo[i];
          todo.push_back(n);
        }
      }
    std::vector<Pos> path;
    if (!parent.contains(to)) return path;
    for (Pos p = to; !from.contains(p); p = parent[p]) path.push_back(p);
    return path;
  };
  std::set<Pos> joined{*focus.begin()};
  for (const Pos f : focus)
    for (const Pos p : path_to(joined, f)) joined.insert(p);
  const auto distance = [](Pos a, Pos b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y); };
  std::set<Pos> previous;
  for (int r = 0; r <= 2 && !reducer.out_of_asks(); ++r) {
    std::set<Pos> keep = joined;
    for (const Pos t : board)
      if (std::any_of(focus.begin(), focus.end(), [&](Pos f) { return distance(f, t) <= r; })) keep.insert(t);
    if (keep.size() >= board.size()) break;
    if (keep == previous) continue;
    previous = keep;
    Scenario c = best;
    auto& tiles = c.position.tiles;
    tiles.erase(std::remove_if(tiles.begin(), tiles.end(), [&](const TileEntry& t) { return !keep.contains(t.pos); }),
                tiles.end());
    if (!connected_order(tiles)) continue;  // a focus square the board does not reach (cannot happen: joined)
    auto& figs = c.position.figures;
    figs.erase(std::remove_if(figs.begin(), figs.end(), [&](const FigureEntry& f) { return !keep.contains(f.pos); }),
               figs.end());
    if (reducer.holds(c)) {
      best = std::move(c);
      return;
    }
  }
}

}  // namespace

Scenario shrink_scenario(const Scenario& start, const RuleSet& rules, Subject& impl, const std::string& signature,
                         int max_asks, int& asks) {
  ShrinkTarget target;
  target.impl = &impl;
  target.signature = signature;
  bool out_of_time = false;
  return shrink_scenario(start, rules, target, max_asks, asks, out_of_time);
}

Scenario shrink_scenario(const Scenario& start, const RuleSet& rules, const ShrinkTarget& target, int max_asks,
                         int& asks, bool& out_of_time) {
  Reducer reducer(rules, target, max_asks, asks);
  Scenario best = start;
  // The switches `rules` plays away from its preset, stated in the scenario (as its `rules:`)
  // so that each can be put back to the preset's value.
  // (No structured binding here: the lambda captures the key, which clang 14, the fuzz build's, refuses.)
  for (auto& over : switch_overrides(rules))
    if (std::none_of(best.rules.begin(), best.rules.end(), [&](const auto& kv) { return kv.first == over.first; }))
      best.rules.emplace_back(std::move(over.first), std::move(over.second));
  out_of_time = false;
  if (!reducer.holds(best)) {
    out_of_time = reducer.out_of_time();
    if (target.evidence) *target.evidence = reducer.evidence();
    return best;
  }  // not reproducible on its own (e.g. an implementation with state)
  for (int round = 0; round < 4 && !reducer.out_of_asks(); ++round) {
    const std::size_t before =
        scenario_tile_count(best) + best.position.figures.size() + best.position.players.size() + best.rules.size();
    // The switches, each back to the preset's value (the fewest active switches).
    for (const auto& entry : SwitchValues(best.rules)) {
      Scenario c = best;
      std::erase(c.rules, entry);
      if (reducer.holds(c)) best = std::move(c);
    }
    shorten_moves(best, reducer);
    focus_board(best, reducer);
    // The pile.
    best.position.pile = ddmin<TileTypeId>(
        best.position.pile,
        [&](const std::vector<TileTypeId>& pile) {
          Scenario c = best;
          c.position.pile = pile;
          return reducer.holds(c);
        },
        reducer);
    // The players other than the active one.
    for (const Colour c : std::vector<Colour>(best.position.players)) {
      if (c == best.position.active || best.position.players.size() <= 1) continue;
      Scenario cand = best;
      cand.position = without_player(best.position, c);
      if (reducer.holds(cand)) best = std::move(cand);
    }
    // The figures.
    best.position.figures = ddmin<FigureEntry>(
        best.position.figures,
        [&](const std::vector<FigureEntry>& figures) {
          Scenario c = best;
          c.position.figures = figures;
          return reducer.holds(c);
        },
        reducer);
    gather_figures(best, rules, reducer);
    // The board's tiles (and the figures on those removed), kept in a connected order.
    best.position.tiles = ddmin<TileEntry>(
        best.position.tiles,
        [&](const std::vector<TileEntry>& tiles) {
          Scenario c = best;
          c.position.tiles = tiles;
          if (!connected_order(c.position.tiles)) return false;
          auto& figs = c.position.figures;
          figs.erase(std::remove_if(figs.begin(), figs.end(),
                                    [&](const FigureEntry& f) {
                                      return std::none_of(tiles.begin(), tiles.end(),
                                                          [&](const TileEntry& t) { return t.pos == f.pos; });
                                    }),
                     figs.end());
          if (!reducer.holds(c)) return false;
          return true;
        },
        reducer);
    {
      // ddmin kept the tiles; put them in a connected order and drop the figures left without a tile.
      (void)connected_order(best.position.tiles);
      auto& figs = best.position.figures;
      figs.erase(std::remove_if(figs.begin(), figs.end(),
                                [&](const FigureEntry& f) {
                                  return std::none_of(best.position.tiles.begin(), best.position.tiles.end(),
                                                      [&](const TileEntry& t) { return t.pos == f.pos; });
                                }),
                 figs.end());
    }
    // The rolls.
    best.position.rolls = ddmin<int>(
        best.position.rolls,
        [&](const std::vector<int>& rolls) {
          Scenario c = best;
          c.position.rolls = rolls;
          return reducer.holds(c);
        },
        reducer);
    // The figures in hand other than followers, kind by kind (fewer capabilities).
    for (std::size_t k = 1; k < static_cast<std::size_t>(kFigureKinds); ++k) {
      Scenario c = best;
      bool any = false;
      for (auto& [colour, counts] : c.position.supply)
        if (counts[k] > 0) {
          counts[k] = 0;
          any = true;
        }
      if (any && reducer.holds(c)) best = std::move(c);
    }
    // The scores, all at once.
    {
      Scenario c = best;
      for (auto& [colour, n] : c.position.scores) n = 0;
      if (c.position.scores != best.position.scores && reducer.holds(c)) best = std::move(c);
    }
    const std::size_t after =
        scenario_tile_count(best) + best.position.figures.size() + best.position.players.size() + best.rules.size();
    if (after == before) break;
  }
  out_of_time = reducer.out_of_time();
  if (target.evidence) *target.evidence = reducer.evidence();
  return best;
}

}  // namespace carc
