// The text report, for people: details of every result that needs attention,
// one line per group of unsupported / skipped / xfail results, then the counts.
#include <map>

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

  bool colour_;
};

}  // namespace

std::unique_ptr<Reporter> make_text_reporter(const ReportOptions& o) { return std::make_unique<TextReporter>(o); }

}  // namespace carc
