#pragma once
// Expectations files (oracle/PROTOCOL.md "Expectations"): the known failures an
// implementation keeps, so CI fails only on unexpected results. A failure that
// matches an entry becomes `xfail`; a listed case that passes becomes `xpass`.
//
//   implementation: my-engine 1.2      # optional, informational
//   expectations:
//     - id: FM-13-a                    # scenario id
//       ruleset: hig-c3                # optional: every ruleset when omitted
//       state: failed                  # failed | errored | crashed | timed_out
//       signature: moves:5e1f00a2      # optional (failed only): the diff's keys and hash
//       note: lands on a garden        # optional, at most 1,000 bytes
//
// YAML or JSON (the same keys); unknown keys are errors with file:line:col.
// The file is read with the guards of scenario files (src/scenario/text_file.hpp,
// yaml_limits.hpp): a regular file of at most 4 MiB, no deeper than 64, at
// most 500,000 nodes; a JSON file is one flow collection, which the YAML
// reader holds whole, so it may be at most 256 KiB (YAML files have no such limit).
#include <string>
#include <vector>

#include "engine/result.hpp"
#include "runner/outcome.hpp"

namespace carc {

struct ExpectedFailure {
  std::string id, ruleset, state, signature, note;
  Loc loc;
};

struct Expectations {
  std::string file;
  std::string implementation;
  std::vector<ExpectedFailure> entries;
};

// Reads and validates a file; the error is "file:line:col: message".
Result<Expectations> load_expectations(const std::string& path);
Result<Expectations> parse_expectations(const std::string& text, const std::string& path);

// For a failed result: the differing keys and a short hash of the whole diff,
// e.g. "moves,count:5e1f00a2" (RunResult::signature, taken before the diff was
// bounded); empty for any other state.
std::string failure_signature(const RunResult& r);

// Applies an expectations file to results as they come: matching failures
// become `xfail` and listed passes `xpass` (with a message saying which entry).
class ExpectationMatcher {
 public:
  explicit ExpectationMatcher(const Expectations& e) : e_(e), used_(e.entries.size(), false) {}
  void apply(RunResult& r);
  // Entries that matched no result, and failures whose signature changed (they stay `failed`).
  std::vector<std::string> notes() const;

 private:
  const Expectations& e_;
  std::vector<bool> used_;
  std::vector<std::string> notes_;
};

// The same over a whole report; returns the notes.
std::vector<std::string> apply_expectations(RunReport& report, const Expectations& e);

// Records, as results come, what --save-expectations writes: every failed,
// errored, crashed or timed-out result (before expectations are applied).
class ExpectationsRecorder {
 public:
  void add(const RunResult& r);
  // The file: JSON when json is set, else YAML.
  std::string text(const std::string& implementation, bool json) const;

 private:
  std::vector<ExpectedFailure> entries_;
};

// An expectations file listing every failed, errored, crashed or timed-out
// result of a report (before expectations were applied); JSON when json is set.
std::string expectations_text(const RunReport& report, const std::string& implementation, bool json);

// Expectations files: at most this size, and notes of at most kMaxNoteBytes.
inline constexpr std::size_t kMaxExpectationsBytes = std::size_t{4} << 20;
inline constexpr std::size_t kMaxNoteBytes = 1000;

}  // namespace carc
