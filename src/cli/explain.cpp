// `carc-oracle explain ID [PATHS]`: one scenario in full (src/lookup/README.md).
// Exit 0 when our engine's answer is as expected (or the scenario is not run:
// unsupported, skipped, xfail), 1 when it differs, 2 for an unknown id, an
// invalid scenario or bad arguments.
#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"
#include "lookup/explain.hpp"
#include "runner/engine_subject.hpp"
#include "scenario/oracle_data.hpp"

namespace carc {
namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// The scenario with this id (any case); null when there is none.
const Scenario* find_scenario(const Corpus& corpus, const std::string& id) {
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios)
      if (s.id.size() == id.size() && edit_distance(s.id, id) == 0) return &s;
  return nullptr;
}

std::string closest_ids(const Corpus& corpus, const std::string& id) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios)
      if (!s.id.empty()) scored.emplace_back(edit_distance(s.id, id), s.id);
  std::sort(scored.begin(), scored.end());
  std::string out;
  for (std::size_t i = 0; i < scored.size() && i < 3; ++i) out += (i ? ", " : "") + echo(scored[i].second);  // an id from a file may be long
  return out;
}

std::string joined_paths(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

void setup_explain(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand("explain", "Show one scenario in full: board, question, ruleset, expected vs actual, "
                                                "the rulings behind it");
  cmd->add_option("id", o->id, "Scenario id, e.g. FM-13-a")->required();
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_option("--ruleset", o->ruleset, "Run under this preset (default: hig-c3 where it applies)");
  cmd->add_option("--svg", o->svg, "Also write the board as an SVG picture to this file");
  cmd->add_flag("--ascii", o->ascii, "Draw boards in plain ASCII (default when the locale is not UTF-8)");
  cmd->add_flag("--unicode", o->unicode, "Draw boards with Unicode box drawing even when the locale is not UTF-8");
  cmd->callback([o, &action] { action = [o] { return run_explain(*o, std::cout, std::cerr); }; });
}

int run_explain(const ExplainOptions& o, std::ostream& out, std::ostream& err) {
  std::string ruleset;
  if (!o.ruleset.empty()) {
    const Preset* p = find_preset(o.ruleset);
    if (!p) {
      err << "carc-oracle explain: --ruleset: " << ruleset_named(o.ruleset).error() << "\n";
      return kExitInvalidInput;
    }
    ruleset = p->name;
  }
  const auto paths = scenario_paths(o.paths, "explain", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  const Scenario* s = find_scenario(corpus, o.id);
  if (!s) {
    // The scenario may be in a file that could not be read or parsed: say so first.
    for (const auto& f : corpus.files)
      for (const auto& d : f.problems) err << printable(d.to_string()) << "\n";
    err << joined_paths(paths) << ": error: no scenario has the id '" << printable(echo(o.id)) << "'";
    const std::string close = closest_ids(corpus, o.id);
    err << (close.empty() ? "" : " (closest: " + printable(close) + ")") << "\n";  // ids come from files
    return kExitInvalidInput;
  }
  if (!s->valid()) {
    for (const auto& d : s->problems) err << printable(d.to_string()) << "\n";
    err << "carc-oracle explain: " << printable(s->id) << " is invalid; `carc-oracle check " << printable(s->file)
        << "` lists its problems\n";
    return kExitInvalidInput;
  }
  EngineSubject subject;
  const ExplainCard e = explain_card(*s, ruleset, subject);
  if (!e.card.not_run.empty()) {
    err << printable(s->file) << ":" << s->loc.line << ":" << s->loc.column << ": error: " << printable(s->id) << " "
        << e.card.not_run << "\n";
    return kExitInvalidInput;
  }
  TextOptions text;
  text.board = terminal_style(out, o.ascii, o.unicode);
  write_explain(out, e, text);
  if (!o.svg.empty()) {
    if (!write_file_checked(o.svg, false, "explain", err, [&](std::ostream& file) { file << explain_svg(e); }))
      return kExitOutput;
    out << "\nwrote " << o.svg << "\n";
  }
  return is_failure(e.card.result.outcome) || e.card.result.outcome == Outcome::Invalid ? kExitFailures : kExitOk;
}

}  // namespace carc
