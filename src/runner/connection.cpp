#include "runner/connection.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "protocol/codec.hpp"

namespace carc {
namespace {

constexpr std::size_t kStderrTail = 4096;
constexpr std::size_t kReadChunk = 65536;
constexpr std::size_t kMaxReadPerRound = std::size_t{1} << 20;  // then let the caller check its deadlines
constexpr std::chrono::milliseconds kExitGrace{500};
constexpr std::chrono::milliseconds kExitCheck{50};

int poll_millis(std::chrono::milliseconds wait) {
  return static_cast<int>(std::max<long long>(0, std::min<long long>(wait.count(), 60000)));
}

}  // namespace

Result<bool> Connection::open(const ProcessOptions& o) {
  trace = o.trace;
  trace_impl = o.trace_impl;
  trace_worker = o.trace_worker;
  const auto command = [&] {  // only for the trace
    std::string text;
    for (const auto& a : o.argv) text += (text.empty() ? "" : " ") + a;
    return text;
  };
  auto child_or = ChildProcess::spawn(o.argv);
  if (!child_or) {
    if (trace) trace->event(trace_impl, trace_worker, "not-started", command() + ": " + child_or.error());
    return fail(child_or.error());
  }
  if (trace) trace->event(trace_impl, trace_worker, "started", command());
  child = std::move(*child_or);
  lines = proto::LineReader(o.max_line);
  outgoing.clear();
  stderr_tail.clear();
  dead = false;
  how.clear();
  return true;
}

void Connection::send(const std::string& line) {
  if (trace) trace->sent(trace_impl, trace_worker, line);
  outgoing += line;
  outgoing += '\n';
}

bool Connection::next_line(proto::Line& line) {
  if (!lines.next(line)) return false;
  if (trace) {
    if (line.overlong)
      trace->received_overlong(trace_impl, trace_worker, line.size);
    else
      trace->received(trace_impl, trace_worker, line.text);
  }
  return true;
}

bool Connection::stop(std::chrono::milliseconds grace) {
  if (dead) return true;
  // Let a process that is exiting finish (and keep what it says on stderr, e.g. a traceback).
  const auto until = std::chrono::steady_clock::now() + grace;
  while (!child.exited() && std::chrono::steady_clock::now() < until) read_stderr(std::chrono::milliseconds(5));
  read_stderr(std::chrono::milliseconds(0));
  const bool by_itself = child.exited();
  how = child.finish(std::chrono::milliseconds(0));
  dead = true;
  if (trace) trace->event(trace_impl, trace_worker, by_itself ? "ended" : "stopped", how);
  outgoing.clear();
  return by_itself;
}

void Connection::read_stderr(std::chrono::milliseconds wait) {
  const int fd = child.stderr_fd();
  if (fd < 0) {
    if (wait.count() > 0) ::poll(nullptr, 0, poll_millis(wait));
    return;
  }
  pollfd p{fd, POLLIN, 0};
  if (::poll(&p, 1, poll_millis(wait)) <= 0) return;
  char buf[kReadChunk];
  const ssize_t r = ::read(fd, buf, sizeof buf);
  if (r > 0) {
    stderr_tail.append(buf, static_cast<std::size_t>(r));
    if (stderr_tail.size() > kStderrTail) stderr_tail.erase(0, stderr_tail.size() - kStderrTail);
  } else if (r == 0 || (errno != EAGAIN && errno != EINTR)) {
    child.close_stderr();
  }
}

std::size_t Connection::pump(std::chrono::milliseconds wait) {
  if (dead) return 0;
  pollfd fds[4];
  nfds_t n = 0;
  const int out_fd = child.stdout_fd(), err_fd = child.stderr_fd(), in_fd = child.stdin_fd();
  const int exit_fd = child.exit_fd();
  fds[n++] = {out_fd, POLLIN, 0};
  if (err_fd >= 0) fds[n++] = {err_fd, POLLIN, 0};
  if (in_fd >= 0 && !outgoing.empty()) fds[n++] = {in_fd, POLLOUT, 0};
  if (exit_fd >= 0) fds[n++] = {exit_fd, POLLIN, 0};
  // Without a pidfd the process's exit is noticed by looking, a few times a second.
  if (exit_fd < 0) wait = std::min(wait, kExitCheck);
  if (::poll(fds, n, poll_millis(wait)) < 0) return 0;  // EINTR: the caller comes back
  std::size_t read_total = 0;
  bool eof = false;
  for (nfds_t i = 0; i < n; ++i) {
    if (fds[i].revents == 0 || fds[i].fd == exit_fd) continue;
    if (fds[i].fd == in_fd) {
      const ssize_t w = ::write(in_fd, outgoing.data(), outgoing.size());
      if (w > 0)
        outgoing.erase(0, static_cast<std::size_t>(w));
      else if (w < 0 && errno != EAGAIN && errno != EINTR) {  // EPIPE: it stopped reading
        outgoing.clear();
        child.close_stdin();
      }
    } else if (fds[i].fd == err_fd) {
      read_stderr(std::chrono::milliseconds(0));
    } else {
      eof = read_stdout(read_total);
    }
  }
  // Exited while something it started still holds its stdout open, so no end
  // of file will come: what it wrote before exiting is read, then it is finished.
  if (!eof && child.exited()) {
    eof = read_stdout(read_total);
    if (!eof && read_total < kMaxReadPerRound) {
      stop(std::chrono::milliseconds(0));
      how += " (a process it started still held its stdout, and was stopped)";
      return read_total;
    }
  }
  if (eof && !stop(kExitGrace)) how = "closed its stdout without exiting (it was stopped)";
  return read_total;
}

bool Connection::read_stdout(std::size_t& read_total) {
  char buf[kReadChunk];
  while (read_total < kMaxReadPerRound) {
    const ssize_t r = ::read(child.stdout_fd(), buf, sizeof buf);
    if (r > 0) {
      lines.feed(std::string_view(buf, static_cast<std::size_t>(r)));
      read_total += static_cast<std::size_t>(r);
      continue;
    }
    return r == 0 || (errno != EAGAIN && errno != EINTR);
  }
  return false;
}

std::string Connection::stderr_excerpt() const {
  std::string tail = stderr_tail;
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == ' ')) tail.pop_back();
  if (tail.empty()) return {};
  // The last few lines, at most 600 bytes.
  std::size_t start = tail.size() > 600 ? tail.size() - 600 : 0;
  int newlines = 0;
  for (std::size_t i = tail.size(); i > start; --i)
    if (tail[i - 1] == '\n' && ++newlines == 6) {
      start = i;
      break;
    }
  std::string text = tail.substr(start);
  for (char& c : text)
    if (c == '\n') c = '/';
  return "; its stderr ends: " + proto::excerpt(text, 600);
}

}  // namespace carc
