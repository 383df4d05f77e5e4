#pragma once
// Helpers for tests that drive the carc-oracle commands in process: paths of
// the test data, scratch directories, and a `run` that captures both streams.
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "test_support.hpp"

namespace carc::test {

// An empty directory under the system's temporary directory, unique to this process.
inline std::filesystem::path fresh_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("carc-cli-test-" + name + "-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  return dir;
}

struct Run {
  int code = 0;
  std::string out, err;
};

// `carc-oracle run` with these options: its exit code, stdout and stderr.
inline Run run(const RunOptions& o) {
  std::ostringstream out, err;
  const int code = run_run(o, out, err);
  return {code, out.str(), err.str()};
}

// The carc-oracle binary (or any program) run as a child: its exit code, what
// it wrote (stdout and stderr through files), its peak resident set from
// wait4's rusage and its wall time. stdout_path redirects stdout (e.g. /dev/full).
struct Child {
  int code = -1;
  std::string out, err;
  long peak_kib = 0;
  double seconds = 0;
};

inline Child run_child(const std::vector<std::string>& argv, const std::string& stdout_path = "") {
  static int serial = 0;
  const auto dir = std::filesystem::temp_directory_path() /
                   ("carc-child-" + std::to_string(getpid()) + "-" + std::to_string(serial++));
  std::filesystem::create_directories(dir);
  const std::string out_file = stdout_path.empty() ? (dir / "out").string() : stdout_path;
  const std::string err_file = (dir / "err").string();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  Child c;
  const auto t0 = std::chrono::steady_clock::now();
  pid_t pid = -1;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc == 0) {
    int status = 0;
    rusage usage{};
    while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    c.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    c.peak_kib = usage.ru_maxrss;
  }
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const auto slurp = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  if (stdout_path.empty()) c.out = slurp(out_file);
  c.err = slurp(err_file);
  std::filesystem::remove_all(dir);
  return c;
}

// Peak memory is measured only in builds without sanitizers (their shadow memory dwarfs it).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kMeasuresMemory = false;
#else
inline constexpr bool kMeasuresMemory = true;
#endif

}  // namespace carc::test
