#pragma once
// One subcommand per file: setup_X registers its options on the app, run_X does
// the work from an options struct (testable without argv) and returns an exit code.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <ostream>
#include <string>

namespace carc {

struct PlayOptions {
  std::uint64_t seed = 1;
  int players = 2;
  std::string ruleset = "hig-c3";
  std::string edition;          // default: the ruleset's edition
  std::string figures;          // "follower=7,abbot=1,large=1"; default per edition
  bool quiet = false;           // only the final scores
};
void setup_play(CLI::App& app, std::function<int()>& action);
int run_play(const PlayOptions& o, std::ostream& out, std::ostream& err);

}  // namespace carc
