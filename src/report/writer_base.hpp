#pragma once
// What every ReportWriter but JUnit's keeps: per implementation run its tally
// (and whatever else the format's Run adds), the comparison across runs, and
// the spool the results' text goes to (report.hpp, spool.hpp).
#include <vector>

#include "report/report.hpp"
#include "report/spool.hpp"

namespace carc {

// Run: the format's state for one implementation run, with a `RunTally tally`.
template <typename Run>
class TallyingWriter : public ReportWriter {
 public:
  void begin_run(const RunHeader& header) override {
    runs_.emplace_back();
    runs_.back().tally.header = header;
    compare_.begin_run();
  }
  void end_run() override {}
  void single_run() override { compare_.keep_cases(false); }

 protected:
  // Counts a result of the current run in its tally and in the comparison.
  void count(const RunResult& r) {
    runs_.back().tally.add(r);
    compare_.add(r);
  }
  std::vector<RunTally> tallies() const {
    std::vector<RunTally> out;
    for (const auto& run : runs_) out.push_back(run.tally);
    return out;
  }
  Comparison comparison() const { return compare_.build(tallies()); }

  std::vector<Run> runs_;
  ComparisonBuilder compare_;
  Spool spool_;
};

}  // namespace carc
