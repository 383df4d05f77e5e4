#include "runner/trace.hpp"

#include <nlohmann/json.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstring>

namespace carc {

Result<std::shared_ptr<Trace>> Trace::open(const std::string& path) {
  // A FIFO is opened without blocking first: with no reader that open fails at once (ENXIO)
  // where a plain open would wait for one for ever, before anything runs. With a reader, the
  // probe's descriptor stays open while the stream opens the FIFO, so that open cannot block.
  int probe = -1;
  if (struct stat st{}; ::stat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode)) {
    probe = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (probe < 0)
      return fail("--trace " + path + ": a FIFO " +
                  (errno == ENXIO ? std::string("with no reader: start its reader first (e.g. `cat " + path + " &`)")
                                  : "that cannot be written (" + std::string(std::strerror(errno)) + ")"));
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const int open_errno = errno;
  if (probe >= 0) ::close(probe);
  errno = open_errno;
  if (!out) return fail("--trace " + path + ": cannot be written (" + std::strerror(errno) + ")");
  return std::shared_ptr<Trace>(new Trace(path, std::move(out)));
}

void Trace::write(std::string line) {
  if (!ok_) return;
  line += '\n';
  out_.write(line.data(), static_cast<std::streamsize>(line.size()));
  out_.flush();  // a trace is read after a crash or a hang: every record is on disk as it happens
  ok_ = out_.good();
}

namespace {

nlohmann::ordered_json record(std::chrono::steady_clock::time_point start, int impl, int worker, const char* kind) {
  const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  nlohmann::ordered_json j;
  j["t"] = std::round(t * 1e6) / 1e6;  // seconds since the run began, to the microsecond
  j["impl"] = impl;
  if (worker > 0) j["worker"] = worker;  // run --jobs N: which of the N processes
  j["dir"] = kind;
  return j;
}

// Replaced, not thrown on: a reply may hold any bytes, and the trace must keep what can be kept.
std::string dumped(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace

void Trace::sent(int impl, int worker, std::string_view line) {
  const std::lock_guard lock(mutex_);
  auto j = record(start_, impl, worker, "sent");
  j["line"] = std::string(line);
  write(dumped(j));
}

void Trace::received(int impl, int worker, std::string_view line) {
  const std::lock_guard lock(mutex_);
  auto j = record(start_, impl, worker, "received");
  j["line"] = std::string(line);
  write(dumped(j));
}

void Trace::received_overlong(int impl, int worker, std::size_t bytes) {
  const std::lock_guard lock(mutex_);
  auto j = record(start_, impl, worker, "received");
  j["overlong"] = true;
  j["bytes"] = bytes;
  write(dumped(j));
}

void Trace::event(int impl, int worker, std::string_view what, std::string_view detail) {
  const std::lock_guard lock(mutex_);
  auto j = record(start_, impl, worker, "event");
  j["event"] = std::string(what);
  if (!detail.empty()) j["detail"] = std::string(detail);
  write(dumped(j));
}

}  // namespace carc
