#include "runner/child_process.hpp"

#include <fmt/format.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
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

// The pids of the ChildProcesses running now (the oracle's own children that are not orphans).
std::set<pid_t>& running_children() {
  static std::set<pid_t> pids;
  return pids;
}

// Held while a child is spawned and registered and while descendants are
// killed: with run --jobs, processes start and stop on several threads, and a
// child spawned but not yet registered must not look like an orphan to another
// thread's kill_descendants. Recursive: finish() kills descendants while holding it.
std::recursive_mutex& process_mutex() {
  static std::recursive_mutex m;
  return m;
}

// Orphans of every process the oracle starts are reparented to the oracle (see child_process.hpp).
void become_subreaper() {
  static const bool done = ::prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0;
  static_cast<void>(done);
}

int open_exit_fd(pid_t pid) {
#ifdef SYS_pidfd_open
  const long fd = ::syscall(SYS_pidfd_open, pid, 0);  // close-on-exec by default
  if (fd >= 0) return static_cast<int>(fd);
#endif
  static_cast<void>(pid);
  return -1;
}

struct ProcEntry {
  pid_t pid = 0, ppid = 0;
  char state = '?';  // 'Z' for a zombie
};

// pid, parent and state of every process in /proc (empty without /proc).
std::vector<ProcEntry> process_table() {
  std::vector<ProcEntry> out;
  DIR* dir = ::opendir("/proc");
  if (!dir) return out;
  while (const dirent* e = ::readdir(dir)) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    const std::string path = std::string("/proc/") + e->d_name + "/stat";
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    char buf[512];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0) continue;
    buf[n] = '\0';
    // "PID (COMM) STATE PPID ...": COMM may hold spaces and parentheses, so parse after the last ')'.
    const char* close = std::strrchr(buf, ')');
    ProcEntry p;
    int ppid = 0;
    if (!close || std::sscanf(close + 1, " %c %d", &p.state, &ppid) != 2) continue;
    p.pid = static_cast<pid_t>(std::atoi(buf));
    p.ppid = static_cast<pid_t>(ppid);
    out.push_back(p);
  }
  ::closedir(dir);
  return out;
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return fmt::format("exited with status {}", WEXITSTATUS(status));
  if (WIFSIGNALED(status))
    return fmt::format("was killed by signal {} ({})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  return fmt::format("ended (status {})", status);
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
  become_subreaper();
  const std::lock_guard lock(process_mutex());
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
  child.exit_fd_ = open_exit_fd(pid);
  running_children().insert(pid);
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
  exit_fd_ = o.exit_fd_;
  o.pid_ = -1;
  o.in_ = o.out_ = o.err_ = o.exit_fd_ = -1;
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
  close_fd(exit_fd_);
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
  while (!exited() && std::chrono::steady_clock::now() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  const bool killed = !exited();
  const std::lock_guard lock(process_mutex());
  ::kill(-pid_, SIGKILL);  // the whole group: the leader is not reaped yet, so the group id is still ours
  kill_descendants(pid_);  // and whatever left the group (setsid, setpgid, orphans)
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  running_children().erase(pid_);
  kill_descendants(-1);  // the leader's dead children are the oracle's now: reap them
  pid_ = -1;
  close_all();
  return killed ? "was stopped (killed)" : describe_status(status);
}

int kill_descendants(pid_t root) {
  const std::lock_guard lock(process_mutex());
  const pid_t self = ::getpid();
  std::set<pid_t> killed;
  // Killing takes a moment, and a process may fork between the scan and the
  // signal (its child is then reparented to us): scan again until nothing is left.
  for (int round = 0; round < 50; ++round) {
    const auto table = process_table();
    std::multimap<pid_t, pid_t> children;
    std::map<pid_t, char> state;
    for (const auto& p : table) {
      children.emplace(p.ppid, p.pid);
      state[p.pid] = p.state;
    }
    std::vector<pid_t> todo;
    if (root > 0) todo.push_back(root);
    for (const auto& p : table)  // orphans: children of ours that no ChildProcess owns
      if (p.ppid == self && p.pid != root && running_children().count(p.pid) == 0) todo.push_back(p.pid);
    std::set<pid_t> tree;
    while (!todo.empty()) {
      const pid_t p = todo.back();
      todo.pop_back();
      if (!tree.insert(p).second) continue;
      for (auto [it, end] = children.equal_range(p); it != end; ++it) todo.push_back(it->second);
    }
    bool alive = false;
    for (const pid_t p : tree) {
      if (p == root || state[p] == 'Z') continue;
      ::kill(p, SIGKILL);
      killed.insert(p);
      alive = true;
    }
    for (const auto& p : table)  // reap the dead that are ours (never a running ChildProcess)
      if (p.ppid == self && p.pid != root && running_children().count(p.pid) == 0) ::waitpid(p.pid, nullptr, WNOHANG);
    if (!alive) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return static_cast<int>(killed.size());
}

}  // namespace carc
