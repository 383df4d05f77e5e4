#include "runner/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>

extern char** environ;

namespace carc {

Result<std::vector<std::string>> split_command(std::string_view command) {
  std::vector<std::string> argv;
  std::string word;
  bool in_word = false;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) argv.push_back(std::move(word));
      word.clear();
      in_word = false;
      continue;
    }
    in_word = true;
    if (c == '\'') {
      const auto close = command.find('\'', i + 1);
      if (close == std::string_view::npos) return fail("unclosed ' in the command");
      word.append(command.substr(i + 1, close - i - 1));
      i = close;
    } else if (c == '"') {
      std::size_t j = i + 1;
      for (; j < command.size() && command[j] != '"'; ++j) {
        if (command[j] == '\\' && j + 1 < command.size() && (command[j + 1] == '"' || command[j + 1] == '\\')) ++j;
        word += command[j];
      }
      if (j >= command.size()) return fail("unclosed \" in the command");
      i = j;
    } else if (c == '\\' && i + 1 < command.size()) {
      word += command[++i];
    } else {
      word += c;
    }
  }
  if (in_word) argv.push_back(std::move(word));
  if (argv.empty()) return fail("the command is empty");
  return argv;
}

namespace {

struct Pipe {
  int read = -1, write = -1;
};

Result<Pipe> make_pipe() {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return fail(std::string("cannot create a pipe: ") + std::strerror(errno));
  return Pipe{fds[0], fds[1]};
}

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

void set_nonblocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

// The attributes of the child: its own process group, SIGPIPE back to default
// (we ignore it in the parent), no signals blocked.
struct SpawnSetup {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  SpawnSetup(const Pipe& in, const Pipe& out, const Pipe& err) {
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in.read, 0);
    posix_spawn_file_actions_adddup2(&actions, out.write, 1);
    posix_spawn_file_actions_adddup2(&actions, err.write, 2);
    posix_spawnattr_init(&attr);
    sigset_t defaults, none;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attr, &defaults);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
};

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
  return "ended (status " + std::to_string(status) + ")";
}

}  // namespace

Result<ChildProcess> ChildProcess::spawn(const std::vector<std::string>& argv) {
  if (argv.empty()) return fail("the command is empty");
  auto in = make_pipe();
  auto out = make_pipe();
  auto err = make_pipe();
  if (!in || !out || !err) return fail(!in ? in.error() : !out ? out.error() : err.error());
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  int rc = 0;
  {
    SpawnSetup setup(*in, *out, *err);
    rc = ::posix_spawnp(&pid, args[0], &setup.actions, &setup.attr, args.data(), environ);
  }
  ::close(in->read);
  ::close(out->write);
  ::close(err->write);
  ChildProcess child;
  child.in_ = in->write;
  child.out_ = out->read;
  child.err_ = err->read;
  if (rc != 0) {
    child.close_all();
    return fail("cannot start '" + argv[0] + "': " + std::strerror(rc));
  }
  child.pid_ = pid;
  for (const int fd : {child.in_, child.out_, child.err_}) set_nonblocking(fd);
  return child;
}

ChildProcess& ChildProcess::operator=(ChildProcess&& o) noexcept {
  if (this == &o) return *this;
  if (running()) finish(std::chrono::milliseconds(0));
  close_all();
  pid_ = o.pid_;
  in_ = o.in_;
  out_ = o.out_;
  err_ = o.err_;
  o.pid_ = -1;
  o.in_ = o.out_ = o.err_ = -1;
  return *this;
}

ChildProcess::~ChildProcess() {
  if (running()) finish(std::chrono::milliseconds(0));
  close_all();
}

void ChildProcess::close_stdin() { close_fd(in_); }
void ChildProcess::close_stdout() { close_fd(out_); }
void ChildProcess::close_stderr() { close_fd(err_); }

void ChildProcess::close_all() {
  close_fd(in_);
  close_fd(out_);
  close_fd(err_);
}

bool ChildProcess::exited() const {
  if (pid_ <= 0) return true;
  siginfo_t info{};
  if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0) return true;
  return info.si_pid == pid_;
}

std::string ChildProcess::finish(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return "is not running";
  const auto until = std::chrono::steady_clock::now() + grace;
  while (!exited() && std::chrono::steady_clock::now() < until) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const bool killed = !exited();
  ::kill(-pid_, SIGKILL);  // the whole group: the leader is not reaped yet, so the group id is still ours
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  close_all();
  return killed ? "was stopped (killed)" : describe_status(status);
}

}  // namespace carc
