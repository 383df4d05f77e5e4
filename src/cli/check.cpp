// `carc-oracle check [PATHS]`: validates and lints scenarios without running
// them; prints one "file:line:col: message" line per problem.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "report/report.hpp"
#include "scenario/corpus.hpp"

namespace carc {

void setup_check(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<CheckOptions>();
  CLI::App* cmd = app.add_subcommand("check", "Validate and lint scenarios without running them");
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_flag("--strict", o->strict,
                "The corpus's own check: refuse candidates (EXP- ids, status UNVERIFIED, written by tools) and "
                "count warnings as problems");
  cmd->callback([o, &action] { action = [o] { return run_check(*o, std::cout, std::cerr); }; });
}

int run_check(const CheckOptions& o, std::ostream& out, std::ostream& err) {
  const auto paths = scenario_paths(o.paths, "check", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  Diagnostics problems = corpus.all_problems();
  Diagnostics warnings = corpus.all_warnings();
  std::size_t candidates = 0;
  // Scenarios the default applies_to keeps from presets older than what they require: named,
  // with why, so that no preset is lost in silence (a note, not a warning: --strict passes it).
  Diagnostics notes;
  for (const auto& f : corpus.files)
    for (const auto& sc : f.scenarios)
      if (auto note = default_rulesets_note(sc); !note.empty())
        notes.push_back({sc.file, sc.loc.line, sc.loc.column, "note: " + note});
  for (const auto& f : corpus.files)
    for (const auto& sc : f.scenarios) {
      if (!sc.candidate || !sc.combination.empty()) continue;
      ++candidates;
      if (o.strict)
        problems.push_back({sc.file, sc.loc.line, sc.loc.column,
                            "--strict: " + sc.id +
                                " is a candidate, not a corpus scenario: judge it, cite the ruling that decides "
                                "it, give it a corpus id and a status, or keep it out of this folder"});
    }
  if (o.strict) {
    for (auto& w : warnings) w.message = "--strict: " + w.message;
    problems.insert(problems.end(), warnings.begin(), warnings.end());
    warnings.clear();
  }
  for (const auto& d : problems)
    fmt::print(out, "{}\n", terminal_safe(d.to_string()));  // a file's text may hold escapes
  for (const auto& d : warnings) fmt::print(out, "{}\n", terminal_safe(d.to_string()));
  for (const auto& d : notes) fmt::print(out, "{}\n", terminal_safe(d.to_string()));
  fmt::print(out, "checked {} scenario{} in {} file{}: ", corpus.scenario_count(),
             corpus.scenario_count() == 1 ? "" : "s", corpus.files.size(), corpus.files.size() == 1 ? "" : "s");
  if (problems.empty())
    out << "no problems";
  else
    fmt::print(out, "{} problem{}", problems.size(), problems.size() == 1 ? "" : "s");
  if (!warnings.empty()) fmt::print(out, ", {} warning{}", warnings.size(), warnings.size() == 1 ? "" : "s");
  if (candidates > 0) fmt::print(out, " ({} candidate{} among them, EXP- ids)", candidates, candidates == 1 ? "" : "s");
  if (!notes.empty())
    fmt::print(out, "; {} note{}: scenario{} the default applies_to keeps from older presets", notes.size(),
               notes.size() == 1 ? "" : "s", notes.size() == 1 ? "" : "s");
  out << "\n";
  return problems.empty() ? kExitOk : kExitInvalidInput;
}

}  // namespace carc
