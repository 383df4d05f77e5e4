#pragma once
// A subject is a rules engine under test. The runner sends it one request per
// scenario x ruleset and compares its answer with the expectations, so the
// subject never sees them. Answers use the canonical notation as text, which
// is what an external implementation sends over the protocol (DESIGN.md
// "The protocol"); our own engine is the in-process EngineSubject.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "answer/answer.hpp"
#include "engine/rules.hpp"
#include "protocol/messages.hpp"
#include "runner/board_views.hpp"
#include "scenario/scenario.hpp"

namespace carc {

struct Request {
  const Scenario* scenario = nullptr;  // position and query (apply, final_scoring)
  RuleSet rules;                       // effective: preset plus the scenario's `rules:`
  std::vector<std::string> probes;     // moves whose legality the expectations ask about
  std::vector<std::string> queries;    // query kinds it needs: moves, apply, final-scoring, legal
  bool board_views = false;            // a reporter draws the boards (ResultExtras::board_views)
};

// The answer's fields (src/answer, oracle/PROTOCOL.md "Answer") are plain canonical text.

enum class ReplyKind : std::uint8_t { Answered, Skipped, Errored, Crashed, TimedOut };

struct Reply {
  ReplyKind kind = ReplyKind::Answered;
  Answer answer;
  std::string message;  // why it skipped, errored or crashed
  // Our engine's boards before and after the moves, when the request asked and
  // the subject is our engine (it drew them from the states it answered with).
  std::shared_ptr<const ScenarioViews> views;
};

// The requests of a run as the subject takes them: one at a time with next()
// (a subject that pipelines takes several before answering), each reply given
// back with reply(). A request stays valid until its reply is given back, so
// the runner can make requests as they are taken and judge each reply as it
// comes, holding only the requests in flight (memory stays flat however long
// the run).
class RequestSource {
 public:
  virtual ~RequestSource() = default;
  // The next request; null when none is left, or when the runner waits for a
  // reply first (then at least one request is in flight).
  virtual const Request* next() = 0;
  // Whether every request has been handed out.
  virtual bool exhausted() const = 0;
  virtual void reply(const Request& request, Reply reply) = 0;
  // The number of requests in the run, for progress (it may count them first).
  virtual std::size_t total() = 0;
  // Non-empty once the run is cut short (run --max-failures, the cap on
  // consecutive crashes): why. A subject then sends nothing more and gives
  // back every request it still holds as skipped with this reason.
  virtual std::string stopped() const { return {}; }
};

class Subject {
 public:
  virtual ~Subject() = default;
  virtual std::string name() const = 0;
  // Capability names (src/scenario/capabilities.hpp); scenarios needing others are `unsupported`, never sent.
  virtual std::vector<std::string> capabilities() const = 0;
  virtual Reply answer(const Request& request) = 0;
  // What this subject lacks for a request beyond capabilities(), one item each (a rule switch
  // value or a query kind: "switch farmers=off", "query apply"); empty when it can take it.
  // Such a request is `unsupported`, with every missing item named at once, and never sent.
  virtual std::vector<std::string> lacks(const Request& /*request*/) const { return {}; }
  // The values of a switch it plays, as its handshake declares them (a switch it does not declare,
  // or one of a later protocol version than it speaks: the one value its version plays); empty
  // when it plays every value (our engine). A request lacking a value is sent with one of these
  // instead when our engine finds the verdict the same (runner.hpp settle_lacks).
  virtual std::vector<std::string> plays(std::string_view /*key*/) const { return {}; }
  // The protocol version it answers in (our engine in process: the newest); the expected reason
  // codes are read in that version (proto::reason_in_version).
  virtual int protocol_version() const { return proto::kProtocolVersion; }
  // Answers every request of the source; a subject that pipelines (an external
  // process) overrides it. on_progress is called after each reply.
  virtual void answer_all(RequestSource& source) {
    std::size_t done = 0;
    while (const Request* r = source.next()) {
      source.reply(*r, answer(*r));
      if (on_progress) on_progress(++done, source.total());
    }
  }

  // When set, called with (replies so far, requests) as answer_all goes: `run` shows progress on a terminal.
  std::function<void(std::size_t, std::size_t)> on_progress;
};

}  // namespace carc
