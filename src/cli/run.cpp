// `carc-oracle run [PATHS]`: runs the scenario corpus against our engine, or
// against one or more implementations over the protocol, and reports in text,
// JSON lines, JUnit XML, Markdown or HTML (src/report/README.md).
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/run_subject.hpp"
#include "report/report.hpp"
#include "runner/engine_subject.hpp"
#include "runner/metamorphic.hpp"
#include "runner/runner.hpp"

namespace carc {
namespace {

// Colour only for a terminal on stdout, and never when NO_COLOR is set (no-color.org).
bool use_colour(const std::ostream& out) {
  return &out == &std::cout && std::getenv("NO_COLOR") == nullptr && isatty(fileno(stdout)) == 1;
}

// "carc-oracle run: 1234/2590 NAME" on a terminal's stderr while a run goes, once
// it has taken half a second (our engine never shows it), redrawn at most ten
// times a second and erased at the end.
class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;
  explicit ProgressLine(std::string label) : label_(std::move(label)) {}
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() { clear(); }

  void update(std::size_t done, std::size_t total) {
    const auto now = Clock::now();
    if (now - start_ < std::chrono::milliseconds(500) || (drawn_ && now - last_ < std::chrono::milliseconds(100) && done < total))
      return;
    last_ = now;
    drawn_ = true;
    std::cerr << "\r\033[Kcarc-oracle run: " << done << "/" << total << " " << label_ << std::flush;
  }

  void clear() {
    if (drawn_) std::cerr << "\r\033[K" << std::flush;
    drawn_ = false;
  }

 private:
  std::string label_;
  Clock::time_point start_ = Clock::now(), last_;
  bool drawn_ = false;
};

// Runs the corpus against the subject, with a progress line when stderr is a terminal.
RunReport run_with_progress(const Corpus& corpus, const Selection& sel, Subject& subject, const RunOptions& o,
                            const std::ostream& err) {
  if (o.no_progress || &err != &std::cerr || isatty(fileno(stderr)) != 1) return run_corpus(corpus, sel, subject);
  auto line = std::make_shared<ProgressLine>(subject.name());
  subject.on_progress = [line](std::size_t done, std::size_t total) { line->update(done, total); };
  RunReport report = run_corpus(corpus, sel, subject);
  subject.on_progress = nullptr;
  line->clear();
  return report;
}

int exit_code(const RunReport& report, const Corpus& corpus) {
  if (report.any_invalid() || !corpus.problems.empty()) return kExitInvalidInput;
  return report.any_failure() ? kExitFailures : kExitOk;
}

void print_path_problems(const Corpus& corpus, std::ostream& err) {
  for (const auto& d : corpus.problems) err << "carc-oracle: " << d.to_string() << "\n";
}

Result<Selection> selection_of(const RunOptions& o) {
  Selection sel;
  sel.ids = o.ids;
  sel.tags = o.tags;
  sel.rulings = o.rulings;
  sel.rulesets = o.rulesets;
  if (!o.shard.empty()) {
    auto shard = parse_shard(o.shard);
    if (!shard) return fail(shard.error());
    sel.shard = shard->first;
    sel.shards = shard->second;
  }
  return resolve(sel);
}

// Writes the report to DIR/<file name> (`write` does the writing); false with a message on err when it cannot.
template <typename Write>
bool write_file(const std::string& dir, Format f, std::ostream& out, std::ostream& err, Write write) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string path = (std::filesystem::path(dir) / report_file_name(f)).generic_string();
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) {
    err << "carc-oracle: cannot write " << path << "\n";
    return false;
  }
  write(file);
  out << "wrote " << path << "\n";
  return static_cast<bool>(file);
}

bool write_file(const std::string& dir, Format f, const RunReport& report, std::ostream& out, std::ostream& err) {
  return write_file(dir, f, out, err, [&](std::ostream& file) { make_reporter(f, ReportOptions{})->write(report, file); });
}

// Two implementations that name themselves alike get "#2", "#3" after the name.
void distinct_subjects(std::vector<RunReport>& runs) {
  std::vector<std::string> names;
  for (const auto& r : runs) names.push_back(r.subject);
  for (std::size_t k = 1; k < runs.size(); ++k) {
    const auto same = std::count(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(k) + 1, names[k]);
    if (same > 1) runs[k].subject += " #" + std::to_string(same);
  }
}

// Several implementations, one after another; one that cannot start is still
// reported (its results errored) and the others run. Exit 2 for invalid input,
// else 3 when any could not start, else 1 for any failure.
int run_many(const RunOptions& o, const std::vector<SubjectPlan>& plans, const Corpus& corpus, const Selection& sel,
             Format format, std::ostream& out, std::ostream& err) {
  std::vector<RunReport> runs;
  bool unstarted = false, invalid = !corpus.problems.empty();
  for (const auto& plan : plans) {
    RunSetup setup = setup_run_subject(plan, o.timeout, err);
    if (!setup.subject) {
      if (setup.exit_code != kExitImplStart) return setup.exit_code;
      unstarted = true;
      auto stand_in = unstarted_subject(plan.impl, setup.error);
      runs.push_back(run_corpus(corpus, sel, *stand_in));
      continue;
    }
    runs.push_back(run_with_progress(corpus, sel, *setup.subject, o, err));
    if (const int rc = finish_run(runs.back(), plan, setup, err); rc != kExitOk) return rc;
    setup.subject.reset();  // stops the process before the next one starts
  }
  distinct_subjects(runs);
  const auto reporter = make_reporter(format, ReportOptions{o.out_dir.empty() && use_colour(out)});
  if (!o.out_dir.empty()) {
    if (!write_file(o.out_dir, format, out, err, [&](std::ostream& file) { reporter->write_many(runs, file); }))
      return kExitInvalidInput;
  } else {
    reporter->write_many(runs, out);
  }
  bool failure = false;
  for (const auto& r : runs) {
    invalid = invalid || r.any_invalid();
    failure = failure || r.any_failure();
  }
  return invalid ? kExitInvalidInput : unstarted ? kExitImplStart : failure ? kExitFailures : kExitOk;
}

}  // namespace

std::vector<std::string> scenario_paths(const std::vector<std::string>& given, std::string_view command, std::ostream& err) {
  if (!given.empty()) return given;
  std::error_code ec;
  if (std::filesystem::is_directory("scenarios", ec)) return {"scenarios"};
  err << "carc-oracle " << command << ": no scenarios/ in the current directory; give the scenario files or folders\n";
  return {};
}

void setup_run(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "Run scenarios against the engine and report the results");
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  // Repeatable options take one value each, so `run --id X PATH` keeps PATH a path.
  cmd->add_option("--id", o->ids, "Only scenarios whose id matches this glob (repeatable)")->allow_extra_args(false);
  cmd->add_option("--tag", o->tags, "Only scenarios with this tag (repeatable)")->allow_extra_args(false);
  cmd->add_option("--ruling", o->rulings, "Only scenarios pinning this ruling id or glob, e.g. FM-* (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--ruleset", o->rulesets, "Only under this ruleset preset or alias (repeatable)")
      ->allow_extra_args(false);
  cmd->add_option("--format", o->format, "Report format")
      ->check(CLI::IsMember({"text", "json", "junit", "markdown", "html"}))
      ->capture_default_str();
  cmd->add_option("--out", o->out_dir, "Write the report file into this directory instead of stdout");
  cmd->add_option("--shard", o->shard, "Run shard K of N (stable by scenario id), e.g. 1/4");
  cmd->add_flag("--metamorphic", o->metamorphic,
                "Also run every scenario rotated by 90, 180, 270 degrees and translated (results id@r90, ...)");
  cmd->add_option("--impl", o->impl,
                  "Run this implementation over the protocol instead of our engine: 'CMD ARGS', split without a shell "
                  "(oracle/PROTOCOL.md); repeat it to compare several")
      ->allow_extra_args(false);
  cmd->add_flag("--no-progress", o->no_progress, "No progress line on stderr (shown only on a terminal, for long runs)");
  cmd->add_option("--timeout", o->timeout, "--impl: seconds to wait for each reply")->capture_default_str();
  cmd->add_option("--expectations", o->expectations,
                  "Known failures (YAML or JSON): matching ones are xfail, listed passes xpass; one per --impl, in order")
      ->allow_extra_args(false);
  cmd->add_option("--save-expectations", o->save_expectations,
                  "Write this run's failures as an expectations file; one per --impl, in order")
      ->allow_extra_args(false);
  cmd->callback([o, &action] { action = [o] { return run_run(*o, std::cout, std::cerr); }; });
}

int run_run(const RunOptions& o, std::ostream& out, std::ostream& err) {
  Format format;
  if (!parse_format(o.format, format)) {
    err << "carc-oracle run: unknown --format '" << o.format << "' (text, json, junit, markdown or html)\n";
    return kExitInvalidInput;
  }
  auto sel = selection_of(o);
  if (!sel) {
    err << "carc-oracle run: " << sel.error() << "\n";
    return kExitInvalidInput;
  }
  const auto paths = scenario_paths(o.paths, "run", err);
  if (paths.empty()) return kExitInvalidInput;
  const auto plans = plan_subjects(o);
  if (!plans) {
    err << "carc-oracle run: " << plans.error() << "\n";
    return kExitInvalidInput;
  }
  Corpus corpus = load_corpus(paths);
  print_path_problems(corpus, err);
  if (o.metamorphic) corpus = with_transforms(corpus, metamorphic_transforms());
  if (plans->size() > 1) return run_many(o, *plans, corpus, *sel, format, out, err);
  RunSetup setup = setup_run_subject(plans->front(), o.timeout, err);
  if (!setup.subject) return setup.exit_code;
  RunReport report = run_with_progress(corpus, *sel, *setup.subject, o, err);
  if (const int rc = finish_run(report, plans->front(), setup, err); rc != kExitOk) return rc;
  if (!o.out_dir.empty()) {
    if (!write_file(o.out_dir, format, report, out, err)) return kExitInvalidInput;
  } else {
    make_reporter(format, ReportOptions{use_colour(out)})->write(report, out);
  }
  return exit_code(report, corpus);
}

void setup_report(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<ReportCommandOptions>();
  CLI::App* cmd = app.add_subcommand("report", "Regenerate the committed reports: summary.md and results.jsonl");
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_option("--out", o->out_dir, "Directory to write into")->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_report(*o, std::cout, std::cerr); }; });
}

int run_report(const ReportCommandOptions& o, std::ostream& out, std::ostream& err) {
  const auto paths = scenario_paths(o.paths, "report", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  print_path_problems(corpus, err);
  EngineSubject subject;
  const RunReport report = run_corpus(corpus, Selection{}, subject);
  for (const Format f : {Format::Markdown, Format::Json})
    if (!write_file(o.out_dir, f, report, out, err)) return kExitInvalidInput;
  out << counts_line(report) << "\n";
  return exit_code(report, corpus);
}

}  // namespace carc
