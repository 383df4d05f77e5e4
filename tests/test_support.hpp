#pragma once
// Small helpers shared by the tests of the main test binary (carc_tests): where
// the test data and the corpus are, reading a file whole, and counting text.
// One definition each, so the test files also build as one unity batch.
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "scenario/scenario.hpp"

namespace carc::test {

inline std::string data(const std::string& rel) { return std::string(CARC_SOURCE_DIR) + "/tests/data/" + rel; }
inline std::string corpus_dir() { return std::string(CARC_SOURCE_DIR) + "/scenarios"; }

// A file's bytes ("" when it cannot be read).
inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every problem of a loaded file, its own and its scenarios', one per line.
inline std::string problems_of(const ScenarioFile& f) {
  std::string out;
  for (const auto& d : f.problems) out += d.to_string() + "\n";
  for (const auto& s : f.scenarios)
    for (const auto& d : s.problems) out += d.to_string() + "\n";
  return out;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Non-overlapping occurrences of part in text.
inline int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = 0; (at = text.find(part, at)) != std::string::npos; at += part.size()) ++n;
  return n;
}

}  // namespace carc::test
