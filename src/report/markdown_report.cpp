// The Markdown summary (reports/summary.md): counts per state, a table of
// ruling area x ruleset, then every result that needs attention. Text from a
// scenario or an implementation is escaped (markdown_safe: no tag, entity or
// control character gets through; code blocks and spans are fenced with more
// backticks than the text holds), as the HTML report escapes it.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "data/ledger.hpp"
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

// `text` n times (a table's separator row).
std::string repeat(std::string_view text, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += text;
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
  return fmt::format("{0}{1}{2}{1}{0}", ticks, pad ? " " : "", safe);
}

void write_states(const RunTally& t, std::ostream& out) {
  out << "| state | results |\n|---|---:|\n";
  for (std::size_t i = 0; i < kOutcomes; ++i)
    fmt::print(out, "| {} | {} |\n", outcome_name(static_cast<Outcome>(i)), t.counts[i]);
  const Coverage cov = coverage_of(t.counts);
  fmt::print(out, "| **total** | {} |\n| **ran** (all but unsupported, skipped, invalid) | {} of {} |\n\n", t.total(),
             cov.ran, cov.applicable);
}

void write_area_matrix(const RunTally& t, const std::string& h, std::ostream& out) {
  auto rulesets = ruleset_order(t);
  if (std::any_of(t.cells.begin(), t.cells.end(), [](const auto& c) { return c.first.second.empty(); }))
    rulesets.push_back("");  // the column of invalid results
  fmt::print(out, "{} By ruling area and ruleset\n\nEach cell: {}, then the states other than passed.\n\n| area |", h,
             kCellLegend);
  for (const auto& rs : rulesets) fmt::print(out, " {} |", rs.empty() ? "(not run)" : rs);
  fmt::print(out, "\n|---|{}\n", repeat("---|", rulesets.size()));
  for (const auto& area : area_order(t)) {
    fmt::print(out, "| {} |", cell(area));
    for (const auto& rs : rulesets) {
      const auto it = t.cells.find({area, rs});
      fmt::print(out, " {} |", it == t.cells.end() ? "" : counts_cell(it->second));
    }
    out << "\n";
  }
  out << "\n";
}

// One result needing attention: its heading, title, message and differences, and the rerun command.
std::string attention(const RunResult& r, const RunHeader& run, const std::string& h) {
  std::string text = fmt::format("{}# {}{}: {}\n\n", h, markdown_safe(r.id),
                                 r.ruleset.empty() ? "" : " under " + r.ruleset, outcome_name(r.outcome));
  if (r.scenario && !r.scenario->title.empty())
    text += fmt::format("{} ({})\n\n", cell(r.scenario->title), code_span(r.file));
  const std::string block = terminal_safe(diff_text(r));
  const std::string fence(std::max<std::size_t>(3, longest_backtick_run(block) + 1), '`');
  return text + fmt::format("{0}\n{1}{0}\n\nRerun: {2}\n\n", fence, block, code_span(rerun_command(r, run)));
}

// A ruling (or switch) behind a result needing attention: its status and statement, then each
// citation with the source's link, the locator, the date and the quoted passages.
std::string ruling_markdown(std::string_view id) {
  const LedgerRuling* r = find_ruling(id);
  const LedgerSwitch* sw = r ? nullptr : find_ledger_switch(id);
  if (!r && !sw) return "";
  std::string text =
      r ? fmt::format("- **{}** ({}{}) {}: {}\n", markdown_safe(r->id), r->status, r->disputed ? ", disputed" : "",
                      cell(r->title), cell(r->statement))
        : fmt::format("- **{}** (switch {}) {}\n", markdown_safe(sw->id), markdown_safe(sw->key), cell(sw->title));
  for (const auto& c : r ? r->sources : sw->sources) {
    const LedgerSource* src = find_ledger_source(c.ref);
    const std::string when = c.date_kind == "accessed" ? "undated, read " + c.date
                             : c.date_kind.empty()     ? c.date
                                                       : c.date + " (" + c.date_kind + ")";
    if (src)
      text += fmt::format("  - [{}](<{}>) ({}), {}, {}{}\n", cell(src->title), src->link(), src->tier, cell(c.locator),
                          when, c.supports == "yes" ? "" : "; supports: " + c.supports);
    else
      text += fmt::format("  - {} (unknown source), {}\n", markdown_safe(c.ref), cell(c.locator));
    if (!src) continue;
    for (const auto& key : c.passages) {
      const LedgerPassage* p = src->passage(key);
      if (!p || !p->quoted()) continue;
      text += fmt::format("    > {}\n", cell(p->original));
      if (!p->english.empty()) text += fmt::format("    >\n    > English: {}\n", cell(p->english));
      text += "\n";
    }
  }
  return text;
}

struct MarkdownRun {
  RunTally tally;
  std::vector<Spool::Part> attention;
  std::vector<std::string> attention_rulings;               // ruling ids cited by those results, first seen first
  std::map<std::string, std::vector<std::string>> not_run;  // "state: message" -> ids
};

void write_not_run(const MarkdownRun& run, const std::string& h, std::ostream& out) {
  if (run.not_run.empty()) return;
  fmt::print(out, "{} Not run or expected to fail\n\n| state | scenarios |\n|---|---|\n", h);
  for (const auto& [reason, ids] : run.not_run)
    fmt::print(out, "| {} | {} |\n", cell(reason), cell(fmt::format("{}", fmt::join(ids, ", "))));
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
        if (r.scenario)
          for (const auto& id : r.scenario->rulings)
            if (std::find(run.attention_rulings.begin(), run.attention_rulings.end(), id) ==
                run.attention_rulings.end())
              run.attention_rulings.push_back(id);
      } else if (r.outcome != Outcome::Passed) {
        auto& ids = run.not_run[fmt::format("{}: {}", outcome_name(r.outcome), r.message)];
        if (ids.empty() || ids.back() != r.id) ids.push_back(r.id);
      }
    }
  }

  std::string finish(std::ostream& out) override {
    if (!several_) {
      if (!runs_.empty()) {
        fmt::print(out, "# Scenario results: {}\n\n", markdown_safe(runs_.front().tally.header.subject));
        write_body(runs_.front(), "##", out);
      }
      return spool_.error();
    }
    fmt::print(out, "# Scenario results: {} implementations\n\n", runs_.size());
    write_comparison(out);
    for (const auto& run : runs_) {
      fmt::print(out, "## {}\n\n", cell(run.tally.header.subject));
      write_body(run, "###", out);
    }
    return spool_.error();
  }

 private:
  void write_body(const MarkdownRun& run, const std::string& h, std::ostream& out) {
    std::string capabilities;
    for (const auto& c : run.tally.header.capabilities) capabilities += " " + markdown_safe(c);
    fmt::print(out, "Capabilities:{}. {}.\n\nCoverage: {}{}.\n\n", capabilities, counts_line(run.tally.counts),
               coverage_line(run.tally.counts),
               coverage_of(run.tally.counts).complete() ? " (every applicable result ran and passed)" : "");
    if (const std::string cut = cut_short_line(run.tally); !cut.empty())
      fmt::print(out, "**{}.**\n\n", markdown_safe(cut));
    if (const std::string played = played_as_line(run.tally); !played.empty())
      fmt::print(out, "{}.\n\n", markdown_safe(played));
    write_states(run.tally, out);
    write_area_matrix(run.tally, h, out);
    fmt::print(out, "{} Results needing attention\n\n", h);
    if (run.attention.empty()) out << "None.\n\n";
    spool_.copy(run.attention, out);
    if (!run.attention_rulings.empty()) {
      fmt::print(out, "{} The rulings behind them\n\n", h);
      for (const auto& id : run.attention_rulings) out << ruling_markdown(id);
      out << "\n";
    }
    write_not_run(run, h, out);
  }

  void write_comparison(std::ostream& out) const {
    const Comparison c = comparison();
    fmt::print(out,
               "## By implementation and ruling area\n\nEach cell: {}, then the states other than passed. Unsupported "
               "results did not run and are no failure.\n\n| implementation |",
               kCellLegend);
    for (const auto& area : c.areas) fmt::print(out, " {} |", cell(area));
    fmt::print(out, " all | unsupported |\n|---|{}\n", repeat("---|", c.areas.size() + 2));
    for (std::size_t k = 0; k < runs_.size(); ++k) {
      fmt::print(out, "| {} |", cell(runs_[k].tally.header.subject));
      for (const auto& area : c.areas) {
        const auto it = c.by_area[k].find(area);
        fmt::print(out, " {} |", it == c.by_area[k].end() ? "" : counts_cell(it->second));
      }
      fmt::print(out, " {} | {} |\n", counts_cell(runs_[k].tally.counts),
                 runs_[k].tally.counts[static_cast<std::size_t>(Outcome::Unsupported)]);
    }
    out << "\n## Where the implementations disagree\n\n"
           "Results that one implementation passes and another fails.\n\n";
    if (c.disagreements.empty()) {
      out << "None.\n\n";
      return;
    }
    out << "| scenario | ruleset | area |";
    for (const auto& run : runs_) fmt::print(out, " {} |", cell(run.tally.header.subject));
    fmt::print(out, "\n|---|---|---|{}\n", repeat("---|", runs_.size()));
    for (const auto& d : c.disagreements) {
      fmt::print(out, "| {} | {} | {} |", cell(d.id), d.ruleset, cell(d.area));
      for (const auto& o : d.outcomes) fmt::print(out, " {} |", state_or_none(o));
      out << "\n";
    }
    out << "\n";
  }

  bool several_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_markdown_writer(bool several) { return std::make_unique<MarkdownWriter>(several); }

}  // namespace carc
