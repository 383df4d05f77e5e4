#include "engine/limits.hpp"

#include <charconv>
#include <climits>

#include "engine/board.hpp"
#include "engine/figures.hpp"
#include "engine/tile.hpp"

namespace carc {
namespace {

// The margins the bounds leave. Board indexes: one node per tile feature.
static_assert(std::int64_t{kMaxTiles} * kMaxTileFeatures <= std::int64_t{1} << (8 * sizeof(FeatureNode::parent)),
              "feature node indexes must not wrap");
static_assert(kMaxTiles <= INT16_MAX, "the board's position index holds int16 tile indexes");
static_assert(kMaxTiles <= UINT16_MAX, "feature nodes hold uint16 tile indexes");
// A merged feature's size and open edges: features merge only across edges, so one holds at
// most 8 nodes per tile (fields, one per half-edge) and at most 4 open edges per tile.
static_assert(std::int64_t{kMaxTiles} * kHalfEdges <= UINT16_MAX, "a merged feature's node count must not wrap");
static_assert(std::int64_t{kMaxTiles} * kEdges <= UINT16_MAX, "a merged feature's open edges must not wrap");
// A merged city: at most 4 city segments per tile (one per edge), each with at most kMaxPennants.
static_assert(std::int64_t{kMaxTiles} * 4 * kMaxPennants <= UINT16_MAX,
              "a merged city's pennants must fit its counter");
// Followers in one merged feature: every follower kind of every player.
static_assert(std::int64_t{kMaxPlayers} * kFigureKinds * kMaxFiguresOfKind <= UINT16_MAX,
              "a merged feature's occupant count must not wrap");
static_assert(kMaxFiguresOfKind <= UINT8_MAX, "a player's supply per kind is a uint8");
// Every square reachable from a position within the bounds is writable: placements extend
// the board by at most kMaxTiles squares, an "existing tiles" flight looks 2 * kMaxTiles + 4 further.
static_assert(std::int64_t{kMaxCoord} + kMaxTiles + 2 * kMaxTiles + 4 <= kMaxNotationCoord,
              "the notation must reach every square the board can reach");
// Geometry on notation coordinates (neighbours, flights, rotation by negation, the metamorphic
// shifts) stays far inside int.
static_assert(std::int64_t{kMaxNotationCoord} * 4 <= INT_MAX, "coordinate arithmetic must not overflow");
// Scores: a position's score plus what a game of at most kMaxTiles tiles can add (every point
// comes from a tile, a pennant, a cloister's ring or a city next to a field, each counted a
// bounded number of times: far below 10^8) stays inside int; Scoring::award checks each sum.
static_assert(std::int64_t{kMaxScore} + 100'000'000 <= INT_MAX, "scores must not overflow");
// Downwards only a ransom moves a score (3 points, at most once per turn, so at most 3 per tile).
static_assert(-std::int64_t{kMaxScore} - 3 * std::int64_t{kMaxTiles} >= INT_MIN, "scores must not underflow");

std::string range(std::int64_t lo, std::int64_t hi) { return std::to_string(lo) + ".." + std::to_string(hi); }

void coord(std::vector<BoundsProblem>& out, BoundsItem item, std::size_t index, WideCoord c) {
  if (within_position_bounds(c.x, c.y)) return;
  out.push_back({item, index,
                 "square " + std::to_string(c.x) + "," + std::to_string(c.y) +
                     " is outside the bounds of a position: x and y lie within " + range(-kMaxCoord, kMaxCoord)});
}

void number(std::vector<BoundsProblem>& out, BoundsItem item, std::size_t index, std::int64_t v, std::int64_t lo,
            std::int64_t hi, const std::string& what) {
  if (v >= lo && v <= hi) return;
  out.push_back({item, index, what + " " + std::to_string(v) + " is outside " + range(lo, hi)});
}

}  // namespace

bool parse_wide_pos(std::string_view s, WideCoord& out) {
  const auto read = [](std::string_view t, std::int64_t& v) {
    if (!t.empty() && t.front() == '+') t.remove_prefix(1);
    if (t.empty()) return false;
    const auto* end = t.data() + t.size();
    auto [p, ec] = std::from_chars(t.data(), end, v);
    return ec == std::errc() && p == end;
  };
  const auto comma = s.find(',');
  if (comma == std::string_view::npos) return false;
  return read(s.substr(0, comma), out.x) && read(s.substr(comma + 1), out.y);
}

bool within_position_bounds(std::int64_t x, std::int64_t y) {
  return x >= -kMaxCoord && x <= kMaxCoord && y >= -kMaxCoord && y <= kMaxCoord;
}

std::vector<BoundsProblem> check_position_bounds(const PositionNumbers& p) {
  std::vector<BoundsProblem> out;
  const std::size_t max_tiles = kMaxTiles;
  const std::size_t total = p.tiles.size() + (p.in_hand ? 1 : 0) + p.pile;
  for (std::size_t i = 0; i < p.tiles.size(); ++i) coord(out, BoundsItem::Tile, i, p.tiles[i]);
  if (total > max_tiles) {
    const std::string what = "a position holds at most " + std::to_string(kMaxTiles) +
                             " tiles (on the board, in hand and in the pile together); this one holds " +
                             std::to_string(total);
    if (p.tiles.size() > max_tiles)
      out.push_back({BoundsItem::Tile, max_tiles, what});
    else
      out.push_back({BoundsItem::Pile, max_tiles - p.tiles.size() - (p.in_hand ? 1 : 0), what});
  }
  for (std::size_t i = 0; i < p.figures.size(); ++i) coord(out, BoundsItem::Figure, i, p.figures[i]);
  if (p.placed) coord(out, BoundsItem::Placed, 0, *p.placed);
  for (std::size_t i = 0; i < p.rolls.size(); ++i) number(out, BoundsItem::Roll, i, p.rolls[i], 1, 3, "die result");
  if (p.rolls.size() > static_cast<std::size_t>(kMaxRolls))
    out.push_back({BoundsItem::Roll, static_cast<std::size_t>(kMaxRolls),
                   "a position lists at most " + std::to_string(kMaxRolls) + " die results; this one lists " +
                       std::to_string(p.rolls.size())});
  for (std::size_t i = 0; i < p.supply.size(); ++i)
    number(out, BoundsItem::Supply, i, p.supply[i], 0, kMaxFiguresOfKind, "figures in hand");
  for (std::size_t i = 0; i < p.scores.size(); ++i)
    number(out, BoundsItem::Score, i, p.scores[i], -kMaxScore, kMaxScore, "score");
  return out;
}

}  // namespace carc
