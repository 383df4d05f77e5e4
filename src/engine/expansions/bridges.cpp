#include "engine/expansions/bridges.hpp"

#include <bit>
#include <cstdlib>

#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

int default_bridges(int players) { return players >= 5 ? 2 : 3; }  // BC-15

bool may_build_bridge(const State& s) {
  const BridgeData& d = s.bridges();
  if (d.in_hand.empty() || d.built_turn == s.turn()) return false;
  return d.in_hand[static_cast<std::size_t>(s.active())] > 0;
}

namespace {

bool is_axis(FeatureAddr a) { return a.kind == FeatureKind::Road && (a.mask == kBridgeNS || a.mask == kBridgeEW); }

bool orthogonal(Pos a, Pos b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y) == 1; }

// The host tile may take a bridge across mask: no bridge yet, both ends field edges, room for a feature.
bool host_allows(const Board& b, int t, std::uint8_t mask) {
  const PlacedTile& pt = b.tile(t);
  if (pt.bridge >= 0 || b.def(t).features.size() >= static_cast<std::size_t>(kMaxTileFeatures)) return false;
  for (int e = 0; e < 4; ++e)
    if ((mask & (1u << e)) && b.def(t).edge_at(pt.rot, e) != EdgeType::Field) return false;
  return true;
}

std::uint8_t axis_of(int edge) { return edge % 2 == 0 ? kBridgeNS : kBridgeEW; }

}  // namespace

Reason bridge_spot(const State& s, Pos host, FeatureAddr road) {
  if (!is_axis(road)) return Reason::BridgeNotHere;  // BC-15 item 3: N-S or E-W
  const Board& b = s.board();
  const int t = b.tile_at(host);
  if (t < 0) return Reason::BridgeNotHere;
  const Pos placed = b.tile(s.placed_tile()).pos;
  if (host != placed && !orthogonal(host, placed)) return Reason::BridgeNotHere;  // item 2
  if (!host_allows(b, t, road.mask)) return Reason::BridgeNotHere;                // items 3, 4
  // DERIVED (items 5 and 3): an end becomes a road edge, so it faces an empty square or a road.
  for (int e = 0; e < 4; ++e) {
    if (!(road.mask & (1u << e))) continue;
    const int n = b.tile_at(neighbour(host, e));
    if (n >= 0 && b.def(n).edge_at(b.tile(n).rot, opposite(e)) != EdgeType::Road) return Reason::BridgeNotHere;
  }
  return Reason::Ok;
}

Reason bridged_fit(const State& s, const TileDef& d, Pos p, int rot, Pos host, std::uint8_t mask) {
  const Board& b = s.board();
  if (b.tile_at(p) >= 0) return Reason::PositionTaken;
  if (mask != kBridgeNS && mask != kBridgeEW) return Reason::BridgeNotHere;
  const bool on_new = host == p;
  const int host_tile = on_new ? -1 : b.tile_at(host);
  if (!on_new) {  // item 2: the tile just placed or one orthogonally next to it
    if (host_tile < 0 || !orthogonal(host, p) || !host_allows(b, host_tile, mask)) return Reason::BridgeNotHere;
  } else {
    if (d.features.size() >= static_cast<std::size_t>(kMaxTileFeatures)) return Reason::BridgeNotHere;
    for (int e = 0; e < 4; ++e)
      if ((mask & (1u << e)) && d.edge_at(rot, e) != EdgeType::Field) return Reason::BridgeNotHere;
  }
  // The bridge must carry the road: on a neighbour it lies across the edge the tile touches.
  if (!on_new)
    for (int e = 0; e < 4; ++e)
      if (neighbour(p, e) == host && axis_of(e) != mask) return Reason::BridgeNotHere;
  // The edge a tile shows once the bridge is built: its ends are road edges (item 5).
  const auto mine = [&](int e) { return on_new && (mask & (1u << e)) ? EdgeType::Road : d.edge_at(rot, e); };
  const auto theirs = [&](int t, int e) {
    return t == host_tile && (mask & (1u << e)) ? EdgeType::Road : b.def(t).edge_at(b.tile(t).rot, e);
  };
  bool touching = false, fits_alone = true, fits_bridged = true;
  for (int e = 0; e < 4; ++e) {
    const int n = b.tile_at(neighbour(p, e));
    if (n < 0) continue;
    touching = true;
    const EdgeType facing = b.def(n).edge_at(b.tile(n).rot, opposite(e));
    if (d.edge_at(rot, e) != facing) fits_alone = false;
    if (mine(e) != theirs(n, opposite(e))) fits_bridged = false;
  }
  if (!touching) return Reason::NotAdjacent;
  if (fits_alone) return Reason::NotAllowedNow;  // legal without a bridge: build it in phase bridge
  if (!fits_bridged) return Reason::EdgeMismatch;
  // A bridge on a neighbour: its far end faces an empty square or a road (DERIVED).
  if (!on_new)
    for (int e = 0; e < 4; ++e) {
      if (!(mask & (1u << e))) continue;
      const Pos q = neighbour(host, e);
      if (q == p) continue;
      const int n = b.tile_at(q);
      if (n >= 0 && b.def(n).edge_at(b.tile(n).rot, opposite(e)) != EdgeType::Road) return Reason::BridgeNotHere;
    }
  return Reason::Ok;
}

namespace {

// Every bridge that could make tile d at p, rot fit, in a fixed order: on the tile (N-S, E-W),
// then on the neighbour across each edge N, E, S, W whose road or field mismatches.
template <class Visit>
bool each_bridged_fit(const State& s, const TileDef& d, Pos p, int rot, Visit&& visit) {
  const Board& b = s.board();
  std::uint8_t mismatched = 0;
  for (int e = 0; e < 4; ++e) {
    const int n = b.tile_at(neighbour(p, e));
    if (n < 0) continue;
    const EdgeType mine = d.edge_at(rot, e), theirs = b.def(n).edge_at(b.tile(n).rot, opposite(e));
    if (mine == theirs) continue;
    if (mine == EdgeType::City || theirs == EdgeType::City) return false;  // a bridge fixes road against field only
    mismatched = static_cast<std::uint8_t>(mismatched | 1u << e);
  }
  if (mismatched == 0) return false;
  for (const std::uint8_t mask : {kBridgeNS, kBridgeEW})
    if ((mismatched & ~mask) == 0 && bridged_fit(s, d, p, rot, p, mask) == Reason::Ok && visit(p, mask)) return true;
  if (std::popcount(mismatched) != 1) return false;
  for (int e = 0; e < 4; ++e) {
    if (!(mismatched & (1u << e))) continue;
    const Pos host = neighbour(p, e);
    if (bridged_fit(s, d, p, rot, host, axis_of(e)) == Reason::Ok && visit(host, axis_of(e))) return true;
  }
  return false;
}

}  // namespace

bool bridge_placement_exists(const State& s, const TileDef& d) {
  if (!may_build_bridge(s) || s.board().empty()) return false;
  for (const FrontierCell& c : s.board().frontier())
    for (int r = 0; r < 4; ++r)
      if (each_bridged_fit(s, d, c.pos, r, [](Pos, std::uint8_t) { return true; })) return true;
  return false;
}

Reason check_bridged_place(const State& s, const Move& m) {
  const BridgeData& d = s.bridges();
  if (d.in_hand.empty()) return Reason::NoBridgeInSupply;
  if (d.built_turn == s.turn()) return Reason::BridgeUsed;  // one per turn
  if (d.in_hand[static_cast<std::size_t>(s.active())] <= 0) return Reason::NoBridgeInSupply;
  if (!is_axis(m.feature)) return Reason::BridgeNotHere;
  return bridged_fit(s, s.catalog()[m.tile], m.pos, m.rot, m.bridge_pos, m.feature.mask);
}

void bridge_placement_moves(const State& s, MoveList& out) {
  if (s.in_hand() == kNoTile || !may_build_bridge(s) || s.board().empty()) return;
  const TileDef& d = s.catalog()[s.in_hand()];
  for (const FrontierCell& c : s.board().frontier())
    for (int r = 0; r < 4; ++r) {
      if (d.canonical_rot[static_cast<std::size_t>(r)] != r) continue;
      each_bridged_fit(s, d, c.pos, r, [&](Pos host, std::uint8_t mask) {
        out.push_back(Move::place_bridge(s.in_hand(), c.pos, r, host, FeatureAddr{FeatureKind::Road, mask}));
        return false;
      });
    }
}

void bridge_after_place(State& s) {
  if (s.phase() != Phase::Figure || !may_build_bridge(s)) return;
  MoveList spots;
  bridge_phase_moves(s, spots);
  if (spots.size() > 1) s.set_phase(Phase::Bridge);  // a bridge besides the pass
}

Reason check_bridge(const State& s, const Move& m) {
  if (s.phase() != Phase::Bridge) return Reason::WrongPhase;
  if (!may_build_bridge(s)) return Reason::NoBridgeInSupply;  // not reached: the phase needs one
  return bridge_spot(s, m.pos, m.feature);
}

void build_bridge(State& s, Pos host, FeatureAddr road, std::vector<Event>* ev) {
  const int t = s.board().tile_at(host);
  [[maybe_unused]] const bool built = s.add_bridge(t, road.mask);
  BridgeData& d = s.mutable_bridges();
  --d.in_hand[static_cast<std::size_t>(s.active())];
  d.built_turn = s.turn();
  emit(ev, EventKind::BridgeBuilt, s.active(), FigureKind::Follower, host, road);
}

void apply_bridge(State& s, const Move& m, std::vector<Event>* ev) {
  build_bridge(s, m.pos, m.feature, ev);
  s.set_phase(Phase::Figure);
}

void bridge_phase_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  if (s.placed_tile() < 0) return;
  const Pos placed = b.tile(s.placed_tile()).pos;
  const auto offer = [&](Pos host) {
    if (b.tile_at(host) < 0) return;
    for (const std::uint8_t mask : {kBridgeNS, kBridgeEW}) {
      const FeatureAddr road{FeatureKind::Road, mask};
      if (bridge_spot(s, host, road) == Reason::Ok) out.push_back(Move::bridge(host, road));
    }
  };
  offer(placed);
  for (int e = 0; e < 4; ++e) offer(neighbour(placed, e));
  out.push_back(Move::pass());
}

Reason check_bridge_pass(const State&) { return Reason::Ok; }

void apply_bridge_pass(State& s, std::vector<Event>*) { s.set_phase(Phase::Figure); }

std::string bridges_invariants(const State& s) {
  const BridgeData& d = s.bridges();
  if (!d.in_hand.empty() && d.in_hand.size() != static_cast<std::size_t>(s.player_count()))
    return "bridges in hand are not given per seat";
  for (const int n : d.in_hand)
    if (n < 0 || n > kMaxBridgesInHand) return "a player holds more than 3 bridges or fewer than none";
  if (s.phase() == Phase::Bridge && !may_build_bridge(s)) return "the bridge phase with no bridge to build";
  const Board& b = s.board();
  for (int t = 0; t < b.tile_count(); ++t) {
    if (b.tile(t).bridge < 0) continue;
    const FeatureAddr road = b.bridge_at(t);
    if (!is_axis(road)) return "a bridge not straight across its tile at " + to_string(b.tile(t).pos);
    if (d.in_hand.empty()) return "a bridge in a game without bridges at " + to_string(b.tile(t).pos);
  }
  return {};
}

// --- the room's words (engine/words.hpp) ----------------------------------------

namespace {

std::string bridge_text(const Move& m, const TileCatalog&) { return "bridge " + located(m.pos, m.feature); }

Result<Move> parse_bridge(const MoveWords& w) {
  if (auto ok = w.expect(2, "bridge x,y:FEATURE"); !ok) return fail(ok.error());
  auto at = w.located(1);
  if (!at) return fail(at.error());
  if (!is_axis(at->second)) return w.error("a bridge is road{N,S} or road{E,W}");
  return Move::bridge(at->first, at->second);
}

std::string bridge_built_text(const Event& e, const State& s) {
  return event_player(e, s) + " builds a bridge at " + located(e.pos, e.feature);
}

}  // namespace

const RoomWords& bridges_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"bridges",
       "Bridges, Castles & Bazaars: bridges (a road across a tile, built after the placement, making a road "
       "against a field legal)",
       2010 /* Bridges, Castles & Bazaars, C1 HiG 2010 (oracle/research/castles-bridges.md BC-17) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Bridge, "bridge", "bridges", "the active player",
       "right after a placement that carried no bridge, when one may be built: `bridge x,y:road{N,S}` or "
       "`bridge x,y:road{E,W}` on the tile just placed or a tile next to it, or `pass`; then step 2"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoBridgeInSupply, "no-bridge-in-supply", "bridges", "a bridge with none in hand (BC-15)"},
      {Reason::BridgeUsed, "bridge-used", "bridges", "a second bridge in one turn (BC-15)"},
      {Reason::BridgeNotHere, "bridge-not-here", "bridges",
       "a bridge not on the tile just placed or a neighbour, not across two opposite field edges, on a tile that "
       "has one, or with an end facing no road and no empty square (BC-15)"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Bridge, "bridge x,y:FEATURE", "bridges", "bridge",
       "build a bridge (a road) across the tile at x,y, FEATURE `road{N,S}` or `road{E,W}` (BC-15)",
       "bridge 1,0:road{N,S}", parse_bridge, bridge_text},
      {MoveKind::Place, "place TILE x,y ROT bridge x,y:FEATURE", "bridges", "tile",
       "a placement that fits only with a bridge built at once (BC-15 item 7): the bridge comes with it",
       "place U 1,0 r90 bridge 2,0:road{E,W}"},
  };
  static constexpr EventText events[] = {
      {EventKind::BridgeBuilt, bridge_built_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{};
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
