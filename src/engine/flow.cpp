// The turn flow: the stage list of rooms.hpp run in order (flow.hpp).
#include "engine/flow.hpp"

#include "engine/rooms.hpp"
#include "engine/scoring.hpp"
#include "engine/state.hpp"

namespace carc {
namespace {

// Runs the stages from `from` until one opens a decision.
void run_stages(State& s, std::vector<Event>* ev, std::size_t from) {
  for (std::size_t i = from; i < kStages.size(); ++i) {
    switch (kStages[i].run(s, ev)) {
      case StageResult::Done:
        break;
      case StageResult::Decision:
        s.set_stage(i);
        return;
      case StageResult::Rescore:
        i = kScoringStage - 1;
        break;  // the loop's ++i lands on scoring
    }
  }
}

}  // namespace

void after_step2_action(State& s, Step2 what, std::vector<Event>* ev) {
  s.mutable_flags().step2_done = true;
  phantom_note_action(s, what);
  if (what == Step2::AbbotReturn && abbot_keeps_figure_phase(s)) {
    s.set_phase(Phase::Figure);  // V-AB-1 "meeples-only": a builder or pig may still follow
    return;
  }
  run_stages(s, ev, 0);
}

void resume_flow(State& s, std::vector<Event>* ev) { run_stages(s, ev, s.stage()); }

StageResult stage_scoring(State& s, std::vector<Event>* ev) {
  const std::vector<int> tiles = s.take_unscored_tiles();
  Scoring scoring(s, ev);
  for (const int t : tiles) scoring.completed_by(t);
  crop_note_scored_tiles(s, tiles);
  return StageResult::Done;
}

StageResult start_second_part(State& s, std::vector<Event>* ev) {
  s.begin_part(true, ev);
  if (s.phase() == Phase::Tile && s.in_hand() == kNoTile && !s.unscored_tiles().empty()) {
    // The pile ran out before the second tile: the turn's pending scoring still happens (TB-10),
    // then the next draw ends the game.
    s.mutable_flags().second_part = true;
    return StageResult::Rescore;
  }
  return StageResult::Decision;
}

StageResult stage_next_turn(State& s, std::vector<Event>* ev) {
  s.pass_turn();
  // PD-35: before the draw; not on the builder's second tile (one turn), and not when the draw
  // ends the game (the turn never happens: issue 47, REG-007).
  if (s.draw_gives_turn()) fairy_turn_start(s, ev);
  s.begin_part(false, ev);
  return StageResult::Decision;
}

}  // namespace carc
