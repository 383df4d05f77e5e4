#pragma once
// Reporters: one interface, one implementation per format (src/report/README.md).
// Every format is deterministic: no times, no absolute paths, results in the
// runner's order (by scenario id, then preset order).
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

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
};
std::unique_ptr<Reporter> make_reporter(Format f, const ReportOptions& options);

// --- helpers shared by the reporters ---
// The command that reruns just this result, e.g. "carc-oracle run scenarios/base/x.yaml --id BR-03-b --ruleset hig-c3".
std::string rerun_command(const RunResult& r);
// The ledger area of a result's first ruling ("base", "flying-machines", ...); "(invalid)" when unknown.
std::string area_of(const RunResult& r);
// "passed: 10, failed: 1" style counts of the non-zero states, or "no results".
std::string counts_line(const RunReport& report);
// The position of a result's scenario, as lines in scenario notation (tiles, figures, turn).
std::vector<std::string> position_lines(const Scenario& s);

}  // namespace carc
