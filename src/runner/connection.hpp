#pragma once
// The byte level of talking to an implementation process: non-blocking writes
// of queued lines, reads of its stdout into capped lines and of its stderr into
// a short tail, all in one poll() round at a time so the caller keeps control
// of every deadline.
#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "engine/result.hpp"
#include "protocol/line_reader.hpp"
#include "protocol/messages.hpp"
#include "runner/child_process.hpp"
#include "runner/trace.hpp"

namespace carc {

struct ProcessOptions {
  std::vector<std::string> argv;
  std::chrono::milliseconds timeout{10000};        // per request
  std::chrono::milliseconds start_timeout{10000};  // for the handshake (start-up may be slow, e.g. a JVM)
  std::size_t max_line = std::size_t{4} << 20;     // bytes in one line (one reply)
  std::size_t max_output = std::size_t{16} << 20;  // bytes written without any reply
  std::size_t window = 8;                          // requests in flight at once
  std::shared_ptr<Trace> trace;                    // --trace: every line and process event, or null
  int trace_impl = 1;                              // this implementation's number in the trace (1-based)
  int trace_worker = 0;                            // run --jobs N: this process's number (1-based); 0 alone
  int protocol_version = proto::kProtocolVersion;  // sent in `start` (adapter-check --protocol-version)
  bool strict = false;                             // run --strict: a handshake with warnings fails to start
};

struct Connection {
  ChildProcess child;
  proto::LineReader lines{1};
  std::string outgoing;          // bytes not yet written to its stdin
  std::string stderr_tail;       // the last bytes it wrote to stderr
  bool dead = true;              // not started, exited, closed its stdout, or stopped by us
  std::string how;               // how it ended
  std::shared_ptr<Trace> trace;  // from ProcessOptions
  int trace_impl = 1;
  int trace_worker = 0;

  // Starts the process (not the handshake).
  Result<bool> open(const ProcessOptions& o);
  // Queues one line for its stdin.
  void send(const std::string& line);
  // The next complete line it wrote, when there is one (traced).
  bool next_line(proto::Line& line);
  // One round of I/O: waits up to `wait` for the process, writes what it can,
  // reads what is there. Returns the bytes read from stdout. On end of stdout,
  // or when the process has exited although its stdout is still open (a
  // process it started holds it), the process is finished (dead, how).
  std::size_t pump(std::chrono::milliseconds wait);
  // Stops the process: waits up to `grace` for it to exit by itself, then
  // kills its group. True when it had exited by itself.
  bool stop(std::chrono::milliseconds grace);
  // "; stderr: ..." with its last lines, or empty.
  std::string stderr_excerpt() const;

 private:
  void read_stderr(std::chrono::milliseconds wait);
  // Reads its stdout into `lines` (up to a round's cap); true at end of file.
  bool read_stdout(std::size_t& read_total);
};

}  // namespace carc
