// `carc-oracle lookup QUERY`: rules-lawyer search over the ledger and the
// scenarios, in eight languages (src/lookup/README.md). Exit 0 with a
// confident match, 1 with none (the nearest candidates as suggestions), 2 on
// bad arguments.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/oracle_data.hpp"
#include "lookup/lookup.hpp"

namespace carc {

TerminalStyle terminal_style(const std::ostream& out, bool ascii, bool unicode) {
  TerminalStyle style;
  style.unicode =
      unicode || (!ascii && locale_is_utf8(std::getenv("LC_ALL"), std::getenv("LC_CTYPE"), std::getenv("LANG")));
  const char* term = std::getenv("TERM");
  style.colour = &out == &std::cout && std::getenv("NO_COLOR") == nullptr && isatty(fileno(stdout)) == 1 &&
                 !(term && std::string_view(term) == "dumb");
  return style;
}

void setup_lookup(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<LookupOptions>();
  CLI::App* cmd = app.add_subcommand("lookup",
                                     "Search the rulings and scenarios; show a ruling, its sources, variants and "
                                     "the engine's answer with the board");
  cmd->add_option(
         "query", o->words,
         "Words or ids in en, es, ca, de, fr, it, nl or pl, e.g. abbot garden, \"Fluggerät Abt Garten\", FM-13, V-CC-2")
      ->required();
  cmd->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->add_option("--ruleset", o->ruleset, "Run the scenarios under this preset (default: hig-c3 where it applies)")
      ->type_name("PRESET");
  cmd->add_option("--lang", o->lang,
                  "Read the query in this language: en, es, ca, de, fr, it, nl, pl (default: guessed)")
      ->type_name("LANG");
  cmd->add_option("--corpus", o->paths, "Scenario files or folders (default: scenarios/)")
      ->type_name("PATH")
      ->allow_extra_args(false);
  cmd->add_option("--top", o->top, "Rulings shown in full")
      ->type_name("N")
      ->capture_default_str()
      ->check(CLI::Range(1, 50));
  cmd->add_option("--matches", o->matches, "Matches listed")
      ->type_name("N")
      ->capture_default_str()
      ->check(CLI::Range(0, 500));
  cmd->add_option("--scenarios", o->scenarios, "Scenarios per ruling shown with question, answer and board")
      ->type_name("N")
      ->capture_default_str()
      ->check(CLI::Range(0, 100));
  cmd->add_flag("--ascii", o->ascii, "Draw boards in plain ASCII (default when the locale is not UTF-8)");
  cmd->add_flag("--unicode", o->unicode, "Draw boards with Unicode box drawing even when the locale is not UTF-8");
  cmd->add_flag("--no-board", o->no_board, "Leave the boards out");
  cmd->callback([o, &action] { action = [o] { return run_lookup(*o, std::cout, std::cerr); }; });
}

int run_lookup(const LookupOptions& o, std::ostream& out, std::ostream& err) {
  LookupRequest q;
  for (const auto& w : o.words) q.query += (q.query.empty() ? "" : " ") + w;
  if (q.query.find_first_not_of(" \t") == std::string::npos) {
    err << "carc-oracle lookup: give words or an id to look up, e.g. carc-oracle lookup abbot garden\n";
    return kExitInvalidInput;
  }
  if (o.format != "text" && o.format != "json") {
    fmt::print(err, "carc-oracle lookup: unknown --format '{}' (text or json)\n", echo(o.format));
    return kExitInvalidInput;
  }
  if (!o.ruleset.empty()) {
    const Preset* p = find_preset(o.ruleset);
    if (!p) {
      fmt::print(err, "carc-oracle lookup: --ruleset: {}\n", ruleset_named(o.ruleset).error());
      return kExitInvalidInput;
    }
    q.ruleset = p->name;
  }
  if (!o.lang.empty()) {
    q.language = language_index(o.lang);
    if (q.language < 0) {
      fmt::print(err, "carc-oracle lookup: unknown --lang '{}' (en, es, ca, de, fr, it, nl or pl)\n",
                 printable(o.lang));
      return kExitInvalidInput;
    }
  }
  std::vector<std::string> paths = o.paths;
  std::error_code ec;
  if (paths.empty() && std::filesystem::is_directory("scenarios", ec)) paths = {"scenarios"};
  if (paths.empty() && o.format == "text")
    err << "carc-oracle lookup: no scenarios/ here, so no engine answers; give --corpus PATH\n";
  const Corpus corpus = load_corpus(paths);
  for (const auto& f : corpus.files)
    if (f.unread)
      for (const auto& d : f.problems) fmt::print(err, "carc-oracle lookup: {}\n", printable(d.to_string()));
  const SearchIndex index(corpus);
  q.json = o.format == "json";
  q.top = o.top;
  q.matches = o.matches;
  q.text.board = terminal_style(out, o.ascii, o.unicode);
  q.text.full_scenarios = o.scenarios;
  q.text.boards = !o.no_board;
  return write_lookup(index, q, out) ? kExitOk : kExitFailures;
}

}  // namespace carc
