// The text report, for people: details of every result that needs attention,
// one line per group of unsupported / skipped / xfail results, then the counts.
#include <algorithm>
#include <map>
#include <optional>

#include "report/report.hpp"

namespace carc {
namespace {

constexpr const char* kRed = "\033[31m";
constexpr const char* kGreen = "\033[32m";
constexpr const char* kYellow = "\033[33m";
constexpr const char* kMagenta = "\033[35m";
constexpr const char* kBold = "\033[1m";
constexpr const char* kReset = "\033[0m";

bool detailed(Outcome o) { return is_failure(o) || o == Outcome::Invalid; }

class TextReporter final : public Reporter {
 public:
  explicit TextReporter(const ReportOptions& o) : colour_(o.colour) {}

  void write(const RunReport& report, std::ostream& out) const override {
    out << "subject: " << report.subject << " (capabilities:";
    for (const auto& c : report.capabilities) out << " " << c;
    out << ")\n";
    for (const auto& r : report.results)
      if (detailed(r.outcome)) write_detail(r, out);
    write_groups(report, out);
    const std::string line = counts_line(report);
    const char* tone = report.any_invalid() ? kMagenta : report.any_failure() ? kRed : kGreen;
    out << "\n" << paint(tone, line) << "\n";
  }

  void write_many(const std::vector<RunReport>& runs, std::ostream& out) const override {
    for (std::size_t k = 0; k < runs.size(); ++k) {
      out << (k ? "\n" : "") << paint(kBold, "══ implementation " + std::to_string(k + 1) + " of " + std::to_string(runs.size()) +
                                                   ": " + runs[k].subject)
          << "\n";
      if (const auto same = shared_outcome(runs[k]); same && runs[k].results.size() > 1 && *same != Outcome::Passed) {
        // e.g. an implementation that could not start: one line, not one detail per result.
        const RunResult& r = runs[k].results.front();
        out << "every result " << label(r.outcome) << ": " << r.message << "\n\n" << counts_line(runs[k]) << "\n";
      } else {
        write(runs[k], out);
      }
    }
    write_comparison(runs, out);
  }

 private:
  std::string paint(const char* code, const std::string& text) const {
    return colour_ ? std::string(code) + text + kReset : text;
  }

  std::string label(Outcome o) const {
    std::string name(outcome_name(o));
    for (auto& c : name) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
    const char* tone = o == Outcome::Passed ? kGreen : o == Outcome::Invalid ? kMagenta : detailed(o) ? kRed : kYellow;
    return paint(tone, name);
  }

  void write_detail(const RunResult& r, std::ostream& out) const {
    out << "\n" << label(r.outcome) << " " << paint(kBold, r.id);
    if (!r.ruleset.empty()) out << " [" << r.ruleset << "]";
    if (r.scenario) out << "  " << r.file << ":" << r.loc.line << ":" << r.loc.column;
    out << "\n";
    if (r.scenario && !r.scenario->title.empty()) out << "  " << r.scenario->title << "\n";
    std::string message = r.message;
    for (std::size_t at = 0; (at = message.find('\n', at)) != std::string::npos; at += 3) message.replace(at, 1, "\n  ");
    if (!message.empty()) out << "  " << message << "\n";
    if (r.scenario && r.outcome != Outcome::Invalid) {
      out << "  position:\n";
      for (const auto& line : position_lines(*r.scenario)) out << "    " << line << "\n";
      if (!r.scenario->rules.empty()) {
        out << "  rules:";
        for (const auto& [k, v] : r.scenario->rules) out << " " << k << "=" << v;
        out << "\n";
      }
    }
    for (const auto& d : r.diffs) {
      out << "  " << d.key << " (- expected, + actual):\n";
      for (const auto& e : d.expected) out << "    " << paint(kRed, "- " + e) << "\n";
      for (const auto& a : d.actual) out << "    " << paint(kGreen, "+ " + a) << "\n";
    }
    out << "  rerun: " << rerun_command(r) << "\n";
  }

  // Results that need no detail, one line per scenario, state and message.
  void write_groups(const RunReport& report, std::ostream& out) const {
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;
    std::map<std::string, std::size_t> index;
    for (const auto& r : report.results) {
      if (detailed(r.outcome) || r.outcome == Outcome::Passed) continue;
      std::string key = label(r.outcome) + " " + r.id + (r.message.empty() ? "" : ": " + r.message);
      auto [it, fresh] = index.emplace(key, groups.size());
      if (fresh) groups.push_back({key, {}});
      groups[it->second].second.push_back(r.ruleset);
    }
    if (!groups.empty()) out << "\n";
    for (const auto& [key, rulesets] : groups) {
      out << key << " [";
      for (std::size_t i = 0; i < rulesets.size(); ++i) out << (i ? ", " : "") << rulesets[i];
      out << "]\n";
    }
  }

  // The implementation x ruling area table (passed/results per cell), then the disagreements.
  void write_comparison(const std::vector<RunReport>& runs, std::ostream& out) const {
    const Comparison c = compare_runs(runs);
    std::vector<std::vector<std::string>> rows{{"implementation"}};
    for (const auto& area : c.areas) rows[0].push_back(area);
    rows[0].push_back("all");
    for (std::size_t k = 0; k < runs.size(); ++k) {
      std::vector<std::string> row{runs[k].subject};
      for (const auto& area : c.areas) {
        const auto it = c.by_area[k].find(area);
        row.push_back(it == c.by_area[k].end() ? "-" : short_cell(it->second));
      }
      row.push_back(short_cell(runs[k].counts()));
      rows.push_back(std::move(row));
    }
    std::vector<std::size_t> width(rows[0].size(), 0);
    for (const auto& row : rows)
      for (std::size_t i = 0; i < row.size(); ++i) width[i] = std::max(width[i], display_width(row[i]));
    out << "\n" << paint(kBold, "══ comparison: passed/results by ruling area") << "\n";
    for (const auto& row : rows) {
      std::string line;
      for (std::size_t i = 0; i < row.size(); ++i)
        line += (i ? "  " : "") + row[i] + std::string(width[i] - display_width(row[i]), ' ');
      out << line.substr(0, line.find_last_not_of(' ') + 1) << "\n";
    }
    out << "\n" << c.disagreements.size() << " result" << (c.disagreements.size() == 1 ? "" : "s")
        << " on which the implementations disagree (one passes, another fails)" << (c.disagreements.empty() ? "" : ":") << "\n";
    for (const auto& d : c.disagreements) {
      out << "  " << d.id << " [" << d.ruleset << "]:";
      for (std::size_t k = 0; k < runs.size(); ++k)
        out << (k ? "," : "") << " " << runs[k].subject << " " << (d.outcomes[k] ? label(*d.outcomes[k]) : "-");
      out << "\n";
    }
  }

  // The state and message all results of a run share, if they do.
  static std::optional<Outcome> shared_outcome(const RunReport& report) {
    if (report.results.empty()) return std::nullopt;
    const RunResult& first = report.results.front();
    for (const auto& r : report.results)
      if (r.outcome != first.outcome || r.message != first.message) return std::nullopt;
    return first.outcome;
  }

  // passed/results, with a mark when any result needs attention.
  static std::string short_cell(const Counts& c) {
    int total = 0, bad = 0;
    for (std::size_t i = 0; i < kOutcomes; ++i) {
      total += c[i];
      if (detailed(static_cast<Outcome>(i))) bad += c[i];
    }
    return std::to_string(c[0]) + "/" + std::to_string(total) + (bad ? " !" : "");
  }

  // Code points, for aligning columns of UTF-8 text.
  static std::size_t display_width(const std::string& s) {
    std::size_t n = 0;
    for (const char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return n;
  }

  bool colour_;
};

}  // namespace

std::unique_ptr<Reporter> make_text_reporter(const ReportOptions& o) { return std::make_unique<TextReporter>(o); }

}  // namespace carc
