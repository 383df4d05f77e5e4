#pragma once
// The bounds of a position: every number a position may hold, stated once and
// checked before a State is built. The scenario loader and the protocol decoder
// both hand what they read to check_position_bounds(), so a position beyond a
// bound is refused with a located error (file:line:col, or the JSON path) and
// never reaches the geometry, the board's 16-bit indexes or the scoring.
//
// The limits lie far above any real game (the largest box of tiles is under a
// thousand; scores stay in the hundreds) and are chosen so that no arithmetic
// of the engine on a position within them can overflow: the static_asserts in
// limits.cpp spell out each margin. scenarios/README.md and oracle/PROTOCOL.md
// ("Limits") state the same numbers. (The engine-rooms redesign moves this
// check into the validation of Setup.)
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace carc {

// |x| and |y| of every tile, figure and `placed` square of a position.
inline constexpr int kMaxCoord = 100'000;
// Tiles in a position: on the board, in hand and in the pile together. Every
// tile placed later comes from the hand or the pile, so the board never holds more.
inline constexpr int kMaxTiles = 4'096;
// |x| and |y| in the move notation. Wider than kMaxCoord: from a position
// within the bounds the board grows by at most kMaxTiles squares and a flight
// looks up to 2 * kMaxTiles + 4 squares further, and every such square must be
// writable as a move.
inline constexpr int kMaxNotationCoord = 1'000'000;
// Points of each player in a position: -kMaxScore..kMaxScore (a score falls below 0
// only by paying a tower ransom under `ransom-score-floor: none`, V-TO-4).
inline constexpr int kMaxScore = 1'000'000;
// Figures of one kind that one player owns (in hand and on the board).
inline constexpr int kMaxFiguresOfKind = 99;
// Fixed die results listed in a position.
inline constexpr int kMaxRolls = kMaxTiles;
// Pennants on one city segment of a tile definition.
inline constexpr int kMaxPennants = 3;

// A square as read, before it is known to fit the engine's int coordinates.
struct WideCoord {
  std::int64_t x = 0, y = 0;
};

// The numbers of a position as its reader found them, in the reader's order,
// so that a problem's index leads back to where the number was written.
struct PositionNumbers {
  std::vector<WideCoord> tiles;      // the board, in placement order
  std::vector<WideCoord> figures;    // where each figure on the board stands
  std::optional<WideCoord> placed;   // phase figure: the tile just placed
  bool in_hand = false;              // a tile is in hand
  std::size_t pile = 0;              // tiles still to draw after it
  std::vector<std::int64_t> rolls;   // fixed die results
  std::vector<std::int64_t> supply;  // every count of figures in hand given, any player and kind
  std::vector<std::int64_t> scores;  // every score given
};

// What a problem is about; `index` counts in that list of PositionNumbers
// (Tiles: the first tile over kMaxTiles; Pile: the first pile tile over it).
enum class BoundsItem : std::uint8_t { Tile, Figure, Placed, Pile, Roll, Supply, Score };

struct BoundsProblem {
  BoundsItem item = BoundsItem::Tile;
  std::size_t index = 0;
  std::string message;  // states the value found and the bound, e.g. "x 2147483647 is outside -100000..100000"
};

// Every number of the position beyond its bound, in the order of PositionNumbers
// (at most one problem about the tile count). Empty when the position is within bounds.
std::vector<BoundsProblem> check_position_bounds(const PositionNumbers& p);

// Whether a square lies within the coordinates of a position (|x|, |y| <= kMaxCoord).
bool within_position_bounds(std::int64_t x, std::int64_t y);

// Reads "x,y" (optional signs) as 64-bit integers, so a reader can hand any
// written square to check_position_bounds; false on bad syntax or beyond 64 bits.
bool parse_wide_pos(std::string_view s, WideCoord& out);

}  // namespace carc
