#pragma once
// A child process with pipes on its stdin, stdout and stderr (POSIX), started
// without a shell in a process group of its own. The parent's pipe ends are
// non-blocking.
//
// Stopping it stops everything it started (Linux): the oracle makes itself a
// child subreaper (prctl PR_SET_CHILD_SUBREAPER) before the first spawn, so a
// process the child starts stays a descendant of the oracle for its whole life,
// even after setsid(), setpgid(), a double fork or the death of its parent
// (orphans are reparented to the oracle, not to init). finish() kills the
// child's process group, then every live descendant found in /proc (of the
// child, and of the oracle's own children that no running ChildProcess owns:
// the orphans), repeating until none is left, and reaps what became the
// oracle's. Not covered: a process handed to something outside the tree (a
// service manager, a remote host); without /proc only the process group is
// killed.
#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.hpp"

namespace carc {

// Splits a command line into argv without a shell: words are separated by
// blanks; '...' keeps everything literally; "..." keeps blanks and takes \" and
// \\ as escapes; outside quotes a backslash keeps the next character. No
// variables, globs, pipes or redirections. An error on an unclosed quote or an
// empty command.
Result<std::vector<std::string>> split_command(std::string_view command);

class ChildProcess {
 public:
  // Starts argv[0] (searched in PATH) with the given arguments.
  static Result<ChildProcess> spawn(const std::vector<std::string>& argv);

  ChildProcess() = default;
  ChildProcess(ChildProcess&& o) noexcept { *this = std::move(o); }
  ChildProcess& operator=(ChildProcess&& o) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();  // kills and reaps a process still running

  bool running() const { return pid_ > 0; }
  int stdin_fd() const { return in_; }
  int stdout_fd() const { return out_; }
  int stderr_fd() const { return err_; }
  // Readable when the process has exited (a pidfd), or -1 where the kernel has none.
  int exit_fd() const { return exit_fd_; }
  void close_stdin();
  void close_stdout();
  void close_stderr();

  // Whether the process has exited (not reaped yet, so its group stays ours).
  bool exited() const;
  // Waits up to `grace` for the process to exit, then kills its group and
  // reaps it; returns how it ended, e.g. "exited with status 3", "was killed by
  // signal 11 (Segmentation fault)".
  std::string finish(std::chrono::milliseconds grace);

 private:
  void close_all();
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1, err_ = -1, exit_fd_ = -1;
};

// Kills (SIGKILL) every live process descended from `root` and from the
// oracle's children that no running ChildProcess owns, and reaps those that
// are the oracle's children; returns how many it killed. `root` itself is
// left to its owner. Used by ChildProcess::finish.
int kill_descendants(pid_t root);

}  // namespace carc
