// The Markdown summary (reports/summary.md): counts per state, a table of
// ruling area x ruleset, then every result that needs attention.
#include <algorithm>
#include <map>

#include "report/report.hpp"
#include "scenario/ledger.hpp"
#include "scenario/oracle_data.hpp"

namespace carc {
namespace {

std::string cell_escape(std::string s) {
  std::string out;
  for (const char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += "<br>";
    else out += c;
  }
  return out;
}

void write_states(const RunReport& report, std::ostream& out) {
  const auto counts = report.counts();
  out << "| state | results |\n|---|---:|\n";
  for (std::size_t i = 0; i < kOutcomes; ++i) out << "| " << outcome_name(static_cast<Outcome>(i)) << " | " << counts[i] << " |\n";
  out << "| **total** | " << report.results.size() << " |\n\n";
}

void write_matrix(const RunReport& report, const std::string& h, std::ostream& out) {
  auto rulesets = ruleset_order(report);
  if (std::any_of(report.results.begin(), report.results.end(), [](const RunResult& r) { return r.ruleset.empty(); }))
    rulesets.push_back("");  // the column of invalid results
  std::map<std::pair<std::string, std::string>, Counts> table;
  for (const auto& r : report.results) ++table[{area_of(r), r.ruleset}][static_cast<std::size_t>(r.outcome)];
  out << h << " By ruling area and ruleset\n\nEach cell: passed / results, then the other states.\n\n| area |";
  for (const auto& rs : rulesets) out << " " << (rs.empty() ? "(not run)" : rs) << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < rulesets.size(); ++i) out << "---|";
  out << "\n";
  for (const auto& area : area_order(report)) {
    out << "| " << area << " |";
    for (const auto& rs : rulesets) {
      const auto it = table.find({area, rs});
      out << " " << (it == table.end() ? "" : counts_cell(it->second)) << " |";
    }
    out << "\n";
  }
  out << "\n";
}

void write_attention(const RunReport& report, const std::string& h, std::ostream& out) {
  out << h << " Results needing attention\n\n";
  bool any = false;
  for (const auto& r : report.results) {
    if (r.outcome == Outcome::Passed || r.outcome == Outcome::Unsupported || r.outcome == Outcome::Skipped ||
        r.outcome == Outcome::XFail)
      continue;
    any = true;
    out << h << "# " << r.id << (r.ruleset.empty() ? "" : " under " + r.ruleset) << ": " << outcome_name(r.outcome) << "\n\n";
    if (r.scenario && !r.scenario->title.empty()) out << cell_escape(r.scenario->title) << " (`" << r.file << "`)\n\n";
    out << "```\n" << r.message << "\n";
    for (const auto& d : r.diffs) {
      out << d.key << " (- expected, + actual):\n";
      for (const auto& e : d.expected) out << "  - " << e << "\n";
      for (const auto& a : d.actual) out << "  + " << a << "\n";
    }
    out << "```\n\nRerun: `" << rerun_command(r) << "`\n\n";
  }
  if (!any) out << "None.\n\n";
}

void write_not_run(const RunReport& report, const std::string& h, std::ostream& out) {
  std::map<std::string, std::vector<std::string>> by_reason;
  for (const auto& r : report.results)
    if (r.outcome == Outcome::Unsupported || r.outcome == Outcome::Skipped || r.outcome == Outcome::XFail)
      by_reason[std::string(outcome_name(r.outcome)) + ": " + r.message].push_back(r.id);
  if (by_reason.empty()) return;
  out << h << " Not run or expected to fail\n\n| state | scenarios |\n|---|---|\n";
  for (auto& [reason, ids] : by_reason) {
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::string list;
    for (const auto& id : ids) list += (list.empty() ? "" : ", ") + id;
    out << "| " << cell_escape(reason) << " | " << cell_escape(list) << " |\n";
  }
  out << "\n";
}

void write_capabilities(const RunReport& report, std::ostream& out) {
  out << "Capabilities:";
  for (const auto& c : report.capabilities) out << " " << c;
  out << ". " << counts_line(report) << ".\n\n";
}

void write_body(const RunReport& report, const std::string& h, std::ostream& out) {
  write_states(report, out);
  write_matrix(report, h, out);
  write_attention(report, h, out);
  write_not_run(report, h, out);
}

std::string state_or_none(const std::optional<Outcome>& o) { return o ? std::string(outcome_name(*o)) : "(no result)"; }

void write_comparison(const std::vector<RunReport>& runs, std::ostream& out) {
  const Comparison c = compare_runs(runs);
  out << "## By implementation and ruling area\n\nEach cell: passed / results, then the other states.\n\n"
         "| implementation |";
  for (const auto& area : c.areas) out << " " << area << " |";
  out << " all |\n|---|";
  for (std::size_t i = 0; i <= c.areas.size(); ++i) out << "---|";
  out << "\n";
  for (std::size_t k = 0; k < runs.size(); ++k) {
    out << "| " << cell_escape(runs[k].subject) << " |";
    for (const auto& area : c.areas) {
      const auto it = c.by_area[k].find(area);
      out << " " << (it == c.by_area[k].end() ? "" : counts_cell(it->second)) << " |";
    }
    out << " " << counts_cell(runs[k].counts()) << " |\n";
  }
  out << "\n## Where the implementations disagree\n\n"
         "Results that one implementation passes and another fails.\n\n";
  if (c.disagreements.empty()) {
    out << "None.\n\n";
    return;
  }
  out << "| scenario | ruleset | area |";
  for (const auto& r : runs) out << " " << cell_escape(r.subject) << " |";
  out << "\n|---|---|---|";
  for (std::size_t k = 0; k < runs.size(); ++k) out << "---|";
  out << "\n";
  for (const auto& d : c.disagreements) {
    out << "| " << d.id << " | " << d.ruleset << " | " << d.area << " |";
    for (const auto& o : d.outcomes) out << " " << state_or_none(o) << " |";
    out << "\n";
  }
  out << "\n";
}

class MarkdownReporter final : public Reporter {
 public:
  void write(const RunReport& report, std::ostream& out) const override {
    out << "# Scenario results: " << report.subject << "\n\n";
    write_capabilities(report, out);
    write_body(report, "##", out);
  }

  void write_many(const std::vector<RunReport>& runs, std::ostream& out) const override {
    out << "# Scenario results: " << runs.size() << " implementations\n\n";
    write_comparison(runs, out);
    for (const auto& report : runs) {
      out << "## " << cell_escape(report.subject) << "\n\n";
      write_capabilities(report, out);
      write_body(report, "###", out);
    }
  }
};

}  // namespace

std::unique_ptr<Reporter> make_markdown_reporter() { return std::make_unique<MarkdownReporter>(); }

}  // namespace carc
