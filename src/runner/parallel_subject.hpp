#pragma once
// run --impl CMD --jobs N: N processes of one implementation answering the
// requests of one run side by side, each with its own handshake, pipeline,
// timeouts and restarts (a crash in one restarts only that one), each driven by
// its own thread. The requests come from the one RequestSource under a lock, so
// the runner judges and reports the results in the same deterministic order as
// with one process; only the times differ.
#include <memory>
#include <string>
#include <vector>

#include "engine/result.hpp"
#include "runner/process_subject.hpp"

namespace carc {

class ParallelSubject final : public ImplementationSubject {
 public:
  // Starts `jobs` processes (each: options with its worker number for the
  // trace), one after another; an error when any cannot start or fails the
  // handshake (exit 3), the ones started are stopped.
  static Result<std::unique_ptr<ParallelSubject>> start(const ProcessOptions& options, int jobs);

  std::string name() const override { return workers_.front()->name(); }
  std::vector<std::string> capabilities() const override { return workers_.front()->capabilities(); }
  std::vector<std::string> lacks(const Request& request) const override { return workers_.front()->lacks(request); }
  std::vector<std::string> plays(std::string_view key) const override { return workers_.front()->plays(key); }
  Reply answer(const Request& request) override { return workers_.front()->answer(request); }
  void answer_all(RequestSource& source) override;

  const proto::Hello& hello() const override { return workers_.front()->hello(); }
  int protocol_version() const override { return workers_.front()->protocol_version(); }
  // Each worker's notes, "worker K: " before each when there are several.
  std::vector<std::string> notes() const override;
  std::vector<std::string> warnings() const override { return workers_.front()->warnings(); }

 private:
  std::vector<std::unique_ptr<ProcessSubject>> workers_;
};

}  // namespace carc
