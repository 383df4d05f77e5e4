#pragma once
// Results of running scenarios (DESIGN.md "Results, summary and exit codes"):
// one per scenario x ruleset, or one per invalid scenario or unreadable file.
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runner/board_views.hpp"
#include "scenario/scenario.hpp"

namespace carc {

enum class Outcome : std::uint8_t {
  Passed,
  Failed,
  Unsupported,
  Skipped,
  Invalid,
  Errored,
  Crashed,
  TimedOut,
  XFail,
  XPass
};
inline constexpr std::size_t kOutcomes = 10;
std::string_view outcome_name(Outcome o);  // "passed", ..., "timed_out", "xfail", "xpass"
// Whether an outcome makes `run` exit 1 (failed, errored, crashed, timed_out, xpass).
bool is_failure(Outcome o);
// Whether a report shows the result in detail: a failure, or an invalid scenario.
bool needs_attention(Outcome o);

// The message of every result a run cut short did not decide (skipped), then
// why: "stopped after 3 failures (--max-failures 3)" (ResultExtras, runner.hpp).
inline constexpr std::string_view kCutShortPrefix = "not run: the run was cut short: ";

// One difference between expected and actual, both in canonical notation.
// Sets list only the differing items: `expected` holds what is expected but
// missing (shown as -), `actual` what is there but not expected (shown as +).
struct Diff {
  std::string key;  // "moves", "includes", "excludes", "count", "legal", "scores", "rejected", ...
  std::vector<std::string> expected, actual;
  std::size_t omitted = 0;  // items of this difference not kept (see kKeptDiffBytes); 0 when it is whole
  int after = 0;            // where: 0 the final state; K the checkpoint after move K of query.apply
  // The key as reports show it: located at its checkpoint ("after move 2: active").
  std::string label() const { return after > 0 ? "after move " + std::to_string(after) + ": " + key : key; }
};

// How much of an answer a result keeps (src/runner/README.md "Memory"). Its
// differences are kept whole up to kKeptDiffBytes, far more than any real
// position gives (every legal move of a late game is about 10 KB); beyond that
// about kDiffExcerptBytes of items are kept, each cut to kKeptItemBytes and
// shared between the differing keys so that each shows its start (short ones,
// a count or a score, whole), and each Diff counts what it left out. The signature (RunResult::signature)
// is always computed from the whole difference, before anything is left out.
inline constexpr std::size_t kKeptDiffBytes = std::size_t{64} << 10;
inline constexpr std::size_t kDiffExcerptBytes = std::size_t{8} << 10;
inline constexpr std::size_t kKeptItemBytes = 512;
// A message from the subject (why it skipped or errored) is kept up to this many bytes.
inline constexpr std::size_t kKeptMessageBytes = 2048;

// A switch value a request was sent with in place of the scenario's: the implementation does not
// play `asked`, it plays `sent`, and our engine finds the verdict the same under both (runner.hpp
// settle_lacks).
struct PlayedAs {
  std::string key;
  std::string asked;
  std::string sent;
  bool operator==(const PlayedAs&) const = default;
};
// "KEY=SENT for ASKED": one replacement, as reports and explore count it.
inline std::string played_as_text(const PlayedAs& p) { return p.key + "=" + p.sent + " for " + p.asked; }

struct RunResult {
  std::string id;                      // scenario id; the file path when no scenario could be read
  std::string ruleset;                 // preset name; empty when the scenario was not run (invalid)
  const Scenario* scenario = nullptr;  // null for an unreadable file; owned by the Corpus
  std::string file;
  Loc loc;
  Outcome outcome = Outcome::Passed;
  std::string message;
  std::vector<Diff> diffs;
  std::string signature;  // failed only: the differing keys and a hash of the whole difference (expectations files)
  std::vector<std::pair<std::string, std::string>> rules;  // effective switches (preset + scenario overrides)
  std::vector<PlayedAs> played_as;  // switch values sent in place of these (empty: sent as they are)
  std::string area;  // the ledger area of the scenario's first ruling; empty when unknown (an invalid scenario)
  // Seconds the subject spent on it: from when its request was taken, or the
  // previous reply came if later, to its reply (a pipelined implementation
  // answering in order is charged its own work, not the queue); -1 when nothing
  // was sent (invalid, unsupported). Reports show it only with ReportOptions::timings.
  double seconds = -1;
  // The boards (our engine's), when the run was asked for them (ResultExtras::board_views) and the ruleset is known.
  std::shared_ptr<const ScenarioViews> views;
};

// A whole run held in memory (tests, `report`, lookups); `run` streams its
// results to the reporters instead (src/runner/runner.hpp).
struct RunReport {
  std::string subject;
  std::vector<std::string> capabilities;
  std::vector<RunResult> results;  // by id, then in preset order

  std::array<int, kOutcomes> counts() const;
  bool any_invalid() const;
  bool any_failure() const;
};

}  // namespace carc
