// JUnit XML as Jenkins and GitLab read it: one <testsuite> per ruleset (plus
// "invalid" for scenarios that could not run), one <testcase> per result.
// failed and xpass are <failure>; invalid, errored, crashed and timed_out are
// <error>; unsupported, skipped and xfail are <skipped>. With several
// implementations each has its suites, named "IMPLEMENTATION / RULESET".
#include <algorithm>
#include <map>

#include "render/svg_board.hpp"
#include "report/report.hpp"
#include "scenario/oracle_data.hpp"

namespace carc {
namespace {

enum class Kind { Pass, Failure, Error, Skipped };

Kind kind_of(Outcome o) {
  switch (o) {
    case Outcome::Passed: return Kind::Pass;
    case Outcome::Failed:
    case Outcome::XPass: return Kind::Failure;
    case Outcome::Unsupported:
    case Outcome::Skipped:
    case Outcome::XFail: return Kind::Skipped;
    default: return Kind::Error;
  }
}

std::string body(const RunResult& r) {
  std::string out = r.message + "\n";
  for (const auto& d : r.diffs) {
    out += d.key + " (- expected, + actual):\n";
    for (const auto& e : d.expected) out += "  - " + e + "\n";
    for (const auto& a : d.actual) out += "  + " + a + "\n";
  }
  return out + "rerun: " + rerun_command(r) + "\n";
}

std::string suite_of(const RunResult& r) { return r.ruleset.empty() ? "invalid" : r.ruleset; }

void write_case(const RunResult& r, std::ostream& out) {
  const std::string suite = suite_of(r);
  out << "    <testcase name=\"" << xml_escape(r.id + " [" + suite + "]") << "\" classname=\"" << xml_escape(area_of(r))
      << "\" file=\"" << xml_escape(r.file) << "\"";
  const Kind k = kind_of(r.outcome);
  if (k == Kind::Pass) {
    out << "/>\n";
    return;
  }
  out << ">\n";
  const std::string state(outcome_name(r.outcome));
  const std::string first_line = r.message.substr(0, r.message.find('\n'));
  if (k == Kind::Skipped) {
    out << "      <skipped message=\"" << xml_escape(state + ": " + first_line) << "\"/>\n";
  } else {
    const char* tag = k == Kind::Failure ? "failure" : "error";
    out << "      <" << tag << " type=\"" << state << "\" message=\"" << xml_escape(first_line) << "\">"
        << xml_escape(body(r)) << "</" << tag << ">\n";
  }
  out << "    </testcase>\n";
}

struct Tally {
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  void add(Outcome o) {
    ++tests;
    const Kind k = kind_of(o);
    failures += k == Kind::Failure;
    errors += k == Kind::Error;
    skipped += k == Kind::Skipped;
  }
};

std::string attrs(const Tally& t) {
  return "tests=\"" + std::to_string(t.tests) + "\" failures=\"" + std::to_string(t.failures) + "\" errors=\"" +
         std::to_string(t.errors) + "\" skipped=\"" + std::to_string(t.skipped) + "\"";
}

class JunitReporter final : public Reporter {
 public:
  void write(const RunReport& report, std::ostream& out) const override { write_document({&report}, false, out); }

  void write_many(const std::vector<RunReport>& runs, std::ostream& out) const override {
    std::vector<const RunReport*> all;
    for (const auto& r : runs) all.push_back(&r);
    write_document(all, true, out);
  }

 private:
  static void write_document(const std::vector<const RunReport*>& runs, bool named, std::ostream& out) {
    Tally all;
    for (const RunReport* report : runs)
      for (const auto& r : report->results) all.add(r.outcome);
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out << "<testsuites name=\"carc-oracle\" " << attrs(all) << ">\n";
    for (const RunReport* report : runs) write_suites(*report, named ? report->subject + " / " : "", out);
    out << "</testsuites>\n";
  }

  static void write_suites(const RunReport& report, const std::string& prefix, std::ostream& out) {
    std::vector<std::string> suites;  // in order of first appearance, invalid first
    std::map<std::string, std::vector<const RunResult*>> by_suite;
    for (const auto& r : report.results) {
      const std::string suite = suite_of(r);
      if (!by_suite.count(suite)) suites.push_back(suite);
      by_suite[suite].push_back(&r);
    }
    std::stable_partition(suites.begin(), suites.end(), [](const std::string& s) { return s == "invalid"; });
    for (const auto& suite : suites) {
      Tally t;
      for (const auto* r : by_suite[suite]) t.add(r->outcome);
      out << "  <testsuite name=\"" << xml_escape(prefix + suite) << "\" " << attrs(t) << ">\n";
      write_properties(suite, out);
      for (const auto* r : by_suite[suite]) write_case(*r, out);
      out << "  </testsuite>\n";
    }
  }

  // The preset's switches (a scenario's own `rules:` are in its JSON record).
  static void write_properties(const std::string& suite, std::ostream& out) {
    const auto rules = ruleset_named(suite);
    if (!rules) return;
    out << "    <properties>\n";
    for (const auto& [k, v] : rules->effective())
      out << "      <property name=\"" << xml_escape(k) << "\" value=\"" << xml_escape(v) << "\"/>\n";
    out << "    </properties>\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> make_junit_reporter() { return std::make_unique<JunitReporter>(); }

}  // namespace carc
