// `carc-oracle book --out DIR [PATHS]`: the rulings book (src/lookup/book.hpp).
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <chrono>
#include <filesystem>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"
#include "lookup/book.hpp"
#include "report/report.hpp"
#include "runner/engine_subject.hpp"
#include "scenario/corpus.hpp"

namespace carc {

void setup_book(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<BookOptions>();
  CLI::App* cmd = app.add_subcommand(
      "book",
      "Write the rulings book: a static offline site with a page per ruling (sources, variants, every scenario's "
      "boards before and after, question and answer), a page per switch, and an index with multilingual search");
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)")->type_name("PATH");
  cmd->add_option("--out", o->out_dir, "The book's folder (made as needed)")->type_name("DIR")->required();
  cmd->callback([o, &action] { action = [o] { return run_book(*o, std::cout, std::cerr); }; });
}

int run_book(const BookOptions& o, std::ostream& out, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> paths = o.paths;
  std::error_code ec;
  if (paths.empty()) {
    if (!std::filesystem::is_directory("scenarios", ec)) {
      fmt::print(err, "carc-oracle book: no scenarios/ here; give the scenario folder as PATH\n");
      return kExitInvalidInput;
    }
    paths = {"scenarios"};
  }
  for (const auto& p : paths)
    if (!std::filesystem::exists(p, ec)) {
      fmt::print(err, "carc-oracle book: {}: no such file or folder\n", p);
      return kExitInvalidInput;
    }
  const Corpus corpus = load_corpus(paths);
  // An invalid scenario or unreadable file is left out of the book, never silently: each problem is
  // named (file:line:col), the summary counts them and the exit code is 2, as export does.
  std::size_t invalid = 0;
  for (const auto& f : corpus.files) {
    invalid += !f.problems.empty();
    for (const auto& s : f.scenarios) invalid += !s.valid();
  }
  for (const auto& d : corpus.all_problems()) fmt::print(err, "{}\n", terminal_safe(d.to_string()));
  const SearchIndex index(corpus);
  EngineSubject subject;
  BookStats stats;
  const std::vector<BookFile> files = make_book(index, subject, stats);
  bool ok = true;
  for (const auto& f : files)
    ok = write_file_checked(o.out_dir + "/" + f.path, true, "book", err, [&f](std::ostream& s) { s << f.text; }) && ok;
  if (!ok) return kExitOutput;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(out,
             "wrote the book into {}: {} pages ({} rulings, {} switches, index.html), {} scenarios, {} boards, "
             "{:.1f} MB, in {:.1f} s\n",
             o.out_dir, stats.pages, stats.rulings, stats.switches, stats.scenarios, stats.boards,
             static_cast<double>(stats.bytes) / 1e6, seconds);
  if (invalid > 0)
    fmt::print(err,
               "carc-oracle book: {} invalid scenario{} or unreadable file{} left out of the book (named above); "
               "`carc-oracle check` shows each\n",
               invalid, invalid == 1 ? "" : "s", invalid == 1 ? "" : "s");
  if (!flush_checked(out, "standard output", err)) return kExitOutput;
  return invalid > 0 ? kExitInvalidInput : kExitOk;
}

}  // namespace carc
