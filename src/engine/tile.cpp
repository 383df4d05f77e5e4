#include "engine/tile.hpp"

#include <algorithm>
#include <bit>
#include <tuple>

#include "engine/limits.hpp"
#include "engine/names.hpp"

namespace carc {
namespace {
constexpr std::array<std::string_view, kFeatureKinds> kKindNames{
    "city",   "road",  "field",   "cloister", "garden",   "flier",  "crop-circle",
    "portal", "tower", "volcano", "dragon",   "festival", "circus", "acrobat"};
// The capability (capability_table, events.hpp) a tile printed with the feature needs.
constexpr std::array<std::string_view, kFeatureKinds> kKindCapabilities{
    "base",   "base",  "base",   "base",   "abbot",    "flier",   "crop-circles",
    "portal", "tower", "dragon", "dragon", "festival", "big-top", "big-top"};

std::vector<std::string_view> split_words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    std::size_t j = i;
    // keep a {...} group in one word
    while (j < s.size() && s[j] != ' ') {
      if (s[j] == '{') {
        while (j < s.size() && s[j] != '}') ++j;
      }
      if (j < s.size()) ++j;
    }
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}
}  // namespace

std::string_view feature_kind_name(FeatureKind k) { return kKindNames[static_cast<std::size_t>(k)]; }

bool parse_feature_kind(std::string_view s, FeatureKind& out) { return parse_name(kKindNames, s, out); }

std::string_view feature_capability(FeatureKind k) { return kKindCapabilities[static_cast<std::size_t>(k)]; }

char edge_type_letter(EdgeType t) {
  switch (t) {
    case EdgeType::City:
      return 'C';
    case EdgeType::Road:
      return 'R';
    case EdgeType::Field:
      return 'F';
  }
  return '?';
}

std::string_view crop_symbol_name(CropSymbol s) {
  switch (s) {
    case CropSymbol::Club:
      return "club";
    case CropSymbol::Shield:
      return "shield";
    case CropSymbol::Rake:
      return "rake";
    case CropSymbol::None:
      break;
  }
  return "none";
}

std::string_view road_end_name(RoadEnd e) {
  switch (e) {
    case RoadEnd::Junction:
      return "junction";
    case RoadEnd::Cloister:
      return "cloister";
    case RoadEnd::City:
      return "city";
    case RoadEnd::CropCircle:
      return "crop-circle";
    case RoadEnd::Tower:
      return "tower";
    case RoadEnd::Volcano:
      return "volcano";
    case RoadEnd::Festival:
      return "festival";
    case RoadEnd::Circus:
      return "circus";
    case RoadEnd::Acrobat:
      return "acrobat";
    case RoadEnd::None:
      break;
  }
  return "none";
}

std::string to_string(FeatureAddr a) {
  std::string out(feature_kind_name(a.kind));
  if (is_tile_wide(a.kind)) return out;
  out += '{';
  bool first = true;
  const int n = uses_edges(a.kind) ? kEdges : kHalfEdges;
  for (int i = 0; i < n; ++i) {
    if (!(a.mask & (1u << i))) continue;
    if (!first) out += ',';
    out += uses_edges(a.kind) ? edge_name(i) : half_name(i);
    first = false;
  }
  out += '}';
  return out;
}

Result<FeatureAddr> parse_feature_addr(std::string_view s) {
  const auto brace = s.find('{');
  FeatureAddr a;
  if (!parse_feature_kind(s.substr(0, brace), a.kind))
    return fail("unknown feature kind '" + std::string(s.substr(0, brace)) +
                "' (expected city, road, field, cloister, garden, flier, crop-circle, portal, tower, volcano, dragon, "
                "festival, circus or acrobat)");
  if (is_tile_wide(a.kind)) {
    if (brace != std::string_view::npos)
      return fail("'" + std::string(feature_kind_name(a.kind)) + "' is tile-wide and takes no {edges}");
    return a;
  }
  if (brace == std::string_view::npos || s.back() != '}')
    return fail("'" + std::string(s) + "': expected " + std::string(feature_kind_name(a.kind)) + "{...}");
  std::string_view body = s.substr(brace + 1, s.size() - brace - 2);
  int last = -1;
  while (!body.empty()) {
    const auto comma = body.find(',');
    const std::string_view item = body.substr(0, comma);
    const int idx = uses_edges(a.kind) ? parse_edge(item) : parse_half(item);
    if (idx < 0)
      return fail("'" + std::string(item) + "' is not " +
                  (uses_edges(a.kind) ? "an edge (N, E, S, W)" : "a half-edge (NL, NR, EL, ER, SL, SR, WL, WR)"));
    if (idx <= last) return fail("'" + std::string(s) + "': edges must be listed once each, in clockwise order");
    last = idx;
    a.mask = static_cast<std::uint8_t>(a.mask | (1u << idx));
    if (comma == std::string_view::npos) break;
    body.remove_prefix(comma + 1);
  }
  if (a.mask == 0 && uses_edges(a.kind))
    return fail("'" + std::string(s) + "': a " + std::string(feature_kind_name(a.kind)) + " touches at least one edge");
  return a;
}

FeatureAddr rotate(FeatureAddr a, int quarter) {
  if (uses_edges(a.kind)) a.mask = rotate_edge_mask(a.mask, quarter);
  if (uses_halves(a.kind)) a.mask = rotate_half_mask(a.mask, quarter);
  return a;
}

FeatureAddr TileDef::address(int local, int rot) const {
  const auto& f = features[static_cast<std::size_t>(local)];
  return rotate(FeatureAddr{f.kind, f.mask}, rot);
}

int TileDef::find(FeatureAddr board_addr, int rot) const {
  const FeatureAddr base = rotate(board_addr, (4 - rot) & 3);
  for (std::size_t i = 0; i < features.size(); ++i)
    if (features[i].kind == base.kind && features[i].mask == base.mask) return static_cast<int>(i);
  return -1;
}

int TileDef::distinct_orientations() const {
  int n = 0;
  for (int r = 0; r < 4; ++r) n += canonical_rot[static_cast<std::size_t>(r)] == r;
  return n;
}

bool castle_base(const TileFeature& f) {
  return f.kind == FeatureKind::City && std::popcount(static_cast<unsigned>(f.mask)) == 1 && !f.no_castle;
}

bool TileDef::has_pennant() const {
  return std::any_of(features.begin(), features.end(), [](const TileFeature& f) { return f.pennants > 0; });
}

namespace {
// A rotation-comparable description of the whole layout.
using Descriptor = std::vector<std::tuple<int, int, int, int, int, int, std::vector<int>>>;
Descriptor describe(const TileDef& t, int rot) {
  Descriptor d;
  for (std::size_t i = 0; i < t.features.size(); ++i) {
    const auto& f = t.features[i];
    std::vector<int> adj;
    for (std::size_t j = 0; j < t.features.size(); ++j)
      if (f.adjacent_cities & (1u << j)) adj.push_back(t.address(static_cast<int>(j), rot).mask);
    std::sort(adj.begin(), adj.end());
    const int arrow = f.kind == FeatureKind::Flier ? static_cast<int>(rotate_compass(f.arrow, rot)) : 0;
    d.emplace_back(static_cast<int>(f.kind), t.address(static_cast<int>(i), rot).mask, f.pennants + 8 * f.no_castle,
                   f.princess, arrow, static_cast<int>(f.symbol), adj);
  }
  std::sort(d.begin(), d.end());
  return d;
}
}  // namespace

Result<TileDef> make_tile(std::string id, const std::vector<std::string>& specs) {
  TileDef t;
  t.id = std::move(id);
  if (specs.size() > kMaxTileFeatures) return fail("tile " + t.id + ": more than 16 features");
  // First pass: features; second pass: field adjacency (names refer to cities).
  std::vector<std::vector<std::string_view>> touches(specs.size());
  std::vector<std::string_view> ends(specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const auto words = split_words(specs[i]);
    if (words.empty()) return fail("tile " + t.id + ": empty feature");
    auto addr = parse_feature_addr(words[0]);
    if (!addr) return fail("tile " + t.id + ": " + addr.error());
    TileFeature f;
    f.kind = addr->kind;
    f.mask = addr->mask;
    std::size_t w = 1;
    auto bad = [&](std::string_view what) {
      return fail("tile " + t.id + ": feature '" + specs[i] + "': " + std::string(what));
    };
    while (w < words.size()) {
      const auto word = words[w++];
      if (word == "pennant" && f.kind == FeatureKind::City) {
        if (f.pennants >= kMaxPennants)
          return bad("a city segment has at most " + std::to_string(kMaxPennants) + " pennants (limits.hpp)");
        ++f.pennants;
      } else if (word == "princess" && f.kind == FeatureKind::City) {
        f.princess = true;
      } else if (word == "no-castle" && f.kind == FeatureKind::City) {
        if (std::popcount(static_cast<unsigned>(f.mask)) != 1)
          return bad("'no-castle' marks a one-edge city segment (a longer one is never a castle base)");
        f.no_castle = true;
      } else if (word == "ends" && f.kind == FeatureKind::Road) {
        if (w >= words.size())
          return bad(
              "'ends' needs what the road ends at (junction, cloister, city{...}, crop-circle, tower, volcano, "
              "festival, circus, acrobat)");
        if (std::popcount(static_cast<unsigned>(f.mask)) != 1) return bad("only a one-edge road ends on its tile");
        ends[i] = words[w++];
      } else if (word == "touches" && f.kind == FeatureKind::Field) {
        if (w >= words.size()) return bad("'touches' needs at least one city address");
        while (w < words.size()) touches[i].push_back(words[w++]);
      } else if (f.kind == FeatureKind::Flier && !parse_compass(word, f.arrow)) {
        return bad("expected an arrow direction (N, NE, E, SE, S, SW, W, NW)");
      } else if (f.kind == FeatureKind::Flier) {
        f.symbol = CropSymbol::None;
      } else if (f.kind == FeatureKind::CropCircle) {
        if (word == "club")
          f.symbol = CropSymbol::Club;
        else if (word == "shield")
          f.symbol = CropSymbol::Shield;
        else if (word == "rake")
          f.symbol = CropSymbol::Rake;
        else
          return bad("expected a crop symbol (club, shield, rake)");
      } else {
        return bad("unexpected word '" + std::string(word) + "'");
      }
    }
    if (f.kind == FeatureKind::CropCircle && f.symbol == CropSymbol::None) return bad("a crop circle needs a symbol");
    if (f.kind == FeatureKind::Flier && words.size() < 2) return bad("a flier needs an arrow direction");
    const auto local = static_cast<std::int8_t>(i);
    auto set_unique = [&](std::int8_t& slot) -> bool {
      if (slot >= 0) return false;
      slot = local;
      return true;
    };
    bool unique = true;
    switch (f.kind) {
      case FeatureKind::Cloister:
        unique = set_unique(t.cloister);
        break;
      case FeatureKind::Garden:
        unique = set_unique(t.garden);
        break;
      case FeatureKind::Flier:
        unique = set_unique(t.flier);
        break;
      case FeatureKind::CropCircle:
        unique = set_unique(t.crop);
        break;
      case FeatureKind::Portal:
        unique = set_unique(t.portal);
        break;
      case FeatureKind::Tower:
        unique = set_unique(t.tower);
        break;
      case FeatureKind::Volcano:
        unique = set_unique(t.volcano);
        break;
      case FeatureKind::Dragon:
        unique = set_unique(t.dragon);
        break;
      case FeatureKind::Festival:
        unique = set_unique(t.festival);
        break;
      case FeatureKind::Circus:
        unique = set_unique(t.circus);
        break;
      case FeatureKind::Acrobat:
        unique = set_unique(t.acrobat);
        break;
      default:
        break;
    }
    if (!unique) return bad("a tile has at most one of each tile-wide feature");
    t.features.push_back(f);
  }
  for (std::size_t i = 0; i < specs.size(); ++i) {
    for (auto name : touches[i]) {
      auto addr = parse_feature_addr(name);
      if (!addr || addr->kind != FeatureKind::City)
        return fail("tile " + t.id + ": field '" + specs[i] + "' touches '" + std::string(name) + "', not a city");
      const int c = t.find(*addr, 0);
      if (c < 0)
        return fail("tile " + t.id + ": field touches " + std::string(name) + ", which the tile does not have");
      t.features[i].adjacent_cities = static_cast<std::uint16_t>(t.features[i].adjacent_cities | (1u << c));
    }
  }
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (ends[i].empty()) {
      if (t.features[i].kind == FeatureKind::Road && std::popcount(static_cast<unsigned>(t.features[i].mask)) == 1)
        return fail("tile " + t.id + ": one-edge road '" + specs[i] +
                    "' must say where it ends ('ends junction', ...)");
      continue;
    }
    TileFeature& f = t.features[i];
    const std::string_view e = ends[i];
    auto find_kind = [&](FeatureKind k) {
      for (std::size_t j = 0; j < t.features.size(); ++j)
        if (t.features[j].kind == k) return static_cast<int>(j);
      return -1;
    };
    int target = -1;
    if (e == "junction") {
      f.road_end = RoadEnd::Junction;
    } else if (e == "cloister" || e == "crop-circle" || e == "tower" || e == "volcano" || e == "festival" ||
               e == "circus" || e == "acrobat") {
      f.road_end = e == "cloister"      ? RoadEnd::Cloister
                   : e == "crop-circle" ? RoadEnd::CropCircle
                   : e == "tower"       ? RoadEnd::Tower
                   : e == "volcano"     ? RoadEnd::Volcano
                   : e == "circus"      ? RoadEnd::Circus
                   : e == "acrobat"     ? RoadEnd::Acrobat
                                        : RoadEnd::Festival;
      FeatureKind k = FeatureKind::Cloister;
      // A volcano, festival place, circus or acrobat space links the road to nothing (no wagon reaches it).
      if (e != "volcano" && e != "festival" && e != "circus" && e != "acrobat" && parse_feature_kind(e, k)) {
        target = find_kind(k);
        if (target < 0) return fail("tile " + t.id + ": road ends at a " + std::string(e) + " the tile does not have");
      }
    } else {
      auto addr = parse_feature_addr(e);
      if (!addr || addr->kind != FeatureKind::City)
        return fail("tile " + t.id + ": '" + std::string(e) + "' is not something a road ends at");
      target = t.find(*addr, 0);
      if (target < 0)
        return fail("tile " + t.id + ": road ends at " + std::string(e) + ", which the tile does not have");
      f.road_end = RoadEnd::City;
    }
    f.end_feature = static_cast<std::int8_t>(target);
  }
  // Edge types and the half-edge partition (tiles.md §8.2).
  std::array<int, 4> edge_owner{-1, -1, -1, -1};
  std::array<int, 8> half_owner{-1, -1, -1, -1, -1, -1, -1, -1};
  for (std::size_t i = 0; i < t.features.size(); ++i) {
    const auto& f = t.features[i];
    for (int b = 0; b < 8; ++b) {
      if (!(f.mask & (1u << b))) continue;
      if (uses_edges(f.kind)) {
        if (edge_owner[static_cast<std::size_t>(b)] >= 0)
          return fail("tile " + t.id + ": edge " + std::string(edge_name(b)) + " belongs to two features");
        edge_owner[static_cast<std::size_t>(b)] = static_cast<int>(i);
      } else if (uses_halves(f.kind)) {
        if (half_owner[static_cast<std::size_t>(b)] >= 0)
          return fail("tile " + t.id + ": half-edge " + std::string(half_name(b)) + " belongs to two fields");
        half_owner[static_cast<std::size_t>(b)] = static_cast<int>(i);
      }
    }
  }
  for (int e = 0; e < 4; ++e) {
    const int owner = edge_owner[static_cast<std::size_t>(e)];
    const auto ue = static_cast<std::size_t>(e);
    t.edges[ue] = owner < 0                                                               ? EdgeType::Field
                  : t.features[static_cast<std::size_t>(owner)].kind == FeatureKind::City ? EdgeType::City
                                                                                          : EdgeType::Road;
    for (int side = 0; side < 2; ++side) {
      const bool covered = half_owner[static_cast<std::size_t>(2 * e + side)] >= 0;
      if (t.edges[ue] == EdgeType::City && covered)
        return fail("tile " + t.id + ": half-edge " + std::string(half_name(2 * e + side)) +
                    " of a city edge is in a field");
      if (t.edges[ue] != EdgeType::City && !covered)
        return fail("tile " + t.id + ": half-edge " + std::string(half_name(2 * e + side)) + " belongs to no field");
    }
  }
  for (int r = 0; r < 4; ++r) {
    const auto ur = static_cast<std::size_t>(r);
    for (int e = 0; e < 4; ++e)
      t.edge_feature[ur][static_cast<std::size_t>(rotate_edge(e, r))] =
          static_cast<std::int8_t>(edge_owner[static_cast<std::size_t>(e)]);
    for (int h = 0; h < 8; ++h)
      t.half_feature[ur][static_cast<std::size_t>(rotate_half(h, r))] =
          static_cast<std::int8_t>(half_owner[static_cast<std::size_t>(h)]);
  }
  for (int r = 0; r < 4; ++r) {
    unsigned packed = 0;
    for (int e = 0; e < 4; ++e) packed |= static_cast<unsigned>(t.edge_at(r, e)) << (2 * e);
    t.packed_edges[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(packed);
  }
  std::array<Descriptor, 4> desc;
  for (int r = 0; r < 4; ++r) desc[static_cast<std::size_t>(r)] = describe(t, r);
  for (int r = 0; r < 4; ++r) {
    int c = r;
    for (int q = 0; q < r; ++q)
      if (desc[static_cast<std::size_t>(q)] == desc[static_cast<std::size_t>(r)]) {
        c = q;
        break;
      }
    t.canonical_rot[static_cast<std::size_t>(r)] = static_cast<std::uint8_t>(c);
  }
  return t;
}

namespace {
std::string spec_of(const TileDef& t, const TileFeature& f) {
  std::string out = to_string(FeatureAddr{f.kind, f.mask});
  for (int i = 0; i < f.pennants; ++i) out += " pennant";
  if (f.princess) out += " princess";
  if (f.no_castle) out += " no-castle";
  if (f.kind == FeatureKind::Flier) out += " " + std::string(compass_name(f.arrow));
  if (f.kind == FeatureKind::CropCircle) out += " " + std::string(crop_symbol_name(f.symbol));
  if (f.road_end == RoadEnd::City && f.end_feature >= 0)
    out += " ends " + to_string(t.address(f.end_feature, 0));
  else if (f.road_end != RoadEnd::None)
    out += " ends " + std::string(road_end_name(f.road_end));
  if (f.adjacent_cities != 0) {
    out += " touches";
    for (std::size_t j = 0; j < t.features.size(); ++j)
      if (f.adjacent_cities & (1u << j)) out += " " + to_string(t.address(static_cast<int>(j), 0));
  }
  return out;
}
}  // namespace

std::vector<std::string> tile_specs(const TileDef& t) {
  std::vector<std::string> out;
  for (const auto& f : t.features) out.push_back(spec_of(t, f));
  return out;
}

std::string edge_letters(const TileDef& t) {
  std::string out;
  for (const EdgeType e : t.edges) out += edge_type_letter(e);
  return out;
}

}  // namespace carc
