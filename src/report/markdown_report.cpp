// The Markdown summary (reports/summary.md): counts per state, a table of
// ruling area x ruleset, then every result that needs attention. Text from a
// scenario or an implementation is escaped (markdown_safe: no tag, entity or
// control character gets through; code blocks and spans are fenced with more
// backticks than the text holds), as the HTML report escapes it.
#include <algorithm>
#include <map>
#include <sstream>

#include "data/oracle_data.hpp"
#include "report/writer_base.hpp"

namespace carc {
namespace {

// For a table cell: escaped, with '|' and line breaks that keep the row whole.
std::string cell(std::string_view s) {
  std::string out;
  for (const char c : markdown_safe(s)) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n')
      out += "<br>";
    else
      out += c;
  }
  return out;
}

std::size_t longest_backtick_run(std::string_view s) {
  std::size_t longest = 0, run = 0;
  for (const char c : s) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

// An inline code span that no backtick in the text can close early.
std::string code_span(std::string_view text) {
  const std::string safe = terminal_safe(text);
  const std::string ticks(longest_backtick_run(safe) + 1, '`');
  const bool pad = !safe.empty() && (safe.front() == '`' || safe.back() == '`');
  return ticks + (pad ? " " : "") + safe + (pad ? " " : "") + ticks;
}

void write_states(const RunTally& t, std::ostream& out) {
  out << "| state | results |\n|---|---:|\n";
  for (std::size_t i = 0; i < kOutcomes; ++i)
    out << "| " << outcome_name(static_cast<Outcome>(i)) << " | " << t.counts[i] << " |\n";
  const Coverage cov = coverage_of(t.counts);
  out << "| **total** | " << t.total() << " |\n| **ran** (all but unsupported, skipped, invalid) | " << cov.ran
      << " of " << cov.applicable << " |\n\n";
}

void write_matrix(const RunTally& t, const std::string& h, std::ostream& out) {
  auto rulesets = ruleset_order(t);
  if (std::any_of(t.cells.begin(), t.cells.end(), [](const auto& c) { return c.first.second.empty(); }))
    rulesets.push_back("");  // the column of invalid results
  out << h << " By ruling area and ruleset\n\nEach cell: " << kCellLegend
      << ", then the states other than passed.\n\n| area |";
  for (const auto& rs : rulesets) out << " " << (rs.empty() ? "(not run)" : rs) << " |";
  out << "\n|---|";
  for (std::size_t i = 0; i < rulesets.size(); ++i) out << "---|";
  out << "\n";
  for (const auto& area : area_order(t)) {
    out << "| " << cell(area) << " |";
    for (const auto& rs : rulesets) {
      const auto it = t.cells.find({area, rs});
      out << " " << (it == t.cells.end() ? "" : counts_cell(it->second)) << " |";
    }
    out << "\n";
  }
  out << "\n";
}

bool needs_attention(Outcome o) {
  return o != Outcome::Passed && o != Outcome::Unsupported && o != Outcome::Skipped && o != Outcome::XFail;
}

// One result needing attention: its heading, title, message and differences, and the rerun command.
std::string attention(const RunResult& r, const RunHeader& run, const std::string& h) {
  std::ostringstream out;
  out << h << "# " << markdown_safe(r.id) << (r.ruleset.empty() ? "" : " under " + r.ruleset) << ": "
      << outcome_name(r.outcome) << "\n\n";
  if (r.scenario && !r.scenario->title.empty()) out << cell(r.scenario->title) << " (" << code_span(r.file) << ")\n\n";
  const std::string block = terminal_safe(diff_text(r));
  const std::string fence(std::max<std::size_t>(3, longest_backtick_run(block) + 1), '`');
  out << fence << "\n" << block << fence << "\n\nRerun: " << code_span(rerun_command(r, run)) << "\n\n";
  return out.str();
}

struct MarkdownRun {
  RunTally tally;
  std::vector<Spool::Part> attention;
  std::map<std::string, std::vector<std::string>> not_run;  // "state: message" -> ids
};

void write_not_run(const MarkdownRun& run, const std::string& h, std::ostream& out) {
  if (run.not_run.empty()) return;
  out << h << " Not run or expected to fail\n\n| state | scenarios |\n|---|---|\n";
  for (const auto& [reason, ids] : run.not_run) {
    std::string list;
    for (const auto& id : ids) list += (list.empty() ? "" : ", ") + id;
    out << "| " << cell(reason) << " | " << cell(list) << " |\n";
  }
  out << "\n";
}

std::string state_or_none(const std::optional<Outcome>& o) { return o ? std::string(outcome_name(*o)) : "(no result)"; }

class MarkdownWriter final : public TallyingWriter<MarkdownRun> {
 public:
  explicit MarkdownWriter(bool several) : several_(several) {}

  void add(const std::vector<RunResult>& results) override {
    MarkdownRun& run = runs_.back();
    const std::string h = several_ ? "###" : "##";
    for (const auto& r : results) {
      count(r);
      if (needs_attention(r.outcome)) {
        spool_.append_to(run.attention, attention(r, run.tally.header, h));
      } else if (r.outcome != Outcome::Passed) {
        auto& ids = run.not_run[std::string(outcome_name(r.outcome)) + ": " + r.message];
        if (ids.empty() || ids.back() != r.id) ids.push_back(r.id);
      }
    }
  }

  std::string finish(std::ostream& out) override {
    if (!several_) {
      if (!runs_.empty()) {
        out << "# Scenario results: " << markdown_safe(runs_.front().tally.header.subject) << "\n\n";
        write_body(runs_.front(), "##", out);
      }
      return spool_.error();
    }
    out << "# Scenario results: " << runs_.size() << " implementations\n\n";
    write_comparison(out);
    for (const auto& run : runs_) {
      out << "## " << cell(run.tally.header.subject) << "\n\n";
      write_body(run, "###", out);
    }
    return spool_.error();
  }

 private:
  void write_body(const MarkdownRun& run, const std::string& h, std::ostream& out) {
    out << "Capabilities:";
    for (const auto& c : run.tally.header.capabilities) out << " " << markdown_safe(c);
    out << ". " << counts_line(run.tally.counts) << ".\n\nCoverage: " << coverage_line(run.tally.counts)
        << (coverage_of(run.tally.counts).complete() ? " (every applicable result ran and passed)" : "") << ".\n\n";
    if (const std::string cut = cut_short_line(run.tally); !cut.empty()) out << "**" << markdown_safe(cut) << ".**\n\n";
    write_states(run.tally, out);
    write_matrix(run.tally, h, out);
    out << h << " Results needing attention\n\n";
    if (run.attention.empty()) out << "None.\n\n";
    spool_.copy(run.attention, out);
    write_not_run(run, h, out);
  }

  void write_comparison(std::ostream& out) const {
    const Comparison c = comparison();
    out << "## By implementation and ruling area\n\nEach cell: " << kCellLegend
        << ", then the states other than passed. Unsupported results did not run and are no failure.\n\n"
           "| implementation |";
    for (const auto& area : c.areas) out << " " << cell(area) << " |";
    out << " all | unsupported |\n|---|";
    for (std::size_t i = 0; i <= c.areas.size() + 1; ++i) out << "---|";
    out << "\n";
    for (std::size_t k = 0; k < runs_.size(); ++k) {
      out << "| " << cell(runs_[k].tally.header.subject) << " |";
      for (const auto& area : c.areas) {
        const auto it = c.by_area[k].find(area);
        out << " " << (it == c.by_area[k].end() ? "" : counts_cell(it->second)) << " |";
      }
      out << " " << counts_cell(runs_[k].tally.counts) << " | "
          << runs_[k].tally.counts[static_cast<std::size_t>(Outcome::Unsupported)] << " |\n";
    }
    out << "\n## Where the implementations disagree\n\n"
           "Results that one implementation passes and another fails.\n\n";
    if (c.disagreements.empty()) {
      out << "None.\n\n";
      return;
    }
    out << "| scenario | ruleset | area |";
    for (const auto& run : runs_) out << " " << cell(run.tally.header.subject) << " |";
    out << "\n|---|---|---|";
    for (std::size_t k = 0; k < runs_.size(); ++k) out << "---|";
    out << "\n";
    for (const auto& d : c.disagreements) {
      out << "| " << cell(d.id) << " | " << d.ruleset << " | " << cell(d.area) << " |";
      for (const auto& o : d.outcomes) out << " " << state_or_none(o) << " |";
      out << "\n";
    }
    out << "\n";
  }

  bool several_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_markdown_writer(bool several) { return std::make_unique<MarkdownWriter>(several); }

}  // namespace carc
