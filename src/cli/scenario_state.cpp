#include "cli/scenario_state.hpp"

#include "data/oracle_data.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/scenario.hpp"

namespace carc {
namespace {

const Scenario* pick(const ScenarioFile& f, const std::string& id, std::string_view command, std::ostream& err) {
  std::string ids;
  for (const auto& s : f.scenarios) {
    if (!id.empty() && s.id == id) return &s;
    ids += (ids.empty() ? "" : ", ") + s.id;
  }
  if (id.empty() && f.scenarios.size() == 1) return &f.scenarios.front();
  err << "carc-oracle " << command << ": ";
  if (id.empty())
    err << f.path << " holds several scenarios (" << ids << "); choose one with --id\n";
  else
    err << "no scenario '" << echo(id) << "' in " << f.path << " (it has: " << ids << ")\n";
  return nullptr;
}

// The loaded, valid scenario the command works on, or nullptr after printing why not.
const Scenario* valid_scenario(const ScenarioFile& file, const std::string& id, std::string_view command,
                               std::ostream& err) {
  for (const auto& d : file.problems) err << d.to_string() << "\n";
  if (!file.problems.empty()) return nullptr;
  const Scenario* s = pick(file, id, command, err);
  if (!s) return nullptr;
  for (const auto& d : s->problems) err << d.to_string() << "\n";
  if (!s->valid()) return nullptr;
  if (const auto missing = missing_capabilities(*s, engine_capabilities()); !missing.empty()) {
    err << "carc-oracle " << command << ": " << s->id << " needs " << missing.front()
        << ", which this engine does not model\n";
    return nullptr;
  }
  return s;
}

}  // namespace

std::optional<State> scenario_state(const std::string& path, const std::string& id, const std::string& ruleset,
                                    std::string_view command, std::ostream& err) {
  const ScenarioFile file = load_scenario_file(path);
  const Scenario* s = valid_scenario(file, id, command, err);
  if (!s) return std::nullopt;
  const Preset* preset = find_preset(ruleset);
  auto rules = preset ? scenario_rules(*s, preset->name) : Result<RuleSet>(fail(ruleset_named(ruleset).error()));
  if (!rules) {
    err << "carc-oracle " << command << ": " << rules.error() << "\n";
    return std::nullopt;
  }
  auto state = build_state(*s, *rules);
  if (!state) {
    err << "carc-oracle " << command << ": " << state.error() << "\n";
    return std::nullopt;
  }
  std::vector<Move> moves;
  for (const auto& m : s->apply) moves.push_back(*m.move);
  if (const auto refused = replay(*state, moves)) {
    err << "carc-oracle " << command << ": move " << refused->index + 1 << " '" << s->apply[refused->index].text
        << "' is refused: " << reason_name(refused->reason) << "\n";
    return std::nullopt;
  }
  return std::move(*state);
}

}  // namespace carc
