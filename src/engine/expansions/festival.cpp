// Room: the Festival (FE-*, V-FE-1).
#include "engine/expansions/festival.hpp"

#include <algorithm>

#include "engine/expansions/builder_pig.hpp"
#include "engine/flow.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

namespace {

bool on_festival_tile(const State& s) {
  const int t = s.placed_tile();
  return t >= 0 && s.board().def(t).festival >= 0;
}

}  // namespace

void festival_return_moves(const State& s, MoveList& out) {
  if (!on_festival_tile(s) || s.flags().abbot_returned) return;
  const Board& b = s.board();
  for (const BoardFigure& f : s.figures())
    if (f.owner == s.actor() && s.rules().festival_returns(f.kind))
      out.push_back(Move::festival_return(f.kind, b.node_pos(f.node), b.node_addr(f.node)));
}

Reason check_festival_return(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure) return Reason::WrongPhase;
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  if (!on_festival_tile(s)) return Reason::NotAFestivalTile;  // FE-02: only the turn a festival tile is placed
  const int node = node_of(s.board(), m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  const bool mine = std::any_of(s.figures().begin(), s.figures().end(), [&](const BoardFigure& f) {
    return f.node == node && f.kind == m.figure && f.owner == s.actor();
  });
  if (!mine) return Reason::NoSuchFigure;  // FE-04: not another player's, not a prisoner
  if (!s.rules().festival_returns(m.figure)) return Reason::FigureNotAllowed;  // V-FE-1 follower
  return Reason::Ok;
}

void apply_festival_return(State& s, const Move& m, std::vector<Event>* ev) {
  const auto node = node_at(s.board(), m.pos, m.feature);
  const auto root = s.board().find(node);
  const std::size_t i = s.find_figure(s.active(), m.figure, node);
  if (i < s.figures().size()) {
    emit(ev, EventKind::FestivalReturned, s.active(), m.figure, m.pos, m.feature);
    s.remove_figure(i, nullptr, false);         // FE-06: no scoring
    release_specials(s, s.active(), root, ev);  // FE-06, TB-01: a builder or pig left alone goes home
  }
  after_step2_action(s, Step2::FestivalReturn, ev);
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string festival_text(const Move& m, const TileCatalog&) {
  return "festival " + std::string(figure_name(m.figure)) + " " + located(m.pos, m.feature);
}

Result<Move> parse_festival(const MoveWords& w) {
  auto f = figure_at(w);
  if (!f) return fail(f.error());
  return Move::festival_return(f->kind, f->pos, f->feature);
}

std::string festival_returned_text(const Event& e, const State& s) {
  return event_player(e, s) + " takes the " + std::string(figure_name(e.figure)) + " back from " +
         located(e.pos, e.feature) + " (the Festival; no points)";
}

}  // namespace

const RoomWords& festival_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"festival", "the Festival: taking one own figure back on a festival tile (The Festival)",
       2011 /* HiG 2011, 10th anniversary (oracle/research/festival.md FE-01, [W-FE1]) */},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NotAFestivalTile, "not-a-festival-tile", "festival",
       "a figure is taken back only on the turn a festival tile was placed (FE-02)"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::FestivalReturn, "festival KIND x,y:FEATURE", "festival", "figure",
       "take one own figure back from anywhere, scoring nothing (FE-02, FE-06)", "festival follower 0,0:road{E,W}",
       parse_festival, festival_text},
  };
  static constexpr EventText events[] = {
      {EventKind::FestivalReturned, festival_returned_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::FestivalReturn,
         "festival-return",
         "V-FE-1",
         "festival",
         {"figure", "follower"},
         "which own figures the Festival takes back: any (HiG) or followers only (RGG, CundCo wording)"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, {}, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
