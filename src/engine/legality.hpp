#pragma once
// is_legal: the legality check, written against the rules rather than by
// searching legal_moves (the battery compares the two). It dispatches on the
// move's kind to its owner's check (rooms.hpp, kVerbs); the core verbs
// (place, deploy, pass) are checked here.
#include "engine/events.hpp"
#include "engine/move.hpp"

namespace carc {

class State;

// Independent legality check; accepts every rotation that gives a legal layout.
Reason is_legal(const State& s, const Move& m);

// The step-2 gate every figure-phase action shares: princess "must" (V-PD-2),
// the abbot's return follow-ups (V-AB-1).
Reason step2_gate(const State& s, const Move& m);
// The core verbs.
Reason check_place(const State& s, const Move& m);
Reason check_deploy(const State& s, const Move& m);
Reason check_pass(const State& s, const Move& m);  // the phase owner's meaning of pass
// Pass in the figure phase.
Reason check_figure_pass(const State& s);
// Pass where no decision allows it.
Reason pass_not_here(const State& s);

}  // namespace carc
