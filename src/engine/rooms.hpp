#pragma once
// The registry: every rule concept's room (expansions/) and what it registers
// with the dispatchers. A new room adds itself here, one line per hook
// (src/engine/README.md, "Adding a room"). Plain functions in constexpr tables:
// no virtual classes, no static registration.
#include <array>
#include <cstddef>
#include <string_view>

#include "engine/events.hpp"
#include "engine/expansions/abbot.hpp"
#include "engine/expansions/big_top.hpp"
#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/crop_circles.hpp"
#include "engine/expansions/dragon_fairy.hpp"
#include "engine/expansions/festival.hpp"
#include "engine/expansions/flier.hpp"
#include "engine/expansions/little_buildings.hpp"
#include "engine/expansions/mayor.hpp"
#include "engine/expansions/phantom.hpp"
#include "engine/expansions/portal.hpp"
#include "engine/expansions/princess.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/expansions/wagon.hpp"
#include "engine/flow.hpp"
#include "engine/legality.hpp"
#include "engine/move.hpp"
#include "engine/movegen.hpp"
#include "engine/words.hpp"

namespace carc {

// Apply steps of the core verbs (apply.cpp).
void apply_place(State& s, const Move& m, std::vector<Event>* ev);
void apply_deploy(State& s, const Move& m, std::vector<Event>* ev);
void apply_pass(State& s, const Move& m, std::vector<Event>* ev);
void apply_figure_pass(State& s, std::vector<Event>* ev);

// --- words: every room's vocabulary rows (words.hpp), in the order the capability and move
// tables list them: the base game, the figures' rooms, then the tile expansions' rooms ---
inline constexpr std::array<const RoomWords& (*)(), 18> kRoomWords{{
    base_words,
    abbot_words,
    large_words,
    mayor_words,
    wagon_words,
    builder_pig_words,
    phantom_words,
    flier_words,
    crop_circles_words,
    portal_words,
    princess_words,
    tower_words,
    dragon_fairy_words,
    festival_words,
    little_buildings_words,
    castles_words,
    big_top_words,
    bridges_words,
}};

// --- verbs: each move kind's owner, its independent check and its apply step ---
struct Verb {
  MoveKind kind;
  Reason (*check)(const State&, const Move&);
  void (*apply)(State&, const Move&, std::vector<Event>*);
};
inline constexpr std::array<Verb, 22> kVerbs{{
    {MoveKind::Place, check_place, apply_place},                               // core
    {MoveKind::Deploy, check_deploy, apply_deploy},                            // core (portal: check_portal_deploy)
    {MoveKind::ReturnAbbot, check_return_abbot, apply_return_abbot},           // abbot
    {MoveKind::Pass, check_pass, apply_pass},                                  // the phase owner's (kPhases)
    {MoveKind::Fly, check_fly, apply_fly},                                     // flier
    {MoveKind::Land, check_land, apply_land},                                  // flier
    {MoveKind::Princess, check_princess, apply_princess},                      // princess
    {MoveKind::CropChoice, check_crop, apply_crop_choice},                     // crop circles
    {MoveKind::CropAdd, check_crop, apply_crop_add},                           // crop circles
    {MoveKind::CropRemove, check_crop, apply_crop_remove},                     // crop circles
    {MoveKind::Wagon, check_wagon, apply_wagon},                               // wagon
    {MoveKind::Floor, check_floor, apply_floor},                               // tower
    {MoveKind::Capture, check_capture, apply_capture},                         // tower
    {MoveKind::Exchange, check_exchange, apply_exchange},                      // tower
    {MoveKind::Ransom, check_ransom, apply_ransom},                            // tower
    {MoveKind::Fairy, check_fairy, apply_fairy},                               // dragon and fairy
    {MoveKind::DragonStep, check_dragon_step, apply_dragon_step},              // dragon and fairy
    {MoveKind::FestivalReturn, check_festival_return, apply_festival_return},  // festival
    {MoveKind::Building, check_building, apply_building},                      // little buildings
    {MoveKind::Castle, check_castle, apply_castle},                            // castles
    {MoveKind::Acrobats, check_acrobats, apply_acrobats},                      // big top: a complete pyramid
    {MoveKind::Bridge, check_bridge, apply_bridge},                            // bridges
}};
constexpr const Verb& verb(MoveKind k) { return kVerbs[static_cast<std::size_t>(k)]; }

// --- phases: each phase's owner, its generator, what pass means there, and who decides ---
struct PhaseOwner {
  Phase phase;
  void (*moves)(const State&, MoveList&);
  Reason (*check_pass)(const State&);
  void (*apply_pass)(State&, std::vector<Event>*);  // null where pass is never legal
  bool active_decides;  // the active player decides (else the phase's stage names the actor)
  bool on_placed_tile;  // decided on the tile just placed (the state must have one)
};
inline constexpr std::array<PhaseOwner, 13> kPhases{{
    {Phase::Tile, placement_moves, pass_not_here, nullptr, true, false},                         // core
    {Phase::Figure, figure_phase_moves, check_figure_pass, apply_figure_pass, true, true},       // core (step 2)
    {Phase::Landing, landing_moves, pass_not_here, nullptr, true, true},                         // flier (FM-07)
    {Phase::Phantom, phantom_phase_moves, check_phantom_pass, apply_phantom_pass, true, true},   // phantom
    {Phase::Wagon, wagon_phase_moves, check_wagon_pass, apply_wagon_pass, false, false},         // wagon: its owner
    {Phase::CropChoice, crop_choice_moves, pass_not_here, nullptr, true, false},                 // crop circles
    {Phase::CropResponse, crop_response_moves, check_crop_pass, apply_crop_pass, false, false},  // a responder
    {Phase::Capture, capture_phase_moves, check_capture_pass, apply_capture_pass, true, true},   // tower (TO-05)
    {Phase::Exchange, exchange_phase_moves, pass_not_here, nullptr, false,
     true},  // tower (TO-07): the capturer or, V-TO-6, the holder
    {Phase::Dragon, dragon_phase_moves, pass_not_here, nullptr, false, true},  // dragon: the step's player (PD-18)
    {Phase::Castle, castle_phase_moves, check_castle_pass, apply_castle_pass, false,
     false},                                                                                // castles: the town's owner
    {Phase::Bridge, bridge_phase_moves, check_bridge_pass, apply_bridge_pass, true, true},  // bridges (BC-15)
    {Phase::GameOver, no_moves, pass_not_here, nullptr, false, false},                      // core
}};
constexpr const PhaseOwner& phase_owner(Phase p) { return kPhases[static_cast<std::size_t>(p)]; }

// --- what each room checks on any state: "" when it holds, else what is wrong (State::check_invariants) ---
struct RoomInvariants {
  std::string (*check)(const State&);
};
inline constexpr std::array<RoomInvariants, 8> kInvariants{{
    {wagon_invariants},             // wagon: the wagon phase has a wagon to move
    {crop_invariants},              // crop circles: the responder acting is the first still to act
    {tower_invariants},             // tower: heights, floors and prisoners add up
    {dragon_fairy_invariants},      // dragon and fairy: where they stand, the dragon's move
    {little_buildings_invariants},  // little buildings: one per tile, at most 18
    {castles_invariants},           // castles: tokens, towns, occupants
    {big_top_invariants},           // big top: its circus tile, the tokens, the pyramids
    {bridges_invariants},           // bridges: bridges in hand, straight across their tiles
}};

// --- step 2: the figure phase's options, in this order (the output order is pinned) ---
// Asked once for the ordinary figures, then once for the phantom alone (also the phantom phase).
struct Step2Source {
  void (*moves)(const State&, bool phantom_only, MoveList&);
};
inline constexpr std::array<Step2Source, 5> kStep2Sources{{
    {follower_step2_moves},  // core
    {flier_step2_moves},     // flier
    {portal_step2_moves},    // portal
    {tower_step2_moves},     // tower: on top of an open tower anywhere (TO-02 C, PH-18)
    {acrobat_step2_moves},   // big top: onto a pyramid within reach (BT-09, V-BT-1, V-PH-2)
}};
// After them (the princess's removals come first, in figure_phase_moves, for V-PD-2).
struct Step2Extra {
  void (*moves)(const State&, MoveList&);
};
inline constexpr std::array<Step2Extra, 7> kStep2Extras{{
    {builder_pig_step2_moves},  // builder and pig
    {abbot_return_moves},       // abbot
    {floor_step2_moves},        // tower: a floor anywhere (TO-02 A/B)
    {fairy_step2_moves},        // fairy: next to one's follower anywhere (PD-31; on a tile, V-PD-5)
    {festival_return_moves},    // festival: take one own figure back (FE-02)
    {building_step2_moves},     // little buildings: a building on the placed tile (LB-02)
    {pyramid_step2_moves},      // big top: score a complete pyramid (BT-11)
}};

// --- moves a player may add to any of its own decisions (not a phase of their own) ---
struct DecisionExtra {
  void (*moves)(const State&, MoveList&);
};
inline constexpr std::array<DecisionExtra, 1> kDecisionExtras{{
    {ransom_moves},  // tower: the ransom (TO-08, V-TO-3)
}};

// --- the turn flow: stages in order (flow.hpp) ---
struct Stage {
  std::string_view name;
  StageResult (*run)(State&, std::vector<Event>*);
};
inline constexpr std::array<Stage, 13> kStages{{
    {"tower-capture", stage_tower_capture},                  // tower: the capture after a floor (TO-05)
    {"tower-exchange", stage_tower_exchange},                // tower: the exchange after a capture (TO-07)
    {"phantom", stage_phantom},                              // phantom: the second figure (PH-04)
    {"dragon-before-scoring", stage_dragon_before_scoring},  // dragon: V-PD-3 before-scoring (PD-14)
    {"builder-immediate", stage_builder_immediate},          // builder: V-TB-1 "immediately"
    {"castles", stage_castles},                              // castles: conversion at the start of step 3 (BC-04)
    {"scoring", stage_scoring},                              // core: step 3
    {"wagons", stage_wagons},                                // wagon: AM-05, AM-07
    {"big-top", stage_big_top},                              // big top: after the features scored (BT-03)
    {"dragon-after-scoring", stage_dragon_after_scoring},    // dragon: V-PD-3 after-scoring (RGG)
    {"crop-circles", stage_crop_circles},                    // crop circles: step 4 (CC-03)
    {"builder-second-tile", stage_builder_second_tile},      // builder: TB-05
    {"next-turn", stage_next_turn},                          // core
}};
inline constexpr std::size_t kScoringStage = 6;

// --- the position's flags (position_keys.hpp): each room's yes/no keys, in slot order (the
// writers place each among the other keys where the output order has it) ---
inline constexpr std::array<const FlagKey*, kPositionFlagCount> kPositionFlags{{
    &kSecondTileKey,   // builder
    &kRansomPaidKey,   // tower
    &kBridgeBuiltKey,  // bridges
}};

// --- the position's per-seat counts (position_keys.hpp): each room's pieces in hand, in slot order
// (the writers place each among the other keys where the output order has it) ---
inline constexpr std::array<const SeatCountKey*, kSeatCountKeyCount> kSeatCountKeys{{
    &kFloorsKey,        // tower
    &kCastleTokensKey,  // castles
    &kBridgeTokensKey,  // bridges
}};

// --- the position's entry lists (position_keys.hpp): each room's pieces on the board, in slot order ---
inline constexpr std::array<const EntryListKey*, kEntryListKeyCount> kEntryListKeys{{
    &kTowersKey,     // tower
    &kCastlesKey,    // castles
    &kBridgesKey,    // bridges
    &kBuildingsKey,  // little buildings
}};

namespace detail {
template <class Table, class Key>
constexpr bool indexed_by(const Table& t, Key Table::value_type::*key) {
  for (std::size_t i = 0; i < t.size(); ++i)
    if (static_cast<std::size_t>(t[i].*key) != i) return false;
  return true;
}
}  // namespace detail
static_assert(detail::indexed_by(kVerbs, &Verb::kind), "kVerbs lists the move kinds in enum order");
static_assert(detail::indexed_by(kPhases, &PhaseOwner::phase), "kPhases lists the phases in enum order");
static_assert(kStages[kScoringStage].name == "scoring");
constexpr bool flags_well_declared() {
  for (std::size_t i = 0; i < kPositionFlags.size(); ++i) {
    if (kPositionFlags[i]->slot != i || kPositionFlags[i]->key.empty() || kPositionFlags[i]->text.empty() ||
        kPositionFlags[i]->version < 1)
      return false;
    for (std::size_t j = 0; j < i; ++j)
      if (kPositionFlags[j]->key == kPositionFlags[i]->key || kPositionFlags[j]->text == kPositionFlags[i]->text)
        return false;
  }
  return true;
}
static_assert(flags_well_declared(), "kPositionFlags: each slot once, in order, every key and keyword distinct");
constexpr bool seat_counts_well_declared() {
  for (std::size_t i = 0; i < kSeatCountKeys.size(); ++i) {
    const SeatCountKey& k = *kSeatCountKeys[i];
    if (k.slot != i || k.key.empty() || k.text.empty() || k.what.empty() || k.version < 1 || k.max < 1 ||
        k.box < k.max || (!k.every_seat && k.unlisted != 0))
      return false;
    for (std::size_t j = 0; j < i; ++j)
      if (kSeatCountKeys[j]->key == k.key || kSeatCountKeys[j]->text == k.text) return false;
    for (const FlagKey* f : kPositionFlags)
      if (f->key == k.key || f->text == k.text) return false;
  }
  return true;
}
constexpr bool entry_lists_well_declared() {
  for (std::size_t i = 0; i < kEntryListKeys.size(); ++i) {
    const EntryListKey& k = *kEntryListKeys[i];
    if (k.slot != i || k.key.empty() || k.text.empty() || k.why.empty() || k.max < 1 || k.version < 1) return false;
    for (std::size_t j = 0; j < i; ++j)
      if (kEntryListKeys[j]->key == k.key || kEntryListKeys[j]->text == k.text) return false;
    for (const SeatCountKey* c : kSeatCountKeys)
      if (c->key == k.key || c->text == k.text) return false;
    for (const FlagKey* f : kPositionFlags)
      if (f->key == k.key || f->text == k.text) return false;
  }
  return true;
}
static_assert(entry_lists_well_declared(),
              "kEntryListKeys: each slot once, in order, keys and keywords distinct from every other position key");
static_assert(seat_counts_well_declared(),
              "kSeatCountKeys: each slot once, in order, keys and keywords distinct from each other and the flags, "
              "bounds 0 <= max <= box");
// The stage a dragon move is under way in (a position in phase dragon resumes there).
constexpr std::size_t dragon_stage_index(bool after_scoring) {
  for (std::size_t i = 0; i < kStages.size(); ++i)
    if (kStages[i].name == (after_scoring ? "dragon-after-scoring" : "dragon-before-scoring")) return i;
  return kStages.size();
}
static_assert(dragon_stage_index(false) < kScoringStage && dragon_stage_index(true) > kScoringStage);

}  // namespace carc
