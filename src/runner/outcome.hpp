#pragma once
// Results of running scenarios (DESIGN.md "Results, summary and exit codes"):
// one per scenario x ruleset, or one per invalid scenario or unreadable file.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scenario/scenario.hpp"

namespace carc {

enum class Outcome : std::uint8_t { Passed, Failed, Unsupported, Skipped, Invalid, Errored, Crashed, TimedOut, XFail, XPass };
inline constexpr std::size_t kOutcomes = 10;
std::string_view outcome_name(Outcome o);  // "passed", ..., "timed_out", "xfail", "xpass"
// Whether an outcome makes `run` exit 1 (failed, errored, crashed, timed_out, xpass).
bool is_failure(Outcome o);

// One difference between expected and actual, both in canonical notation.
// Sets list only the differing items: `expected` holds what is expected but
// missing (shown as -), `actual` what is there but not expected (shown as +).
struct Diff {
  std::string key;  // "moves", "includes", "excludes", "count", "legal", "scores", "rejected", ...
  std::vector<std::string> expected, actual;
};

struct RunResult {
  std::string id;                    // scenario id; the file path when no scenario could be read
  std::string ruleset;               // preset name; empty when the scenario was not run (invalid)
  const Scenario* scenario = nullptr;  // null for an unreadable file; owned by the Corpus
  std::string file;
  Loc loc;
  Outcome outcome = Outcome::Passed;
  std::string message;
  std::vector<Diff> diffs;
  std::vector<std::pair<std::string, std::string>> rules;  // effective switches (preset + scenario overrides)
};

struct RunReport {
  std::string subject;
  std::vector<std::string> capabilities;
  std::vector<RunResult> results;  // by id, then in preset order

  std::array<int, kOutcomes> counts() const;
  bool any_invalid() const;
  bool any_failure() const;
};

}  // namespace carc
