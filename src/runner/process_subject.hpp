#pragma once
// An external implementation as a subject: one persistent process spoken to
// over the JSON-lines protocol (oracle/PROTOCOL.md), requests pipelined, each
// with a timeout. Whatever the process does — garbage, a hang, a crash, a
// partial or huge line, a reply to an unknown seq, a reply twice — ends as a
// result state of the request concerned, never as a stopped run:
//   - a line that is not a reply with a known seq, or an overlong one, is
//     `errored` for the oldest unanswered request (the one a process answering
//     in order is working on); a second reply to a seq is ignored (a note);
//   - no reply for `timeout` since the oldest unanswered request was sent or
//     since the previous reply: that request is `timed_out`, the process is
//     stopped and restarted, the other requests in flight are sent again;
//   - the process exits or closes its stdout: the oldest unanswered request is
//     `crashed`, the process is restarted, the others are sent again;
//   - it cannot be restarted: every request left is `crashed`, with the reason.
#include <chrono>
#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.hpp"
#include "protocol/messages.hpp"
#include "runner/connection.hpp"
#include "runner/subject.hpp"

namespace carc {

// An implementation behind the protocol, as `run` sees it: its handshake, what the
// handshake declares that the runner cannot use (warnings) and what happened besides
// results (restarts, ignored replies). ProcessSubject is one process; ParallelSubject (run --jobs N) several.
class ImplementationSubject : public Subject {
 public:
  virtual const proto::Hello& hello() const = 0;
  virtual std::vector<std::string> notes() const = 0;
  virtual std::vector<std::string> warnings() const = 0;
};

class ProcessSubject final : public ImplementationSubject {
 public:
  // The seqs sent that keep their "ID under RULESET" for the note on a second reply.
  static constexpr std::size_t kSentWindow = 4096;
  // Starts the process and performs the handshake; an error says why it could
  // not start or what was wrong with its reply (exit code 3).
  static Result<std::unique_ptr<ProcessSubject>> start(ProcessOptions options);
  ~ProcessSubject() override;  // sends stop, then stops the process

  std::string name() const override;
  std::vector<std::string> capabilities() const override;
  std::vector<std::string> lacks(const Request& request) const override;
  std::vector<std::string> plays(std::string_view key) const override;
  Reply answer(const Request& request) override;
  void answer_all(RequestSource& source) override;

  const proto::Hello& hello() const override { return hello_; }
  int protocol_version() const override { return hello_.protocol_version; }
  int restarts() const { return restarts_; }
  // How many seqs sent keep their label: at most kSentWindow, however many were sent.
  std::size_t sent_kept() const { return sent_.size(); }
  // What happened besides results: restarts, ignored replies.
  std::vector<std::string> notes() const override { return notes_; }
  // What the handshake declares that this runner cannot use (runner/handshake.hpp).
  std::vector<std::string> warnings() const override { return warnings_; }

 private:
  friend class Batch;
  explicit ProcessSubject(ProcessOptions o) : options_(std::move(o)) {}
  // Spawns the process and performs the handshake. A restarted process keeps
  // the first handshake's capabilities: the requests were chosen by them.
  Result<proto::Hello> launch();
  void note(std::string text);

  ProcessOptions options_;
  proto::Hello hello_;
  std::vector<std::string> caps_;
  Connection conn_;
  long long next_seq_ = 1;
  // Whether a reply's seq was sent before (a second or late reply, a note) or never (a
  // violation), and what it was for. Seqs are 1, 2, 3, ... so every seq below next_seq_ was
  // sent; only the last kSentWindow keep their "ID under RULESET", so memory stays flat
  // however long the run (issue 45: one entry per request ever sent, 78 MiB at 2,500 games).
  std::deque<std::string> sent_;  // "ID under RULESET" of seqs next_seq_ - size() .. next_seq_ - 1
  void remember_sent(std::string what);
  // "ID under RULESET" of a seq sent (or a placeholder beyond the window); nothing when never sent.
  std::optional<std::string> sent_label(const std::string& seq) const;
  int restarts_ = 0;
  std::vector<std::string> notes_;
  std::vector<std::string> warnings_;
};

// The runner's capability names of a handshake: expansions plus figure kinds (the follower
// is `base`), without the names this runner does not know or the handshake's version cannot
// have (handshake_warnings names them).
std::vector<std::string> capability_names_of(const proto::Hello& hello);

// What a request needs beyond a handshake's switches and queries, one item each
// ("switch farmers=off", "query apply"); empty when it can be sent.
// ProcessSubject::lacks returns them; adapter-check counts them.
std::vector<std::string> lacking_items(const proto::Hello& hello, const Request& request);
// The values of switch `key` a handshake's implementation plays (Subject::plays): those it declares
// that its version has, else the value its version plays (proto::default_in_version); in the
// declared order.
std::vector<std::string> played_values(const proto::Hello& hello, std::string_view key);

}  // namespace carc
