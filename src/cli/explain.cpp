// `carc-oracle explain ID [PATHS]`: one scenario in full (src/lookup/README.md).
// Exit 0 when our engine's answer is as expected (or the scenario is not run:
// unsupported, skipped, xfail), 1 when it differs, 2 for an unknown id, an
// invalid scenario or bad arguments.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/find_scenario.hpp"
#include "cli/output.hpp"
#include "data/oracle_data.hpp"
#include "lookup/explain.hpp"
#include "runner/engine_subject.hpp"

namespace carc {

void setup_explain(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand("explain",
                                     "Show one scenario in full: board, question, ruleset, expected vs actual, "
                                     "the rulings behind it");
  cmd->add_option("id", o->id, "Scenario id, e.g. FM-13-a")->required();
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_option("--ruleset", o->ruleset, "Run under this preset (default: hig-c3 where it applies)")
      ->type_name("PRESET");
  cmd->add_option("--svg", o->svg, "Also write the board as an SVG picture to this file")->type_name("FILE");
  cmd->add_flag("--ascii", o->ascii, "Draw boards in plain ASCII (default when the locale is not UTF-8)");
  cmd->add_flag("--unicode", o->unicode, "Draw boards with Unicode box drawing even when the locale is not UTF-8");
  cmd->callback([o, &action] { action = [o] { return run_explain(*o, std::cout, std::cerr); }; });
}

int run_explain(const ExplainOptions& o, std::ostream& out, std::ostream& err) {
  std::string ruleset;
  if (!ruleset_option(o.ruleset, "explain", ruleset, err)) return kExitInvalidInput;
  const auto paths = scenario_paths(o.paths, "explain", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  const Scenario* s = scenario_by_id(corpus, paths, o.id, "explain", err);
  if (!s) return kExitInvalidInput;
  EngineSubject subject;
  const ExplainCard e = explain_card(*s, ruleset, subject);
  if (!e.card.not_run.empty()) {
    fmt::print(err, "{}:{}:{}: error: {} {}\n", printable(s->file), s->loc.line, s->loc.column, printable(s->id),
               e.card.not_run);
    return kExitInvalidInput;
  }
  TextOptions text;
  text.board = terminal_style(out, o.ascii, o.unicode);
  write_explain(out, e, text);
  if (!o.svg.empty()) {
    if (!write_file_checked(o.svg, false, "explain", err, [&](std::ostream& file) { file << explain_svg(e); }))
      return kExitOutput;
    fmt::print(out, "\nwrote {}\n", o.svg);
  }
  return needs_attention(e.card.result.outcome) ? kExitFailures : kExitOk;
}

}  // namespace carc
