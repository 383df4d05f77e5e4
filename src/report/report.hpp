#pragma once
// Reporters: one interface, one implementation per format (src/report/README.md).
// Every format is deterministic: no absolute paths, results in the runner's
// order (by scenario id, then preset order), and no times unless
// ReportOptions::timings asks for them (run, render).
//
// Results stream in: a ReportWriter takes one scenario's results at a time
// as the run decides them, keeps only the small tallies its tables need, and
// writes everything else into a temporary file (spool.hpp) that it copies
// into the document at the end, so memory stays flat however many results.
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "runner/outcome.hpp"

namespace carc {

enum class Format : std::uint8_t { Text, Json, Junit, Markdown, Html };
// A word for a POSIX shell: as is when it holds only safe characters, else single-quoted
// ('' for the empty word). Rerun hints and adapter-check's reproduce lines use it.
std::string shell_quote(const std::string& s);
bool parse_format(std::string_view name, Format& out);
std::string_view format_name(Format f);
// The file a format is written to under --out DIR.
std::string_view report_file_name(Format f);
// For help texts, from the same table: "text, json, junit, markdown or html" and
// "results.txt, results.jsonl, junit.xml, summary.md, report.html".
std::string format_choices();
std::string report_file_names();

// The version of the JSON-lines report's schema (src/report/README.md "The
// JSON lines"), in every summary record as "format_version"; `render` reads this
// version. A change that drops or renames a key, or changes a meaning, bumps it.
inline constexpr int kJsonLinesVersion = 1;

struct ReportOptions {
  bool colour = false;  // ANSI colour (text only): the CLI sets it on a TTY without NO_COLOR
  // Each result's time (RunResult::seconds): JUnit's time= on every testcase and
  // testsuite, "seconds" in JSON records. `run` sets it; without it (`report`,
  // tests) every format stays byte-for-byte deterministic.
  bool timings = false;
  // JUnit: each unsupported result a <skipped> testcase (the default), or left out of the
  // testcases (`run --junit-unsupported omit`), counted in each suite's properties instead
  // (carc-oracle.unsupported-omitted) and still in its coverage.
  bool junit_omit_unsupported = false;
  // JSON lines of `run --shard K/N`: "shard" (K/N) and "selection" (what every shard of one run
  // shares: the scenario files, filters and options; a hash) in each summary record, for
  // `carc-oracle merge` to check the shards it is given. Empty: an unsharded run, no such keys.
  std::string shard = {}, selection = {};
};

using Counts = std::array<int, kOutcomes>;  // results per state, indexed by Outcome

// Who was run: the subject's name and capabilities, and the `run` options that
// select it again (for an implementation: --impl CMD --timeout SECONDS), which
// every rerun hint carries so that following it tests the same subject.
struct RunHeader {
  std::string subject;
  std::vector<std::string> capabilities;
  std::vector<std::string> rerun_options;  // arguments, unquoted; empty for our engine
  // The implementation as it names itself (the handshake's name and version; our
  // engine: "carc-oracle engine" and the tool's version) and the --impl command
  // that started it (empty: our engine, in process). JUnit names it; empty name: subject.
  std::string name, version, command;
};

// What one run's tables need, tallied as its results pass.
struct RunTally {
  RunHeader header;
  Counts counts{};
  std::map<std::pair<std::string, std::string>, Counts> cells;  // (area, ruleset or "" when not run) -> counts
  std::map<std::string, Counts> areas;                          // area -> counts
  std::string cut_short;  // why the run was cut short (a skipped result's message after kCutShortPrefix); empty if not
  // Results sent with a switch value the implementation plays in place of the scenario's
  // (RunResult::played_as), by "KEY=SENT for ASKED".
  std::map<std::string, int> played_as;

  void add(const RunResult& r);
  int total() const;
  bool any_invalid() const;
  bool any_failure() const;
};

// One document being written: for each implementation run, begin_run, its
// results one scenario at a time (add: every result of one scenario, or the one
// of an unreadable file, in report order), end_run; then finish.
class ReportWriter {
 public:
  virtual ~ReportWriter() = default;
  virtual void begin_run(const RunHeader& header) = 0;
  virtual void add(const std::vector<RunResult>& results) = 0;
  virtual void end_run() = 0;
  // Writes the whole document to out. Returns why it is incomplete (a
  // temporary file failed), or empty.
  virtual std::string finish(std::ostream& out) = 0;
  // Told before the first run when the document will hold one run only: nothing kept
  // for comparing runs (ComparisonBuilder), so memory does not grow with the results.
  virtual void single_run() {}
};
// `several`: a document of several implementations (run --impl A --impl B):
// the implementation x ruling area table and the results on which they
// disagree come first, then each implementation's results as a single run shows them.
std::unique_ptr<ReportWriter> make_report_writer(Format f, const ReportOptions& options, bool several);

// "json,junit,html": the formats of a run in the order given, each at most once;
// false, with the reason in `error`, for an unknown or repeated name.
bool parse_formats(std::string_view list, std::vector<Format>& out, std::string& error);

// Several formats of the same runs (run --format json,junit,html --out DIR;
// render): every call goes to one writer per format, each finished into its own file.
class ReportSet {
 public:
  ReportSet(const std::vector<Format>& formats, const ReportOptions& options, bool several);
  void begin_run(const RunHeader& header);
  void add(const std::vector<RunResult>& results);
  void end_run();
  const std::vector<Format>& formats() const { return formats_; }
  ReportWriter& writer(std::size_t i) { return *writers_[i]; }
  bool has(Format f) const;

 private:
  std::vector<Format> formats_;
  std::vector<std::unique_ptr<ReportWriter>> writers_;
};

// Writing runs held in memory (tests, `report`) through a ReportWriter.
class Reporter {
 public:
  Reporter(Format f, const ReportOptions& options) : format_(f), options_(options) {}
  void write(const RunReport& report, std::ostream& out) const;
  void write_many(const std::vector<RunReport>& runs, std::ostream& out) const;

 private:
  Format format_;
  ReportOptions options_;
};
std::unique_ptr<Reporter> make_reporter(Format f, const ReportOptions& options);

// --- helpers shared by the reporters ---
// Ruling areas in ledger order, then any others the results name (e.g. "(invalid)").
std::vector<std::string> area_order(const RunTally& tally);
// The presets the results were run under, in preset order (not "" for unrun results).
std::vector<std::string> ruleset_order(const RunTally& tally);
// "passed/ran · ran/applicable" then the other non-zero states in brackets
// (coverage_of); empty for no results. Every table's legend is kCellLegend.
std::string counts_cell(const Counts& c);
// "passed/ran · ran/applicable" alone (the start of counts_cell).
std::string coverage_cell(const Counts& c);
inline constexpr std::string_view kCellLegend = "passed/ran · ran/applicable";

// Coverage (README "Results"): every result is applicable; it *ran* when the
// subject was asked and did not decline, i.e. every state but unsupported,
// skipped and invalid. A pass rate is always shown beside its coverage, and a
// run is all green (`complete`) only when every applicable result ran and passed.
bool ran(Outcome o);
struct Coverage {
  int applicable = 0, ran = 0, passed = 0;
  bool complete() const { return applicable > 0 && passed == applicable; }
};
Coverage coverage_of(const Counts& c);
// "6 of 2590 ran; 6 passed; 2584 unsupported": ran of applicable, passed, then
// each state that did not run; "no results" for none.
std::string coverage_line(const Counts& c);
// "the run was cut short: stopped after 3 failures (--max-failures 3); the results
// not run are reported skipped", or empty when it was not.
std::string cut_short_line(const RunTally& t);
// "3 results sent with a switch value the implementation plays in place of the scenario's, our
// engine finding the verdict the same under both: ransom=... for ... (2), ...", or empty for none.
std::string played_as_line(const RunTally& t);

// A scenario x ruleset on which implementations disagree: one passes (passed or
// xpass) where another fails (failed or xfail). Errors, timeouts and scenarios
// an implementation does not support are not disagreements about the rules.
struct Disagreement {
  std::string id, ruleset, area;
  std::vector<std::optional<Outcome>> outcomes;  // one per run; none when that run has no such result
};
struct Comparison {
  std::vector<std::string> areas;                      // ruling areas with results, in ledger order, then others
  std::vector<std::map<std::string, Counts>> by_area;  // one per run: area -> counts
  std::vector<Disagreement> disagreements;             // in the first run's order
};
// Gathers a comparison as results pass: the state of each scenario x ruleset per run.
// With one run only (keep_cases(false)) nothing is kept per result: one run has no disagreement.
class ComparisonBuilder {
 public:
  void begin_run() { ++runs_; }
  void add(const RunResult& r);
  Comparison build(const std::vector<RunTally>& tallies) const;
  void keep_cases(bool keep) { keep_ = keep; }
  std::size_t cases_kept() const { return keys_.size(); }

 private:
  bool keep_ = true;
  std::size_t runs_ = 0;
  std::vector<std::pair<std::string, std::string>> keys_;  // (id, ruleset) in the order they first appear
  std::map<std::pair<std::string, std::string>, Disagreement> cases_;
};
Comparison compare_runs(const std::vector<RunReport>& runs);

// The command that reruns just this result, e.g. "carc-oracle run scenarios/base/x.yaml --id BR-03-b --ruleset hig-c3".
// With the run's header: the implementation and its timeout are part of the command
// ("carc-oracle run FILE --id ID --ruleset R --impl 'CMD' --timeout 10").
std::string rerun_command(const RunResult& r, const RunHeader& run);
// The same for a scenario's results under several rulesets (one --ruleset each).
std::string rerun_command(const RunResult& r, const RunHeader& run, const std::vector<std::string>& rulesets);
// The ledger area of a result's first ruling as the runner found it ("base", "flying-machines", ...); "(invalid)" when
// unknown.
std::string area_of(const RunResult& r);
// "passed: 10, failed: 1" style counts of the non-zero states, or "no results".
std::string counts_line(const Counts& counts);
std::string counts_line(const RunReport& report);
// A scenario's position in the engine's canonical text form (src/engine/README.md
// "The position value"; parse_setup reads it back), one item per line, then its query:
// "apply MOVE" lines and "then final scoring".
// `ruleset` given: the moves are those asked under it (a variant's own query.apply, if any).
std::vector<std::string> position_lines(const Scenario& s, const std::string& ruleset = {});
// One line per variant giving its own query.apply (scenarios/README.md "Moves per branch"): when, and its moves.
std::vector<std::string> branch_move_lines(const Scenario& s);
// The note that stands for the items a bounded difference left out, or empty ("... 51234 more not kept").
std::string omitted_note(const Diff& d);
// The message then each difference as plain lines: "KEY (- expected, + actual):", "  - ITEM", "  + ITEM".
std::string diff_text(const RunResult& r);

// Text from a scenario or an implementation, made safe for where it goes: for
// a terminal every control character (ESC and the rest) shown as \xNN; for
// Markdown also '<', '>' and '&' as entities, so no tag or escape sequence
// reaches the reader.
std::string terminal_safe(std::string_view text);
std::string markdown_safe(std::string_view text);

}  // namespace carc
