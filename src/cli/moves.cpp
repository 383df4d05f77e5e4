// `carc-oracle moves FILE`: the legal moves of a scenario's position (after
// its query.apply), one per line in canonical notation, sorted.
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/oracle_data.hpp"
#include "scenario/scenario.hpp"

namespace carc {
namespace {

const Scenario* pick(const ScenarioFile& f, const std::string& id, std::ostream& err) {
  std::string ids;
  for (const auto& s : f.scenarios) {
    if (!id.empty() && s.id == id) return &s;
    ids += (ids.empty() ? "" : ", ") + s.id;
  }
  if (id.empty() && f.scenarios.size() == 1) return &f.scenarios.front();
  if (id.empty()) err << "carc-oracle moves: " << f.path << " holds several scenarios (" << ids << "); choose one with --id\n";
  else err << "carc-oracle moves: no scenario '" << id << "' in " << f.path << " (it has: " << ids << ")\n";
  return nullptr;
}

}  // namespace

void setup_moves(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<MovesOptions>();
  CLI::App* cmd = app.add_subcommand("moves", "List the legal moves of a scenario's position");
  cmd->add_option("file", o->file, "Scenario file")->required();
  cmd->add_option("--id", o->id, "Which scenario, when the file holds several");
  cmd->add_option("--ruleset", o->ruleset, "Ruleset preset or alias")->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_moves(*o, std::cout, std::cerr); }; });
}

int run_moves(const MovesOptions& o, std::ostream& out, std::ostream& err) {
  const ScenarioFile file = load_scenario_file(o.file);
  for (const auto& d : file.problems) err << d.to_string() << "\n";
  if (!file.problems.empty()) return kExitInvalidInput;
  const Scenario* s = pick(file, o.id, err);
  if (!s) return kExitInvalidInput;
  for (const auto& d : s->problems) err << d.to_string() << "\n";
  if (!s->valid()) return kExitInvalidInput;
  if (const auto missing = missing_capabilities(*s, engine_capabilities()); !missing.empty()) {
    err << "carc-oracle moves: " << s->id << " needs " << missing.front() << ", which this engine does not model\n";
    return kExitInvalidInput;
  }
  const Preset* preset = find_preset(o.ruleset);
  auto rules = preset ? scenario_rules(*s, preset->name) : Result<RuleSet>(fail(ruleset_named(o.ruleset).error()));
  if (!rules) {
    err << "carc-oracle moves: " << rules.error() << "\n";
    return kExitInvalidInput;
  }
  auto state = build_state(*s, *rules);
  if (!state) {
    err << "carc-oracle moves: " << state.error() << "\n";
    return kExitInvalidInput;
  }
  for (std::size_t i = 0; i < s->apply.size(); ++i) {
    if (const Reason r = state->apply(*s->apply[i].move); r != Reason::Ok) {
      err << "carc-oracle moves: move " << i + 1 << " '" << s->apply[i].text << "' is refused: " << reason_name(r) << "\n";
      return kExitInvalidInput;
    }
  }
  std::vector<std::string> lines;
  for (const Move& m : legal_moves(*state)) lines.push_back(to_string(m, state->catalog()));
  std::sort(lines.begin(), lines.end());
  for (const auto& l : lines) out << l << "\n";
  return kExitOk;
}

}  // namespace carc
