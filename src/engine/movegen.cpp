// Legal-move generation: dispatch by phase (rooms.hpp) and the core generators.
#include "engine/movegen.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/queries.hpp"
#include "engine/rooms.hpp"
#include "engine/state.hpp"

namespace carc {
namespace {

bool fits(const TileDef& d, int rot, std::uint8_t want, std::uint8_t care) {
  return (d.packed_edges[static_cast<std::size_t>(rot)] & care) == want;
}

// Followers on a tile's free features (BR-03, BR-07, BR-09), given occupancy.
template <class Unoccupied>
void follower_deployments(const State& s, const TileDef& d, Pos p, int rot, bool phantom_only,
                          Unoccupied&& unoccupied_at, MoveList& out) {
  const Player& pl = s.player(s.actor());
  for (int local = 0; local < static_cast<int>(d.features.size()); ++local) {
    const FeatureKind fk = d.features[static_cast<std::size_t>(local)].kind;
    bool known = false, free = false;
    for (int k = 0; k < kFigureKinds; ++k) {
      const auto kind = static_cast<FigureKind>(k);
      if (phantom_only != (kind == FigureKind::Phantom)) continue;
      if (pl.supply[static_cast<std::size_t>(k)] == 0 || !is_follower(kind) || !may_deploy_on(s, kind, fk)) continue;
      if (!flier_tile_allows(s, d, kind)) continue;  // FM-36 (C3.1)
      if (!known) {
        free = unoccupied_at(local);
        known = true;
      }
      if (free) out.push_back(Move::deploy(kind, p, d.address(local, rot)));
    }
  }
}

// The exact path: apply the placement to a copy and keep the step-2 moves legal_turns covers.
void turn_options_applied(const State& s, const Move& place, MoveList& after, std::vector<TurnOption>& out) {
  State next = s;
  if (next.apply(place) != Reason::Ok) return;  // not reached: place comes from placement_moves()
  // BC-15: the bridge phase's own bridges are no step-2 choice; the turns listed pass there.
  if (next.phase() == Phase::Bridge && next.apply(Move::pass()) != Reason::Ok) return;
  legal_moves(next, after);
  for (const Move& a : after) {
    const bool follower = a.kind == MoveKind::Deploy && !a.portal && is_follower(a.figure) &&
                          a.figure != FigureKind::Phantom && a.feature.kind != FeatureKind::Tower &&
                          a.feature.kind != FeatureKind::Acrobat;
    if (follower || a.kind == MoveKind::ReturnAbbot || a.kind == MoveKind::Pass) out.push_back({place, a});
  }
}

}  // namespace

void placement_moves(const State& s, MoveList& out) {
  if (s.in_hand() == kNoTile) return;
  const Board& b = s.board();
  const TileDef& d = s.catalog()[s.in_hand()];
  for (const FrontierCell& c : b.frontier())
    for (int r = 0; r < 4; ++r)
      if (d.canonical_rot[static_cast<std::size_t>(r)] == r && fits(d, r, c.want, c.care))
        out.push_back(Move::place(s.in_hand(), c.pos, r));
  bridge_placement_moves(s, out);  // BC-15 item 7: placements a bridge makes fit
}

void follower_step2_moves(const State& s, bool phantom_only, MoveList& out) {
  const Board& b = s.board();
  const int t = s.placed_tile();
  const PlacedTile& pt = b.tile(t);
  if (tile_closed_to_figures(s, t) != Reason::Ok) return;  // PD-12: no figure on a volcano in its turn
  auto free_here = [&](int local) { return unoccupied(s, b.node(t, local)); };
  follower_deployments(s, b.def(t), pt.pos, pt.rot, phantom_only, free_here, out);
}

void figure_phase_moves(const State& s, MoveList& out) {
  if (s.flags().abbot_returned) {  // V-AB-1 meeples-only: special figures may still follow
    abbot_followup_moves(s, out);
    return;
  }
  princess_step2_moves(s, out);
  if (!out.empty() && s.rules().princess_must_remove()) return;  // V-PD-2 "must"
  for (const bool phantom : {false, true})
    for (const Step2Source& source : kStep2Sources) source.moves(s, phantom, out);
  for (const Step2Extra& extra : kStep2Extras) extra.moves(s, out);
  out.push_back(Move::pass());
}

void no_moves(const State&, MoveList&) {}

bool has_placement(const Board& b, const TileDef& d) {
  if (b.empty()) return true;
  for (const FrontierCell& c : b.frontier())
    for (int r = 0; r < 4; ++r)
      if (fits(d, r, c.want, c.care)) return true;
  return false;
}

void legal_moves(const State& s, MoveList& out) {
  out.clear();
  phase_owner(s.phase()).moves(s, out);
  for (const DecisionExtra& extra : kDecisionExtras) extra.moves(s, out);
}

MoveList legal_moves(const State& s) {
  MoveList out;
  legal_moves(s, out);
  return out;
}

void legal_turns(const State& s, std::vector<TurnOption>& out) {
  out.clear();
  if (s.phase() != Phase::Tile || s.in_hand() == kNoTile) return;
  MoveList places, actions, returns;
  placement_moves(s, places);
  abbot_return_moves(s, returns);
  const Board& b = s.board();
  const TileDef& d = s.catalog()[s.in_hand()];
  // A bridge changes the tile's features and the board's: placements go through a copy (BC-15).
  const bool exact = princess_may_compel(s, d) || may_build_bridge(s);
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
    if (d.volcano < 0)  // PD-12: a volcano tile takes no figure in its turn
      follower_deployments(s, d, pm.pos, pm.rot, false, unoccupied_at, actions);
    for (const Move& a : actions) out.push_back({pm, a});
    // An abbot return is open unless this very tile completes the abbot's feature.
    for (const Move& a : returns) {
      const bool completes =
          b.neighbours_present(a.pos) == 7 && std::abs(pm.pos.x - a.pos.x) <= 1 && std::abs(pm.pos.y - a.pos.y) <= 1;
      if (!completes) out.push_back({pm, a});
    }
    out.push_back({pm, Move::pass()});
  }
}

}  // namespace carc
