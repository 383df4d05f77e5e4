#pragma once
// The words of a decision: the phase a state waits in, the reason a move is
// illegal, and the events applying a move produces. Shared by the state, the
// dispatchers and every room (expansions/), so it depends on values only.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/figures.hpp"
#include "engine/geometry.hpp"
#include "engine/tile.hpp"

namespace carc {

// The decision the state waits for (DESIGN.md "Phases").
//   tile          the active player places the tile in hand
//   figure        step 2 on the tile just placed (deploy, fly, portal, abbot return, princess, pass)
//   landing       a flier chooses where to land on the target tile (FM-07: it must land)
//   phantom       the phantom as a second figure after another step-2 action (PH-04)
//   wagon         a wagon owner moves or returns a scored wagon (AM-05, AM-07)
//   crop-choice   the active player chooses crop add or crop remove (CC-05)
//   crop-response each player in turn adds or removes a figure (CC-08)
//   capture       after a tower floor: the active player captures a figure in reach or passes (TO-05)
//   exchange      the capturer chooses which of its figures comes back in an exchange (TO-07)
//   dragon        one step of the dragon's move, by the player whose step it is (PD-18)
//   castle        the owner of a town just completed converts it to a castle or passes (BC-03)
//   bridge        after a placement, the active player builds a bridge or passes (BC-15)
enum class Phase : std::uint8_t {
  Tile,
  Figure,
  Landing,
  Phantom,
  Wagon,
  CropChoice,
  CropResponse,
  Capture,
  Exchange,
  Dragon,
  Castle,
  Bridge,
  GameOver
};
std::string_view phase_name(Phase p);
bool parse_phase(std::string_view s, Phase& out);
const std::vector<std::string_view>& all_phase_names();
// The phases a position may be stated in (a scenario's or a protocol message's
// position.phase); the others arise only inside a turn, by applying moves.
constexpr bool is_position_phase(Phase p) {
  return p == Phase::Tile || p == Phase::Figure || p == Phase::Dragon || p == Phase::GameOver;
}

// The capability vocabulary, one row per room (a rule concept a scenario may require and an
// implementation may declare), in the order docs, schemas and handshakes list them: the base
// game, the figures' rooms, then the tile expansions' rooms. Every `room` and `capability` of
// the other tables is one of these names (tests/vocabulary_test.cpp); a new room adds its row.
// `first_printed` is the year the rules of the room were first printed (by Hans im Glück, in
// German), with its source beside each row: a ruleset whose rules were last printed before it
// never met the room (`check` warns of the anachronism).
struct CapabilityInfo {
  std::string_view name, what;
  int first_printed = 0;
};
const std::vector<CapabilityInfo>& capability_table();

// The phase vocabulary, one row per phase in enum order: its name, the room that owns it
// (a capability name: "base", "flier", "tower", ...), who acts and what is decided. PROTOCOL.md's
// phase table is generated from it (`carc-oracle docs`).
struct PhaseInfo {
  Phase phase;
  std::string_view name, room, who, decision;
};
const std::vector<PhaseInfo>& phase_table();

// Why a move is illegal: stable codes used by scenarios and the protocol.
enum class Reason : std::uint8_t {
  Ok,
  WrongPhase,
  NoTileInHand,
  NotInHand,
  PositionTaken,
  NotAdjacent,
  EdgeMismatch,
  NotOnPlacedTile,
  NoSuchFeature,
  FigureNotAllowed,
  FigureNotInGame,
  NoFigureInSupply,
  FeatureOccupied,
  FarmersOff,
  NoAbbotThere,
  FeatureComplete,
  NoFlier,
  FlierUsed,
  WrongRoll,
  NoLanding,
  NoPortal,
  PortalUsed,
  NoPrincess,
  NoKnightThere,
  NotLastKnight,
  PrincessRequired,
  NotAllowedNow,
  NoWagonMove,
  NoCropChoice,
  NotYourFigure,
  CropAddMandatory,
  PigScoringUndefined,
  TowerNotBuilt,
  TowerClosed,
  NoFloorInSupply,
  NoSuchFigure,
  OutOfReach,
  NotCapturable,
  NoPrisoner,
  RansomUsed,
  NotEnoughPoints,
  VolcanoTile,
  DragonTile,
  NotADragonStep,
  AlreadyVisited,
  FairyProtected,
  FairyAlreadyThere,
  NotAFestivalTile,
  NoBuildingInSupply,
  NotATown,
  PyramidFull,
  PyramidNotFull,
  NoBridgeInSupply,
  BridgeUsed,
  BridgeNotHere,
};
inline constexpr std::size_t kReasonCount = static_cast<std::size_t>(Reason::BridgeNotHere) + 1;  // last + 1
std::string_view reason_name(Reason r);
bool parse_reason(std::string_view s, Reason& out);
const std::vector<std::string_view>& all_reason_names();  // "ok" first

// The reason-code vocabulary, one row per code in enum order ("ok" first): its name, the room
// that introduced it (a capability name) and when it applies. PROTOCOL.md's reason table and
// src/engine/README.md's list are generated from it (`carc-oracle docs`).
struct ReasonInfo {
  Reason reason;
  std::string_view name, room, meaning;
};
const std::vector<ReasonInfo>& reason_table();

enum class EventKind : std::uint8_t {
  TilePlaced,
  TileDiscarded,
  FigureDeployed,
  FeatureScored,
  FigureReturned,
  AbbotReturned,
  FlierCrashed,  // no legal landing: the figure stays in supply (FM-12)
  WagonMoved,
  KnightRemoved,     // by the princess (PD-06)
  CropChoice,        // points: 1 add, 0 remove
  SecondTile,        // the builder's double turn begins (TB-05)
  FloorPlaced,       // a tower floor (TO-02); points: the new height
  FigureCaptured,    // taken by a tower (TO-05); player: the owner, other: the holder
  PrisonerFreed,     // by exchange (points 0) or ransom (points 3, other: the holder paid); player: the owner
  DragonPlaced,      // on a volcano tile (PD-17); pos: its tile
  DragonMoved,       // one step (PD-19); player: who moved it, pos: the tile entered
  FairyMoved,        // step 2 (PD-31); player: the mover, pos: its tile
  TileSetAside,      // a dragon tile drawn before the dragon is in play (PD-16)
  FairyPoints,       // the fairy's points (PD-35, PD-36); player, points
  FestivalReturned,  // taken back by the Festival (FE-02), scoring nothing (FE-06)
  BuildingPlaced,    // a little building on pos (LB-02); points: its BuildingKind
  CastleBuilt,       // a town covered by a castle (BC-03); player: its owner, pos/feature: the town
  BigTopMoved,       // the big top onto a circus tile with a face-down token (BT-02, BT-03); pos
  BigTopScored,      // a player's big-top points (BT-03, BT-05); player, points, pos: the big top's tile
  RingmasterBonus,   // BT-08; player, points, pos: the ringmaster's tile
  AcrobatsScored,    // 5 for one acrobat (BT-11, BT-12); player, points, pos: the pyramid's tile
  BridgeBuilt,       // a bridge (BC-15); player: its builder, pos/feature: the tile and its road
  GameOver
};
inline constexpr std::size_t kEventKinds = static_cast<std::size_t>(EventKind::GameOver) + 1;

// What happened while applying a move; the sum of the points of FeatureScored, FairyPoints,
// BigTopScored, RingmasterBonus and AcrobatsScored is each player's score change (a ransom moves points between
// players).
struct Event {
  EventKind kind = EventKind::TilePlaced;
  std::int8_t player = -1;
  std::int8_t other = -1;  // a second player (tower: the holder of a prisoner)
  int points = 0;
  bool final_scoring = false;
  FigureKind figure = FigureKind::Follower;
  TileTypeId tile = kNoTile;
  Pos pos;
  FeatureAddr feature;
};

// Appends an event when the caller collects them (ev may be null).
void emit(std::vector<Event>* ev, EventKind kind, int player, FigureKind figure = FigureKind::Follower, Pos pos = {},
          FeatureAddr feature = {});

}  // namespace carc
