#pragma once
// A set of scenario files: every *.yaml / *.yml under the given paths, loaded
// and validated, with corpus-wide checks (ids unique across files).
#include <string>
#include <vector>

#include "scenario/scenario.hpp"

namespace carc {

struct Corpus {
  std::vector<ScenarioFile> files;  // sorted by path
  Diagnostics problems;             // paths that could not be read

  std::size_t scenario_count() const;
  bool valid() const;
  // Every problem: paths, then each file's own problems and its scenarios', in file order.
  Diagnostics all_problems() const;
};

// Loads each path: a file, or a directory searched recursively. Paths are
// reported as given (absolute ones relative to the current directory).
Corpus load_corpus(const std::vector<std::string>& paths);

}  // namespace carc
