// `carc-oracle moves FILE`: the legal moves of a scenario's position (after
// its query.apply), one per line in canonical notation, sorted; "no decision: phase PHASE"
// when nobody has one to make.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/scenario_state.hpp"
#include "engine/events.hpp"
#include "engine/movegen.hpp"

namespace carc {

void setup_moves(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<MovesOptions>();
  CLI::App* cmd = app.add_subcommand("moves", "List the legal moves of a scenario's position");
  cmd->add_option("file", o->file, "Scenario file")->required();
  cmd->add_option("--id", o->id, "Which scenario, when the file holds several")->type_name("ID");
  cmd->add_option("--ruleset", o->ruleset, "Ruleset preset or alias")->type_name("PRESET")->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_moves(*o, std::cout, std::cerr); }; });
}

int run_moves(const MovesOptions& o, std::ostream& out, std::ostream& err) {
  const auto state = scenario_state(o.file, o.id, o.ruleset, "moves", err);
  if (!state) return kExitInvalidInput;
  std::vector<std::string> lines;
  for (const Move& m : legal_moves(*state)) lines.push_back(to_string(m, state->catalog()));
  std::sort(lines.begin(), lines.end());
  // Nobody has a decision to make (the game is over): say so rather than print nothing.
  if (lines.empty()) fmt::print(out, "no decision: phase {}\n", phase_name(state->phase()));
  for (const auto& l : lines) fmt::print(out, "{}\n", l);
  return kExitOk;
}

}  // namespace carc
