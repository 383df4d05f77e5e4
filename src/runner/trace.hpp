#pragma once
// `run --trace FILE`: every line the runner exchanges with each implementation,
// and what happens to the process, as JSON lines with the time since the run
// began (oracle/PROTOCOL.md §9 "Tracing"). One file for the whole run; each
// record names the implementation by its position among the --impl options.
#include <chrono>
#include <cstddef>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "engine/result.hpp"

namespace carc {

class Trace {
 public:
  // Creates (truncates) the file; an error says why it cannot be written. A FIFO
  // needs its reader already there: without one the error says so at once (the
  // run would otherwise wait before starting, for a reader that may never come).
  static Result<std::shared_ptr<Trace>> open(const std::string& path);

  // A line sent to or received from implementation `impl` (1-based), exactly as
  // it went over the pipe, without the newline; `worker` is which of its
  // processes under run --jobs N (1-based; 0: the only one, not recorded).
  // Thread-safe: the workers of --jobs write from their own threads.
  void sent(int impl, int worker, std::string_view line);
  void received(int impl, int worker, std::string_view line);
  // A received line over the length cap: its size only (its text was dropped).
  void received_overlong(int impl, int worker, std::size_t bytes);
  // The process started (its command line), ended or was stopped (how).
  void event(int impl, int worker, std::string_view what, std::string_view detail);

  // False once a write failed; `run` then reports the trace as incomplete.
  bool ok() const { return ok_; }
  const std::string& path() const { return path_; }

 private:
  Trace(std::string path, std::ofstream out) : path_(std::move(path)), out_(std::move(out)) {}
  void write(std::string line);

  std::string path_;
  std::ofstream out_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  bool ok_ = true;
  std::mutex mutex_;
};

}  // namespace carc
