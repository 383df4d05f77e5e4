#pragma once
// The position value: everything a position says, as plain data, with a
// canonical one-line-per-item text form (documented in setup.cpp, where it is
// parsed, and in src/engine/README.md). State::from turns a Setup into a State
// (the one place a position becomes a state); snapshot() goes back where the
// state is representable; replay() applies a move list and names the first refusal.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/events.hpp"
#include "engine/expansions/dragon_fairy.hpp"
#include "engine/expansions/little_buildings.hpp"
#include "engine/figures.hpp"
#include "engine/geometry.hpp"
#include "engine/move.hpp"
#include "engine/position_keys.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"

namespace carc {

class State;

struct SetupTile {
  TileTypeId type = kNoTile;
  Pos pos;
  int rot = 0;  // quarter turns clockwise
  friend bool operator==(const SetupTile&, const SetupTile&) = default;
};

struct SetupFigure {
  Colour owner = Colour::Red;
  FigureKind kind = FigureKind::Follower;
  Pos pos;
  FeatureAddr feature;
  friend bool operator==(const SetupFigure&, const SetupFigure&) = default;
};

// A tower with floors (the tower room): its foundation's square, height 1..30, and
// closed = closed with nobody on top (V-TO-2 `no`, after its top figure was captured).
struct SetupTower {
  Pos pos;
  int height = 1;
  bool closed = false;
  friend bool operator==(const SetupTower&, const SetupTower&) = default;
};

// A figure of owner held by holder (TO-05).
struct SetupPrisoner {
  Colour holder = Colour::Red;
  Colour owner = Colour::Red;
  FigureKind kind = FigureKind::Follower;
  friend bool operator==(const SetupPrisoner&, const SetupPrisoner&) = default;
};
// "x,y HEIGHT [closed]" (the position's `towers` entries and the text form's `tower` line).
std::string to_string(const SetupTower& t);
Result<SetupTower> parse_tower_entry(std::string_view text);

// Where the fairy is (the dragon-and-fairy room): not in this game, beside the board, or on
// the tile at pos, next to host (fairy-placement next-to-follower; none when its host left).
struct SetupFairy {
  FairyPlace place = FairyPlace::Absent;
  Pos pos;
  std::optional<SetupFigure> host;
  friend bool operator==(const SetupFairy&, const SetupFairy&) = default;
};
// "beside", "x,y" or "COLOUR KIND x,y:FEATURE" (the position's `fairy` and the text form's line).
std::string to_string(const SetupFairy& f);
Result<SetupFairy> parse_fairy_entry(std::string_view text);

// A castle on the board (the castles room): its owner, the town it covers named by either of its
// two segments, and whether its occupant has scored (the token stays, BC-07).
struct SetupCastle {
  Colour owner = Colour::Red;
  Pos pos;
  FeatureAddr feature;
  bool scored = false;
  friend bool operator==(const SetupCastle&, const SetupCastle&) = default;
};
// "COLOUR x,y:FEATURE [scored]" (the position's `castles` entries and the text form's `castle` line).
std::string to_string(const SetupCastle& c);
Result<SetupCastle> parse_castle_entry(std::string_view text);

// A bridge on the board (the bridges room, BC-15): the tile it stands on and its road,
// road{N,S} or road{E,W} in board orientation ("x,y:road{N,S}" in the text form's `bridge` line).
struct SetupBridge {
  Pos pos;
  FeatureAddr road{FeatureKind::Road, 0};
  friend bool operator==(const SetupBridge&, const SetupBridge&) = default;
};

// Floors in hand not stated: TO-01's number for the player count.
inline constexpr int kDefaultFloors = -1;

struct Setup {
  std::vector<Colour> seats;     // in seat order
  std::vector<SetupTile> tiles;  // in placing order: each touches an earlier one
  std::vector<SetupFigure> figures;
  std::vector<std::array<int, kFigureKinds>> supply;  // per seat: figures in hand (owned = in hand + on the board)
  std::vector<int> scores;                            // per seat
  Phase phase = Phase::Tile;                          // tile, figure, dragon (with dragon_path) or game-over
  int active = 0;                                     // seat index
  TileTypeId in_hand = kNoTile;                       // phase tile; none: the first tile of the pile is drawn
  std::optional<Pos> placed;                          // phase figure or dragon: the tile placed this turn (part)
  std::vector<TileTypeId> pile;                       // draw order still to come
  bool last_tile = false;                             // the pile is closed: the game ends when it runs out
  std::vector<int> rolls;                             // fixed die results, in order
  PositionFlags flags;                                // the rooms' yes/no keys (position_keys.hpp, rooms.hpp)
  std::vector<SetupTower> towers;                     // foundations with floors (not listed: empty)
  // The rooms' per-seat counts (position_keys.hpp, rooms.hpp kSeatCountKeys): floors in hand (per seat,
  // kDefaultFloors = TO-01's number; empty: all default), castle and bridge tokens in hand (per seat;
  // empty: not in this game).
  SeatCounts counts;
  std::vector<SetupPrisoner> prisoners;  // one per held figure; owned = in hand + on the board + held by others
  std::optional<Pos> dragon;             // the dragon's tile; none: not in play yet (PD-17)
  SetupFairy fairy;                      // absent: no fairy in this game
  std::vector<TileTypeId> set_aside;     // dragon tiles drawn before the dragon came into play (PD-16)
  std::vector<Pos> dragon_path;          // phase dragon: the tiles the dragon stood on in this move, start first
  // Little Buildings: per seat the tower, house and shed tokens in hand (empty: not in this game),
  // and the buildings on tiles, one per tile.
  std::vector<std::array<int, kBuildingKinds>> building_supply;
  std::vector<PlacedBuilding> buildings;
  std::vector<SetupCastle> castles;               // castles on the board; their occupants are among figures
  std::optional<Pos> big_top;                     // the big top's circus tile; none: no circus tile placed yet (BT-02)
  int big_top_token = 0;                          // the face-down animal token under it (its value; 0 only without one)
  std::optional<std::vector<int>> animal_tokens;  // the face-down pile, next first; none: default_animal_tokens
  std::vector<SetupBridge> bridges;               // bridges on the board, each built right after its tile was placed
  friend bool operator==(const Setup&, const Setup&) = default;

  // An empty position with these seats (supplies and scores sized to them).
  static Setup with_seats(std::vector<Colour> seats);
};

// Where State::from refused a Setup: which part and which item of it.
enum class SetupPart : std::uint8_t {
  Seats,
  Tiles,
  Supply,
  Figures,
  Turn,
  Towers,
  Floors,
  Prisoners,
  Dragon,
  Fairy,
  SetAside,
  DragonPath,
  InHand,
  Buildings,
  Castles,
  BigTop,
  Bridges
};
struct SetupErrorAt {
  SetupPart part = SetupPart::Seats;
  std::size_t index = 0;  // the tile, figure, seat, tower or prisoner
};

// The canonical text form and its parser (errors name the line: "line 3: ...").
std::string to_string(const Setup& s, const TileCatalog& catalog);
Result<Setup> parse_setup(std::string_view text, const TileCatalog& catalog);

// The Setup of a state where it has one: phase tile, figure or game-over at the
// start of a decision a position can state (no flight, wagon or crop step under
// way, no step-2 action taken, no unscored tile but the placed one).
std::optional<Setup> snapshot(const State& s);

// Applies moves in order; the first refused move's index and reason, or nothing when all applied.
struct ReplayFailure {
  std::size_t index = 0;
  Reason reason = Reason::Ok;
};
std::optional<ReplayFailure> replay(State& s, const std::vector<Move>& moves, std::vector<Event>* ev = nullptr);

}  // namespace carc
