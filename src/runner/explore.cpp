// explore's games: our engine draws the tiles and chooses the moves; every decision is asked
// of each implementation as a scenario question (the position at the last point a position
// can state and the moves since) and compared with our engine's answer to the same question.
#include "runner/explore.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

#include "data/oracle_data.hpp"
#include "engine/movegen.hpp"
#include "protocol/messages.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

using ExClock = std::chrono::steady_clock;

double ex_seconds_since(ExClock::time_point t) { return std::chrono::duration<double>(ExClock::now() - t).count(); }

// The question's scenario: the position, the moves since, nothing expected yet.
Scenario question_of(const Setup& base, const std::vector<Move>& since, const std::string& preset,
                     const SwitchValues& overrides, std::size_t pile_window) {
  Scenario sc;
  sc.id = "EXP-question";
  sc.status = "UNVERIFIED";
  sc.candidate = true;
  sc.required = {"base"};
  sc.applies_to = {preset};
  sc.rules = overrides;  // the switches the games play away from the preset's values
  sc.position = position_of(base);
  Position& p = sc.position;
  // Keep the tiles a question can reach; the rest of the pile stays open-ended.
  if (p.pile.size() > pile_window) {
    p.pile.resize(pile_window);
    p.last_tile = false;
  }
  for (const Move& m : since) {
    const std::string text = canonical_move(m, builtin_catalog());
    sc.apply.push_back({text, m, {}});
  }
  return sc;
}

// What an implementation lacks for a question: capabilities ("figure abbot", "expansion tower"),
// then switch values and queries as Subject::lacks names them.
std::vector<std::string> ex_lacks(const Scenario& sc, const Request& r, const Subject& impl) {
  std::vector<std::string> needs;
  for (auto& c : missing_capabilities(sc, impl.capabilities(), impl.protocol_version())) {
    bool figure = false;
    for (int k = 0; k < kFigureKinds; ++k)
      if (figure_capability(static_cast<FigureKind>(k)) == c) figure = true;
    needs.push_back((figure ? "figure " : "expansion ") + c);
  }
  for (auto& i : impl.lacks(r)) needs.push_back(std::move(i));
  return needs;
}

}  // namespace

Settled ask_request(const Scenario& question, Request& r, const Subject& impl, bool events) {
  std::vector<std::string> lacks = ex_lacks(question, r, impl);
  if (std::none_of(lacks.begin(), lacks.end(), [](const std::string& i) { return i.starts_with("switch "); }))
    return Settled{std::move(lacks), {}};
  EngineSubject engine;
  const Request asked = r;
  const Reply ours = engine.answer(asked);
  if (ours.kind != ReplyKind::Answered || ours.answer.rejected) return Settled{std::move(lacks), {}};
  const auto same = [&](const RuleSet& rules) {
    Request alt = asked;
    alt.rules = rules;
    const Reply other = engine.answer(alt);
    return other.kind == ReplyKind::Answered && !diff_answers(question, ours.answer, other.answer, events);
  };
  return settle_lacks(
      r, std::move(lacks), [&impl](std::string_view key) { return impl.plays(key); },
      [&](const Request& q) { return ex_lacks(question, q, impl); }, same);
}

SwitchValues switch_overrides(const RuleSet& rules) {
  SwitchValues out;
  auto preset = ruleset_named(rules.name);
  if (!preset) return out;
  for (const auto& [key, value] : rules.effective())
    if (preset->get(key) != value) out.emplace_back(std::string(key), std::string(value));
  return out;
}

RuleSet question_rules(const Scenario& question, const RuleSet& rules) {
  auto preset = ruleset_named(rules.name);
  if (!preset) return rules;
  RuleSet out = *preset;
  for (const auto& [key, value] : question.rules) (void)out.set(key, value);
  return out;
}

Request explore_request(const Scenario& question, const RuleSet& rules, bool moves, bool events) {
  std::vector<std::string> queries;
  if (moves) queries.emplace_back("moves");
  if (!question.apply.empty()) queries.emplace_back("apply");
  if (question.final_scoring) queries.emplace_back("final-scoring");
  if (events) queries.emplace_back(kEventsQuery);
  return Request{&question, rules, {}, std::move(queries), false};
}

bool answers_events(const Scenario& question, const RuleSet& rules, Subject& impl) {
  if (impl.protocol_version() < proto::kEventsVersion) return false;
  const Request probe{&question, rules, {}, {std::string(kEventsQuery)}, false};
  const auto lacks = impl.lacks(probe);
  return std::find(lacks.begin(), lacks.end(), "query " + std::string(kEventsQuery)) == lacks.end();
}

std::string unanswered_reason(ReplyKind kind) {
  switch (kind) {
    case ReplyKind::TimedOut:
      return "timed out";
    case ReplyKind::Crashed:
      return "crashed";
    case ReplyKind::Errored:
      return "errored";
    case ReplyKind::Skipped:
      return "skipped";
    case ReplyKind::Answered:
      break;
  }
  return "answered";
}

Result<std::vector<std::string>> game_lacks(const RuleSet& rules, const GameSetup& game,
                                            const std::vector<Subject*>& impls) {
  auto made = new_game(builtin_catalog(), rules, game);
  if (!made) return fail(made.error());
  auto first = snapshot(*made);
  if (!first) return fail("internal error: the first position of a game has no snapshot");
  Scenario sc;
  sc.id = "EXP-game";
  sc.required = {"base"};
  sc.position = position_of(*first);  // the whole pile: every tile the game can draw
  const Request probe{&sc, rules, {}, {"moves"}, false};
  std::vector<std::string> out;
  for (Subject* impl : impls)
    for (auto& item : ex_lacks(sc, probe, *impl))
      if (item.starts_with("figure ") || item.starts_with("expansion "))  // not the switches: the game's own
        if (std::find(out.begin(), out.end(), item) == out.end()) out.push_back(std::move(item));
  return out;
}

Result<GameSetup> largest_game(const RuleSet& rules, GameSetup game, const std::vector<Subject*>& impls,
                               bool keep_figures) {
  const auto declared = [&](std::string_view capability) {
    return std::all_of(impls.begin(), impls.end(), [&](const Subject* impl) {
      const auto caps = impl->capabilities();
      return std::find(caps.begin(), caps.end(), capability) != caps.end();
    });
  };
  if (!keep_figures) {
    std::array<int, kFigureKinds> figures = default_figures(game.edition);
    for (int k = 0; k < kFigureKinds; ++k) {
      const auto kind = static_cast<FigureKind>(k);
      auto& n = figures[static_cast<std::size_t>(k)];
      if (kind == FigureKind::Follower) continue;  // the base game's: the followers stay
      if (!engine_supports(kind) || !declared(figure_capability(kind)))
        n = 0;
      else if (n == 0)
        n = 1;
    }
    game.figures = figures;
  }
  game.little_buildings = declared("little-buildings");
  game.bridges = declared("bridges");
  game.sets = {"base"};
  auto base = game_lacks(rules, game, impls);
  if (!base) return fail(base.error());
  if (!base->empty())
    return fail(fmt::format("not even the base game can be asked: the implementation{} lack{} {}",
                            impls.size() == 1 ? "" : "s", impls.size() == 1 ? "s" : "", fmt::join(*base, ", ")));
  for (const TileSet& set : builtin_catalog().sets()) {
    if (set.name == "base") continue;
    GameSetup bigger = game;
    bigger.sets.push_back(set.name);
    auto lacks = game_lacks(rules, bigger, impls);
    if (lacks && lacks->empty()) game = std::move(bigger);  // no printing for the edition, or lacking: left out
  }
  return game;
}

std::uint64_t explore_game_seed(std::uint64_t seed, int game) {
  const std::uint64_t golden = 0x9E3779B97F4A7C15u;
  SplitMix64 mix(seed * golden + static_cast<std::uint64_t>(static_cast<unsigned>(game)));
  return mix.next();
}

// Our engine's answers on a thread kept for the run: one request at a time, submitted, then taken.
class EngineWorker {
 public:
  EngineWorker() : thread_([this] { loop(); }) {}
  EngineWorker(const EngineWorker&) = delete;
  EngineWorker& operator=(const EngineWorker&) = delete;
  ~EngineWorker() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  // The request (and the scenario it points to) must outlive take().
  void submit(const Request& r) {
    {
      std::lock_guard lock(mutex_);
      request_ = &r;
      done_ = false;
    }
    wake_.notify_all();
  }
  Reply take() {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return done_; });
    return std::move(reply_);
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    while (true) {
      wake_.wait(lock, [this] { return stop_ || request_ != nullptr; });
      if (!request_) return;  // stopped with nothing to answer
      const Request* r = std::exchange(request_, nullptr);
      lock.unlock();
      EngineSubject engine;  // answers as a Reply; an exception is a crashed reply
      Reply reply = engine.answer(*r);
      lock.lock();
      reply_ = std::move(reply);
      done_ = true;
      wake_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  const Request* request_ = nullptr;
  Reply reply_;
  bool done_ = false, stop_ = false;
  std::thread thread_;  // last: started once the rest is set up
};

namespace {

// Adds the counts of `from` to `into` and clears them (a game's, merged more than once).
void add_tally(ImplTally& into, ImplTally& from) {
  into.asked += std::exchange(from.asked, 0);
  into.unsupported += std::exchange(from.unsupported, 0);
  into.not_answered += std::exchange(from.not_answered, 0);
  for (const auto& [item, n] : from.lacks) into.lacks[item] += n;
  for (const auto& [item, n] : from.played_as) into.played_as[item] += n;
  for (const auto& [why, n] : from.unanswered) into.unanswered[why] += n;
  for (const auto& [why, text] : from.first_message) into.first_message.emplace(why, text);  // the first kept
  from.lacks.clear();
  from.played_as.clear();
  from.unanswered.clear();
  from.first_message.clear();
}

void add_stats(ExploreStats& into, ExploreStats& from) {
  into.decisions += std::exchange(from.decisions, 0);
  into.asked += std::exchange(from.asked, 0);
  into.unsupported += std::exchange(from.unsupported, 0);
  into.not_answered += std::exchange(from.not_answered, 0);
  into.unsynced += std::exchange(from.unsynced, 0);
  for (std::size_t i = 0; i < into.impls.size() && i < from.impls.size(); ++i) add_tally(into.impls[i], from.impls[i]);
}

void tally_lacks(ExploreStats& stats, std::size_t impl, const std::vector<std::string>& lacks) {
  ++stats.unsupported;
  ImplTally& t = stats.impls[impl];
  ++t.unsupported;
  for (const auto& item : lacks) ++t.lacks[item];
}

void tally_unanswered(ExploreStats& stats, std::size_t impl, const Reply& reply) {
  ++stats.not_answered;
  ImplTally& t = stats.impls[impl];
  ++t.not_answered;
  const std::string why = unanswered_reason(reply.kind);
  ++t.unanswered[why];
  if (!t.first_message.contains(why)) t.first_message[why] = reply.message;
}

}  // namespace

struct Explorer::Lane {
  std::vector<Subject*> impls;
  std::vector<std::optional<bool>> events;  // per implementation: asked score events (decided at its first question)
  std::unique_ptr<EngineWorker> engine;     // started at the first question
};

// A disagreement seen in a game, not merged yet.
struct ExploreSeen {
  Scenario question;
  int decision = 0, impl_index = 0, other_index = -1;
  bool events = false;
  AnswerDiff d;
  Answer ours, theirs;
  std::optional<Answer> first;
};

struct Explorer::GameLog {
  std::size_t order = 0;  // its place among this shard's games
  int game = 0;           // its index (0-based)
  std::uint64_t seed = 0;
  ExploreStats stats;  // counts not merged yet
  std::vector<ExploreSeen> seen;
  bool cut = false;  // the budget ran out in it
};

Explorer::Explorer(ExploreConfig config, std::vector<Subject*> impls) : config_(std::move(config)) {
  for (Subject* impl : impls) stats_.impls.push_back(ImplTally{impl->name(), 0, 0, 0, {}, {}, {}, {}});
  add_lane(std::move(impls));
}

Explorer::~Explorer() = default;

void Explorer::add_lane(std::vector<Subject*> impls) {
  auto lane = std::make_unique<Lane>();
  lane->impls = std::move(impls);
  lane->events.resize(lane->impls.size());
  lanes_.push_back(std::move(lane));
}

bool Explorer::out_of_time() const { return deadline_ && ExClock::now() >= *deadline_; }

Result<ExploreStats> Explorer::run(const std::function<void(int, int)>& on_game) {
  const auto start = ExClock::now();
  if (config_.time_budget > 0)
    deadline_ =
        start + std::chrono::duration_cast<ExClock::duration>(std::chrono::duration<double>(config_.time_budget));
  std::vector<int> mine;  // this shard's games, in order
  for (int g = 0; g < config_.games; ++g)
    if (g % config_.shards == config_.shard) mine.push_back(g);
  games_mine_ = mine.size();
  const auto work = [&](Lane& lane) {
    while (true) {
      GameLog log;
      {
        std::lock_guard lock(mutex_);
        if (stop_ || next_ >= mine.size()) return;
        if (out_of_time()) {
          stats_.budget_exhausted = true;
          stop_ = true;
          return;
        }
        log.order = next_++;
        for (const ImplTally& t : stats_.impls) log.stats.impls.push_back(ImplTally{t.name, 0, 0, 0, {}, {}, {}, {}});
      }
      log.game = mine[log.order];
      auto played = play_game(lane, log);
      if (!played) {
        std::lock_guard lock(mutex_);
        if (!error_) error_ = played.error();
        stop_ = true;
        turn_.notify_all();
        return;
      }
      log.cut = !*played;
      if (log.cut) {  // cut by the budget: merged (its findings kept), and no game after it
        std::lock_guard lock(mutex_);
        stop_ = true;
      }
      merge(log, lane, true, on_game);
    }
  };
  std::vector<std::thread> others;
  for (std::size_t i = 1; i < lanes_.size(); ++i) others.emplace_back([&work, this, i] { work(*lanes_[i]); });
  work(*lanes_.front());
  for (auto& t : others) t.join();
  if (error_) return fail(*error_);
  shrink_pending(*lanes_.front());  // none left unless a game's merge was cut short
  stats_.seconds = ex_seconds_since(start) - shrink_seconds_;
  for (const Finding& f : findings_)
    if (f.shrink_cut_short) stats_.budget_exhausted = true;
  return stats_;
}

void Explorer::merge(GameLog& log, Lane& lane, bool done, const std::function<void(int, int)>& on_game) {
  std::unique_lock lock(mutex_);
  if (done)
    turn_.wait(lock, [&] { return merged_ == log.order || error_; });
  else if (merged_ != log.order)
    return;  // an earlier game is still being played: this one waits for its turn
  if (error_) return;
  if (cut_merged_) {  // an earlier game was cut by the budget: this one is not counted
    if (done) {
      ++merged_;
      turn_.notify_all();
    }
    return;
  }
  add_stats(stats_, log.stats);
  for (const ExploreSeen& seen : log.seen)
    record(log, seen.question, seen.decision, seen.impl_index, seen.other_index, seen.events, seen.d, seen.ours,
           seen.first ? &*seen.first : nullptr, seen.theirs);
  log.seen.clear();
  lock.unlock();
  // The turn is this game's until merged_ moves on: no other lane touches the findings.
  shrink_pending(lane);
  if (!done) return;
  if (log.cut) {
    lock.lock();
    stats_.budget_exhausted = true;
    stats_.cut_in_game = true;
    cut_merged_ = true;
  } else {
    lock.lock();
    ++stats_.games;
    const int games = stats_.games;
    lock.unlock();
    if (on_game) on_game(games, static_cast<int>(games_mine_));
    lock.lock();
  }
  ++merged_;
  turn_.notify_all();
}

// Plays game `game` to its end; false when the time budget ran out during it (its findings kept).
Result<bool> Explorer::play_game(Lane& lane, GameLog& log) {
  GameSetup setup = config_.game;
  setup.seed = log.seed = explore_game_seed(config_.seed, log.game);
  auto made = new_game(builtin_catalog(), config_.rules, setup);
  if (!made) return fail(made.error());
  State s = std::move(*made);
  SplitMix64 rng(setup.seed ^ 0xC0FFEEull);
  SplitMix64 reshuffle(setup.seed ^ 0xD2A90ull);
  auto first = snapshot(s);
  if (!first) return fail("internal error: the first position of a game has no snapshot");
  Setup base = *first;
  std::vector<Move> since;
  const SwitchValues overrides = switch_overrides(config_.rules);
  bool synced = true;  // every implementation accepted the moves since base
  int decision = 0;
  const TileCatalog& catalog = builtin_catalog();
  while (true) {
    ++decision;
    // Each implementation's legal moves, when it answered them (nullopt: not asked or not answered).
    std::vector<std::optional<std::vector<std::string>>> their_moves(lane.impls.size());
    if (out_of_time()) return false;  // no question once the budget is spent, mid-game too
    if (synced) {
      const Scenario question = question_of(base, since, config_.preset, overrides, config_.pile_window);
      ask(question, decision, lane, log, their_moves);
      // A new disagreement is merged and shrunk at once when this is the oldest game not merged
      // (always with one lane), before the game goes on: under a time budget the first ones
      // found get the time to shrink, not the games after them (issue 50).
      merge(log, lane, false, {});
      if (out_of_time()) return false;  // its last answer may have come after the budget
    } else {
      log.stats.unsynced += static_cast<long long>(lane.impls.size());
    }
    if (s.phase() == Phase::GameOver) break;
    if (auto snap = snapshot(s)) {  // the next question starts here
      base = std::move(*snap);
      since.clear();
      synced = true;
    }
    MoveList legal;
    legal_moves(s, legal);
    if (legal.size() == 0) return fail(fmt::format("internal error: no legal move in phase {}", phase_name(s.phase())));
    std::vector<Move> accepted;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const std::string text = canonical_move(legal[i], catalog);
      bool all = true;
      for (const auto& theirs : their_moves)
        if (theirs && !std::binary_search(theirs->begin(), theirs->end(), text)) all = false;
      if (all) accepted.push_back(legal[i]);
    }
    Move m;
    if (!accepted.empty()) {
      m = accepted[rng.below(accepted.size())];
    } else {  // no move every implementation accepts: ours, and no questions until the next position
      m = legal[rng.below(legal.size())];
      synced = false;
    }
    const std::size_t set_aside = s.dragon_fairy().set_aside.size();
    if (s.apply(m) != Reason::Ok)
      return fail(fmt::format("internal error: legal move {} was refused", to_string(m, catalog)));
    (void)shuffle_returned_tiles(s, set_aside, reshuffle);
    since.push_back(m);
  }
  return true;
}

void Explorer::ask(const Scenario& question, int decision, Lane& lane, GameLog& log,
                   std::vector<std::optional<std::vector<std::string>>>& moves) {
  ExploreStats& stats = log.stats;
  ++stats.decisions;
  // Our engine answers on a thread of its own while the implementations answer over the
  // protocol: the two work at once (explore's throughput, README "Speed"). The thread is kept
  // for the whole run (one started per decision cost more than the answer's setup).
  if (!lane.engine) lane.engine = std::make_unique<EngineWorker>();
  const Request ours_request = explore_request(question, config_.rules, true, true);
  lane.engine->submit(ours_request);
  const std::size_t n = lane.impls.size();
  auto& events = lane.events;
  std::vector<std::optional<Answer>> answers(n);
  for (std::size_t i = 0; i < n; ++i) {
    Subject& impl = *lane.impls[i];
    if (!events[i]) events[i] = answers_events(question, config_.rules, impl);
    Request r = explore_request(question, config_.rules, true, *events[i]);
    const Settled settled = ask_request(question, r, impl, *events[i]);
    if (!settled.lacks.empty()) {
      tally_lacks(stats, i, settled.lacks);
      continue;
    }
    for (const auto& p : settled.played) ++stats.impls[i].played_as[played_as_text(p)];
    if (out_of_time()) break;  // the budget ran out while an earlier implementation answered: ask no more
    Reply theirs = impl.answer(r);
    if (theirs.kind != ReplyKind::Answered) {
      tally_unanswered(stats, i, theirs);
      continue;
    }
    ++stats.asked;
    ++stats.impls[i].asked;
    std::vector<std::string> canon;
    canon.reserve(theirs.answer.moves.size());
    for (const auto& m : theirs.answer.moves) canon.push_back(explore_canonical_move(m));
    std::sort(canon.begin(), canon.end());
    moves[i] = std::move(canon);
    answers[i] = std::move(theirs.answer);
  }
  const Reply ours = lane.engine->take();
  if (ours.kind != ReplyKind::Answered || ours.answer.rejected) return;  // cannot happen: our own moves
  // Each disagreement kept for the merge (record), with whether both sides answered score events.
  const auto seen = [&](int impl_index, int other_index, bool with_events, AnswerDiff d, const Answer* first) {
    ExploreSeen s{question,    decision,     impl_index,  other_index,
                  with_events, std::move(d), ours.answer, *answers[static_cast<std::size_t>(impl_index)],
                  std::nullopt};
    if (first) s.first = *first;
    log.seen.push_back(std::move(s));
  };
  for (std::size_t i = 0; i < n; ++i)
    if (answers[i])
      if (auto d = diff_answers(question, ours.answer, *answers[i], *events[i]))
        seen(static_cast<int>(i), -1, events[i].value_or(false), std::move(*d), nullptr);
  // With two or more implementations: each pair that answered, the first as the reference.
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      if (answers[i] && answers[j])
        if (auto d = diff_answers(question, *answers[i], *answers[j], *events[i] && *events[j]))
          seen(static_cast<int>(j), static_cast<int>(i), events[i].value_or(false) && events[j].value_or(false),
               std::move(*d), &*answers[i]);
}

// Counts a disagreement, or keeps it as a finding when its (implementations, signature) is new.
void Explorer::record(const GameLog& log, const Scenario& question, int decision, int impl_index, int other_index,
                      bool events, const AnswerDiff& d, const Answer& ours, const Answer* first, const Answer& theirs) {
  const std::vector<Subject*>& impls = lanes_.front()->impls;
  auto it = std::find_if(findings_.begin(), findings_.end(), [&](const Finding& f) {
    return f.impl_index == impl_index && f.other_index == other_index && f.signature == d.signature;
  });
  if (it != findings_.end()) {
    ++it->seen;
    return;
  }
  Finding f;
  f.impl = impls[static_cast<std::size_t>(impl_index)]->name();
  f.impl_index = impl_index;
  f.other_index = other_index;
  if (other_index >= 0) f.other = impls[static_cast<std::size_t>(other_index)]->name();
  f.signature = d.signature;
  f.events = events;
  f.kind = d.kind;
  f.capability = d.capability;
  f.seen = 1;
  f.first_game = log.game;
  f.game_seed = log.seed;
  f.decision = decision;
  f.original = question;
  f.shrunk = question;
  f.lines = d.lines;
  f.ours = ours;
  if (first) f.first = *first;
  f.theirs = theirs;
  findings_.push_back(std::move(f));
}

void Explorer::shrink_pending(Lane& lane) {
  if (!config_.shrink) return;
  for (; shrunk_ < findings_.size(); ++shrunk_) {
    const auto start = ExClock::now();
    shrink(findings_[shrunk_], lane, deadline_);
    shrink_seconds_ += ex_seconds_since(start);
  }
}

void Explorer::shrink(Finding& f, Lane& lane, std::optional<ExClock::time_point> deadline) {
  const auto start = ExClock::now();
  Subject& impl = *lane.impls[static_cast<std::size_t>(f.impl_index)];
  Subject* reference = f.between_impls() ? lane.impls[static_cast<std::size_t>(f.other_index)] : nullptr;
  ShrinkTarget target;
  target.impl = &impl;
  target.reference = reference;
  target.signature = f.signature;
  target.deadline = deadline;
  target.events = f.events;
  ShrinkEvidence evidence;
  target.evidence = &evidence;
  target.cached = &f.shrink_cached;
  int asks = 0;
  bool out_of_time = false;
  f.shrunk = shrink_scenario(f.original, config_.rules, target, config_.shrink_asks, asks, out_of_time);
  f.shrink_asks = asks;
  f.shrink_cut_short = out_of_time;
  f.shrink_seconds = ex_seconds_since(start);
  if (out_of_time) {
    // The budget is spent: no more questions, none to ask the reduction again. The last
    // reduction that held stands, with the answers it held on (the candidate's expect and its
    // lines are of the question it states); none held (out of time before the first question,
    // or the question did not reproduce): the question as first seen, with its answers.
    f.shrunk = f.original;
    if (!evidence.held) return;
    const Answer& judged_on = evidence.reference;
    if (auto d = diff_answers(evidence.scenario, judged_on, evidence.theirs, f.events)) {
      f.shrunk = evidence.scenario;
      f.lines = d->lines;
      f.capability = d->capability;
      f.ours = evidence.ours;
      if (f.between_impls()) f.first = judged_on;
      f.theirs = evidence.theirs;
    }
    return;
  }
  if (asks == 0) return;  // no question asked (the ask limit): the answers as first seen stand
  // The answers on the shrunk scenario, for the candidate's expect and notes.
  EngineSubject engine;
  const Request r = explore_request(f.shrunk, question_rules(f.shrunk, config_.rules), true, f.events);
  const Reply ours = engine.answer(r);
  // Each asked as during the shrinking (ask_request: a value it plays in place of one it does not).
  std::optional<Reply> first;
  if (reference) {
    Request to_ref = r;
    if (!ask_request(f.shrunk, to_ref, *reference, f.events).lacks.empty()) return;
    first = reference->answer(to_ref);
  }
  Request to_impl = r;
  if (!ask_request(f.shrunk, to_impl, impl, f.events).lacks.empty()) return;
  const Reply theirs = impl.answer(to_impl);
  if (ours.kind != ReplyKind::Answered || theirs.kind != ReplyKind::Answered) return;
  if (first && first->kind != ReplyKind::Answered) return;
  if (auto d = diff_answers(f.shrunk, first ? first->answer : ours.answer, theirs.answer, f.events)) {
    f.lines = d->lines;
    f.capability = d->capability;  // what the shrunk question is about (the first one's last move may be another)
    f.ours = ours.answer;
    if (first) f.first = first->answer;
    f.theirs = theirs.answer;
  }
}

}  // namespace carc
