#include "runner/engine_subject.hpp"

#include <algorithm>
#include <exception>

#include "scenario/capabilities.hpp"
#include "scenario/oracle_data.hpp"

namespace carc {
namespace {

std::string figure_text(const State& s, int owner, FigureKind kind, Pos p, FeatureAddr a) {
  return std::string(colour_name(s.player(owner).colour)) + " " + std::string(figure_name(kind)) + " " + located(p, a);
}

// Applies the query's moves; stops at the first refused one.
void apply_query(const Scenario& sc, State& s, Answer& a, std::vector<Event>& events) {
  for (std::size_t i = 0; i < sc.apply.size(); ++i) {
    const Reason r = s.apply(*sc.apply[i].move, &events);
    if (r == Reason::Ok) continue;
    a.rejected = std::pair{static_cast<int>(i + 1), std::string(reason_name(r))};
    return;
  }
  if (sc.final_scoring) s.end_game(&events);
}

void describe_state(const State& s, const std::vector<Event>& events, Answer& a) {
  const TileCatalog& cat = s.catalog();
  for (const Move& m : legal_moves(s)) a.moves.push_back(to_string(m, cat));
  std::sort(a.moves.begin(), a.moves.end());
  for (int p = 0; p < s.player_count(); ++p) {
    const Player& pl = s.player(p);
    const std::string colour(colour_name(pl.colour));
    a.scores[colour] = pl.score;
    for (int k = 0; k < kFigureKinds; ++k) a.supply[colour][std::string(figure_name(static_cast<FigureKind>(k)))] = pl.supply[static_cast<std::size_t>(k)];
  }
  const Board& b = s.board();
  for (const BoardFigure& f : s.figures()) a.figures.push_back(figure_text(s, f.owner, f.kind, b.node_pos(f.node), b.node_addr(f.node)));
  for (const Event& e : events)
    if (e.kind == EventKind::FigureReturned || e.kind == EventKind::AbbotReturned || e.kind == EventKind::KnightRemoved)
      a.returned.push_back(figure_text(s, e.player, e.figure, e.pos, e.feature));
  a.phase = std::string(phase_name(s.phase()));
  a.active = std::string(colour_name(s.player(s.actor()).colour));  // who decides now
}

}  // namespace

std::vector<std::string> EngineSubject::capabilities() const { return engine_capabilities(); }

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
    for (const auto& m : sc.apply) {
      if (m.move) continue;
      reply.kind = ReplyKind::Errored;
      reply.message = "move '" + m.text + "' is not in this engine's notation";
      return reply;
    }
    State& s = *state;
    std::vector<Event> events;
    apply_query(sc, s, reply.answer, events);
    describe_state(s, events, reply.answer);
    for (const auto& probe : request.probes) {
      auto m = parse_move(probe, s.catalog());
      reply.answer.legal[probe] = m ? std::string(reason_name(is_legal(s, *m))) : "unparsable: " + m.error();
    }
  } catch (const std::exception& e) {
    reply.kind = ReplyKind::Crashed;
    reply.message = std::string("exception: ") + e.what();
  }
  return reply;
}

}  // namespace carc
