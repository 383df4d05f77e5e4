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
//       note: lands on a garden        # optional
//
// YAML or JSON (the same keys); unknown keys are errors with file:line:col.
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
// e.g. "moves,count:5e1f00a2"; empty for any other state.
std::string failure_signature(const RunResult& r);

// Marks matching failures `xfail` and listed passes `xpass` (with a message
// saying which entry). Returns notes: entries that matched no result, and
// failures whose signature changed (they stay `failed`).
std::vector<std::string> apply_expectations(RunReport& report, const Expectations& e);

// An expectations file listing every failed, errored, crashed or timed-out
// result of a report (before expectations were applied); JSON when json is set.
std::string expectations_text(const RunReport& report, const std::string& implementation, bool json);

}  // namespace carc
