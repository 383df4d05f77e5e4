#pragma once
// Room: the magic portal (PD-01..PD-03, PH-16, V-PD-1). Owns `deploy KIND
// x,y:FEATURE portal`: the portal's targets, its step-2 moves and its check.
#include <cstdint>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/move.hpp"

namespace carc {

struct RoomWords;

class State;

// The placed tile has an unused portal.
bool portal_open(const State& s);
// Every node off the placed tile a figure of `kind` could take through it (PD-01, PD-02).
std::vector<std::uint16_t> portal_nodes(const State& s, FigureKind kind);
// Step-2 contribution: portal deployments (only the phantom when phantom_only).
void portal_step2_moves(const State& s, bool phantom_only, MoveList& out);
// The checks of a deploy through the portal after the core's phase and supply checks; node may be -1.
Reason check_portal_deploy(const State& s, const Move& m, int node);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& portal_words();

}  // namespace carc
