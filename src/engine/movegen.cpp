// Legal-move generation, organised by phase behind legal_moves().
#include <algorithm>
#include <cstdlib>

#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/turn.hpp"

namespace carc {
namespace {

bool fits(const TileDef& d, int rot, std::uint8_t want, std::uint8_t care) {
  return (d.packed_edges[static_cast<std::size_t>(rot)] & care) == want;
}

void placements(const State& s, MoveList& out) {
  const Board& b = s.board();
  const TileDef& d = s.catalog()[s.in_hand()];
  for (const FrontierCell& c : b.frontier())
    for (int r = 0; r < 4; ++r)
      if (d.canonical_rot[static_cast<std::size_t>(r)] == r && fits(d, r, c.want, c.care))
        out.push_back(Move::place(s.in_hand(), c.pos, r));
}

// Followers on the placed tile's free features (BR-03, BR-07, BR-09), given occupancy.
template <class Unoccupied>
void follower_deployments(const State& s, const TileDef& d, Pos p, int rot, bool phantom_only, Unoccupied&& unoccupied_at,
                          MoveList& out) {
  const Player& pl = s.player(s.actor());
  for (int local = 0; local < static_cast<int>(d.features.size()); ++local) {
    const FeatureKind fk = d.features[static_cast<std::size_t>(local)].kind;
    bool known = false, free = false;
    for (int k = 0; k < kFigureKinds; ++k) {
      const auto kind = static_cast<FigureKind>(k);
      if (phantom_only != (kind == FigureKind::Phantom)) continue;
      if (pl.supply[static_cast<std::size_t>(k)] == 0 || !is_follower(kind) || !may_deploy_on(s, kind, fk)) continue;
      if (!known) {
        free = unoccupied_at(local);
        known = true;
      }
      if (free) out.push_back(Move::deploy(kind, p, d.address(local, rot)));
    }
  }
}

// Builder and pig on the placed tile where the player already has a follower (TB-01, TB-11).
void special_deployments(const State& s, MoveList& out) {
  const Board& b = s.board();
  const int t = s.placed_tile();
  const Player& pl = s.player(s.actor());
  for (const FigureKind kind : {FigureKind::Builder, FigureKind::Pig}) {
    if (pl.supply[static_cast<std::size_t>(kind)] == 0) continue;
    for (int local = 0; local < b.tile(t).nfeatures; ++local)
      if (special_allowed(s, kind, b.node(t, local)))
        out.push_back(Move::deploy(kind, b.tile(t).pos, b.def(t).address(local, b.tile(t).rot)));
  }
}

// AB-04/AB-05: the player's abbot on an incomplete cloister or garden may return.
void abbot_returns(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (const BoardFigure& f : s.figures()) {
    if (f.owner != s.actor() || f.kind != FigureKind::Abbot) continue;
    if (b.complete(b.find(f.node))) continue;
    out.push_back(Move::return_abbot(b.node_pos(f.node), b.node_addr(f.node)));
  }
}

void flights(const State& s, bool phantom_only, MoveList& out) {
  for (int k = 0; k < kFigureKinds; ++k) {
    const auto kind = static_cast<FigureKind>(k);
    if (phantom_only != (kind == FigureKind::Phantom) || !may_launch(s, kind)) continue;
    for (const int roll : rolls_allowed(s)) out.push_back(Move::fly(kind, roll));
  }
}

void portals(const State& s, bool phantom_only, MoveList& out) {
  if (!portal_open(s)) return;
  const Player& pl = s.player(s.actor());
  for (int k = 0; k < kFigureKinds; ++k) {
    const auto kind = static_cast<FigureKind>(k);
    if (phantom_only != (kind == FigureKind::Phantom) || pl.supply[static_cast<std::size_t>(k)] == 0) continue;
    for (const auto node : portal_nodes(s, kind))
      out.push_back(Move::deploy(kind, s.board().node_pos(node), s.board().node_addr(node), true));
  }
}

void princess_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (const BoardFigure& f : princess_targets(s))
    out.push_back(Move::princess(f.kind, s.player(f.owner).colour, b.node_pos(f.node), b.node_addr(f.node)));
}

void figure_phase(const State& s, MoveList& out) {
  const Board& b = s.board();
  const int t = s.placed_tile();
  const PlacedTile& pt = b.tile(t);
  if (s.flag(kAbbotReturned)) {  // V-AB-1 meeples-only: special figures may still follow
    special_deployments(s, out);
    out.push_back(Move::pass());
    return;
  }
  princess_moves(s, out);
  if (!out.empty() && s.rules().princess_must_remove()) return;  // V-PD-2 "must"
  auto free_here = [&](int local) { return unoccupied(s, b.node(t, local)); };
  for (const bool phantom : {false, true}) {
    follower_deployments(s, b.def(t), pt.pos, pt.rot, phantom, free_here, out);
    flights(s, phantom, out);
    portals(s, phantom, out);
  }
  special_deployments(s, out);
  abbot_returns(s, out);
  out.push_back(Move::pass());
}

void crop_response(const State& s, MoveList& out) {
  const Board& b = s.board();
  const int p = s.actor();
  if (s.crop_add()) {
    for (const auto& [kind, node] : crop_add_options(s, p)) out.push_back(Move::crop_add(kind, b.node_pos(node), b.node_addr(node)));
    if (!s.rules().crop_add_mandatory() || out.empty()) out.push_back(Move::pass());  // CC-13 vs CC-17
    return;
  }
  for (const BoardFigure& f : crop_role_figures(s, p))
    out.push_back(Move::crop_remove(f.kind, b.node_pos(f.node), b.node_addr(f.node)));
}

}  // namespace

bool has_placement(const Board& b, const TileDef& d) {
  if (b.empty()) return true;
  for (const FrontierCell& c : b.frontier())
    for (int r = 0; r < 4; ++r)
      if (fits(d, r, c.want, c.care)) return true;
  return false;
}

// The phantom as the second figure (PH-04, PH-08, FM-24, PH-16): the placed tile's
// free features, an unused flying machine, an unused portal.
void phantom_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  const int t = s.placed_tile();
  if (t < 0 || s.player(s.actor()).supply[static_cast<std::size_t>(FigureKind::Phantom)] == 0) return;
  const PlacedTile& pt = b.tile(t);
  auto free_here = [&](int local) { return unoccupied(s, b.node(t, local)); };
  follower_deployments(s, b.def(t), pt.pos, pt.rot, true, free_here, out);
  flights(s, true, out);
  portals(s, true, out);
}

void legal_moves(const State& s, MoveList& out) {
  out.clear();
  const Board& b = s.board();
  switch (s.phase()) {
    case Phase::Tile:
      if (s.in_hand() != kNoTile) placements(s, out);
      return;
    case Phase::Figure: figure_phase(s, out); return;
    case Phase::Landing:
      for (const auto node : landing_nodes(s, s.flying(), s.flight_target()))
        out.push_back(Move::land(b.node_pos(node), b.node_addr(node)));  // FM-07: no pass
      return;
    case Phase::Phantom:
      phantom_moves(s, out);
      out.push_back(Move::pass());
      return;
    case Phase::Wagon:
      for (const auto node : wagon_targets(s)) out.push_back(Move::wagon(b.node_pos(node), b.node_addr(node)));
      out.push_back(Move::pass());
      return;
    case Phase::CropChoice:  // CC-05, CC-11: a choice even with no figures in play
      out.push_back(Move::crop_choice(true));
      out.push_back(Move::crop_choice(false));
      return;
    case Phase::CropResponse: crop_response(s, out); return;
    case Phase::GameOver: return;
  }
}

MoveList legal_moves(const State& s) {
  MoveList out;
  legal_moves(s, out);
  return out;
}

namespace {

// Under V-PD-2 "must", a princess city of the placed tile holding a knight (or,
// under V-TB-2, a builder) leaves only the princess's removals: legal_turns then
// takes the exact path for that tile's placements.
bool princess_may_compel(const State& s, const TileDef& d) {
  if (!s.rules().princess_must_remove()) return false;
  return std::any_of(d.features.begin(), d.features.end(), [](const TileFeature& f) { return f.princess; });
}

// The exact path: apply the placement to a copy and keep the step-2 moves legal_turns covers.
void turn_options_applied(const State& s, const Move& place, MoveList& after, std::vector<TurnOption>& out) {
  State next = s;
  if (next.apply(place) != Reason::Ok) return;  // not reached: place comes from placements()
  legal_moves(next, after);
  for (const Move& a : after) {
    const bool follower = a.kind == MoveKind::Deploy && !a.portal && is_follower(a.figure) && a.figure != FigureKind::Phantom;
    if (follower || a.kind == MoveKind::ReturnAbbot || a.kind == MoveKind::Pass) out.push_back({place, a});
  }
}

}  // namespace

void legal_turns(const State& s, std::vector<TurnOption>& out) {
  out.clear();
  if (s.phase() != Phase::Tile || s.in_hand() == kNoTile) return;
  MoveList places, actions, returns;
  placements(s, places);
  abbot_returns(s, returns);
  const Board& b = s.board();
  const TileDef& d = s.catalog()[s.in_hand()];
  const bool exact = princess_may_compel(s, d);
  for (const Move& pm : places) {
    if (exact) {
      turn_options_applied(s, pm, actions, out);
      continue;
    }
    actions.clear();
    // Occupancy of each of the tile's features after every merge the placement makes (BR-03).
    std::uint32_t occupied = 0;
    bool probed = false;
    auto unoccupied_at = [&](int local) {
      if (!probed) occupied = b.occupied_after(d, pm.pos, pm.rot);
      probed = true;
      return !(occupied & (1u << local));
    };
    follower_deployments(s, d, pm.pos, pm.rot, false, unoccupied_at, actions);
    for (const Move& a : actions) out.push_back({pm, a});
    // An abbot return is open unless this very tile completes the abbot's feature.
    for (const Move& a : returns) {
      const bool completes = b.neighbours_present(a.pos) == 7 && std::abs(pm.pos.x - a.pos.x) <= 1 &&
                             std::abs(pm.pos.y - a.pos.y) <= 1;
      if (!completes) out.push_back({pm, a});
    }
    out.push_back({pm, Move::pass()});
  }
}

}  // namespace carc
