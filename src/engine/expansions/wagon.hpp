#pragma once
// Room: the wagon (AM-05..AM-08, V-AM-1). Owns the verb `wagon x,y:FEATURE`,
// the wagon phase (and what `pass` means there: the wagon goes home), the queue
// of scored wagons and the "wagons" stage of the turn flow.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/flow.hpp"
#include "engine/move.hpp"

namespace carc {

struct RoomWords;

class State;

// A wagon whose feature has just scored, waiting for its owner's decision.
struct PendingWagon {
  std::uint8_t owner;
  std::uint16_t node;  // where the wagon stood
  std::uint16_t root;  // the scored feature
  friend bool operator==(const PendingWagon&, const PendingWagon&) = default;
};

// Wagon reach after scoring (AM-05, AM-06, V-AM-1): target nodes for the first pending wagon.
std::vector<std::uint16_t> wagon_targets(const State& s);
// Scoring hook: a wagon on a scored feature stays until its owner decides (AM-05).
void hold_scored_wagon(State& s, const BoardFigure& f, std::uint16_t root);
// Scoring hook: owners decide in seat order from the active player (AM-07).
void order_wagons(State& s);
// Stage "wagons": the next wagon with a reachable feature opens the wagon phase; the others go home.
StageResult stage_wagons(State& s, std::vector<Event>* ev);

void wagon_phase_moves(const State& s, MoveList& out);  // every `wagon` move, then pass
Reason check_wagon(const State& s, const Move& m);
Reason check_wagon_pass(const State& s);
void apply_wagon(State& s, const Move& m, std::vector<Event>* ev);
void apply_wagon_pass(State& s, std::vector<Event>* ev);

// "" when the room's part of the state holds together (State::check_invariants), else what is wrong.
std::string wagon_invariants(const State& s);
// The room's vocabulary rows (engine/words.hpp).
const RoomWords& wagon_words();

}  // namespace carc
