#pragma once
// Expectations files (oracle/PROTOCOL.md "Expectations"): the known failures an
// implementation keeps, so CI fails only on unexpected results. A failure that
// matches an entry becomes `xfail`; a listed case that passes becomes `xpass`.
//
//   implementation: my-engine          # optional: the implementation it was recorded for
//   version: "1.2"                     # optional: its version (a mismatch is warned about)
//   protocol_version: 5                # optional: the protocol version it was spoken to in (ditto)
//   expectations:
//     - id: FM-13-a                    # scenario id
//       ruleset: hig-c3                # optional: every ruleset when omitted
//       state: failed                  # failed | errored | crashed | timed_out
//       signature: moves:5e1f00a2      # optional (failed only): the diff's keys and hash
//       note: lands on a garden        # optional, at most 1,000 bytes
//
// YAML or JSON (the same keys); unknown keys are errors with file:line:col.
// The file is read with the guards of scenario files (src/data/text_file.hpp,
// yaml_limits.hpp): a regular file of at most 4 MiB, no deeper than 64, at
// most 500,000 nodes; a JSON file is one flow collection, which the YAML
// reader holds whole, so it may be at most 256 KiB (YAML files have no such limit).
#include <set>
#include <string>
#include <utility>
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
  std::string implementation, version;
  int protocol_version = 0;  // the protocol version its results were obtained in; 0: not recorded
  std::vector<ExpectedFailure> entries;
};

// Which implementation a file is used with: its handshake's name and version
// (our engine: "carc-oracle engine" and the tool's version).
struct Implementation {
  std::string name, version;
  int protocol_version = 0;  // the version its handshake answered (our engine in process: the runner's)
};
// Why a file recorded for another implementation (or version) may not apply, as
// a warning; empty when it matches or records none. A file written before the
// version was recorded apart may name "NAME VERSION" together.
std::string implementation_mismatch(const Expectations& e, const Implementation& now);
// Why a file whose results were obtained in another protocol version may not apply (a later
// version may send what an earlier did not, or other switches), as a warning naming both
// versions; empty when they agree or the file records none.
std::string protocol_mismatch(const Expectations& e, const Implementation& now);

// What a run covered, so that entries outside it are neither reported as
// stale nor dropped when saving: the (id, ruleset) of every result seen, and
// whether the run selected the whole corpus (no filter, no shard), when an entry
// that matches no result is stale.
class RunScope {
 public:
  explicit RunScope(bool whole = true) : whole_(whole) {}
  void add(const RunResult& r) {
    seen_.emplace(r.id, r.ruleset);
    ids_.insert(r.id);
  }
  // Whether the run decided this entry: the whole corpus ran, or its scenario (under its ruleset, if it names one) did.
  bool covers(const ExpectedFailure& e) const {
    return whole_ || (e.ruleset.empty() ? ids_.count(e.id) > 0 : seen_.count({e.id, e.ruleset}) > 0);
  }

 private:
  bool whole_;
  std::set<std::pair<std::string, std::string>> seen_;
  std::set<std::string> ids_;
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
  // `whole`: the run selected the whole corpus (RunScope).
  explicit ExpectationMatcher(const Expectations& e, bool whole = true)
      : e_(e), used_(e.entries.size(), false), scope_(whole) {}
  void apply(RunResult& r);
  // Whether apply would make this result xfail (nothing is recorded).
  bool expects(const RunResult& r) const;
  // Entries within the run's scope that matched no result, and failures whose
  // signature changed (they stay `failed`). An entry whose scenario the run did
  // not select (a filter, another --shard) is not stale.
  std::vector<std::string> notes() const;

 private:
  const Expectations& e_;
  std::vector<bool> used_;
  RunScope scope_;
  std::vector<std::string> notes_;
};

// The same over a whole report; returns the notes.
std::vector<std::string> apply_expectations(RunReport& report, const Expectations& e);

// Records, as results come, what --save-expectations writes: every failed,
// errored, crashed or timed-out result (before expectations are applied).
// Saving merges into the file that is there (`previous`): its entries outside
// the run's scope are kept as they are, those within it are replaced by this
// run's failures (a fixed one disappears), and a note written for an entry
// (id and ruleset) is kept on the entry that replaces it. Entries are written
// sorted by id, then ruleset, so shards merged in any order give the same file.
class ExpectationsRecorder {
 public:
  explicit ExpectationsRecorder(bool whole = true) : scope_(whole) {}
  void add(const RunResult& r);
  // The file: JSON when json is set, else YAML.
  std::string text(const Implementation& implementation, bool json, const Expectations* previous = nullptr) const;

 private:
  std::vector<ExpectedFailure> entries_;
  RunScope scope_;
};

// An expectations file listing every failed, errored, crashed or timed-out
// result of a report (before expectations were applied); JSON when json is set.
std::string expectations_text(const RunReport& report, const Implementation& implementation, bool json);

// Expectations files: at most this size, and notes of at most kMaxNoteBytes.
inline constexpr std::size_t kMaxExpectationsBytes = std::size_t{4} << 20;
inline constexpr std::size_t kMaxNoteBytes = 1000;

}  // namespace carc
