#pragma once
// The process exit codes (DESIGN.md "Results, summary and exit codes"), most severe first.
namespace carc {
enum ExitCode : int {
  kExitOk = 0,
  kExitFailures = 1,      // any failed, errored, crashed, timed_out or xpass result
  kExitInvalidInput = 2,  // bad scenario, bad arguments
  kExitImplStart = 3,     // the implementation could not be started or failed the handshake
  kExitBudget = 4,        // perft: --max-nodes or --time-budget ran out before the count was complete
  kExitOutput = 74,       // a report or output could not be written (sysexits' EX_IOERR): disk full, read-only, ...
  kExitInternal = 70,     // a bug in carc-oracle
};
}  // namespace carc
