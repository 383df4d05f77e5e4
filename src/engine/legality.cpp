// is_legal: dispatch by move kind (rooms.hpp) and the core verbs' checks.
#include "engine/legality.hpp"

#include "engine/queries.hpp"
#include "engine/rooms.hpp"
#include "engine/state.hpp"

namespace carc {

Reason check_place(const State& s, const Move& m) {
  const Board& b = s.board();
  if (s.phase() != Phase::Tile) return Reason::WrongPhase;
  if (s.in_hand() == kNoTile) return Reason::NoTileInHand;
  if (m.tile != s.in_hand()) return Reason::NotInHand;
  if (m.rot > 3) return Reason::EdgeMismatch;
  const TileDef& d = s.catalog()[m.tile];
  if (b.tile_at(m.pos) >= 0) return Reason::PositionTaken;
  if (m.with_bridge) return check_bridged_place(s, m);  // BC-15 item 7 (bridges room)
  bool touching = b.empty();
  for (int e = 0; e < 4; ++e) {
    const int n = b.tile_at(neighbour(m.pos, e));
    if (n < 0) continue;
    touching = true;
    // Compare the two edges directly, without the packed tables legal_moves uses.
    const TileDef& nd = b.def(n);
    const int their_local_edge = (opposite(e) - b.tile(n).rot) & 3;
    const int my_local_edge = (e - m.rot) & 3;
    if (d.edges[static_cast<std::size_t>(my_local_edge)] != nd.edges[static_cast<std::size_t>(their_local_edge)])
      return Reason::EdgeMismatch;
  }
  return touching ? Reason::Ok : Reason::NotAdjacent;
}

Reason step2_gate(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure) return Reason::WrongPhase;
  if (s.flags().abbot_returned) {
    const bool special = m.kind == MoveKind::Deploy && !m.portal && !is_follower(m.figure);
    return special || m.kind == MoveKind::Pass ? Reason::Ok : Reason::NotAllowedNow;
  }
  if (m.kind != MoveKind::Princess && princess_required(s)) return Reason::PrincessRequired;
  return Reason::Ok;
}

Reason check_deploy(const State& s, const Move& m) {
  const Board& b = s.board();
  if (s.phase() != Phase::Figure && s.phase() != Phase::Phantom) return Reason::WrongPhase;
  if (s.phase() == Phase::Phantom) {
    if (m.figure != FigureKind::Phantom) return Reason::FigureNotAllowed;
  } else if (const Reason g = step2_gate(s, m); g != Reason::Ok) {
    return g;
  }
  const Player& pl = s.player(s.actor());
  if (pl.owned[static_cast<std::size_t>(m.figure)] == 0) return Reason::FigureNotInGame;
  if (pl.supply[static_cast<std::size_t>(m.figure)] == 0) return Reason::NoFigureInSupply;
  const int node = node_of(b, m.pos, m.feature);
  if (m.feature.kind == FeatureKind::Tower) return check_tower_deploy(s, m, node);      // anywhere (TO-02 C)
  if (m.feature.kind == FeatureKind::Acrobat) return check_acrobat_deploy(s, m, node);  // BT-09
  if (m.portal) return check_portal_deploy(s, m, node);
  const int t = s.placed_tile();
  if (b.tile(t).pos != m.pos) return Reason::NotOnPlacedTile;
  if (node < 0) return Reason::NoSuchFeature;
  if (!may_stand_on(m.figure, m.feature.kind)) return Reason::FigureNotAllowed;
  if (!flier_tile_allows(s, b.def(t), m.figure)) return Reason::FigureNotAllowed;  // FM-36 (C3.1)
  if (const Reason c = tile_closed_to_figures(s, t); c != Reason::Ok) return c;    // PD-12, PD-13
  if (m.feature.kind == FeatureKind::Field && !s.rules().farmers_in_play()) return Reason::FarmersOff;
  const auto root = b.find(static_cast<std::uint16_t>(node));
  if (!is_follower(m.figure)) {  // TB-01, TB-11: the player's own follower must be there
    if (followers_of(s, s.actor(), root) == 0) return Reason::NotAllowedNow;
    return builder_refused_on_completed(s, m.figure, root) ? Reason::FeatureComplete : Reason::Ok;  // BR-11
  }
  // BR-03: unoccupied along its whole length, counted figure by figure.
  for (const BoardFigure& f : s.figures())
    if (is_follower(f.kind) && b.find(f.node) == root) return Reason::FeatureOccupied;
  return Reason::Ok;
}

Reason check_figure_pass(const State& s) {
  if (!s.flags().abbot_returned && princess_required(s)) return Reason::PrincessRequired;
  return Reason::Ok;
}

Reason pass_not_here(const State&) { return Reason::WrongPhase; }

Reason check_pass(const State& s, const Move&) { return phase_owner(s.phase()).check_pass(s); }

Reason is_legal(const State& s, const Move& m) { return verb(m.kind).check(s, m); }

}  // namespace carc
