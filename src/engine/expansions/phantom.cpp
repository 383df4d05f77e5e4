// Room: the phantom (PH-*, V-PH-1, V-FM-5).
#include "engine/expansions/phantom.hpp"

#include "engine/rooms.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

void phantom_moves(const State& s, MoveList& out) {
  if (s.placed_tile() < 0 || s.player(s.actor()).supply[static_cast<std::size_t>(FigureKind::Phantom)] == 0) return;
  for (const Step2Source& source : kStep2Sources) source.moves(s, true, out);
}

void phantom_phase_moves(const State& s, MoveList& out) {
  phantom_moves(s, out);
  out.push_back(Move::pass());
}

void phantom_note_action(State& s, Step2 what) {
  TurnFlags& f = s.mutable_flags();
  switch (what) {
    case Step2::Phantom:   // PH-14: nothing follows the phantom
    case Step2::Princess:  // PH-15, PD-08: nothing follows the princess
    case Step2::Pass:
      f.phantom_blocked = true;
      break;
    case Step2::Crash:  // FM-12 and V-FM-5
      if (!s.rules().phantom_after_crash()) f.phantom_blocked = true;
      break;
    case Step2::Special:
    case Step2::AbbotReturn:     // PH-09..PH-13 and V-PH-1
    case Step2::FestivalReturn:  // PH-13, PH-23 and V-PH-1
    case Step2::Building:        // PH-12 and V-PH-1
      if (!s.rules().phantom_after_non_follower_action()) f.phantom_blocked = true;
      break;
    case Step2::Follower:
      break;
  }
}

StageResult stage_phantom(State& s, std::vector<Event>*) {
  if (s.flags().phantom_blocked) return StageResult::Done;
  MoveList moves;
  phantom_moves(s, moves);
  if (moves.empty()) return StageResult::Done;
  s.set_phase(Phase::Phantom);
  s.set_actor(s.active());
  return StageResult::Decision;
}

Reason check_phantom_pass(const State&) { return Reason::Ok; }

void apply_phantom_pass(State& s, std::vector<Event>* ev) {
  s.mutable_flags().phantom_blocked = true;  // the phantom declined: its stage is over
  resume_flow(s, ev);
}

// --- the room's words (engine/words.hpp) ---

const RoomWords& phantom_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"phantom", "the Phantom: a second follower in the same turn", 2011 /* HiG 2011 (rulings.yaml PH-01) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Phantom, "phantom", "phantom", "the active player", "the phantom as a second figure, or pass"},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::PhantomAfterCrash,
         "phantom-after-crashed-flight",
         "V-FM-5",
         "phantom",
         {"forbidden", "allowed"},
         "the phantom after a flight that found no landing",
         {},
         {"flier"}},
        {Switch::PhantomFlierOccupied,
         "phantom-flier-occupied",
         "V-FM-9",
         "phantom",
         {"allowed", "forbidden"},
         "a flying phantom may land on an occupied feature",
         {},
         {"flier"}},
        {Switch::PhantomFlierSameTurn,
         "phantom-flier-same-turn-feature",
         "V-FM-10",
         "phantom",
         {"forbidden", "allowed"},
         "a flying phantom may land in the feature its owner's first follower took this turn (JCZ: `allowed`)",
         {},
         {"flier"}},
        {Switch::PhantomAfterNonFollower,
         "phantom-after-non-follower-action",
         "V-PH-1",
         "phantom",
         {"allowed", "only-after-meeple-placement"},
         "the phantom after a builder/pig/abbot-return action"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, {}, {}, {}, switches};
  return words;
}

}  // namespace carc
