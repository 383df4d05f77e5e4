#include "runner/parallel_subject.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <mutex>
#include <thread>

namespace carc {
namespace {

// The run's RequestSource shared by the workers' threads: every call under one
// lock, so the runner (which judges each reply and reports in order) stays
// single-threaded in effect. Progress is counted here, over all workers.
class LockedSource final : public RequestSource {
 public:
  LockedSource(RequestSource& inner, const std::function<void(std::size_t, std::size_t)>& progress)
      : inner_(inner), progress_(progress) {}

  const Request* next() override {
    const std::lock_guard lock(mutex_);
    return inner_.next();
  }
  bool exhausted() const override {
    const std::lock_guard lock(mutex_);
    return inner_.exhausted();
  }
  void reply(const Request& request, Reply reply) override {
    const std::lock_guard lock(mutex_);
    inner_.reply(request, std::move(reply));
    if (progress_) progress_(++done_, inner_.total());
  }
  std::size_t total() override {
    const std::lock_guard lock(mutex_);
    return inner_.total();
  }
  std::string stopped() const override {
    const std::lock_guard lock(mutex_);
    return inner_.stopped();
  }

 private:
  RequestSource& inner_;
  const std::function<void(std::size_t, std::size_t)>& progress_;
  mutable std::mutex mutex_;
  std::size_t done_ = 0;
};

}  // namespace

Result<std::unique_ptr<ParallelSubject>> ParallelSubject::start(const ProcessOptions& options, int jobs) {
  std::unique_ptr<ParallelSubject> p(new ParallelSubject());
  for (int k = 1; k <= std::max(jobs, 1); ++k) {
    ProcessOptions o = options;
    o.trace_worker = jobs > 1 ? k : 0;
    auto worker = ProcessSubject::start(std::move(o));
    if (!worker) return fail(jobs > 1 ? fmt::format("process {} of {}: {}", k, jobs, worker.error()) : worker.error());
    p->workers_.push_back(std::move(*worker));
  }
  return p;
}

void ParallelSubject::answer_all(RequestSource& source) {
  LockedSource shared(source, on_progress);
  std::vector<std::thread> threads;
  for (std::size_t k = 1; k < workers_.size(); ++k)
    threads.emplace_back([this, k, &shared] { workers_[k]->answer_all(shared); });
  workers_.front()->answer_all(shared);
  for (auto& t : threads) t.join();
}

std::vector<std::string> ParallelSubject::notes() const {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < workers_.size(); ++k)
    for (const auto& n : workers_[k]->notes())
      out.push_back(workers_.size() > 1 ? fmt::format("process {}: {}", k + 1, n) : n);
  return out;
}

}  // namespace carc
