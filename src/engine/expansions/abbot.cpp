// Room: the abbot (AB-*, V-AB-1).
#include "engine/expansions/abbot.hpp"

#include <algorithm>

#include "engine/expansions/builder_pig.hpp"
#include "engine/flow.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/scoring.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

void abbot_return_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (const BoardFigure& f : s.figures()) {
    if (f.owner != s.actor() || f.kind != FigureKind::Abbot) continue;
    if (b.complete(b.find(f.node))) continue;
    out.push_back(Move::return_abbot(b.node_pos(f.node), b.node_addr(f.node)));
  }
}

void abbot_followup_moves(const State& s, MoveList& out) {
  builder_pig_step2_moves(s, out);
  out.push_back(Move::pass());
}

bool abbot_keeps_figure_phase(const State& s) { return s.rules().abbot_return_allows_special_figures(); }

Reason check_return_abbot(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure) return Reason::WrongPhase;
  if (s.flags().abbot_returned) return Reason::NotAllowedNow;
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  const Board& b = s.board();
  const int node = node_of(b, m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  const bool mine = std::any_of(s.figures().begin(), s.figures().end(), [&](const BoardFigure& f) {
    return f.node == node && f.kind == FigureKind::Abbot && f.owner == s.actor();
  });
  if (!mine) return Reason::NoAbbotThere;
  if (b.complete(b.find(static_cast<std::uint16_t>(node)))) return Reason::FeatureComplete;  // AB-05 with BR-02
  return Reason::Ok;
}

void apply_return_abbot(State& s, const Move& m, std::vector<Event>* ev) {
  const auto node = node_at(s.board(), m.pos, m.feature);
  const std::size_t i = s.find_figure(s.active(), FigureKind::Abbot, node);
  if (i < s.figures().size()) {
    Scoring(s, ev).award(s.active(), Scoring::value(s, node), node, false);
    fairy_feature_scored(s, s.board().find(node), false, ev);  // PD-36: an early return scores too
    emit(ev, EventKind::AbbotReturned, s.active(), FigureKind::Abbot, m.pos, m.feature);
    s.remove_figure(i, nullptr, false);
  }
  s.mutable_flags().abbot_returned = true;
  after_step2_action(s, Step2::AbbotReturn, ev);
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string return_abbot_text(const Move& m, const TileCatalog&) { return "return abbot " + located(m.pos, m.feature); }

Result<Move> parse_return_abbot(const MoveWords& w) {
  auto f = figure_at(w);
  if (!f) return fail(f.error());
  if (f->kind != FigureKind::Abbot) return w.error("only the abbot returns early ('return abbot x,y:FEATURE')");
  return Move::return_abbot(f->pos, f->feature);
}

std::string abbot_returned_text(const Event& e, const State& s) {
  return event_player(e, s) + " takes the abbot back from " + located(e.pos, e.feature);
}

}  // namespace

const RoomWords& abbot_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"abbot", "the abbot: cloisters and gardens, and its early return (the Abbot)",
       2014 /* the C2 base game, 2014 (rules-reference.md AB-01) */},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoAbbotThere, "no-abbot-there", "abbot", "the player's abbot is not on that feature"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::ReturnAbbot, "return abbot x,y:FEATURE", "abbot", "figure",
       "take the abbot back early, scoring its feature (AB-04)", "return abbot 0,0:garden", parse_return_abbot,
       return_abbot_text},
  };
  static constexpr EventText events[] = {
      {EventKind::AbbotReturned, abbot_returned_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::AbbotReturnExcludes,
         "abbot-return-excludes-other-actions",
         "V-AB-1",
         "abbot",
         {"all-move-wood", "meeples-only"},
         "what an early abbot return rules out"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, {}, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
