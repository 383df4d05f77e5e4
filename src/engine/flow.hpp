#pragma once
// The turn's flow between decisions as an ordered list of stages (rooms.hpp,
// kStages): the phantom's follow-up, the builder's immediate second tile,
// step-3 scoring, wagon moves, step-4 crop circles, the builder's second tile
// after scoring, the next turn (BR-01, PH-04, AM-07, CC-03, TB-05). Each stage
// either opens a decision (the flow stops; State::stage() remembers where) or
// is done (the next stage runs). A decision's apply step resumes the flow at
// the stage that opened it, which runs again until it has nothing left to ask.
#include <cstdint>
#include <vector>

#include "engine/events.hpp"

namespace carc {

class State;

enum class StageResult : std::uint8_t {
  Done,      // nothing to decide here: go on
  Decision,  // a decision is open: stop until a move resumes the flow
  Rescore,   // the pile ran out before the builder's second tile: score the turn now (TB-10)
};

// What the step-2 action was, for the phantom rules (PH-09..PH-15, V-PH-1, V-FM-5).
enum class Step2 : std::uint8_t {
  Follower,
  Special,
  AbbotReturn,
  Crash,
  Phantom,
  Princess,
  Pass,
  FestivalReturn,
  Building
};

// After a step-2 action in the figure, landing or phantom phase: the flow from its first stage.
void after_step2_action(State& s, Step2 what, std::vector<Event>* ev);
// After a decision of a later stage (wagon, crop): the flow from the stage that opened it.
void resume_flow(State& s, std::vector<Event>* ev);

// Core stages (the rooms' stages live in their rooms).
StageResult stage_scoring(State& s, std::vector<Event>* ev);    // step 3 for the turn's tiles
StageResult stage_next_turn(State& s, std::vector<Event>* ev);  // the next player draws
// Starts the builder's second turn part: a decision (tile or game over), or Rescore (TB-10).
StageResult start_second_part(State& s, std::vector<Event>* ev);

}  // namespace carc
