#pragma once
// A subject is a rules engine under test. The runner sends it one request per
// scenario x ruleset and compares its answer with the expectations, so the
// subject never sees them. Answers use the canonical notation as text, which
// is what an external implementation sends over the protocol (DESIGN.md
// "The protocol"); our own engine is the in-process EngineSubject.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "protocol/messages.hpp"
#include "scenario/scenario.hpp"

namespace carc {

struct Request {
  const Scenario* scenario = nullptr;  // position and query (apply, final_scoring)
  RuleSet rules;                       // effective: preset plus the scenario's `rules:`
  std::vector<std::string> probes;     // moves whose legality the expectations ask about
  std::vector<std::string> queries;    // query kinds it needs: moves, apply, final-scoring, legal
};

// The answer's fields are the protocol's (oracle/PROTOCOL.md "Answer"): plain canonical text.
using Answer = proto::Answer;

enum class ReplyKind : std::uint8_t { Answered, Skipped, Errored, Crashed, TimedOut };

struct Reply {
  ReplyKind kind = ReplyKind::Answered;
  Answer answer;
  std::string message;  // why it skipped, errored or crashed
};

class Subject {
 public:
  virtual ~Subject() = default;
  virtual std::string name() const = 0;
  // Capability names (src/scenario/capabilities.hpp); scenarios needing others are `unsupported`, never sent.
  virtual std::vector<std::string> capabilities() const = 0;
  virtual Reply answer(const Request& request) = 0;
  // Why this subject cannot take a request its capabilities() allow (a rule
  // switch value or a query kind it lacks); empty when it can. Such a request is
  // `unsupported` and never sent.
  virtual std::string lacks(const Request& /*request*/) const { return {}; }
  // Answers a batch; a subject that pipelines (an external process) overrides it.
  // One reply per request, in order; on_progress is called after each reply.
  virtual std::vector<Reply> answer_all(const std::vector<Request>& requests) {
    std::vector<Reply> out;
    out.reserve(requests.size());
    for (const auto& r : requests) {
      out.push_back(answer(r));
      if (on_progress) on_progress(out.size(), requests.size());
    }
    return out;
  }

  // When set, called with (replies so far, requests) as answer_all goes: `run` shows progress on a terminal.
  std::function<void(std::size_t, std::size_t)> on_progress;
};

}  // namespace carc
