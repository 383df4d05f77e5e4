#pragma once
// A set of scenario files: every *.yaml / *.yml under the given paths, loaded
// and validated, with corpus-wide checks (ids unique across files).
//
// Nothing under a given path is skipped silently: a path that cannot be read
// (missing, permission denied, an unreadable subdirectory, a dangling
// symbolic link or a FIFO, device or socket named *.yaml) is an entry of its
// own with the reason as its problem, so `run` reports it as an `invalid`
// result and `check` lists it. Symbolic links to files and to directories are
// followed; a directory reached a second time (a link loop) is not searched again.
#include <string>
#include <vector>

#include "scenario/scenario.hpp"

namespace carc {

struct Corpus {
  std::vector<ScenarioFile> files;  // sorted by path; a path that could not be read has a problem and no scenario

  // The scenarios as written (the copies also_with makes, ID[switch=value], not counted).
  std::size_t scenario_count() const;
  bool valid() const;
  // Every problem: each file's own problems and its scenarios', in file order.
  Diagnostics all_problems() const;
  // Every warning of its scenarios (check prints them; they leave the scenario valid).
  Diagnostics all_warnings() const;
};

// Loads each path: a file, or a directory searched recursively. Paths are
// reported as given (absolute ones relative to the current directory).
Corpus load_corpus(const std::vector<std::string>& paths);

}  // namespace carc
