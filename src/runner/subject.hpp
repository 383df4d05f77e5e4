#pragma once
// A subject is a rules engine under test. The runner sends it one request per
// scenario x ruleset and compares its answer with the expectations, so the
// subject never sees them. Answers use the canonical notation as text, which
// is what an external implementation sends over the protocol (DESIGN.md
// "The protocol"); our own engine is the in-process EngineSubject.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "scenario/scenario.hpp"

namespace carc {

struct Request {
  const Scenario* scenario = nullptr;  // position and query (apply, final_scoring)
  RuleSet rules;                       // effective: preset plus the scenario's `rules:`
  std::vector<std::string> probes;     // moves whose legality the expectations ask about
};

struct Answer {
  std::vector<std::string> moves;                // legal moves after the query, canonical notation
  std::map<std::string, std::string> legal;      // probe -> "ok" or a reason code
  std::optional<std::pair<int, std::string>> rejected;  // 1-based index into apply, reason code
  std::map<std::string, int> scores;             // colour -> points
  std::vector<std::string> returned, figures;    // "COLOUR KIND x,y:FEATURE"
  std::map<std::string, std::map<std::string, int>> supply;  // colour -> kind -> in hand
  std::string phase, active;
};

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
};

}  // namespace carc
