#include "answer/score_events.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "engine/move.hpp"
#include "engine/queries.hpp"

namespace carc {
namespace {

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// A figure as text, located where it stands on a board.
std::string figure_on(const State& s, int owner, FigureKind kind, Pos p, FeatureAddr a) {
  return std::string(colour_name(s.player(owner).colour)) + " " + std::string(figure_name(kind)) + " " + located(p, a);
}

}  // namespace

std::vector<ScoreEvent> score_events(const State& before, const State& after, const std::vector<Event>& events,
                                     std::size_t from) {
  const Board& b = after.board();
  // Every figure that may have stood on a scored feature: on the board before or after, or sent home.
  std::vector<std::pair<std::string, std::uint16_t>> figures;  // text, root on the board after
  const auto candidate = [&](const std::string& text, Pos p, FeatureAddr a) {
    const int n = node_of(b, p, a);
    if (n < 0) return;
    const auto root = b.find(static_cast<std::uint16_t>(n));
    for (const auto& f : figures)
      if (f.first == text) return;
    figures.emplace_back(text, root);
  };
  for (const State* s : {&before, &after})
    for (const BoardFigure& f : s->figures()) {
      const Board& sb = s->board();
      candidate(figure_on(*s, f.owner, f.kind, sb.node_pos(f.node), sb.node_addr(f.node)), sb.node_pos(f.node),
                sb.node_addr(f.node));
    }
  for (std::size_t i = from; i < events.size(); ++i) {
    const Event& e = events[i];
    if (e.kind == EventKind::FigureReturned || e.kind == EventKind::AbbotReturned || e.kind == EventKind::KnightRemoved)
      candidate(figure_on(after, e.player, e.figure, e.pos, e.feature), e.pos, e.feature);
  }
  // One event per moment, feature and points.
  std::map<std::tuple<bool, int, int>, ScoreEvent> by;  // (final, root or -1 - fairy event, points)
  for (std::size_t i = from; i < events.size(); ++i) {
    const Event& e = events[i];
    const bool square_event = e.kind == EventKind::FairyPoints || e.kind == EventKind::BigTopScored ||
                              e.kind == EventKind::RingmasterBonus || e.kind == EventKind::AcrobatsScored;
    if (!square_event && e.kind != EventKind::FeatureScored) continue;
    const std::string colour(colour_name(after.player(e.player).colour));
    if (square_event) {  // one per player and square: the fairy, the big top, a ringmaster, an acrobat
      const char* kind = e.kind == EventKind::FairyPoints       ? "fairy"
                         : e.kind == EventKind::BigTopScored    ? "big-top"
                         : e.kind == EventKind::RingmasterBonus ? "ringmaster"
                                                                : "acrobats";
      ScoreEvent& se = by[{e.final_scoring, -1 - static_cast<int>(i), e.points}];
      se = ScoreEvent{e.final_scoring, kind, e.points, {colour}, {to_string(e.pos)}, std::vector<std::string>{}};
      continue;
    }
    const int n = node_of(b, e.pos, e.feature);
    if (n < 0) continue;  // not on the board: cannot happen for a scored feature
    const auto root = b.find(static_cast<std::uint16_t>(n));
    ScoreEvent& se = by[{e.final_scoring, root, e.points}];
    if (se.kind.empty()) {
      se.final_scoring = e.final_scoring;
      se.kind = std::string(feature_kind_name(b.at(root).kind));
      se.points = e.points;
      std::vector<std::uint16_t> nodes;
      add_feature_nodes(b, root, nodes);
      for (const auto node : nodes) se.parts.push_back(located(b.node_pos(node), b.node_addr(node)));
      sort_unique(se.parts);
      se.figures.emplace();
      for (const auto& [text, at] : figures)
        if (at == root) se.figures->push_back(text);
      sort_unique(*se.figures);
    }
    se.players.push_back(colour);
    sort_unique(se.players);
  }
  std::vector<ScoreEvent> out;
  for (auto& [key, e] : by) out.push_back(std::move(e));
  return out;
}

}  // namespace carc
