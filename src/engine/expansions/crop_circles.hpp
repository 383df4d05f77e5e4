#pragma once
// Room: crop circles (CC-*, V-CC-*). Owns the verbs `crop add|remove`,
// `add KIND x,y:FEATURE` and `remove KIND x,y:FEATURE`, the crop-choice and
// crop-response phases (and what `pass` means there), the crop step's data and
// the "crop circles" stage of the turn flow (step 4).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/flow.hpp"
#include "engine/move.hpp"
#include "engine/tile.hpp"

namespace carc {

struct RoomWords;

class State;

// The crop step: the symbol in play, the active player's choice, the responders
// still to act (in order), and the crop-circle tiles of this turn part still to run.
struct CropStep {
  CropSymbol symbol = CropSymbol::None;
  bool add = false;
  std::vector<std::uint8_t> responders;
  std::vector<int> tiles;
  friend bool operator==(const CropStep&, const CropStep&) = default;
};

// The feature kind a symbol affects (CC-09).
FeatureKind crop_role(CropSymbol symbol);
// The player's figures of that role (CC-14, CC-27).
std::vector<BoardFigure> crop_role_figures(const State& s, int player);
// Where a crop "add" may put which figure (CC-06, CC-10, CC-18, CC-26, V-CC-2, V-CC-4).
// With closed: also onto tiles closed to figures (the legality check names those with their own reason).
std::vector<std::pair<FigureKind, std::uint16_t>> crop_add_options(const State& s, int player, bool closed = false);
// Scoring hook: the turn's crop-circle tiles wait for step 4.
void crop_note_scored_tiles(State& s, const std::vector<int>& tiles);
// Stage "crop circles": the next responder, or the next crop-circle tile's choice (CC-03, CC-15).
StageResult stage_crop_circles(State& s, std::vector<Event>* ev);

void crop_choice_moves(const State& s, MoveList& out);    // CC-05, CC-11: a choice even with no figures in play
void crop_response_moves(const State& s, MoveList& out);  // adds (then pass) or compulsory removals
Reason check_crop(const State& s, const Move& m);         // crop add|remove, add, remove
Reason check_crop_pass(const State& s);
void apply_crop_choice(State& s, const Move& m, std::vector<Event>* ev);
void apply_crop_add(State& s, const Move& m, std::vector<Event>* ev);
void apply_crop_remove(State& s, const Move& m, std::vector<Event>* ev);
void apply_crop_pass(State& s, std::vector<Event>* ev);

// "" when the room's part of the state holds together (State::check_invariants), else what is wrong.
std::string crop_invariants(const State& s);
// The room's vocabulary rows (engine/words.hpp).
const RoomWords& crop_circles_words();

}  // namespace carc
