#include "cli/scenario_state.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>

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
  // One scenario as written (with the copies its also_with makes, ID[switch=value]): that one.
  const auto written =
      std::count_if(f.scenarios.begin(), f.scenarios.end(), [](const Scenario& s) { return s.combination.empty(); });
  if (id.empty() && written == 1 && !f.scenarios.empty()) return &f.scenarios.front();
  fmt::print(err, "carc-oracle {}: ", command);
  if (id.empty())
    fmt::print(err, "{} holds several scenarios ({}); choose one with --id\n", f.path, ids);
  else
    fmt::print(err, "no scenario '{}' in {} (it has: {})\n", echo(id), f.path, ids);
  return nullptr;
}

// The loaded, valid scenario the command works on, or nullptr after printing why not.
const Scenario* valid_scenario(const ScenarioFile& file, const std::string& id, std::string_view command,
                               std::ostream& err) {
  for (const auto& d : file.problems) fmt::print(err, "{}\n", d.to_string());
  if (!file.problems.empty()) return nullptr;
  const Scenario* s = pick(file, id, command, err);
  if (!s) return nullptr;
  for (const auto& d : s->problems) fmt::print(err, "{}\n", d.to_string());
  if (!s->valid()) return nullptr;
  if (const auto missing = missing_capabilities(*s, engine_capabilities()); !missing.empty()) {
    fmt::print(err, "carc-oracle {}: {} needs {}, which this engine does not model\n", command, s->id, missing.front());
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
    fmt::print(err, "carc-oracle {}: {}\n", command, rules.error());
    return std::nullopt;
  }
  // Under a ruleset whose variant gives its own query.apply, its moves are played.
  const std::optional<Scenario> branch = branch_scenario(*s, *rules);
  if (branch) s = &*branch;
  auto state = build_state(*s, *rules);
  if (!state) {
    fmt::print(err, "carc-oracle {}: {}\n", command, state.error());
    return std::nullopt;
  }
  std::vector<Move> moves;
  for (const auto& m : s->apply) moves.push_back(*m.move);
  if (const auto refused = replay(*state, moves)) {
    fmt::print(err, "carc-oracle {}: move {} '{}' is refused: {}\n", command, refused->index + 1,
               s->apply[refused->index].text, reason_name(refused->reason));
    return std::nullopt;
  }
  return std::move(*state);
}

}  // namespace carc
