#pragma once
// Room: Under the Big Top (C2, HiG 2017; BT-01 … BT-16, FM-23, FM-33, PH-21, XR-07; switches
// V-BT-1, V-BT-2, V-FM-4, V-PH-2; oracle/research/big-top.md). One room for the box's three
// concepts, which share the 3×3 area around a tile and the final scoring:
//
// - the big top and the animal tokens: the first circus tile gets the big top over the top
//   face-down token (BT-02); each later circus tile, after its features scored and the wagons
//   moved, reveals the token under the big top, every player scores its value × their followers
//   on the big top's tile and the 8 around it (BT-03, BT-04), and the big top moves onto the new
//   tile with a fresh token; at the end the token under it scores once more (BT-05);
// - the ringmaster (a follower, figures.hpp): when its feature scores, its owner gets 2 points
//   per circus or acrobat tile among the ringmaster's tile and the 8 around it (BT-08), with or
//   without the majority (V-BT-2);
// - the acrobats: a step-2 action puts a normal meeple on the acrobat space of the placed tile or
//   of one of its 8 neighbours (BT-09, V-BT-1), up to 3 in a pyramid of any players (BT-10);
//   another step-2 action scores a complete pyramid, 5 per meeple, all go home (BT-11); at the
//   end every acrobat scores 5 (BT-12). The phantom only under V-PH-2 `allowed` (PH-21, XR-07);
//   a flier lands on a pyramid under V-FM-4 `allowed` (FM-33, the flier room asks
//   acrobat_landing).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/flow.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"

namespace carc {

struct RoomWords;
class State;

// The 16 animal tokens (BT-01): flea 1, 4 monkeys 3, 5 seals 4, 3 bears 5, 2 tigers 6, elephant 7.
inline constexpr std::array<int, 16> kAnimalTokens{1, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 6, 6, 7};
// How many tokens of that value the box has (0: no such token).
int animal_token_count(int value);
// A pyramid holds at most 3 meeples (BT-10); each scores 5 (BT-11, BT-12).
inline constexpr int kPyramidSize = 3;
inline constexpr int kAcrobatPoints = 5;

// The room's data in State.
struct BigTopData {
  bool up = false;          // the big top stands on a circus space (after the first circus tile)
  Pos pos;                  // its tile
  int token = 0;            // the value of the face-down token under it
  std::vector<int> tokens;  // the face-down pile, the next drawn first (hidden: positions state it)
  std::vector<Pos> due;     // circus tiles placed this turn whose big-top step has not run yet
  friend bool operator==(const BigTopData&, const BigTopData&) = default;
};
// The pile a position that does not state one starts with: the box's 16 tokens in value order,
// less one of the value under the big top (token 0: none).
std::vector<int> default_animal_tokens(int under);

// After a tile was placed: a circus tile's big-top step is due after scoring (stage big-top).
void big_top_after_place(State& s, int t);
// Stage big-top (after the wagons): BT-02, BT-03 for each circus tile of the turn.
StageResult stage_big_top(State& s, std::vector<Event>* ev);
// Final scoring (BT-05, BT-12): the token under the big top once more, then every acrobat.
void big_top_final_scoring(State& s, std::vector<Event>* ev);
// BT-08 (V-BT-2): the ringmasters on the feature at root, as it scores; winners are its majority.
void ringmaster_feature_scored(State& s, std::uint16_t root, const std::vector<int>& winners, bool final_scoring,
                               std::vector<Event>* ev);

// Acrobats. Step-2 source (kStep2Sources): a meeple onto a pyramid within reach (BT-09, V-BT-1).
void acrobat_step2_moves(const State& s, bool phantom_only, MoveList& out);
// check_deploy's branch for `deploy KIND x,y:acrobat [portal]`; node is the acrobat space's, or -1.
Reason check_acrobat_deploy(const State& s, const Move& m, int node);
// V-FM-4 (FM-33), V-PH-2: may a flier of that kind land on the acrobat space at node?
bool acrobat_landing(const State& s, FigureKind kind, std::uint16_t node);
// Step-2 extra (kStep2Extras): score a complete pyramid (BT-11).
void pyramid_step2_moves(const State& s, MoveList& out);
Reason check_acrobats(const State& s, const Move& m);
void apply_acrobats(State& s, const Move& m, std::vector<Event>* ev);
// Meeples on the acrobat space at node.
int pyramid_size(const State& s, std::uint16_t node);

// The room's invariants; empty when they hold.
std::string big_top_invariants(const State& s);
// The room's vocabulary rows (engine/words.hpp).
const RoomWords& big_top_words();

}  // namespace carc
