// JUnit XML as Jenkins and GitLab read it: one <testsuite> per ruleset (plus
// "invalid" for scenarios that could not run), one <testcase> per result.
// failed and xpass are <failure>; invalid, errored, crashed and timed_out are
// <error>; unsupported, skipped and xfail are <skipped> (unsupported ones left out with
// ReportOptions::junit_omit_unsupported, counted in the suite's properties). With several
// implementations each has its suites, named "IMPLEMENTATION / RULESET". Every
// suite names the implementation it ran (properties implementation.name,
// .version, .command) and its coverage; with ReportOptions::timings every
// testcase carries time= (RunResult::seconds) and every suite its total.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <iterator>

#include "data/oracle_data.hpp"
#include "render/svg_board.hpp"
#include "report/report.hpp"
#include "report/spool.hpp"

namespace carc {
namespace {

enum class Kind { Pass, Failure, Error, Skipped };

Kind kind_of(Outcome o) {
  switch (o) {
    case Outcome::Passed:
      return Kind::Pass;
    case Outcome::Failed:
    case Outcome::XPass:
      return Kind::Failure;
    case Outcome::Unsupported:
    case Outcome::Skipped:
    case Outcome::XFail:
      return Kind::Skipped;
    default:
      return Kind::Error;
  }
}

std::string body(const RunResult& r, const RunHeader& run) {
  return fmt::format("{}rerun: {}\n", diff_text(r), rerun_command(r, run));
}

std::string suite_of(const RunResult& r) { return r.ruleset.empty() ? "invalid" : r.ruleset; }

// Seconds with millisecond precision, as JUnit readers expect ("0.012").
std::string seconds_text(double s) { return fmt::format("{:.3f}", std::max(s, 0.0)); }

std::string testcase(const RunResult& r, const RunHeader& run, bool timings) {
  std::string text;
  auto out = std::back_inserter(text);
  fmt::format_to(out, "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\"",
                 xml_escape(fmt::format("{} [{}]", r.id, suite_of(r))), xml_escape(area_of(r)), xml_escape(r.file));
  if (timings) fmt::format_to(out, " time=\"{}\"", seconds_text(r.seconds));
  const Kind k = kind_of(r.outcome);
  if (k == Kind::Pass) return text + "/>\n";
  text += ">\n";
  const std::string_view state = outcome_name(r.outcome);
  const std::string first_line = r.message.substr(0, r.message.find('\n'));
  if (k == Kind::Skipped) {
    fmt::format_to(out, "      <skipped message=\"{}\"/>\n", xml_escape(fmt::format("{}: {}", state, first_line)));
  } else {
    const char* tag = k == Kind::Failure ? "failure" : "error";
    fmt::format_to(out, "      <{0} type=\"{1}\" message=\"{2}\">{3}</{0}>\n", tag, state, xml_escape(first_line),
                   xml_escape(body(r, run)));
  }
  return text + "    </testcase>\n";
}

struct Tally {
  int tests = 0, failures = 0, errors = 0, skipped = 0;
  Counts counts{};
  double seconds = 0;
  void add(const RunResult& r) {
    const Outcome o = r.outcome;
    ++tests;
    seconds += std::max(r.seconds, 0.0);
    ++counts[static_cast<std::size_t>(o)];
    const Kind k = kind_of(o);
    failures += k == Kind::Failure;
    errors += k == Kind::Error;
    skipped += k == Kind::Skipped;
  }
  // An unsupported result left out of the testcases (ReportOptions::junit_omit_unsupported): in the coverage only.
  void omit(const RunResult& r) {
    ++counts[static_cast<std::size_t>(r.outcome)];
    ++omitted;
  }
  int omitted = 0;
};

std::string attrs(const Tally& t, bool timings) {
  return fmt::format("tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\"{}", t.tests, t.failures, t.errors,
                     t.skipped, timings ? fmt::format(" time=\"{}\"", seconds_text(t.seconds)) : "");
}

void property(std::string_view name, std::string_view value, std::ostream& out) {
  fmt::print(out, "      <property name=\"{}\" value=\"{}\"/>\n", xml_escape(name), xml_escape(value));
}

// The suite's coverage (ran of applicable beside what passed: `skipped` counts
// unsupported results too, which are no failure and did not run), then the
// preset's switches (a scenario's own `rules:` are in its JSON record).
void write_properties(const std::string& suite, const Tally& t, const RunHeader& run, const std::string& cut_short,
                      const std::string& played_as, std::ostream& out) {
  out << "    <properties>\n";
  property("implementation.name", run.name.empty() ? run.subject : run.name, out);
  property("implementation.version", run.version, out);
  property("implementation.command", run.command.empty() ? "(our engine, in process)" : run.command, out);
  const Coverage cov = coverage_of(t.counts);
  property("carc-oracle.coverage", coverage_line(t.counts), out);
  property("carc-oracle.applicable", fmt::format("{}", cov.applicable), out);
  property("carc-oracle.ran", fmt::format("{}", cov.ran), out);
  property("carc-oracle.passed", fmt::format("{}", cov.passed), out);
  if (!cut_short.empty()) property("carc-oracle.cut-short", cut_short, out);
  if (!played_as.empty()) property("carc-oracle.played-as", played_as, out);  // the run's, in every suite
  if (t.omitted > 0) property("carc-oracle.unsupported-omitted", fmt::format("{}", t.omitted), out);
  if (const auto rules = ruleset_named(suite))
    for (const auto& [k, v] : rules->effective()) property(k, v, out);
  out << "    </properties>\n";
}

class JunitWriter final : public ReportWriter {
 public:
  JunitWriter(const ReportOptions& o, bool several)
      : timings_(o.timings), several_(several), omit_unsupported_(o.junit_omit_unsupported) {}

  void begin_run(const RunHeader& header) override {
    runs_.emplace_back();
    runs_.back().prefix = several_ ? header.subject + " / " : "";
    runs_.back().header = header;
  }

  void add(const std::vector<RunResult>& results) override {
    Run& run = runs_.back();
    for (const auto& r : results) {
      const std::string name = suite_of(r);
      auto it = std::find_if(run.suites.begin(), run.suites.end(), [&](const Suite& s) { return s.name == name; });
      if (it == run.suites.end()) it = run.suites.insert(run.suites.end(), Suite{name, {}, {}});
      run.tally.add(r);
      if (omit_unsupported_ && r.outcome == Outcome::Unsupported) {
        it->tally.omit(r);
        all_.omit(r);
        continue;
      }
      it->tally.add(r);
      all_.add(r);
      spool_.append_to(it->cases, testcase(r, run.header, timings_));
    }
  }

  void end_run() override {
    auto& suites = runs_.back().suites;
    std::stable_partition(suites.begin(), suites.end(), [](const Suite& s) { return s.name == "invalid"; });
  }

  std::string finish(std::ostream& out) override {
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    const std::string name = runs_.size() == 1 ? fmt::format("carc-oracle: {}", runs_.front().header.subject)
                                               : fmt::format("carc-oracle: {} implementations", runs_.size());
    fmt::print(out, "<testsuites name=\"{}\" {}>\n", xml_escape(name), attrs(all_, timings_));
    for (const auto& run : runs_)
      for (const auto& suite : run.suites) {
        fmt::print(out, "  <testsuite name=\"{}\" {}>\n", xml_escape(run.prefix + suite.name),
                   attrs(suite.tally, timings_));
        write_properties(suite.name, suite.tally, run.header, run.tally.cut_short, played_as_line(run.tally), out);
        spool_.copy(suite.cases, out);
        out << "  </testsuite>\n";
      }
    out << "</testsuites>\n";
    return spool_.error();
  }

 private:
  struct Suite {
    std::string name;
    Tally tally;
    std::vector<Spool::Part> cases;
  };
  struct Run {
    std::string prefix;         // "NAME / " with several implementations
    RunHeader header;           // for the rerun hints
    std::vector<Suite> suites;  // in order of first appearance, invalid first
    RunTally tally;             // whether it was cut short
  };

  bool timings_, several_, omit_unsupported_;
  Tally all_;
  std::vector<Run> runs_;
  Spool spool_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_junit_writer(const ReportOptions& o, bool several) {
  return std::make_unique<JunitWriter>(o, several);
}

}  // namespace carc
