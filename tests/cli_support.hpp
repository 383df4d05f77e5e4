#pragma once
// Helpers for tests that drive the carc-oracle commands in process: paths of
// the test data, scratch directories, and a `run` that captures both streams.
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "cli/commands.hpp"

namespace carc::test {

inline std::string data(const std::string& rel) { return std::string(CARC_SOURCE_DIR) + "/tests/data/" + rel; }

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

}  // namespace carc::test
