#pragma once
// The process exit codes (DESIGN.md "Results, summary and exit codes"), most severe first.
namespace carc {
enum ExitCode : int {
  kExitOk = 0,
  kExitFailures = 1,       // any failed, errored, crashed, timed_out or xpass result
  kExitInvalidInput = 2,   // bad scenario, bad arguments
  kExitImplStart = 3,      // the implementation could not be started or failed the handshake
  kExitInternal = 70,      // a bug in carc-oracle
};
}  // namespace carc
