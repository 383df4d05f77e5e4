#pragma once
// Reporters: one interface, one implementation per format (src/report/README.md).
// Every format is deterministic: no times, no absolute paths, results in the
// runner's order (by scenario id, then preset order).
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
bool parse_format(std::string_view name, Format& out);
std::string_view format_name(Format f);
// The file a format is written to under --out DIR.
std::string_view report_file_name(Format f);

struct ReportOptions {
  bool colour = false;  // ANSI colour (text only): the CLI sets it on a TTY without NO_COLOR
};

class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual void write(const RunReport& report, std::ostream& out) const = 0;
  // Several implementations run over the same selection (`run --impl A --impl B`),
  // as one document: the implementation x ruling area table, the results on which
  // they disagree, then each implementation's results as write() shows them.
  virtual void write_many(const std::vector<RunReport>& runs, std::ostream& out) const = 0;
};
std::unique_ptr<Reporter> make_reporter(Format f, const ReportOptions& options);

// --- helpers shared by the reporters ---
using Counts = std::array<int, kOutcomes>;  // results per state, indexed by Outcome
// Ruling areas in ledger order, then any others the results name (e.g. "(invalid)").
std::vector<std::string> area_order(const RunReport& report);
// The presets the results were run under, in preset order (not "" for unrun results).
std::vector<std::string> ruleset_order(const RunReport& report);
// "passed/total" then the other non-zero states in brackets; empty for no results.
std::string counts_cell(const Counts& c);

// A scenario x ruleset on which implementations disagree: one passes (passed or
// xpass) where another fails (failed or xfail). Errors, timeouts and scenarios
// an implementation does not support are not disagreements about the rules.
struct Disagreement {
  std::string id, ruleset, area;
  std::vector<std::optional<Outcome>> outcomes;  // one per run; none when that run has no such result
};
struct Comparison {
  std::vector<std::string> areas;                       // ruling areas with results, in ledger order, then others
  std::vector<std::map<std::string, Counts>> by_area;  // one per run: area -> counts
  std::vector<Disagreement> disagreements;              // in the first run's order
};
Comparison compare_runs(const std::vector<RunReport>& runs);

// The command that reruns just this result, e.g. "carc-oracle run scenarios/base/x.yaml --id BR-03-b --ruleset hig-c3".
std::string rerun_command(const RunResult& r);
// The ledger area of a result's first ruling ("base", "flying-machines", ...); "(invalid)" when unknown.
std::string area_of(const RunResult& r);
// "passed: 10, failed: 1" style counts of the non-zero states, or "no results".
std::string counts_line(const RunReport& report);
// The position of a result's scenario, as lines in scenario notation (tiles, figures, turn).
std::vector<std::string> position_lines(const Scenario& s);

}  // namespace carc
