// `carc-oracle run [PATHS]`: runs the scenario corpus against our engine, or
// against one or more implementations over the protocol, and reports in text,
// JSON lines, JUnit XML, Markdown or HTML (src/report/README.md).
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"
#include "cli/run_subject.hpp"
#include "report/report.hpp"
#include "runner/engine_subject.hpp"
#include "runner/metamorphic.hpp"
#include "runner/process_subject.hpp"
#include "runner/runner.hpp"

#ifndef CARC_VERSION
#define CARC_VERSION "0.0.0"
#endif

namespace carc {
namespace {

// "carc-oracle run: 1234/2590 NAME" on a terminal's stderr while a run goes, once
// it has taken half a second (our engine never shows it), redrawn at most ten
// times a second and erased at the end.
class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;
  explicit ProgressLine(const std::string& label) : label_(terminal_safe(label)) {}
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ~ProgressLine() { clear(); }

  void update(std::size_t done, std::size_t total) {
    const auto now = Clock::now();
    if (now - start_ < std::chrono::milliseconds(500) ||
        (drawn_ && now - last_ < std::chrono::milliseconds(100) && done < total))
      return;
    last_ = now;
    drawn_ = true;
    fmt::print(std::cerr, "\r\033[Kcarc-oracle run: {}/{} {}", done, total, label_);
    std::cerr.flush();
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

// Runs the corpus against the subject, each scenario's results to the sink, with
// a progress line when stderr is a terminal (erased before the report is written).
void run_with_progress(const Corpus& corpus, const Selection& sel, Subject& subject,
                       const std::vector<BoardTransform>& transforms, const RunOptions& o, const ResultExtras& extras,
                       const std::ostream& err, const ResultSink& sink) {
  if (o.no_progress || &err != &std::cerr || isatty(fileno(stderr)) != 1)
    return run_corpus(corpus, sel, subject, transforms, sink, extras);
  auto line = std::make_shared<ProgressLine>(subject.name());
  subject.on_progress = [line](std::size_t done, std::size_t total) { line->update(done, total); };
  run_corpus(corpus, sel, subject, transforms, sink, extras);
  subject.on_progress = nullptr;
  line->clear();
}

// The options a rerun hint needs to test the same subject again: for an
// implementation its command and the timeout in effect; nothing for our engine.
std::vector<std::string> rerun_options(const std::string& impl, double timeout) {
  if (impl.empty()) return {};
  std::array<char, 32> text{};
  const auto end = std::to_chars(text.data(), text.data() + text.size(), timeout).ptr;  // shortest exact: 10, 2.5
  return {"--impl", impl, "--timeout", std::string(text.data(), end)};
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

// Who ran, for the reports: the implementation's own name and version (its
// handshake; our engine and the tool's version), the --impl command, and the
// options that select it again in a rerun hint.
RunHeader header_of(const Subject& subject, const std::string& shown, const SubjectPlan& plan, double timeout) {
  const Implementation who = implementation_of(subject);
  return RunHeader{shown,
                   subject.capabilities(),
                   rerun_options(plan.impl, timeout),
                   who.name,
                   plan.impl.empty() || dynamic_cast<const ImplementationSubject*>(&subject) ? who.version : "",
                   plan.impl};
}

// The name a run is reported under: two implementations that name themselves
// alike get "#2", "#3" after the name. `seen` holds the names so far.
std::string distinct_name(const std::string& name, std::vector<std::string>& seen) {
  seen.push_back(name);
  const auto same = std::count(seen.begin(), seen.end(), name);
  return same > 1 ? fmt::format("{} #{}", name, same) : name;
}

// What every shard of one sharded run shares, as a hash in its JSON summary ("selection"), for
// `merge` to refuse shards of different runs: the scenario files (paths as given, and contents),
// the filters, --metamorphic, the implementations, the expectations files (contents) and the
// options that change a verdict (--timeout, --max-failures, --max-crashes). 16 hex digits.
std::string selection_fingerprint(const Corpus& corpus, const RunOptions& o) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a, 64 bits
  const auto mix = [&h](std::string_view part) {
    for (const char c : part) {
      h ^= static_cast<unsigned char>(c);
      h *= 1099511628211ull;
    }
    h ^= 0xff;  // a separator no text holds, so ("ab","c") and ("a","bc") differ
    h *= 1099511628211ull;
  };
  const auto contents = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return in ? text.str() : std::string("unreadable");
  };
  for (const auto& f : corpus.files) {
    mix(f.path);
    mix(contents(f.path));
  }
  for (const auto* list : {&o.ids, &o.tags, &o.rulings, &o.rulesets, &o.impl}) {
    mix(std::to_string(list->size()));
    for (const auto& x : *list) mix(x);
  }
  mix(std::to_string(o.expectations.size()));
  for (const auto& e : o.expectations) mix(contents(e));
  mix(o.metamorphic ? "metamorphic" : "");
  mix(fmt::format("{} {} {}", o.timeout, o.max_failures, o.max_crashes));
  return fmt::format("{:016x}", h);
}

}  // namespace

std::vector<std::string> scenario_paths(const std::vector<std::string>& given, std::string_view command,
                                        std::ostream& err) {
  if (!given.empty()) return given;
  std::error_code ec;
  if (std::filesystem::is_directory("scenarios", ec)) return {"scenarios"};
  fmt::print(err, "carc-oracle {}: no scenarios/ in the current directory; give the scenario files or folders\n",
             command);
  return {};
}

void setup_run(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "Run scenarios against the engine and report the results");
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  // Repeatable options take one value each, so `run --id X PATH` keeps PATH a path.
  cmd->add_option("--id", o->ids, "Only scenarios whose id matches this glob (repeatable)")
      ->type_name("GLOB")
      ->allow_extra_args(false);
  cmd->add_option("--tag", o->tags, "Only scenarios with this tag (repeatable)")
      ->type_name("TAG")
      ->allow_extra_args(false);
  cmd->add_option("--ruling", o->rulings, "Only scenarios pinning this ruling id or glob, e.g. FM-* (repeatable)")
      ->type_name("RULING")
      ->allow_extra_args(false);
  cmd->add_option("--ruleset", o->rulesets, "Only under this ruleset preset or alias (repeatable)")
      ->type_name("PRESET")
      ->allow_extra_args(false);
  cmd->add_option("--format", o->format,
                  fmt::format("Report format: {}; several separated by commas (json,junit,html) with --out, each to "
                              "its own file",
                              format_choices()))
      ->type_name("FORMAT")
      ->capture_default_str();
  cmd->add_option("--junit-unsupported", o->junit_unsupported,
                  "JUnit: each unsupported result (never sent: a capability, switch value or query kind not "
                  "declared) as a <skipped> testcase, or omit them (counted in each suite's properties and coverage)")
      ->type_name("skipped|omit")
      ->check(CLI::IsMember({"skipped", "omit"}))
      ->capture_default_str();
  cmd->add_option("--out", o->out_dir,
                  fmt::format("Write the report files into this directory ({}) instead of stdout", report_file_names()))
      ->type_name("DIR");
  cmd->add_option("--shard", o->shard, "Run shard K of N (stable by scenario id), e.g. 1/4")->type_name("K/N");
  cmd->add_flag("--metamorphic", o->metamorphic,
                "Also run every scenario rotated by 90, 180, 270 degrees and translated (results id@r90, ...)");
  cmd->add_option("--impl", o->impl,
                  "Run this implementation over the protocol instead of our engine: 'CMD ARGS', split without a shell "
                  "(oracle/PROTOCOL.md); repeat it to compare several")
      ->type_name("'CMD ARGS'")
      ->allow_extra_args(false);
  cmd->add_flag("--no-progress", o->no_progress,
                "No progress line on stderr (shown only on a terminal, for long runs)");
  cmd->add_option("--timeout", o->timeout, "--impl: seconds to wait for each reply")
      ->type_name("SECONDS")
      ->capture_default_str();
  cmd->add_option(
         "--expectations", o->expectations,
         "Known failures (YAML or JSON): matching ones are xfail, listed passes xpass; one per --impl, in order")
      ->type_name("FILE")
      ->allow_extra_args(false);
  cmd->add_option("--save-expectations", o->save_expectations,
                  "Write this run's failures as an expectations file; one per --impl, in order")
      ->type_name("FILE")
      ->allow_extra_args(false);
  cmd->add_option("--jobs", o->jobs,
                  "--impl: run this many processes of each implementation side by side (each with its own handshake; "
                  "results in the same order as with one)")
      ->type_name("N")
      ->capture_default_str();
  cmd->add_option("--max-failures", o->max_failures,
                  "Cut the run short after this many failed, errored, crashed or timed-out results (known failures of "
                  "--expectations aside); the rest are reported skipped, exit 1. 0: no limit")
      ->type_name("N")
      ->capture_default_str();
  cmd->add_option(
         "--max-crashes", o->max_crashes,
         "--impl: cut the run short after this many crashes in a row (the rest are reported skipped, exit 1). 0: "
         "no limit")
      ->type_name("N")
      ->capture_default_str();
  cmd->add_flag("--strict", o->strict,
                "--impl: refuse (exit 3) a handshake declaring a name this runner does not know (a misspelt "
                "expansion, figure, switch, value or query kind) or one of a later protocol version; without it "
                "each is a warning on stderr and is ignored");
  cmd->add_option("--trace", o->trace,
                  "--impl: write every message sent and received, and each process start and end, with timing, to "
                  "this file (JSON lines; oracle/PROTOCOL.md \"Tracing\")")
      ->type_name("FILE");
  cmd->callback([o, &action] { action = [o] { return run_run(*o, std::cout, std::cerr); }; });
}

int run_run(const RunOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<Format> formats;
  if (std::string why; !parse_formats(o.format, formats, why)) {
    fmt::print(err, "carc-oracle run: --format: {}\n", echo(why));
    return kExitInvalidInput;
  }
  if (formats.size() > 1 && o.out_dir.empty()) {
    fmt::print(err,
               "carc-oracle run: several formats (--format {}) need --out DIR: each is written to its own file there\n",
               echo(o.format));
    return kExitInvalidInput;
  }
  auto sel = selection_of(o);
  if (!sel) {
    fmt::print(err, "carc-oracle run: {}\n", sel.error());
    return kExitInvalidInput;
  }
  const auto paths = scenario_paths(o.paths, "run", err);
  if (paths.empty()) return kExitInvalidInput;
  auto plans = plan_subjects(o);
  if (!plans) {
    fmt::print(err, "carc-oracle run: {}\n", plans.error());
    return kExitInvalidInput;
  }
  std::shared_ptr<Trace> trace;
  if (!o.trace.empty()) {
    auto opened = Trace::open(o.trace);
    if (!opened) {
      fmt::print(err, "carc-oracle run: {}\n", opened.error());
      return kExitInvalidInput;
    }
    trace = *opened;
    for (auto& plan : *plans) plan.trace = trace;
  }
  const Corpus corpus = load_corpus(paths);
  for (const auto& f : corpus.files)  // also invalid results of the report; said here as well
    if (f.unread)
      for (const auto& d : f.problems) fmt::print(err, "carc-oracle run: {}\n", terminal_safe(d.to_string()));
  const std::vector<BoardTransform> transforms =
      o.metamorphic ? metamorphic_transforms() : std::vector<BoardTransform>{};
  // A filter that selects nothing is a mistake (a typo in a CI filter must not give a green, empty run):
  // said first, and the exit code is 2 once the report (invalid files included) is written.
  const bool filtered = !sel->ids.empty() || !sel->tags.empty() || !sel->rulings.empty() || !sel->rulesets.empty();
  const SelectionCheck found = filtered ? check_selection(corpus, *sel, transforms) : SelectionCheck{};
  for (const auto& f : found.unmatched) fmt::print(err, "carc-oracle run: {} selects no scenario\n", echo(f));
  if (found.empty && found.unmatched.empty())
    err << "carc-oracle run: the filters together select no scenario under any ruleset\n";
  const bool bad_selection = found.empty || !found.unmatched.empty();
  const bool whole = !filtered && sel->shards == 0;  // expectations: an entry matching no result is stale
  // Several implementations run one after another into one report; one that
  // cannot start is still reported (its results errored) and the others run.
  const bool several = plans->size() > 1;
  ReportOptions report_options{o.out_dir.empty() && use_colour(out), true};
  report_options.junit_omit_unsupported = o.junit_unsupported == "omit";
  if (sel->shards > 0) {  // the JSON summary names the shard and what the shards share (merge)
    report_options.shard = fmt::format("{}/{}", sel->shard, sel->shards);
    report_options.selection = selection_fingerprint(corpus, o);
  }
  ReportSet reports(formats, report_options, several);
  bool invalid = false, unstarted = false, failure = false;
  std::vector<std::string> names;
  // The summary said on the console whatever the reports are (issue 45: with --out nothing said how the run went).
  std::vector<std::pair<std::string, Counts>> tallies;
  std::vector<std::string> cuts;
  for (const auto& plan : *plans) {
    RunSetup setup = setup_run_subject(plan, o.timeout, err);
    std::unique_ptr<Subject> stand_in;
    if (!setup.subject) {
      if (!several || setup.exit_code != kExitImplStart) return setup.exit_code;
      unstarted = true;
      stand_in = unstarted_subject(plan.impl, setup.error);
    }
    Subject& subject = setup.subject ? *setup.subject : *stand_in;
    const std::string shown = distinct_name(subject.name(), names);
    reports.begin_run(header_of(subject, shown, plan, o.timeout));
    ResultFilter filter(plan, setup, implementation_of(subject), whole, err);
    ResultExtras extras;
    extras.board_views = reports.has(Format::Html);  // the HTML report draws each scenario's board
    extras.max_failures = o.max_failures;
    extras.max_consecutive_crashes = plan.impl.empty() ? 0 : o.max_crashes;  // our engine runs in process: no crash
    extras.expected = [&filter](const RunResult& r) { return filter.expected(r); };
    std::string cut_short;
    tallies.emplace_back(shown, Counts{});
    Counts& tally = tallies.back().second;
    run_with_progress(corpus, *sel, subject, transforms, o, extras, err, [&](std::vector<RunResult>& results) {
      for (const auto& r : results)
        if (cut_short.empty() && r.outcome == Outcome::Skipped && r.message.rfind(kCutShortPrefix, 0) == 0)
          cut_short = r.message.substr(kCutShortPrefix.size());
      filter.take(results);
      for (const auto& r : results) ++tally[static_cast<std::size_t>(r.outcome)];  // as the reports count them
      reports.add(results);
    });
    cuts.push_back(cut_short);
    if (!cut_short.empty())
      fmt::print(err, "carc-oracle run: {}: the run was cut short: {}; the results not run are reported skipped\n",
                 terminal_safe(subject.name()), cut_short);
    reports.end_run();
    if (const int rc = filter.finish(subject, err); rc != kExitOk) return rc;
    invalid = invalid || filter.any_invalid();
    failure = failure || filter.any_failure() || !cut_short.empty();  // a run cut short is never a success
    setup.subject.reset();                                            // stops the process before the next one starts
  }
  if (!write_reports(reports, o.out_dir, "", "run", out, err)) return kExitOutput;
  // A text report on standard output ends with these lines already; to files (--out) they go to standard
  // output after the "wrote" lines, and beside a machine-read format on standard output to standard error.
  if (!o.out_dir.empty() || formats.front() != Format::Text) {
    std::ostream& to = o.out_dir.empty() ? err : out;
    for (std::size_t k = 0; k < tallies.size(); ++k) {
      const std::string who = several ? terminal_safe(tallies[k].first) + ": " : "";
      fmt::print(to, "{}{}\n{}coverage: {}\n", who, counts_line(tallies[k].second), who,
                 coverage_line(tallies[k].second));
      if (!cuts[k].empty()) fmt::print(to, "{}the run was cut short: {}\n", who, cuts[k]);
    }
  }
  if (trace && !trace->ok()) {
    fmt::print(err, "carc-oracle run: --trace {}: a write failed; the trace is incomplete\n", trace->path());
    return kExitOutput;
  }
  return invalid || bad_selection ? kExitInvalidInput : unstarted ? kExitImplStart : failure ? kExitFailures : kExitOk;
}

void setup_report(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<ReportCommandOptions>();
  CLI::App* cmd = app.add_subcommand("report", "Regenerate the committed reports: summary.md and results.jsonl");
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_option("--out", o->out_dir, "Directory to write into")->type_name("DIR")->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_report(*o, std::cout, std::cerr); }; });
}

int run_report(const ReportCommandOptions& o, std::ostream& out, std::ostream& err) {
  const auto paths = scenario_paths(o.paths, "report", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  EngineSubject subject;
  ReportSet reports({Format::Markdown, Format::Json}, ReportOptions{}, false);
  reports.begin_run(RunHeader{subject.name(), subject.capabilities(), {}, subject.name(), CARC_VERSION, {}});
  Counts counts{};
  run_corpus(corpus, Selection{}, subject, {}, [&](std::vector<RunResult>& results) {
    for (const auto& r : results) ++counts[static_cast<std::size_t>(r.outcome)];
    reports.add(results);
  });
  reports.end_run();
  if (!write_reports(reports, o.out_dir, "", "report", out, err)) return kExitOutput;
  fmt::print(out, "{}\n", counts_line(counts));
  bool failure = false;
  for (std::size_t i = 0; i < kOutcomes; ++i)
    failure = failure || (counts[i] > 0 && is_failure(static_cast<Outcome>(i)));
  return counts[static_cast<std::size_t>(Outcome::Invalid)] > 0 ? kExitInvalidInput : failure ? kExitFailures : kExitOk;
}

}  // namespace carc
