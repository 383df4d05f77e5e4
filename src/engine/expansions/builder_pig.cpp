// Room: the builder and the pig (TB-*, V-TB-*).
#include "engine/expansions/builder_pig.hpp"

#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

bool special_allowed(const State& s, FigureKind kind, std::uint16_t node) {
  const FeatureKind f = s.board().at(node).kind;
  if (!may_deploy_on(s, kind, f)) return false;
  const auto root = s.board().find(node);
  return !builder_refused_on_completed(s, kind, root) && followers_of(s, s.actor(), root) > 0;
}

bool builder_refused_on_completed(const State& s, FigureKind kind, std::uint16_t root) {
  return kind == FigureKind::Builder && !s.rules().builder_on_completed_feature() && s.board().complete(root);
}

bool extends_builder(const State& s, int tile_index) {
  const Board& b = s.board();
  for (int i = 0; i < b.feature_count(tile_index); ++i) {
    const auto root = b.find(b.node(tile_index, i));
    if (!uses_edges(b.at(root).kind)) continue;
    for (const BoardFigure& f : s.figures())
      if (f.kind == FigureKind::Builder && f.owner == s.active() && b.find(f.node) == root) return true;
  }
  return false;
}

void release_specials(State& s, int player, std::uint16_t root, std::vector<Event>* ev) {
  if (s.rules().builder_pig_are_followers() || followers_of(s, player, root) > 0) return;
  for (std::size_t i = s.figures().size(); i-- > 0;) {
    const BoardFigure& f = s.figures()[i];
    if (f.owner == player && !is_follower(f.kind) && s.board().find(f.node) == root) s.remove_figure(i, ev, true);
  }
}

void builder_pig_step2_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  const int t = s.placed_tile();
  const Player& pl = s.player(s.actor());
  if (tile_closed_to_figures(s, t) != Reason::Ok) return;  // PD-12
  for (const FigureKind kind : {FigureKind::Builder, FigureKind::Pig}) {
    if (pl.supply[static_cast<std::size_t>(kind)] == 0) continue;
    for (int local = 0; local < b.feature_count(t); ++local)
      if (special_allowed(s, kind, b.node(t, local)))
        out.push_back(Move::deploy(kind, b.tile(t).pos, b.def(t).address(local, b.tile(t).rot)));
  }
}

StageResult stage_builder_immediate(State& s, std::vector<Event>* ev) {
  if (s.flags().builder_triggered && !s.flags().second_part && !s.rules().second_tile_after_scoring())
    return start_second_part(s, ev);
  return StageResult::Done;
}

StageResult stage_builder_second_tile(State& s, std::vector<Event>* ev) {
  if (s.flags().builder_triggered && !s.flags().second_part) return start_second_part(s, ev);
  return StageResult::Done;
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string second_tile_text(const Event& e, const State& s) {
  return event_player(e, s) + " draws a second tile (builder)";
}

}  // namespace

const RoomWords& builder_pig_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"builder", "the builder and its second tile (Traders & Builders)",
       2003 /* Traders & Builders, C1 HiG 2003 (rules-reference.md section 5) */},
      {"pig", "the pig in a farmer's field (Traders & Builders)", 2003 /* Traders & Builders, C1 HiG 2003 */},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::PigScoringUndefined, "pig-scoring-undefined", "pig",
       "a pig under a farmer scoring that does not define it (fs1, fs2): a setup refusal, which `check` reports"},
  };
  static constexpr EventText events[] = {
      {EventKind::SecondTile, second_tile_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::BuilderSecondTile,
         "builder-second-tile",
         "V-TB-1",
         "builder",
         {"after-scoring", "immediately"},
         "when the builder's extra tile comes"},
        {Switch::BuilderPigAreFollowers,
         "builder-pig-are-followers",
         "V-TB-2",
         "builder",
         {"false", "true"},
         "builder and pig count as followers",
         {"pig"}},
        {Switch::BuilderOnCompleted,
         "builder-on-completed-feature",
         "V-TB-3",
         "builder",
         {"allowed", "forbidden"},
         "the builder on a road or city the tile just placed completes (JCZ: `forbidden`)"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, {}, reasons, {}, events, switches};
  return words;
}

}  // namespace carc
