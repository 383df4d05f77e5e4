#pragma once
// Tiles as values: features with the edges or half-edges they touch, and the
// per-rotation lookup tables the board uses. Tile-wide features (cloister,
// garden, flier, crop circle, portal, tower, volcano, dragon) touch no edge.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/geometry.hpp"
#include "engine/result.hpp"

namespace carc {

// Volcano and Dragon are the Princess & the Dragon symbols (the dragon-and-fairy room): no figure stands on them.
enum class FeatureKind : std::uint8_t {
  City,
  Road,
  Field,
  Cloister,
  Garden,
  Flier,
  CropCircle,
  Portal,
  Tower,
  Volcano,
  Dragon,
  Festival,  // the Festival's symbol or festival place (FE-08): no figure stands on it
  Circus,    // Under the Big Top: the circus space (big top and animal token; no figure, BT-02)
  Acrobat    // Under the Big Top: the acrobat space (a pyramid of up to 3 meeples, BT-10)
};
inline constexpr int kFeatureKinds = 14;
std::string_view feature_kind_name(FeatureKind k);
bool parse_feature_kind(std::string_view s, FeatureKind& out);
// The capability a tile printed with a feature of this kind needs ("base" for city, road,
// field and cloister; "abbot" for the garden, "flier" for the flying machine, ...).
std::string_view feature_capability(FeatureKind k);
// City and road address edges, fields half-edges; the rest are tile-wide.
constexpr bool uses_edges(FeatureKind k) { return k == FeatureKind::City || k == FeatureKind::Road; }
constexpr bool uses_halves(FeatureKind k) { return k == FeatureKind::Field; }
constexpr bool is_tile_wide(FeatureKind k) { return !uses_edges(k) && !uses_halves(k); }

enum class EdgeType : std::uint8_t { Field = 0, Road = 1, City = 2 };
char edge_type_letter(EdgeType t);

enum class CropSymbol : std::uint8_t { None, Club, Shield, Rake };
std::string_view crop_symbol_name(CropSymbol s);

// Where a one-edge road ends (tiles.md §1.4); the C1 wagon reach follows these links.
// Festival: at the festival place, linking to nothing (fe-CRCR, where the data names no city).
enum class RoadEnd : std::uint8_t {
  None,
  Junction,
  Cloister,
  City,
  CropCircle,
  Tower,
  Volcano,
  Festival,
  Circus,
  Acrobat
};
std::string_view road_end_name(RoadEnd e);

// A feature address in board orientation: kind plus edge or half-edge bitmask
// (bit i = edge i in N,E,S,W order, or half-edge i in NL..WR order).
struct FeatureAddr {
  FeatureKind kind = FeatureKind::City;
  std::uint8_t mask = 0;
  friend bool operator==(FeatureAddr, FeatureAddr) = default;
};
std::string to_string(FeatureAddr a);  // "city{N,W}", "field{}", "cloister"
Result<FeatureAddr> parse_feature_addr(std::string_view s);
FeatureAddr rotate(FeatureAddr a, int quarter);

struct TileFeature {
  FeatureKind kind = FeatureKind::City;
  std::uint8_t mask = 0;       // at rotation 0
  std::uint8_t pennants = 0;   // cities
  bool princess = false;       // cities
  bool no_castle = false;      // one-edge cities whose art is no semicircle: never half of a town (BC-02)
  Compass arrow = Compass::N;  // flier
  CropSymbol symbol = CropSymbol::None;
  std::uint16_t adjacent_cities = 0;  // fields: bitmask of local city indices
  // One-edge roads: what the road ends at on this tile (tiles.md §1.4). `end_feature`
  // is the local index of the cloister, city or crop circle it runs into, -1 otherwise.
  RoadEnd road_end = RoadEnd::None;
  std::int8_t end_feature = -1;
};

// A city segment that may be half of a town (BC-02, tiles-extra §5.2): one edge, not `no-castle`.
bool castle_base(const TileFeature& f);

using TileTypeId = std::uint16_t;
inline constexpr TileTypeId kNoTile = 0xFFFF;
inline constexpr int kMaxTileFeatures = 16;

struct TileDef {
  std::string id;
  std::string letter;  // WikiCarpedia letter, may be empty
  std::string jcz;     // JCloisterZone id, may be empty
  std::vector<TileFeature> features;
  std::array<EdgeType, 4> edges{};                           // at rotation 0, N,E,S,W
  std::array<std::array<std::int8_t, 4>, 4> edge_feature{};  // [rot][board edge] -> local index, -1 for field edges
  std::array<std::array<std::int8_t, 8>, 4> half_feature{};  // [rot][board half-edge] -> local field index
  std::array<std::uint8_t, 4> canonical_rot{};               // smallest rotation giving the same layout
  std::array<std::uint8_t, 4> packed_edges{};  // [rot] 2 bits per board edge (EdgeType), N in the low bits
  std::int8_t cloister = -1, garden = -1, flier = -1, crop = -1, portal = -1, tower = -1, volcano = -1, dragon = -1,
              festival = -1, circus = -1, acrobat = -1;

  EdgeType edge_at(int rot, int board_edge) const { return edges[static_cast<std::size_t>((board_edge - rot) & 3)]; }
  FeatureAddr address(int local, int rot) const;
  int find(FeatureAddr board_addr, int rot) const;  // local index, -1 when absent
  int distinct_orientations() const;
  bool has_pennant() const;
};

// Builds a tile from feature specs, e.g. "city{N,W} pennant", "road{E,W}",
// "field{EL,WR} touches city{N}", "city{W} no-castle", "road{S} ends cloister", "road{S} ends city{N,E,W}",
// "road{E} ends junction", "cloister", "flier NW", "crop-circle club", "volcano", "dragon", "festival".
// Checks the half-edge partition (tiles.md §8.2) and derives the edge types.
Result<TileDef> make_tile(std::string id, const std::vector<std::string>& specs);
// The feature specs of a tile at rotation 0, in feature order: make_tile(id, tile_specs(t))
// rebuilds the same tile (the protocol sends tiles this way).
std::vector<std::string> tile_specs(const TileDef& t);
// The edge types at rotation 0 as letters N,E,S,W, e.g. "CRFR".
std::string edge_letters(const TileDef& t);

}  // namespace carc
