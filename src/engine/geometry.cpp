#include "engine/geometry.hpp"

#include <charconv>

#include "engine/limits.hpp"
#include "engine/names.hpp"

namespace carc {
namespace {
constexpr std::array<std::string_view, 4> kEdgeNames{"N", "E", "S", "W"};
constexpr std::array<std::string_view, 8> kHalfNames{"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"};
constexpr std::array<std::string_view, 8> kCompassNames{"N", "NE", "E", "SE", "S", "SW", "W", "NW"};

bool parse_int(std::string_view s, int& out) {
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return false;
  const auto* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc() && p == end;
}
}  // namespace

std::string_view edge_name(int edge) { return kEdgeNames[static_cast<std::size_t>(edge & 3)]; }
std::string_view half_name(int h) { return kHalfNames[static_cast<std::size_t>(h & 7)]; }
std::string_view compass_name(Compass c) { return kCompassNames[static_cast<std::size_t>(c)]; }

bool parse_compass(std::string_view s, Compass& out) { return parse_name(kCompassNames, s, out); }
int parse_edge(std::string_view s) { return index_in(kEdgeNames, s); }
int parse_half(std::string_view s) { return index_in(kHalfNames, s); }

std::string to_string(Pos p) { return std::to_string(p.x) + "," + std::to_string(p.y); }

bool parse_pos(std::string_view s, Pos& out) {
  WideCoord c;
  if (!parse_wide_pos(s, c)) return false;
  const auto fits = [](std::int64_t v) { return v >= -kMaxNotationCoord && v <= kMaxNotationCoord; };
  if (!fits(c.x) || !fits(c.y)) return false;
  out = Pos{static_cast<int>(c.x), static_cast<int>(c.y)};
  return true;
}

std::string pos_syntax() {
  return "x,y (integers within " + std::to_string(-kMaxNotationCoord) + ".." + std::to_string(kMaxNotationCoord) + ")";
}

std::string rotation_name(int quarter) { return "r" + std::to_string((quarter & 3) * 90); }

bool parse_rotation(std::string_view s, int& quarter) {
  if (s.size() < 2 || s.front() != 'r') return false;
  int deg = 0;
  if (!parse_int(s.substr(1), deg)) return false;
  if (deg < 0 || deg % 90 != 0 || deg >= 360) return false;
  quarter = deg / 90;
  return true;
}

}  // namespace carc
