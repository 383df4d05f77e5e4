// The text report, for people: details of every result that needs attention,
// one line per group of unsupported / skipped / xfail results, then the counts.
// Everything taken from a scenario or an implementation is shown with its
// control characters escaped (terminal_safe), so no escape sequence reaches the terminal.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <optional>

#include "report/writer_base.hpp"

namespace carc {
namespace {

constexpr const char* kRed = "\033[31m";
constexpr const char* kGreen = "\033[32m";
constexpr const char* kYellow = "\033[33m";
constexpr const char* kMagenta = "\033[35m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kReset = "\033[0m";

std::string safe(std::string_view s) { return terminal_safe(s); }

// Results that did not run (unsupported, skipped) with one message, over every scenario: one
// paragraph, not a line per scenario (an implementation lacking an expansion has hundreds).
struct NotRunFold {
  Outcome outcome;
  std::string message;
  int scenarios = 0, results = 0;
  std::string first_rulesets;  // the first scenario's, for a fold of one scenario
  std::string last_id;
  std::vector<std::string> ids;  // the first kFoldIds scenarios
};
inline constexpr std::size_t kFoldIds = 24;

struct TextRun {
  RunTally tally;
  std::vector<NotRunFold> folds;
  std::vector<Spool::Part> details, groups;
  std::optional<std::pair<Outcome, std::string>> first;  // the first result's state and message
  bool shared = true;                                    // every result has them
};

class TextWriter final : public TallyingWriter<TextRun> {
 public:
  TextWriter(const ReportOptions& o, bool several) : colour_(o.colour), several_(several) {}

  void add(const std::vector<RunResult>& results) override {
    TextRun& run = runs_.back();
    std::vector<std::pair<std::string, std::string>> groups;  // "LABEL ID: message" -> rulesets
    // A scenario failing the same way under several rulesets is one detail naming them all.
    std::vector<std::pair<std::string, std::vector<const RunResult*>>> failing;
    for (const auto& r : results) {
      count(r);
      if (!run.first)
        run.first = std::pair{r.outcome, r.message};
      else if (run.first->first != r.outcome || run.first->second != r.message)
        run.shared = false;
      if (needs_attention(r.outcome)) {
        const std::string key = same_failure_key(r);
        auto it = std::find_if(failing.begin(), failing.end(), [&](const auto& f) { return f.first == key; });
        if (it == failing.end())
          failing.emplace_back(key, std::vector<const RunResult*>{&r});
        else
          it->second.push_back(&r);
        continue;
      }
      if (r.outcome == Outcome::Passed) continue;
      if (r.outcome == Outcome::Unsupported || r.outcome == Outcome::Skipped) {
        fold(run, r);
        continue;
      }
      std::string key = fmt::format("{} {}", label(r.outcome), safe(r.id));
      if (!r.message.empty()) key += fmt::format(": {}", safe(r.message));
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == key; });
      if (it == groups.end())
        groups.emplace_back(key, r.ruleset);
      else
        it->second += ", " + r.ruleset;
    }
    for (const auto& [key, same] : failing) spool_.append_to(run.details, detail(same));
    for (const auto& [key, rulesets] : groups) spool_.append_to(run.groups, fmt::format("{} [{}]\n", key, rulesets));
  }

  std::string finish(std::ostream& out) override {
    if (!several_) {
      if (!runs_.empty()) write_run(runs_.front(), out);
      return spool_.error();
    }
    for (std::size_t k = 0; k < runs_.size(); ++k) {
      const TextRun& run = runs_[k];
      fmt::print(out, "{}{}\n", k ? "\n" : "",
                 paint(kBold, fmt::format("══ implementation {} of {}: {}", k + 1, runs_.size(),
                                          safe(run.tally.header.subject))));
      if (run.shared && run.first && run.tally.total() > 1 && run.first->first != Outcome::Passed) {
        // e.g. an implementation that could not start: one line, not one detail per result.
        fmt::print(out, "every result {}: {}\n\n{}\ncoverage: {}\n", label(run.first->first), safe(run.first->second),
                   counts_line(run.tally.counts), coverage_line(run.tally.counts));
        if (const std::string cut = cut_short_line(run.tally); !cut.empty()) fmt::print(out, "{}\n", safe(cut));
      } else {
        write_run(run, out);
      }
    }
    write_comparison(out);
    return spool_.error();
  }

 private:
  // Counts a result that did not run into the fold of its state and message.
  void fold(TextRun& run, const RunResult& r) {
    auto it = std::find_if(run.folds.begin(), run.folds.end(),
                           [&](const NotRunFold& f) { return f.outcome == r.outcome && f.message == r.message; });
    if (it == run.folds.end()) {
      run.folds.push_back(NotRunFold{r.outcome, r.message, 0, 0, {}, {}, {}});
      it = std::prev(run.folds.end());
    }
    ++it->results;
    if (it->scenarios > 0 && it->last_id == r.id) {  // a scenario's results come together
      if (it->scenarios == 1) it->first_rulesets += ", " + r.ruleset;
      return;
    }
    ++it->scenarios;
    it->last_id = r.id;
    if (it->scenarios == 1) it->first_rulesets = r.ruleset;
    if (it->ids.size() < kFoldIds) it->ids.push_back(r.id);
  }

  void write_folds(const TextRun& run, std::ostream& out) const {
    for (const NotRunFold& f : run.folds) {
      const std::string message = f.message.empty() ? "" : ": " + safe(f.message);
      if (f.scenarios == 1) {
        fmt::print(out, "{} {}{} [{}]\n", label(f.outcome), safe(f.ids.front()), message, f.first_rulesets);
        continue;
      }
      std::vector<std::string> ids;
      for (const auto& id : f.ids) ids.push_back(safe(id));
      const int more = f.scenarios - static_cast<int>(f.ids.size());
      fmt::print(out, "{} {} scenarios ({} results){}\n  {}{}\n", label(f.outcome), f.scenarios, f.results, message,
                 fmt::join(ids, ", "), more > 0 ? fmt::format(", and {} more (--format json lists each)", more) : "");
    }
  }

  std::string paint(const char* code, const std::string& text) const {
    return colour_ ? std::string(code) + text + kReset : text;
  }

  std::string label(Outcome o) const {
    std::string name(outcome_name(o));
    for (auto& c : name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    const char* tone = o == Outcome::Passed    ? kGreen
                       : o == Outcome::Invalid ? kMagenta
                       : needs_attention(o)    ? kRed
                                               : kYellow;
    return paint(tone, name);
  }

  void write_run(const TextRun& run, std::ostream& out) {
    std::string capabilities;
    for (const auto& c : run.tally.header.capabilities) capabilities += " " + safe(c);
    fmt::print(out, "subject: {} (capabilities:{})\n", safe(run.tally.header.subject), capabilities);
    spool_.copy(run.details, out);
    if (!run.groups.empty() || !run.folds.empty()) out << "\n";
    spool_.copy(run.groups, out);
    write_folds(run, out);
    // Green only when every applicable result ran and passed; yellow when nothing failed but not all ran or passed.
    const char* tone = run.tally.any_invalid()                    ? kMagenta
                       : run.tally.any_failure()                  ? kRed
                       : coverage_of(run.tally.counts).complete() ? kGreen
                                                                  : kYellow;
    fmt::print(out, "\n{}\n{}\n", paint(tone, counts_line(run.tally.counts)),
               paint(tone, "coverage: " + coverage_line(run.tally.counts)));
    if (const std::string cut = cut_short_line(run.tally); !cut.empty())
      fmt::print(out, "{}\n", paint(kRed, safe(cut)));
    if (const std::string played = played_as_line(run.tally); !played.empty()) fmt::print(out, "{}\n", safe(played));
  }

  // What makes two results of one scenario the same failure: state, id, message and every difference.
  static std::string same_failure_key(const RunResult& r) {
    std::string key = fmt::format("{}\x1f{}\x1f{}", outcome_name(r.outcome), r.id, r.message);
    for (const auto& d : r.diffs)
      key += fmt::format("\x1e{}\x1f{}\x1f{}\x1f{}", d.label(), fmt::join(d.expected, "\x1d"),
                         fmt::join(d.actual, "\x1d"), d.omitted);
    return key;
  }

  // One detail for the results of `same` (one scenario, the same failure under each of their rulesets).
  std::string detail(const std::vector<const RunResult*>& same) const {
    const RunResult& r = *same.front();
    std::vector<std::string> rulesets;
    for (const RunResult* x : same)
      if (!x->ruleset.empty()) rulesets.push_back(x->ruleset);
    std::string text;
    auto out = std::back_inserter(text);
    fmt::format_to(out, "\n{} {}", label(r.outcome), paint(kBold, safe(r.id)));
    if (!rulesets.empty()) fmt::format_to(out, " [{}]", fmt::join(rulesets, ", "));
    if (r.scenario) fmt::format_to(out, "  {}:{}:{}", safe(r.file), r.loc.line, r.loc.column);
    text += "\n";
    if (r.scenario && !r.scenario->title.empty()) fmt::format_to(out, "  {}\n", safe(r.scenario->title));
    std::string message = safe(r.message);
    for (std::size_t at = 0; (at = message.find('\n', at)) != std::string::npos; at += 3)
      message.replace(at, 1, "\n  ");
    if (!message.empty()) fmt::format_to(out, "  {}\n", message);
    if (r.scenario && r.outcome != Outcome::Invalid) {
      text += "  position:\n";
      for (const auto& line : position_lines(*r.scenario, r.ruleset)) fmt::format_to(out, "    {}\n", safe(line));
      if (!r.scenario->rules.empty()) {
        text += "  rules:";
        for (const auto& [k, v] : r.scenario->rules) fmt::format_to(out, " {}={}", safe(k), safe(v));
        text += "\n";
      }
    }
    for (const auto& d : r.diffs) {
      fmt::format_to(out, "  {} (- expected, + actual):\n", d.label());
      for (const auto& e : d.expected) fmt::format_to(out, "    {}\n", paint(kRed, "- " + safe(e)));
      for (const auto& a : d.actual) fmt::format_to(out, "    {}\n", paint(kGreen, "+ " + safe(a)));
      if (d.omitted > 0) fmt::format_to(out, "    {}\n", omitted_note(d));
    }
    fmt::format_to(out, "  rerun: {}\n",
                   safe(rulesets.size() > 1 ? rerun_command(r, runs_.back().tally.header, rulesets)
                                            : rerun_command(r, runs_.back().tally.header)));
    return text;
  }

  // The implementation x ruling area table (passed/ran · ran/applicable per cell, then
  // the unsupported results apart: not run, never a failure), then the disagreements.
  void write_comparison(std::ostream& out) const {
    const Comparison c = comparison();
    std::vector<std::vector<std::string>> rows{{"implementation"}};
    for (const auto& area : c.areas) rows[0].push_back(area);
    rows[0].push_back("all");
    rows[0].push_back("unsupported");
    for (std::size_t k = 0; k < runs_.size(); ++k) {
      std::vector<std::string> row{safe(runs_[k].tally.header.subject)};
      for (const auto& area : c.areas) {
        const auto it = c.by_area[k].find(area);
        row.push_back(it == c.by_area[k].end() ? "-" : short_cell(it->second));
      }
      row.push_back(short_cell(runs_[k].tally.counts));
      row.push_back(fmt::format("{}", runs_[k].tally.counts[static_cast<std::size_t>(Outcome::Unsupported)]));
      rows.push_back(std::move(row));
    }
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
      for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], display_width(row[i]));
    fmt::print(out, "\n{}\n",
               paint(kBold, fmt::format("══ comparison by ruling area: {} (! needs attention)", kCellLegend)));
    for (const auto& row : rows) {
      // Padded by code points (display_width), not bytes: fmt's own width would count some UTF-8 as two columns.
      std::string line;
      for (std::size_t i = 0; i < row.size(); ++i)
        fmt::format_to(std::back_inserter(line), "{}{}{:{}}", i ? "  " : "", row[i], "",
                       width[i] - display_width(row[i]));
      fmt::print(out, "{}\n", line.substr(0, line.find_last_not_of(' ') + 1));
    }
    fmt::print(out, "\n{} result{} on which the implementations disagree (one passes, another fails){}\n",
               c.disagreements.size(), c.disagreements.size() == 1 ? "" : "s", c.disagreements.empty() ? "" : ":");
    for (const auto& d : c.disagreements) {
      std::vector<std::string> states;
      for (std::size_t k = 0; k < runs_.size(); ++k)
        states.push_back(
            fmt::format(" {} {}", safe(runs_[k].tally.header.subject), d.outcomes[k] ? label(*d.outcomes[k]) : "-"));
      fmt::print(out, "  {} [{}]:{}\n", safe(d.id), d.ruleset, fmt::join(states, ","));
    }
  }

  // passed/ran · ran/applicable, with a mark when any result needs attention.
  static std::string short_cell(const Counts& c) {
    int bad = 0;
    for (std::size_t i = 0; i < kOutcomes; ++i)
      if (needs_attention(static_cast<Outcome>(i))) bad += c[i];
    return coverage_cell(c) + (bad ? " !" : "");
  }

  // Code points, for aligning columns of UTF-8 text.
  static std::size_t display_width(const std::string& s) {
    std::size_t n = 0;
    for (const char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return n;
  }

  bool colour_, several_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_text_writer(const ReportOptions& o, bool several) {
  return std::make_unique<TextWriter>(o, several);
}

}  // namespace carc
