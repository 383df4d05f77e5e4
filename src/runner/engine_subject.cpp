#include "runner/engine_subject.hpp"

#include <exception>

#include "protocol/engine_adapter.hpp"
#include "scenario/capabilities.hpp"

namespace carc {

std::vector<std::string> EngineSubject::capabilities() const { return engine_capabilities(); }

// The scenario's position through build_state, then the same answering code as
// `carc-oracle serve` (proto::answer_query).
Reply EngineSubject::answer(const Request& request) {
  Reply reply;
  const Scenario& sc = *request.scenario;
  try {
    auto state = build_state(sc, request.rules);
    if (!state) {
      reply.kind = ReplyKind::Errored;
      reply.message = "cannot set up the position: " + state.error();
      return reply;
    }
    proto::Query q;
    for (const auto& m : sc.apply) q.apply.push_back(m.text);
    q.final_scoring = sc.final_scoring;
    q.probes = request.probes;
    auto answer = proto::answer_query(std::move(*state), q);
    if (!answer) {
      reply.kind = ReplyKind::Errored;
      reply.message = answer.error();
      return reply;
    }
    reply.answer = std::move(*answer);
  } catch (const std::exception& e) {
    reply.kind = ReplyKind::Crashed;
    reply.message = std::string("exception: ") + e.what();
  }
  return reply;
}

}  // namespace carc
