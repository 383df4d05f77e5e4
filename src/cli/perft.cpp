// `carc-oracle perft FILE --depth N [--divide]`: counts the leaves of the move
// tree from a scenario's position (after its query.apply) to N decisions.
// Every move is one ply: a placement, a deployment or pass, a flight, a landing,
// a phantom, a wagon move, a crop-circle choice or response. The draw order is
// the position's `in_hand` then `pile`, the die results its `rolls` (then
// each of 1..3); a line that ends the game (last_tile: true) or runs out of
// tiles before depth N contributes no leaf, as in chess perft.
//
// Output: the count on one line; with --divide first one line per root move,
// "MOVE: COUNT" sorted by the move's canonical notation, then a blank line and
// "total: COUNT", so two implementations' outputs can be diffed and a
// mismatch bisected by rerunning perft on the position after the differing move.
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/scenario_state.hpp"
#include "engine/perft.hpp"

namespace carc {

void setup_perft(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "Count the move tree of a scenario's position to a depth in decisions");
  cmd->add_option("file", o->file, "Scenario file whose position fixes the draw order (in_hand, pile, rolls)")
      ->required();
  cmd->add_option("--depth", o->depth, "Decisions (plies) to count: placements, deployments, landings, ...")
      ->required()
      ->check(CLI::Range(0, 64));
  cmd->add_flag("--divide", o->divide, "Print the count under each root move, sorted by notation");
  cmd->add_option("--id", o->id, "Which scenario, when the file holds several");
  cmd->add_option("--ruleset", o->ruleset, "Ruleset preset or alias")->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_perft(*o, std::cout, std::cerr); }; });
}

int run_perft(const PerftOptions& o, std::ostream& out, std::ostream& err) {
  if (o.depth < 0) {
    err << "carc-oracle perft: --depth must be at least 0\n";
    return kExitInvalidInput;
  }
  const auto state = scenario_state(o.file, o.id, o.ruleset, "perft", err);
  if (!state) return kExitInvalidInput;
  if (!o.divide) {
    out << perft(*state, o.depth) << "\n";
    return kExitOk;
  }
  std::vector<std::pair<std::string, std::uint64_t>> lines;
  std::uint64_t total = o.depth == 0 ? 1 : 0;
  for (const auto& [m, n] : perft_divide(*state, o.depth)) {
    lines.emplace_back(to_string(m, state->catalog()), n);
    total += n;
  }
  std::sort(lines.begin(), lines.end());
  for (const auto& [m, n] : lines) out << m << ": " << n << "\n";
  out << "\ntotal: " << total << "\n";
  return kExitOk;
}

}  // namespace carc
