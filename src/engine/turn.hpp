#pragma once
// The turn's flow between decisions: after a step-2 action, the phantom step,
// step 3 scoring with wagon moves, step 4 crop circles, the builder's second
// tile, and the next player's turn (rulings BR-01, PH-04, AM-07, CC-03, TB-05).
#include <vector>

#include "engine/state.hpp"

namespace carc {

// What the step-2 action was, for the phantom rules (PH-09..PH-15, V-PH-1, V-FM-5).
enum class Step2 : std::uint8_t { Follower, Special, AbbotReturn, Crash, Phantom, Princess, Pass };

class Turn {
 public:
  Turn(State& s, std::vector<Event>* ev) : s_(s), ev_(ev) {}
  // After a step-2 action in the figure or landing phase: phantom phase or step 3.
  void after_action(Step2 what);
  // Step 2 is over: the builder's immediate second tile, or scoring and what follows it.
  void end_step2();
  // After the wagon or crop-circle decisions: the next pending step.
  void continue_after_scoring();
  // The next crop responder or, when none is left, what follows step 4.
  void next_crop_responder();
  // The next wagon decision or what follows.
  void next_wagon();
  // Returns a player's builder and pig from a feature where that player has no follower left (TB-03, TB-13).
  void release_specials(int player, std::uint16_t root);

  static bool phantom_has_moves(const State& s);
  static bool crop_responder_has_moves(const State& s, int player);

 private:
  void start_part(bool second);
  void next_turn();
  void emit(EventKind kind, int player = -1);

  State& s_;
  std::vector<Event>* ev_;
};

}  // namespace carc
