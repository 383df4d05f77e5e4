#pragma once
// Board geometry: positions, directions, rotations, edges and half-edges.
// x grows east, y grows south; rotation is clockwise in quarter turns.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace carc {

struct Pos {
  int x = 0;
  int y = 0;
  friend bool operator==(Pos, Pos) = default;
  friend auto operator<=>(Pos, Pos) = default;
};

// Edges in canonical order N, E, S, W (clockwise from north).
enum class Dir : std::uint8_t { N = 0, E = 1, S = 2, W = 3 };
inline constexpr int kEdges = 4;
// Half-edges in canonical order NL, NR, EL, ER, SL, SR, WL, WR; index = 2*edge + side (L=0, R=1).
inline constexpr int kHalfEdges = 8;

inline constexpr std::array<Pos, 4> kEdgeOffset{{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}};
// The 8 neighbours of a position, clockwise from north.
inline constexpr std::array<Pos, 8> kRingOffset{{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}};

// Positions are bounded (limits.hpp: the readers refuse more, parse_pos too), so sums of
// positions and offsets never overflow.
constexpr Pos operator+(Pos a, Pos b) { return {a.x + b.x, a.y + b.y}; }
constexpr Pos neighbour(Pos p, int edge) { return p + kEdgeOffset[static_cast<std::size_t>(edge)]; }
constexpr int opposite(int edge) { return (edge + 2) & 3; }
// The half-edge on the neighbouring tile that meets half-edge h across its edge: L meets R.
constexpr int facing_half(int h) { return (opposite(h >> 1) << 1) | (1 - (h & 1)); }

// Rotation in quarter turns clockwise (0..3); the notation writes r0, r90, r180, r270.
constexpr int rotate_edge(int edge, int quarter) { return (edge + quarter) & 3; }
constexpr int rotate_half(int h, int quarter) { return (h + 2 * quarter) & 7; }
constexpr std::uint8_t rotate_edge_mask(std::uint8_t m, int q) {
  q &= 3;
  return static_cast<std::uint8_t>(((m << q) | (m >> (4 - q))) & 0xF);
}
constexpr std::uint8_t rotate_half_mask(std::uint8_t m, int q) {
  const int s = (2 * q) & 7;
  return static_cast<std::uint8_t>(((m << s) | (m >> ((8 - s) & 7))) & 0xFF);
}

// Eight compass directions for flying-machine arrows, clockwise from north.
enum class Compass : std::uint8_t { N = 0, NE, E, SE, S, SW, W, NW };
constexpr Compass rotate_compass(Compass c, int quarter) {
  return static_cast<Compass>((static_cast<int>(c) + 2 * quarter) & 7);
}
constexpr Pos compass_offset(Compass c) { return kRingOffset[static_cast<std::size_t>(c)]; }

std::string_view edge_name(int edge);
std::string_view half_name(int h);
std::string_view compass_name(Compass c);
bool parse_compass(std::string_view s, Compass& out);
int parse_edge(std::string_view s);  // -1 when not an edge name
int parse_half(std::string_view s);  // -1 when not a half-edge name

std::string to_string(Pos p);  // "x,y"
// "x,y" with optional signs, each within -kMaxNotationCoord..kMaxNotationCoord (limits.hpp), so
// that no geometry on a parsed position can overflow; false otherwise.
bool parse_pos(std::string_view s, Pos& out);
// What parse_pos accepts, for messages: "x,y (integers within -1000000..1000000)".
std::string pos_syntax();
std::string rotation_name(int quarter);  // "r0".."r270"
bool parse_rotation(std::string_view s, int& quarter);

}  // namespace carc
