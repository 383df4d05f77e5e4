#include "runner/process_subject.hpp"

#include <fmt/format.h>

#include <signal.h>

#include <algorithm>
#include <charconv>
#include <map>

#include "protocol/codec.hpp"
#include "runner/handshake.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"

namespace carc {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

std::string seconds_text(milliseconds d) {
  const auto ms = d.count();
  return ms % 1000 == 0 ? fmt::format("{} s", ms / 1000) : fmt::format("{} ms", ms);
}

milliseconds until(Clock::time_point t) {
  return std::chrono::duration_cast<milliseconds>(t - Clock::now()) + milliseconds(1);
}

}  // namespace

std::vector<std::string> capability_names_of(const proto::Hello& hello) {
  std::vector<std::string> out;
  const auto add = [&](const std::string& name) {
    if (is_capability(name) && proto::expansion_introduced_in(name) <= hello.protocol_version) out.push_back(name);
  };
  for (const auto& e : hello.capabilities.expansions) add(e);
  for (const auto& f : hello.capabilities.figures) add(f == "follower" ? "base" : f);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// ---------------------------------------------------------------------------
// One batch of requests through the process: pipelined sends, replies matched
// by seq, timeouts, crashes and restarts (process_subject.hpp says how each
// misbehaviour ends).
class Batch {
 public:
  Batch(ProcessSubject& p, RequestSource& source) : p_(p), source_(source) {}

  void run() {
    Connection& c = p_.conn_;
    if (!c.dead && c.child.exited()) {
      c.stop(milliseconds(0));
      p_.note("the implementation " + c.how + " between requests" + c.stderr_excerpt());
    }
    while (true) {
      if (const std::string why = source_.stopped(); !why.empty()) {  // cut short: nothing more is sent
        hand_back(ReplyKind::Skipped, why);
        break;
      }
      if (p_.conn_.dead && !(queue_.empty() && inflight_.empty() && source_.exhausted()) && !revive()) break;
      fill();
      if (inflight_.empty()) break;  // nothing left: the source has no request and none waits
      step();
    }
  }

 private:
  struct InFlight {
    const Request* request;
    std::string seq;
    Clock::time_point sent;
  };

  bool revive() {
    if (auto ok = p_.launch(); !ok) {
      give_up("not run: the implementation could not be restarted: " + ok.error());
      return false;
    }
    ++p_.restarts_;
    p_.note(fmt::format("restarted the implementation (restart {})", p_.restarts_));
    last_progress_ = Clock::now();
    return true;
  }

  // The next request to send: one sent again after a restart first, then a new one.
  const Request* next_request() {
    if (!queue_.empty()) {
      const Request* r = queue_.front();
      queue_.pop_front();
      return r;
    }
    return source_.next();
  }

  void fill() {
    while (inflight_.size() < std::max<std::size_t>(1, p_.options_.window)) {
      const Request* r = next_request();
      if (!r) return;
      std::string seq = std::to_string(p_.next_seq_++);
      p_.conn_.send(proto::encode_run(wire_request(*r, seq, p_.hello_.protocol_version)));
      p_.remember_sent(r->scenario->id + " under " + r->rules.name);
      inflight_.push_back({r, std::move(seq), Clock::now()});
    }
  }

  void step() {
    Connection& c = p_.conn_;
    const Clock::time_point deadline = std::max(inflight_.front().sent, last_progress_) + p_.options_.timeout;
    bytes_ += c.pump(std::min(until(deadline), milliseconds(1000)));
    proto::Line line;
    while (!inflight_.empty() && c.next_line(line)) take(line);
    if (inflight_.empty()) return;
    if (c.dead) return crashed();
    if (bytes_ > p_.options_.max_output) return runaway();
    if (Clock::now() >= std::max(inflight_.front().sent, last_progress_) + p_.options_.timeout) timed_out();
  }

  // One line from the process.
  void take(const proto::Line& line) {
    if (line.overlong)
      return resolve_head(
          ReplyKind::Errored,
          fmt::format("protocol violation: a line of {} bytes, over the limit of {}", line.size, p_.options_.max_line));
    auto reply = proto::decode_reply(line.text);
    if (!reply)
      return resolve_head(ReplyKind::Errored,
                          "protocol violation: not a reply (" + reply.error() + "): " + proto::excerpt(line.text));
    const auto it =
        std::find_if(inflight_.begin(), inflight_.end(), [&](const InFlight& f) { return f.seq == reply->seq; });
    if (it != inflight_.end()) return resolve(it, *reply);
    if (const auto known = p_.sent_label(reply->seq)) {
      p_.note("ignored a second reply to seq " + reply->seq + " (" + *known + ")");
      return;
    }
    resolve_head(ReplyKind::Errored, "protocol violation: a reply to seq " + proto::excerpt(reply->seq, 40) +
                                         ", which was never sent: " + proto::excerpt(line.text));
  }

  void resolve(std::deque<InFlight>::iterator it, proto::RunReply& r) {
    Reply out;
    out.kind = r.state == proto::ReplyState::Answered  ? ReplyKind::Answered
               : r.state == proto::ReplyState::Skipped ? ReplyKind::Skipped
                                                       : ReplyKind::Errored;
    out.message = std::move(r.message);
    if (out.kind == ReplyKind::Answered) out.answer = restore_probes(*it->request, std::move(r.answer));
    finish(it, std::move(out));
  }

  // The legal map is keyed by the probes as sent (canonical); the runner looks them up as written.
  static Answer restore_probes(const Request& r, Answer a) {
    std::map<std::string, std::string> legal;
    for (const auto& probe : r.probes)
      if (const auto v = a.legal.find(wire_move(probe)); v != a.legal.end()) legal[probe] = v->second;
    a.legal = std::move(legal);
    return a;
  }

  void resolve_head(ReplyKind kind, std::string message) {
    if (inflight_.empty()) return p_.note("ignored output with no request waiting: " + message);
    finish(inflight_.begin(), Reply{kind, {}, std::move(message), {}});
  }

  // The reply goes back to the source, which judges it at once.
  void finish(std::deque<InFlight>::iterator it, Reply r) {
    const Request* request = it->request;
    inflight_.erase(it);
    last_progress_ = Clock::now();
    bytes_ = 0;
    ++done_;
    source_.reply(*request, std::move(r));
    if (p_.on_progress) p_.on_progress(done_, source_.total());
  }

  // The others in flight go to the next process, in their order.
  void requeue() {
    for (auto it = inflight_.rbegin(); it != inflight_.rend(); ++it) queue_.push_front(it->request);
    inflight_.clear();
    p_.conn_.lines.clear();
    bytes_ = 0;
  }

  void crashed() {
    Connection& c = p_.conn_;
    const std::size_t partial = c.lines.partial_size();
    std::string why = "the implementation " + c.how + " while this request was in flight";
    if (partial > 0) why += fmt::format(", in the middle of a line ({} bytes)", partial);
    why += c.stderr_excerpt();
    if (!queue_.empty() || inflight_.size() > 1 || !source_.exhausted())
      why += "; it was restarted for the requests after it";
    resolve_head(ReplyKind::Crashed, why);
    requeue();
  }

  void timed_out() {
    const bool last = queue_.empty() && inflight_.size() == 1 && source_.exhausted();
    resolve_head(ReplyKind::TimedOut, "no reply within " + seconds_text(p_.options_.timeout) +
                                          "; the implementation was stopped" + (last ? "" : " and restarted"));
    p_.conn_.stop(milliseconds(0));
    requeue();
  }

  void runaway() {
    resolve_head(
        ReplyKind::Errored,
        fmt::format("protocol violation: more than {} bytes of output without a reply; the implementation was stopped",
                    p_.options_.max_output));
    p_.conn_.stop(milliseconds(0));
    requeue();
  }

  // Every request left is crashed with why: those in flight, those to send again, and the source's.
  void give_up(const std::string& why) { hand_back(ReplyKind::Crashed, why); }

  // Every request this batch holds (in flight, to send again) and the source's
  // remaining ones end as `kind` with why.
  void hand_back(ReplyKind kind, const std::string& why) {
    std::deque<const Request*> left;
    for (const auto& f : inflight_) left.push_back(f.request);
    left.insert(left.end(), queue_.begin(), queue_.end());
    inflight_.clear();
    queue_.clear();
    for (const Request* r : left) finish_left(r, kind, why);
    while (const Request* r = source_.next()) finish_left(r, kind, why);
  }

  void finish_left(const Request* r, ReplyKind kind, const std::string& why) {
    ++done_;
    source_.reply(*r, Reply{kind, {}, why, {}});
    if (p_.on_progress) p_.on_progress(done_, source_.total());
  }

  ProcessSubject& p_;
  RequestSource& source_;
  std::deque<const Request*> queue_;  // to send again after a restart, in order
  std::deque<InFlight> inflight_;
  Clock::time_point last_progress_ = Clock::now();
  std::size_t bytes_ = 0;  // read since the last reply
  std::size_t done_ = 0;   // requests resolved
};

// ---------------------------------------------------------------------------

Result<std::unique_ptr<ProcessSubject>> ProcessSubject::start(ProcessOptions options) {
  ::signal(SIGPIPE, SIG_IGN);  // a process that dies mid-write must not kill the runner
  std::unique_ptr<ProcessSubject> p(new ProcessSubject(std::move(options)));
  auto hello = p->launch();
  if (!hello) return fail(hello.error());
  p->hello_ = std::move(*hello);
  p->caps_ = capability_names_of(p->hello_);
  p->warnings_ = handshake_warnings(p->hello_);
  if (p->options_.strict && !p->warnings_.empty())
    return fail(fmt::format("its handshake declares what this runner cannot use (--strict): {}",
                            fmt::join(p->warnings_, "; ")));
  return p;
}

Result<proto::Hello> ProcessSubject::launch() {
  if (auto ok = conn_.open(options_); !ok) return fail(ok.error());
  conn_.send(proto::encode_start(options_.protocol_version));
  const auto deadline = Clock::now() + options_.start_timeout;
  proto::Line line;
  while (!conn_.next_line(line)) {
    if (conn_.dead) {
      const bool partial = conn_.lines.partial_size() > 0;
      return fail("it " + conn_.how + " before replying to start" + (partial ? " (after part of a line)" : "") +
                  conn_.stderr_excerpt());
    }
    if (Clock::now() >= deadline) {
      conn_.stop(milliseconds(0));
      return fail("no reply to start within " + seconds_text(options_.start_timeout) + conn_.stderr_excerpt());
    }
    conn_.pump(std::min(until(deadline), milliseconds(1000)));
  }
  auto hello = line.overlong
                   ? Result<proto::Hello>(fail(fmt::format("a line over the limit of {} bytes", options_.max_line)))
                   : proto::decode_hello(line.text);
  if (!hello) {
    const std::string text = line.overlong ? std::string() : ": " + proto::excerpt(line.text);
    conn_.stop(milliseconds(0));
    return fail("its reply to start is not a valid handshake (" + hello.error() + ")" + text + conn_.stderr_excerpt());
  }
  return hello;
}

ProcessSubject::~ProcessSubject() {
  if (conn_.dead) return;
  conn_.send(proto::encode_stop());
  const auto deadline = Clock::now() + milliseconds(200);
  while (!conn_.dead && !conn_.outgoing.empty() && Clock::now() < deadline) conn_.pump(milliseconds(20));
  conn_.child.close_stdin();
  conn_.stop(milliseconds(1000));
}

void ProcessSubject::remember_sent(std::string what) {
  if (sent_.size() >= kSentWindow) sent_.pop_front();
  sent_.push_back(std::move(what));
}

std::optional<std::string> ProcessSubject::sent_label(const std::string& seq) const {
  long long n = 0;
  const char* end = seq.data() + seq.size();
  if (seq.empty() || seq[0] == '0' || std::from_chars(seq.data(), end, n).ptr != end || n < 1 || n >= next_seq_)
    return std::nullopt;  // not a seq this runner wrote: 1, 2, 3, ... as JSON integers
  const long long first = next_seq_ - static_cast<long long>(sent_.size());
  if (n >= first) return sent_[static_cast<std::size_t>(n - first)];
  return fmt::format("a request sent more than {} requests before the last", kSentWindow);
}

void ProcessSubject::note(std::string text) {
  if (notes_.size() < 200) notes_.push_back(std::move(text));
}

std::string ProcessSubject::name() const { return hello_.name + " " + hello_.version; }

std::vector<std::string> ProcessSubject::capabilities() const { return caps_; }

std::vector<std::string> lacking_items(const proto::Hello& hello, const Request& request) {
  std::vector<std::string> missing;
  const auto& declared = hello.capabilities.switches;
  const std::vector<std::string> capabilities =
      request.scenario ? required_capabilities(*request.scenario, hello.protocol_version) : std::vector<std::string>{};
  const int version = hello.protocol_version;
  for (const auto& [key, value] : request.rules.effective()) {
    const SwitchSpec* spec = find_switch(key);
    if (proto::switch_introduced_in(key) > version) {
      // A switch of a capability of a later version: its scenarios need what this version
      // cannot declare anyway.
      if (!spec || proto::expansion_introduced_in(spec->capability) > version) continue;
      // A switch new since (proto::switch_history): never sent, the implementation plays it as
      // its version did. Where that can matter and differs from the request's value, the
      // request is not for it (unless our engine finds the verdict the same under a value it plays: runner.hpp
      // settle_lacks).
      if (request.scenario && spec && switch_matters(*spec, capabilities) &&
          value != proto::default_in_version(key, version))
        missing.push_back(fmt::format("switch {}={} (protocol {})", key, value, proto::switch_introduced_in(key)));
      continue;
    }
    if (!switch_sent(key, version, request.scenario ? &capabilities : nullptr))
      continue;  // never sent: see wire_ruleset
    // Up to version 4 every switch is sent; one that cannot matter, at a value of a later
    // version, is sent as the version's default (wire_ruleset) and needs nothing.
    const bool matters = !request.scenario || !spec || switch_matters(*spec, capabilities);
    if (!matters && !proto::value_in_version(key, value, version)) continue;
    if (!proto::value_in_version(key, value, version)) {  // a value of a later version: never declarable
      missing.push_back(fmt::format("switch {}={} (protocol {})", key, value, proto::value_introduced_in(key, value)));
      continue;
    }
    const auto it = declared.find(std::string(key));
    const bool ok = it != declared.end() ? std::find(it->second.begin(), it->second.end(), value) != it->second.end()
                                         : proto::default_in_version(key, version) == value;
    if (!ok) missing.push_back("switch " + std::string(key) + "=" + std::string(value));
  }
  const auto& queries = hello.capabilities.queries;
  for (const auto& q : request.queries)
    if (std::find(queries.begin(), queries.end(), q) == queries.end()) missing.push_back("query " + q);
  return missing;
}

std::vector<std::string> ProcessSubject::lacks(const Request& request) const { return lacking_items(hello_, request); }

std::vector<std::string> played_values(const proto::Hello& hello, std::string_view key) {
  const int version = hello.protocol_version;
  std::vector<std::string> out;
  if (proto::switch_introduced_in(key) <= version)
    if (const auto it = hello.capabilities.switches.find(std::string(key)); it != hello.capabilities.switches.end())
      for (const auto& v : it->second)
        if (proto::value_in_version(key, v, version) && std::find(out.begin(), out.end(), v) == out.end())
          out.push_back(v);
  if (const std::string_view d = proto::default_in_version(key, version); out.empty() && !d.empty())
    out.emplace_back(d);
  return out;
}

std::vector<std::string> ProcessSubject::plays(std::string_view key) const { return played_values(hello_, key); }

namespace {

// A source of one request, keeping its reply.
class OneRequest final : public RequestSource {
 public:
  explicit OneRequest(const Request& r) : request_(r) {}
  const Request* next() override {
    if (taken_) return nullptr;
    taken_ = true;
    return &request_;
  }
  bool exhausted() const override { return taken_; }
  void reply(const Request&, Reply r) override { reply_ = std::move(r); }
  std::size_t total() override { return 1; }
  Reply take() { return std::move(reply_); }

 private:
  const Request& request_;
  bool taken_ = false;
  Reply reply_{ReplyKind::Errored, {}, "no reply (internal error)", {}};
};

}  // namespace

Reply ProcessSubject::answer(const Request& request) {
  OneRequest one(request);
  answer_all(one);
  return one.take();
}

void ProcessSubject::answer_all(RequestSource& source) { Batch(*this, source).run(); }

}  // namespace carc
