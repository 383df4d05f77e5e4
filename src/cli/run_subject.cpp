#include "cli/run_subject.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>

#include "cli/exit_codes.hpp"
#include "cli/file_lock.hpp"
#include "cli/output.hpp"
#include "report/report.hpp"
#include "runner/engine_subject.hpp"
#include "runner/parallel_subject.hpp"
#include "runner/process_subject.hpp"
#include "scenario/capabilities.hpp"

#ifndef CARC_VERSION
#define CARC_VERSION "0.0.0"
#endif

namespace carc {
namespace {

constexpr int kMaxTimeoutSeconds = 86400;
// A reply is waited for in milliseconds: below one, --timeout 1e-9 read as "no reply within 0 s".
constexpr double kMinTimeoutSeconds = 0.001;
constexpr int kMaxJobs = 64;

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int start_impl(const SubjectPlan& plan, double timeout, RunSetup& setup, std::ostream& err) {
  auto argv = split_command(plan.impl);
  if (!argv) {
    setup.error = "--impl '" + echo(plan.impl) + "': " + argv.error();
    fmt::print(err, "carc-oracle run: {}\n", setup.error);
    return kExitInvalidInput;
  }
  if (!(timeout >= kMinTimeoutSeconds) || timeout > kMaxTimeoutSeconds) {
    // {:g}: the value as a stream prints a double (six significant digits).
    setup.error =
        fmt::format("--timeout must be a number of seconds from {:g} (a millisecond) to {} (one day), found {:g}",
                    kMinTimeoutSeconds, kMaxTimeoutSeconds, timeout);
    fmt::print(err, "carc-oracle run: {}\n", setup.error);
    return kExitInvalidInput;
  }
  ProcessOptions po;
  po.argv = std::move(*argv);
  po.timeout = std::chrono::milliseconds(static_cast<long long>(std::llround(timeout * 1000)));
  po.start_timeout = std::max(po.timeout, std::chrono::milliseconds(10000));
  po.trace = plan.trace;
  po.trace_impl = plan.number;
  po.strict = plan.strict;
  Result<std::unique_ptr<ImplementationSubject>> subject = fail("");
  if (plan.jobs > 1) {
    auto parallel = ParallelSubject::start(po, plan.jobs);
    subject = parallel ? Result<std::unique_ptr<ImplementationSubject>>(std::move(*parallel)) : fail(parallel.error());
  } else {
    auto one = ProcessSubject::start(std::move(po));
    subject = one ? Result<std::unique_ptr<ImplementationSubject>>(std::move(*one)) : fail(one.error());
  }
  if (!subject) {
    setup.error = "the implementation '" + echo(plan.impl) + "' could not be started: " + subject.error();
    fmt::print(err, "carc-oracle run: {}\n", setup.error);
    return kExitImplStart;
  }
  // Said before the results: a misspelt name in a handshake explains a run of `unsupported`.
  for (const auto& w : (*subject)->warnings())
    fmt::print(err, "carc-oracle run: warning: the handshake of '{}': {} (--strict makes this an error)\n",
               terminal_safe(echo(plan.impl)), terminal_safe(w));
  setup.subject = std::move(*subject);
  return kExitOk;
}

class UnstartedSubject final : public Subject {
 public:
  UnstartedSubject(std::string name, std::string why) : name_(std::move(name)), why_(std::move(why)) {}
  std::string name() const override { return name_; }
  // Everything our engine can take, so every scenario it would have been sent shows as errored.
  std::vector<std::string> capabilities() const override { return caps_; }
  Reply answer(const Request&) override { return Reply{ReplyKind::Errored, {}, why_, {}}; }

 private:
  std::string name_, why_;
  std::vector<std::string> caps_ = engine_capabilities();
};

}  // namespace

Result<std::vector<SubjectPlan>> plan_subjects(const RunOptions& o) {
  for (const auto& impl : o.impl)
    if (impl.find_first_not_of(" \t\n") == std::string::npos)
      return fail("--impl needs a command line, e.g. --impl './my-adapter --protocol'");
  const std::size_t n = std::max<std::size_t>(o.impl.size(), 1);
  for (const auto* files : {&o.expectations, &o.save_expectations}) {
    const char* option = files == &o.expectations ? "--expectations" : "--save-expectations";
    if (!files->empty() && files->size() != n)
      return fail(
          fmt::format("{} is given {} time{} for {} implementation{}: give it once per --impl, in the same order",
                      option, files->size(), files->size() == 1 ? "" : "s", n, n == 1 ? "" : "s"));
  }
  if (o.jobs < 1 || o.jobs > kMaxJobs)
    return fail(fmt::format("--jobs must be from 1 to {}, found {}", kMaxJobs, o.jobs));
  if (o.max_failures < 0)
    return fail(fmt::format("--max-failures must be 0 (no limit) or more, found {}", o.max_failures));
  if (o.max_crashes < 0)
    return fail(fmt::format("--max-crashes must be 0 (no limit) or more, found {}", o.max_crashes));
  if (!o.trace.empty() && o.impl.empty())
    return fail(
        "--trace needs --impl: our engine runs in process and exchanges no messages (`carc-oracle request ID` "
        "prints what a scenario would send)");
  std::vector<SubjectPlan> plans(n);
  for (std::size_t k = 0; k < n; ++k) {
    plans[k].number = static_cast<int>(k) + 1;
    if (k < o.impl.size()) plans[k].impl = o.impl[k];
    if (k < o.expectations.size()) plans[k].expectations = o.expectations[k];
    if (k < o.save_expectations.size()) plans[k].save_expectations = o.save_expectations[k];
    plans[k].jobs = o.jobs;
    plans[k].strict = o.strict;
  }
  return plans;
}

RunSetup setup_run_subject(const SubjectPlan& plan, double timeout, std::ostream& err) {
  RunSetup setup;
  // The file --save-expectations merges into: read first, so that a broken one is said before the run, not
  // overwritten. Only a regular file is merged; anything else there (a device, a FIFO) is written as before.
  // An empty file is one another shard's --save-expectations has just created to lock (cli/file_lock.hpp).
  if (std::error_code ec; !plan.save_expectations.empty() &&
                          std::filesystem::is_regular_file(plan.save_expectations, ec) &&
                          std::filesystem::file_size(plan.save_expectations, ec) > 0 && !ec) {
    auto saved = load_expectations(plan.save_expectations);
    if (!saved) {
      setup.error = "--save-expectations merges into the file there, which cannot be read: " + saved.error() +
                    " (fix it, or remove it to start afresh)";
      fmt::print(err, "carc-oracle run: {}\n", setup.error);
      setup.exit_code = kExitInvalidInput;
      return setup;
    }
    setup.saved = std::move(*saved);
  }
  if (!plan.expectations.empty()) {
    auto e = load_expectations(plan.expectations);
    if (!e) {
      setup.error = e.error();
      fmt::print(err, "carc-oracle run: {}\n", setup.error);
      setup.exit_code = kExitInvalidInput;
      return setup;
    }
    setup.expectations = std::move(*e);
  }
  if (plan.impl.empty()) {
    setup.subject = std::make_unique<EngineSubject>();
    return setup;
  }
  setup.exit_code = start_impl(plan, timeout, setup, err);
  return setup;
}

std::unique_ptr<Subject> unstarted_subject(const std::string& name, const std::string& why) {
  return std::make_unique<UnstartedSubject>(name, why);
}

Implementation implementation_of(const Subject& subject) {
  if (const auto* p = dynamic_cast<const ImplementationSubject*>(&subject))
    return {p->hello().name, p->hello().version, p->hello().protocol_version};
  return {subject.name(), CARC_VERSION, proto::kProtocolVersion};
}

ResultFilter::ResultFilter(const SubjectPlan& plan, const RunSetup& setup, const Implementation& now, bool whole,
                           std::ostream& err)
    : plan_(plan), now_(now), saved_(setup.saved), recorder_(whole) {
  if (setup.expectations) matcher_.emplace(*setup.expectations, whole);
  if (!setup.subject) return;  // it did not start: nothing to compare with
  for (const auto* file : {&setup.expectations, &setup.saved})
    if (*file)
      for (const std::string& why : {implementation_mismatch(**file, now), protocol_mismatch(**file, now)})
        if (!why.empty())
          fmt::print(err, "carc-oracle run: warning: {}{}\n",
                     (file == &setup.saved ? "--save-expectations " : "--expectations "), terminal_safe(why));
}

void ResultFilter::take(std::vector<RunResult>& results) {
  for (auto& r : results) {
    if (!plan_.save_expectations.empty()) recorder_.add(r);
    if (matcher_) matcher_->apply(r);
    invalid_ = invalid_ || r.outcome == Outcome::Invalid;
    failure_ = failure_ || is_failure(r.outcome);
  }
}

int ResultFilter::finish(const Subject& subject, std::ostream& err) {
  if (const auto* p = dynamic_cast<const ImplementationSubject*>(&subject))
    for (const auto& n : p->notes())
      fmt::print(err, "carc-oracle run: {}\n", terminal_safe(n));  // may quote its stderr
  if (matcher_)
    for (const auto& n : matcher_->notes()) fmt::print(err, "carc-oracle run: expectations: {}\n", terminal_safe(n));
  if (plan_.save_expectations.empty()) return kExitOk;
  const std::string& path = plan_.save_expectations;
  const bool json = ends_with(path, ".json");
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec)) {
    // A device or a FIFO: written as it is, nothing to merge with.
    const bool ok = write_file_checked(path, true, "run", err, [&](std::ostream& file) {
      file << recorder_.text(now_, json, saved_ ? &*saved_ : nullptr);
    });
    return ok ? kExitOk : kExitOutput;
  }
  // A regular file: merged under a lock with what is there NOW, so shards saving into one file at once
  // each add their part (issue 45: four shards at once kept 21 entries of 44).
  if (const auto parent = std::filesystem::path(path).parent_path(); !parent.empty())
    std::filesystem::create_directories(parent, ec);
  LockedFile file(path);
  std::string text;
  if (!file.error().empty() || !file.read(text, kMaxExpectationsBytes)) {
    fmt::print(err, "carc-oracle run: --save-expectations: {}\n", terminal_safe(file.error()));
    return kExitOutput;
  }
  std::optional<Expectations> now;
  if (!text.empty()) {
    auto parsed = parse_expectations(text, path);
    if (!parsed) {
      fmt::print(err,
                 "carc-oracle run: --save-expectations: the file changed during the run and cannot be read now: {} "
                 "(nothing was written; fix it or remove it, and save again)\n",
                 terminal_safe(parsed.error()));
      return kExitInvalidInput;
    }
    now = std::move(*parsed);
  }
  if (!file.replace(recorder_.text(now_, json, now ? &*now : nullptr))) {
    fmt::print(err, "carc-oracle run: --save-expectations: {}\n", terminal_safe(file.error()));
    return kExitOutput;
  }
  return kExitOk;
}

}  // namespace carc
