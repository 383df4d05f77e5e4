#pragma once
// What `run` needs besides the corpus: its subjects (our engine in process, or
// each --impl behind the protocol) with their expectations files; after each
// run, the implementation's notes and the expectations applied.
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "runner/expectations.hpp"
#include "runner/outcome.hpp"
#include "runner/subject.hpp"
#include "runner/trace.hpp"

namespace carc {

// One subject of a run: an --impl command (empty: our engine) and the
// expectations files that go with it (--expectations and --save-expectations
// pair with the --impl options by position).
struct SubjectPlan {
  std::string impl;
  std::string expectations, save_expectations;
  int number = 1;                // its position among the --impl options (1-based), as the trace names it
  int jobs = 1;                  // --jobs: its processes answering side by side
  std::shared_ptr<Trace> trace;  // --trace, shared by every implementation of the run; null without it
  bool strict = false;           // --strict: refuse a handshake with warnings (exit 3)
};

// The plans of a run, one per --impl (or one for our engine); an error (exit 2)
// when --expectations or --save-expectations cannot be paired with them.
Result<std::vector<SubjectPlan>> plan_subjects(const RunOptions& o);

struct RunSetup {
  std::unique_ptr<Subject> subject;  // null: could not be set up (exit_code, error)
  std::optional<Expectations> expectations;
  std::optional<Expectations> saved;  // what --save-expectations finds in its file, merged into (none: a new file)
  int exit_code = 0;
  std::string error;  // why there is no subject
};

// Reads the expectations (exit 2 when they are broken) and starts the
// implementation (exit 2 for a malformed command, 3 when it cannot start or
// fails the handshake). The reason is written to err and kept in `error`.
RunSetup setup_run_subject(const SubjectPlan& plan, double timeout, std::ostream& err);

// A stand-in for an implementation that could not be started, so that a run of
// several still reports it: every request it could take is `errored` with why.
std::unique_ptr<Subject> unstarted_subject(const std::string& name, const std::string& why);

// The implementation's own name and version: its handshake's; our engine
// (and a stand-in that could not start): its name and the tool's version.
Implementation implementation_of(const Subject& subject);

// Between the runner and the report, one scenario's results at a time: each
// result recorded for --save-expectations as it came, then --expectations
// applied to it; what the exit code needs is tallied. `whole`: the run selects
// the whole corpus (no filter, no --shard), so an entry matching no result is
// stale; otherwise entries outside the selection are left alone (RunScope).
// A file recorded for another implementation or version is warned about on err.
class ResultFilter {
 public:
  ResultFilter(const SubjectPlan& plan, const RunSetup& setup, const Implementation& now, bool whole,
               std::ostream& err);
  void take(std::vector<RunResult>& results);
  // After the run: the implementation's notes and the expectations' notes on
  // err, --save-expectations written. Returns 0, or kExitOutput when the file
  // cannot be written.
  int finish(const Subject& subject, std::ostream& err);
  // Whether --expectations lists this failure as known (it will be xfail): it does not count towards --max-failures.
  bool expected(const RunResult& r) const { return matcher_ && matcher_->expects(r); }
  bool any_invalid() const { return invalid_; }
  bool any_failure() const { return failure_; }

 private:
  const SubjectPlan& plan_;
  Implementation now_;
  const std::optional<Expectations>& saved_;
  std::optional<ExpectationMatcher> matcher_;
  ExpectationsRecorder recorder_;
  bool invalid_ = false, failure_ = false;
};

}  // namespace carc
