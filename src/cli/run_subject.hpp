#pragma once
// What `run` needs besides the corpus: the subject (our engine in process, or
// the implementation of --impl behind the protocol) and the expectations file;
// after the run, the implementation's notes and the expectations applied.
#include <memory>
#include <optional>
#include <ostream>

#include "cli/commands.hpp"
#include "runner/expectations.hpp"
#include "runner/subject.hpp"

namespace carc {

struct RunSetup {
  std::unique_ptr<Subject> subject;  // null: exit with exit_code
  std::optional<Expectations> expectations;
  int exit_code = 0;
};

// Reads --expectations (exit 2 when it is broken) and starts --impl (exit 2
// for a malformed command, 3 when it cannot start or fails the handshake).
RunSetup setup_run_subject(const RunOptions& o, std::ostream& err);

// After the run: the implementation's notes on err, --save-expectations
// (from the results as they came), then the expectations applied. Returns 0,
// or 2 when the expectations file cannot be written.
int finish_run(RunReport& report, const RunOptions& o, RunSetup& setup, std::ostream& err);

}  // namespace carc
