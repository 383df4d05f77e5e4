#include "runner/engine_subject.hpp"

#include <exception>
#include <utility>

#include "answer/answer.hpp"
#include "scenario/capabilities.hpp"

namespace carc {

std::vector<std::string> EngineSubject::capabilities() const { return engine_capabilities(); }

// The scenario's position through build_state, then the same answering code as
// `carc-oracle serve` (src/answer), with the moves as the loader parsed them.
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
    std::vector<Move> moves;
    for (const auto& m : sc.apply) {
      if (!m.move) {  // not in our notation: answered as serve would, with its message
        Query q{{}, sc.final_scoring, request.probes};
        for (const auto& each : sc.apply) q.apply.push_back(each.text);
        auto answer = answer_query(std::move(*state), q);
        if (answer)
          reply.answer = std::move(*answer);
        else {
          reply.kind = ReplyKind::Errored;
          reply.message = answer.error();
        }
        return reply;
      }
      moves.push_back(*m.move);
    }
    if (!request.board_views) {
      reply.answer = answer_moves(std::move(*state), moves, sc.final_scoring, request.probes);
      return reply;
    }
    BoardView before = view_of(*state);
    std::optional<State> after;
    Played played;
    reply.answer = answer_moves(std::move(*state), moves, sc.final_scoring, request.probes, &after, &played);
    reply.views = std::make_shared<const ScenarioViews>(views_of(std::move(before), *after, played));
  } catch (const std::exception& e) {
    reply.kind = ReplyKind::Crashed;
    reply.message = std::string("exception: ") + e.what();
  }
  return reply;
}

}  // namespace carc
