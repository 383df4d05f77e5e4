#pragma once
// A room's words: the vocabulary rows a rule concept's room declares next to its code. rooms.hpp
// lists every room's words once (kRoomWords); the engine's vocabularies are assembled from them
// (words.cpp): capability_table, phase_table and reason_table (events.hpp), move_forms
// (move.hpp), switch_specs (rules.hpp) and the text of events (describe, state.hpp). The
// phases, reasons and switches come out in enum order, whichever room declares them.
#include <span>
#include <string>
#include <vector>

#include "engine/events.hpp"
#include "engine/move.hpp"
#include "engine/rules.hpp"

namespace carc {

class State;

// How an event of this kind reads in a game log ("red moves the dragon to 1,0").
struct EventText {
  EventKind kind;
  std::string (*text)(const Event&, const State&);
};

struct RoomWords {
  std::span<const CapabilityInfo> capabilities;  // in the order the capability table lists them
  std::span<const PhaseInfo> phases;
  std::span<const ReasonInfo> reasons;
  std::span<const MoveForm> moves;  // in the order the move table lists them
  std::span<const EventText> events;
  const std::vector<SwitchSpec>& (*switches)() = nullptr;  // a table (values are vectors)
};

// The base game's words (words.cpp) and the large follower's capability (figures.cpp); the
// rooms' own are declared in their headers (expansions/).
const RoomWords& base_words();
const RoomWords& large_words();

// Who an event names: the colour of its player, "-" for none.
std::string event_player(const Event& e, const State& s);
std::string event_other(const Event& e, const State& s);

}  // namespace carc
