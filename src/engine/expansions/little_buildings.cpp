// Room: Little Buildings (LB-*, V-LB-1, V-LB-2).
#include "engine/expansions/little_buildings.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "engine/flow.hpp"
#include "engine/legality.hpp"
#include "engine/names.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

namespace {
constexpr std::array<std::string_view, kBuildingKinds> kBuildingNames{"tower", "house", "shed"};
constexpr int kTokensPerKind = 6;  // LB-01: 6 towers, 6 houses, 6 sheds
}  // namespace

std::string_view building_name(BuildingKind k) { return kBuildingNames[static_cast<std::size_t>(k)]; }

bool parse_building(std::string_view s, BuildingKind& out) { return parse_name(kBuildingNames, s, out); }

std::vector<std::array<std::uint8_t, kBuildingKinds>> deal_buildings(int players, bool per_type) {
  std::vector<std::array<std::uint8_t, kBuildingKinds>> out(static_cast<std::size_t>(std::max(players, 0)));
  if (players <= 0) return out;
  if (per_type) {
    for (auto& a : out) a.fill(static_cast<std::uint8_t>(kTokensPerKind / players));
    return out;
  }
  const int each = kTokensPerKind * kBuildingKinds / players;
  int token = 0;  // the 18 tokens in the order tower, house, shed, tower, ...
  for (int round = 0; round < each; ++round)
    for (auto& a : out) ++a[static_cast<std::size_t>(token++ % kBuildingKinds)];
  return out;
}

namespace {

bool tile_has_building(const State& s, Pos p) {
  const auto& placed = s.little_buildings().placed;
  return std::any_of(placed.begin(), placed.end(), [&](const PlacedBuilding& b) { return b.pos == p; });
}

}  // namespace

void building_step2_moves(const State& s, MoveList& out) {
  const LittleBuildingsData& d = s.little_buildings();
  if (!d.in_play || s.flags().abbot_returned || s.placed_tile() < 0) return;
  if (tile_has_building(s, s.board().tile(s.placed_tile()).pos)) return;
  const auto& hand = d.supply[static_cast<std::size_t>(s.actor())];
  for (int k = 0; k < kBuildingKinds; ++k)
    if (hand[static_cast<std::size_t>(k)] > 0) out.push_back(Move::building(static_cast<BuildingKind>(k)));
}

Reason check_building(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure) return Reason::WrongPhase;
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  const LittleBuildingsData& d = s.little_buildings();
  if (!d.in_play) return Reason::NoBuildingInSupply;
  if (d.supply[static_cast<std::size_t>(s.actor())][m.token] == 0) return Reason::NoBuildingInSupply;
  if (tile_has_building(s, s.board().tile(s.placed_tile()).pos)) return Reason::NotAllowedNow;  // one per tile
  return Reason::Ok;
}

void apply_building(State& s, const Move& m, std::vector<Event>* ev) {
  LittleBuildingsData& d = s.mutable_little_buildings();
  const Pos p = s.board().tile(s.placed_tile()).pos;
  --d.supply[static_cast<std::size_t>(s.active())][m.token];
  d.placed.push_back({p, static_cast<BuildingKind>(m.token)});
  if (ev) {
    Event e;
    e.kind = EventKind::BuildingPlaced;
    e.player = static_cast<std::int8_t>(s.active());
    e.points = m.token;
    e.pos = p;
    ev->push_back(e);
  }
  after_step2_action(s, Step2::Building, ev);  // PH-12: the phantom may follow
}

int building_points(const State& s, std::uint16_t root) {
  const LittleBuildingsData& d = s.little_buildings();
  if (d.placed.empty()) return 0;
  const Board& b = s.board();
  const FeatureNode& r = b.at(root);
  std::set<int> tiles;
  if (r.kind == FeatureKind::Cloister) {  // LB-04: the cloister's 3x3 area
    const Pos c = b.node_pos(root);
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        if (const int t = b.tile_at(Pos{c.x + dx, c.y + dy}); t >= 0) tiles.insert(t);
  } else if (r.kind == FeatureKind::Road || r.kind == FeatureKind::City || r.kind == FeatureKind::Field) {
    std::uint16_t n = root;
    do {
      tiles.insert(b.at(n).tile);
      n = b.at(n).next;
    } while (n != root);
  } else {
    return 0;  // gardens and the rest: no building points (LB-04 names road, city, cloister, field)
  }
  const bool weighted = s.rules().little_buildings_weighted();
  int points = 0;
  for (const PlacedBuilding& pb : d.placed)
    if (const int t = b.tile_at(pb.pos); t >= 0 && tiles.count(t))
      points += weighted ? 3 - static_cast<int>(pb.kind) : 1;  // V-LB-1: tower 3, house 2, shed 1
  return points;
}

std::string little_buildings_invariants(const State& s) {
  const LittleBuildingsData& d = s.little_buildings();
  if (!d.in_play) return d.placed.empty() ? "" : "little buildings: buildings on the board but not in play";
  if (d.supply.size() != static_cast<std::size_t>(s.player_count()))
    return "little buildings: a supply per seat expected";
  std::set<std::pair<int, int>> seen;
  for (const PlacedBuilding& pb : d.placed) {
    if (s.board().tile_at(pb.pos) < 0) return "little buildings: a building on no tile at " + to_string(pb.pos);
    if (!seen.insert({pb.pos.x, pb.pos.y}).second)
      return "little buildings: two buildings on the tile at " + to_string(pb.pos);
  }
  int total = static_cast<int>(d.placed.size());
  for (const auto& a : d.supply)
    for (const auto n : a) total += n;
  if (total > kTokensPerKind * kBuildingKinds) return "little buildings: more than 18 tokens";
  return "";
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string building_text(const Move& m, const TileCatalog&) {
  return "building " + std::string(building_name(static_cast<BuildingKind>(m.token)));
}

Result<Move> parse_building_move(const MoveWords& w) {
  if (auto ok = w.expect(2, "building tower|house|shed"); !ok) return fail(ok.error());
  BuildingKind k;
  if (!parse_building(w[1], k))
    return w.error("unknown building '" + std::string(w[1]) + "' (expected tower, house or shed)");
  return Move::building(k);
}

std::string building_placed_text(const Event& e, const State& s) {
  return event_player(e, s) + " puts a " + std::string(building_name(static_cast<BuildingKind>(e.points))) + " on " +
         to_string(e.pos);
}

}  // namespace

const RoomWords& little_buildings_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"little-buildings", "Little Buildings: a building token on the tile just placed, points for its features",
       2012 /* Spielbox 5/2012 (oracle/research/little-buildings.md LB-06, [W-LB]) */},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoBuildingInSupply, "no-building-in-supply", "little-buildings",
       "the player has no building of that kind in hand (LB-01)"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Building, "building tower|house|shed", "little-buildings", "figure",
       "put a building on the tile just placed instead of a figure (LB-02)", "building house", parse_building_move,
       building_text},
  };
  static constexpr EventText events[] = {
      {EventKind::BuildingPlaced, building_placed_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::LittleBuildingsScoring,
         "little-buildings-scoring",
         "V-LB-1",
         "little-buildings",
         {"1/1/1", "3/2/1"},
         "what a building adds: 1 each (the rule), or tower 3, house 2, shed 1 (the printed variant)"},
        {Switch::LittleBuildingsSplit,
         "little-buildings-split",
         "V-LB-2",
         "little-buildings",
         {"even-total", "per-type"},
         "the deal at the start: 18 tokens shared evenly, or the same number of each kind (the variant's; JCZ)"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, {}, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
