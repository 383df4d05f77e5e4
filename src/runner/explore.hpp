#pragma once
// `carc-oracle explore`: random differential testing of other implementations against our
// engine (src/runner/README.md "Explore"). Seeded random games are driven by our engine; at
// every decision each implementation is asked, over the protocol, the question a scenario
// asks: the position at the last point a position can state (a turn start, or step 2) and the
// moves made since, answered with the legal moves now and the state after those moves (scores,
// figures returned, on the board and in hand, phase, active player; final scoring when the
// moves end the game). Move sets are compared exactly, duplicates included. Each disagreement
// gets a signature (kind and what differs, stable across games), is kept once per signature,
// shrunk by delta debugging and written as a candidate scenario (EXP-<signature>, UNVERIFIED).
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/setup.hpp"
#include "runner/runner.hpp"
#include "runner/subject.hpp"

namespace carc {

// A scenario position as the format writes it, from an engine position (Setup): every
// player's figures in hand stated, scores stated, floors only where not TO-01's default.
Position position_of(const Setup& s);

// A scenario as YAML text the loader reads back (scenarios/README.md): the keys explore
// writes (id, title, status, source, tags, requires, applies_to, notes, position, query, expect).
std::string scenario_yaml(const Scenario& s);

// How two answers to the same request differ, with a signature that names the kind of
// difference and not the position: "moves-extra-land-field", "scores-after-place",
// "active-after-crop", "scores-final".
struct AnswerDiff {
  std::vector<std::string> keys;   // the answer's keys that differ, in expect_keys() order
  std::vector<std::string> lines;  // "scores: ours red 4, blue 4; theirs red 0, blue 0", one per key
  std::string signature;           // lowercase letters, digits and dashes
  std::string kind;                // placements, deployments, scoring, returns, phase-flow, protocol
  std::string capability;          // the capability the difference is about (base, flier, ...)
};
// Nothing when they agree. A key `theirs` leaves empty where ours never is (scores, supply,
// phase, active) counts as not answered, not as a difference. Score events (`scored`) are
// compared only when `events`: both were asked query kind `events` (protocol 7).
std::optional<AnswerDiff> diff_answers(const Scenario& question, const Answer& ours, const Answer& theirs,
                                       bool events = true);

// Whether `impl` can be asked score events (query kind `events`): it answers protocol 7 or
// later and declares the query kind.
bool answers_events(const Scenario& question, const RuleSet& rules, Subject& impl);

// A move's text in canonical form (canonical_move of what parse_move reads; the text itself
// when it does not parse), remembered per thread: the same moves come back at every decision.
std::string explore_canonical_move(const std::string& text);

// The switch values of `rules` that differ from those of its preset (`rules.name`), in spec
// order, as a scenario's `rules:` states them; none when the name is no preset.
SwitchValues switch_overrides(const RuleSet& rules);

// The ruleset a question runs under, as `run` reads its scenario: the preset of `rules`
// (`rules.name`) with the question's own `rules:` (`rules` itself when the name is no preset).
RuleSet question_rules(const Scenario& question, const RuleSet& rules);

// The request explore sends for a question: the legal moves (when `moves`), the moves' result,
// and their score events (when `events`).
Request explore_request(const Scenario& question, const RuleSet& rules, bool moves, bool events);

// The scenario's expect from our answer: the keys of `keys` that the format can state
// (moves, scores, returned, figures, supply, phase, active); phase when none of them can.
Expect expect_from(const Answer& ours, const std::vector<std::string>& keys);

struct ExploreConfig {
  RuleSet rules;
  std::string preset = "hig-c3";  // the scenarios' applies_to
  GameSetup game;                 // seats, edition, sets, figures; the seed is set per game
  std::uint64_t seed = 1;
  int games = 10;
  int shard = 0, shards = 1;  // games g with g % shards == shard
  // Seconds for the whole run, checked before every question: no question is asked once it is
  // spent (a game in progress is cut, the shrinking stops); 0 = none. A question in flight
  // ends within its --timeout, so a run lasts at most about the budget plus one timeout.
  double time_budget = 0;
  std::size_t pile_window = 8;  // tiles of the pile a question's position keeps (the rest: open-ended)
  bool shrink = true;
  int shrink_asks = 600;  // questions to an implementation per shrunk disagreement, at most
};

// One disagreement kept per (implementation, signature), and with two or more implementations
// per (pair of implementations, signature): the first seen, shrunk.
struct Finding {
  std::string impl;    // the implementation's name (of a pair: the second's)
  int impl_index = 0;  // its position among those compared (0-based)
  // A disagreement between two implementations: the first one's index and name (impl is the
  // second); -1 for a disagreement with our engine.
  int other_index = -1;
  std::string other;
  std::string signature, kind, capability;
  int seen = 0;                    // decisions where it occurred
  int first_game = -1;             // game index (0-based) where it was first seen
  std::uint64_t game_seed = 0;     // that game's seed
  int decision = 0;                // decision number within that game (1-based)
  Scenario original, shrunk;       // the question as first asked, and after shrinking
  std::vector<std::string> lines;  // how the shrunk answers differ
  Answer ours, theirs;             // on the shrunk scenario (ours: our engine's)
  Answer first;                    // of a pair: the first implementation's answer (lines: first vs theirs)
  bool events = false;             // score events were asked and compared (both sides answer them)
  int shrink_asks = 0;
  int shrink_cached = 0;  // reductions judged again while shrinking, answered from the first judgement
  double shrink_seconds = 0;
  bool shrink_cut_short = false;  // the time budget ran out while shrinking: `shrunk` is the best so far
  bool between_impls() const { return other_index >= 0; }
  std::string id() const { return "EXP-" + signature; }
};

// One implementation's questions: answered, not asked (and what it lacks), not answered (and why).
struct ImplTally {
  std::string name;
  long long asked = 0;         // questions it answered
  long long unsupported = 0;   // questions not asked: it lacks what they need
  long long not_answered = 0;  // questions asked that got no answer
  // What it lacks, each item with the number of questions that needed it: "figure abbot",
  // "expansion tower" (capabilities), "switch farmers=off", "query events" (Subject::lacks).
  std::map<std::string, long long> lacks;
  // Questions asked with a switch value it plays in place of the game's, our engine's whole answer
  // the same under both (ask_request), by "KEY=SENT for ASKED".
  std::map<std::string, long long> played_as;
  // Why a question went unanswered (unanswered_reason), with the number of questions and the
  // first message of each reason.
  std::map<std::string, long long> unanswered;
  std::map<std::string, std::string> first_message;
};

// The reason a reply that is not an answer counts under: "timed out", "crashed", "errored"
// (an `errored` reply or a protocol violation: garbage, a line over the limit, a wrong seq),
// "skipped" (the implementation skipped it, or it was not sent: the process could not be
// restarted, the run was cut short).
std::string unanswered_reason(ReplyKind kind);

// A question's request `r` as `impl` can be asked it: each switch value it does not play replaced
// by one it plays under which our engine's whole answer is the same (runner.hpp settle_lacks);
// `lacks` is what it still lacks, capabilities first (empty: ask it).
Settled ask_request(const Scenario& question, Request& r, const Subject& impl, bool events);

struct ExploreStats {
  int games = 0;                  // games played to the end
  long long decisions = 0;        // decision points compared (each asked of every implementation)
  long long asked = 0;            // questions answered by the implementations
  long long unsupported = 0;      // questions not asked: the implementation lacks what they need
  long long not_answered = 0;     // asked and not answered: timed out, crashed, errored, skipped (ImplTally)
  long long unsynced = 0;         // questions skipped after a move only our engine accepts
  bool budget_exhausted = false;  // the time budget cut the run: a game, the shrinking, or the games left
  bool cut_in_game = false;       // ... in the middle of a game (that game is not counted in `games`)
  std::vector<ImplTally> impls;   // per implementation, in --impl order
  double seconds = 0;             // playing the games, without the shrinking
};

// The game index's seed: one per game, independent of sharding.
std::uint64_t explore_game_seed(std::uint64_t seed, int game);

class Explorer {
 public:
  Explorer(ExploreConfig config, std::vector<Subject*> impls);
  Explorer(const Explorer&) = delete;
  Explorer& operator=(const Explorer&) = delete;
  ~Explorer();
  // `explore --jobs N`: another set of processes of the same implementations (one Subject per
  // --impl, in the constructor's order) playing games of its own beside the first set, each
  // set on its own thread. The games' results are merged in game order (a disagreement is kept
  // as first seen in that order and shrunk on the set whose game merged it), so the findings
  // and counts are those of one set. Call before run().
  void add_lane(std::vector<Subject*> impls);
  // Plays the configured games (this shard's), asking every implementation at every decision.
  // on_game(games done, games of this shard) after each game (merged in game order).
  Result<ExploreStats> run(const std::function<void(int, int)>& on_game = {});
  const std::vector<Finding>& findings() const { return findings_; }

 private:
  struct Lane;     // one set of the implementations' processes and our engine's thread
  struct GameLog;  // what one game adds to the run, merged in game order

  Result<bool> play_game(Lane& lane, GameLog& log);
  void ask(const Scenario& question, int decision, Lane& lane, GameLog& log,
           std::vector<std::optional<std::vector<std::string>>>& moves);
  // Merges what `log` holds when its game is the oldest not merged (after every decision: the
  // single set of --jobs 1 merges and shrinks at once); with `done`, waits for that turn, then
  // counts the game and passes the turn on.
  void merge(GameLog& log, Lane& lane, bool done, const std::function<void(int, int)>& on_game);
  void shrink(Finding& f, Lane& lane, std::optional<std::chrono::steady_clock::time_point> deadline);
  void record(const GameLog& log, const Scenario& question, int decision, int impl_index, int other_index, bool events,
              const AnswerDiff& d, const Answer& ours, const Answer* first, const Answer& theirs);
  // Shrinks the findings not shrunk yet (with `shrink` configured) on `lane`'s processes; their
  // time is kept apart from the games'.
  void shrink_pending(Lane& lane);

  // The time budget is spent (none: never); checked before every question.
  bool out_of_time() const;

  ExploreConfig config_;
  std::optional<std::chrono::steady_clock::time_point> deadline_;  // start + time_budget
  std::vector<std::unique_ptr<Lane>> lanes_;                       // the first: the constructor's
  std::vector<Finding> findings_;
  std::size_t shrunk_ = 0;     // findings_ before this one are shrunk
  double shrink_seconds_ = 0;  // spent shrinking (ExploreStats::seconds leaves it out)
  ExploreStats stats_;
  // The lanes' turns: games are handed out in order (next_) and merged in order (merged_).
  std::mutex mutex_;
  std::condition_variable turn_;
  std::size_t next_ = 0, merged_ = 0;
  std::size_t games_mine_ = 0;  // this shard's games
  bool stop_ = false;           // no game more: the budget ran out, or a game failed
  bool cut_merged_ = false;     // a game cut by the budget was merged: later games are not
  std::optional<std::string> error_;
};

// What the implementations lack to be asked about a game at all: the capabilities its first
// position needs with every tile of its pile, its figures and tokens ("figure abbot",
// "expansion tower"), for any of `impls`; empty when every one of them declares all of it.
// An error when the game cannot be set up.
Result<std::vector<std::string>> game_lacks(const RuleSet& rules, const GameSetup& game,
                                            const std::vector<Subject*>& impls);

// `explore --sets auto`: the largest game every implementation in `impls` can be asked about,
// from their handshakes. From `game` (seats, edition, seed): every tile set of the catalog that
// has tiles for the edition and whose tiles (and the figures and tokens it brings) they all
// declare, added one by one in catalog order (the base set first); the figures (unless
// `keep_figures`: `game`'s as given) the edition's default ones plus one of every other kind
// the engine models, each kind they all declare; Little Buildings and the bridges when they
// all declare them. An error naming what is lacking when not even the base set with followers
// can be asked.
Result<GameSetup> largest_game(const RuleSet& rules, GameSetup game, const std::vector<Subject*>& impls,
                               bool keep_figures);

// Shrinks a disagreement: fewer switches away from the preset's values, pile tiles, players,
// figures, board tiles, lower scores, while
// the scenario stays valid (as `check` reads it), our engine accepts its moves and the
// implementation still answers it with the same signature. `asks` counts the questions.
Scenario shrink_scenario(const Scenario& start, const RuleSet& rules, Subject& impl, const std::string& signature,
                         int max_asks, int& asks);

// The last reduction a shrink saw hold, with the answers it was judged on (each a question
// asked): what a shrink cut short by its deadline keeps, without asking again.
struct ShrinkEvidence {
  bool held = false;  // some reduction (the start itself, at least) held
  Scenario scenario;
  Answer ours;       // our engine's answer
  Answer reference;  // the reference's: ours, or the first implementation's of a pair
  Answer theirs;     // the implementation's
};

// What a shrink keeps: `impl`'s answer differing with `signature` from the reference's (our
// engine's when `reference` is null, else that implementation's), until `deadline`.
struct ShrinkTarget {
  Subject* impl = nullptr;
  Subject* reference = nullptr;
  std::string signature;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  bool events = false;                 // score events asked and compared (both answer them)
  ShrinkEvidence* evidence = nullptr;  // when set: the last reduction that held, and its answers
  int* cached = nullptr;               // when set: reductions judged again without a question (the same YAML)
};
// As above; out_of_time: the deadline passed before the shrink was done (the result is the
// best reduction so far).
Scenario shrink_scenario(const Scenario& start, const RuleSet& rules, const ShrinkTarget& target, int max_asks,
                         int& asks, bool& out_of_time);

// The number of tiles a scenario names: on the board, in hand and in the pile.
std::size_t scenario_tile_count(const Scenario& s);

}  // namespace carc
