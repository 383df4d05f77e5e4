#include "cli/run_subject.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>

#include "cli/exit_codes.hpp"
#include "runner/engine_subject.hpp"
#include "runner/process_subject.hpp"

namespace carc {
namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int start_impl(const RunOptions& o, RunSetup& setup, std::ostream& err) {
  auto argv = split_command(o.impl);
  if (!argv) {
    err << "carc-oracle run: --impl '" << o.impl << "': " << argv.error() << "\n";
    return kExitInvalidInput;
  }
  if (!(o.timeout > 0) || o.timeout > 86400) {
    err << "carc-oracle run: --timeout must be a number of seconds above 0\n";
    return kExitInvalidInput;
  }
  ProcessOptions po;
  po.argv = std::move(*argv);
  po.timeout = std::chrono::milliseconds(static_cast<long long>(std::llround(o.timeout * 1000)));
  po.start_timeout = std::max(po.timeout, std::chrono::milliseconds(10000));
  auto subject = ProcessSubject::start(std::move(po));
  if (!subject) {
    err << "carc-oracle run: the implementation '" << o.impl << "' could not be started: " << subject.error() << "\n";
    return kExitImplStart;
  }
  setup.subject = std::move(*subject);
  return kExitOk;
}

}  // namespace

RunSetup setup_run_subject(const RunOptions& o, std::ostream& err) {
  RunSetup setup;
  if (!o.expectations.empty()) {
    auto e = load_expectations(o.expectations);
    if (!e) {
      err << "carc-oracle run: " << e.error() << "\n";
      setup.exit_code = kExitInvalidInput;
      return setup;
    }
    setup.expectations = std::move(*e);
  }
  if (o.impl.empty()) {
    setup.subject = std::make_unique<EngineSubject>();
    return setup;
  }
  setup.exit_code = start_impl(o, setup, err);
  return setup;
}

int finish_run(RunReport& report, const RunOptions& o, RunSetup& setup, std::ostream& err) {
  if (const auto* p = dynamic_cast<const ProcessSubject*>(setup.subject.get()))
    for (const auto& n : p->notes()) err << "carc-oracle run: " << n << "\n";
  if (!o.save_expectations.empty()) {
    std::ofstream file(o.save_expectations, std::ios::binary | std::ios::trunc);
    file << expectations_text(report, report.subject, ends_with(o.save_expectations, ".json"));
    if (!file) {
      err << "carc-oracle run: cannot write " << o.save_expectations << "\n";
      return kExitInvalidInput;
    }
  }
  if (setup.expectations)
    for (const auto& n : apply_expectations(report, *setup.expectations)) err << "carc-oracle run: expectations: " << n << "\n";
  return kExitOk;
}

}  // namespace carc
