// Legal-move generation by phase, and the independent legality check.
#include <algorithm>
#include <cstdlib>

#include "engine/state.hpp"

namespace carc {
namespace {

bool fits(const TileDef& d, int rot, std::uint8_t want, std::uint8_t care) {
  return (d.packed_edges[static_cast<std::size_t>(rot)] & care) == want;
}

void placements(const State& s, MoveList& out) {
  const Board& b = s.board();
  const TileDef& d = s.catalog()[s.in_hand()];
  for (const Pos p : b.frontier()) {
    std::uint8_t want = 0, care = 0;
    b.requirements(p, want, care);
    for (int r = 0; r < 4; ++r)
      if (d.canonical_rot[static_cast<std::size_t>(r)] == r && fits(d, r, want, care))
        out.push_back(Move::place(s.in_hand(), p, r));
  }
}

// Whether a follower-kind figure could be deployed on local feature `local` of
// the tile placed at p, rotation rot (occupancy probed through its neighbours).
bool probe_unoccupied(const Board& b, const TileDef& d, int local, Pos p, int rot) {
  const FeatureAddr a = d.address(local, rot);
  if (is_tile_wide(a.kind)) return true;  // a new cloister or garden is empty
  for (int bit = 0; bit < 8; ++bit) {
    if (!(a.mask & (1u << bit))) continue;
    const int edge = uses_edges(a.kind) ? bit : bit >> 1;
    const int n = b.tile_at(neighbour(p, edge));
    if (n < 0) continue;
    const PlacedTile& nt = b.tile(n);
    const TileDef& nd = b.def(n);
    const int theirs = uses_edges(a.kind) ? nd.edge_feature[nt.rot][static_cast<std::size_t>(opposite(edge))]
                                          : nd.half_feature[nt.rot][static_cast<std::size_t>(facing_half(bit))];
    if (b.at(b.find(b.node(n, theirs))).occupants > 0) return false;
  }
  return true;
}

// Step-2 choices on the placed tile, given per-feature occupancy.
template <class Unoccupied>
void deployments(const State& s, const TileDef& d, Pos p, int rot, Unoccupied&& unoccupied, MoveList& out) {
  const Player& pl = s.player(s.active());
  for (int local = 0; local < static_cast<int>(d.features.size()); ++local) {
    const FeatureKind fk = d.features[static_cast<std::size_t>(local)].kind;
    if (fk == FeatureKind::Field && !s.rules().farmers_in_play()) continue;
    bool known = false, free = false;
    for (int k = 0; k < kFigureKinds; ++k) {
      const auto kind = static_cast<FigureKind>(k);
      if (pl.supply[static_cast<std::size_t>(k)] == 0 || !may_stand_on(kind, fk) || !is_follower(kind)) continue;
      if (!known) {
        free = unoccupied(local);
        known = true;
      }
      if (free) out.push_back(Move::deploy(kind, p, d.address(local, rot)));
    }
  }
}

// AB-04/AB-05: the active player's abbot on an incomplete cloister or garden may return.
void abbot_returns(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (const BoardFigure& f : s.figures()) {
    if (f.owner != s.active() || f.kind != FigureKind::Abbot) continue;
    if (b.complete(b.find(f.node))) continue;
    out.push_back(Move::return_abbot(b.node_pos(f.node), b.node_addr(f.node)));
  }
}

}  // namespace

bool has_placement(const Board& b, const TileDef& d) {
  if (b.empty()) return true;
  for (const Pos p : b.frontier()) {
    std::uint8_t want = 0, care = 0;
    b.requirements(p, want, care);
    for (int r = 0; r < 4; ++r)
      if (fits(d, r, want, care)) return true;
  }
  return false;
}

void legal_moves(const State& s, MoveList& out) {
  out.clear();
  switch (s.phase()) {
    case Phase::Tile:
      if (s.in_hand() != kNoTile) placements(s, out);
      return;
    case Phase::Figure: {
      const Board& b = s.board();
      const int t = s.placed_tile();
      const PlacedTile& pt = b.tile(t);
      deployments(s, b.def(t), pt.pos, pt.rot, [&](int local) { return !s.occupied(b.node(t, local)); }, out);
      abbot_returns(s, out);
      out.push_back(Move::pass());
      return;
    }
    case Phase::GameOver: return;
  }
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
  placements(s, places);
  abbot_returns(s, returns);
  const Board& b = s.board();
  const TileDef& d = s.catalog()[s.in_hand()];
  for (const Move& pm : places) {
    actions.clear();
    deployments(s, d, pm.pos, pm.rot, [&](int local) { return probe_unoccupied(b, d, local, pm.pos, pm.rot); }, actions);
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

Reason is_legal(const State& s, const Move& m) {
  const Board& b = s.board();
  switch (m.kind) {
    case MoveKind::Place: {
      if (s.phase() != Phase::Tile) return Reason::WrongPhase;
      if (s.in_hand() == kNoTile) return Reason::NoTileInHand;
      if (m.tile != s.in_hand()) return Reason::NotInHand;
      if (m.rot > 3) return Reason::EdgeMismatch;
      const TileDef& d = s.catalog()[m.tile];
      if (b.tile_at(m.pos) >= 0) return Reason::PositionTaken;
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
    case MoveKind::Deploy: {
      if (s.phase() != Phase::Figure) return Reason::WrongPhase;
      const int t = s.placed_tile();
      if (b.tile(t).pos != m.pos) return Reason::NotOnPlacedTile;
      const int local = b.def(t).find(m.feature, b.tile(t).rot);
      if (local < 0) return Reason::NoSuchFeature;
      if (!may_stand_on(m.figure, m.feature.kind) || !is_follower(m.figure)) return Reason::FigureNotAllowed;
      const Player& pl = s.player(s.active());
      if (pl.owned[static_cast<std::size_t>(m.figure)] == 0) return Reason::FigureNotInGame;
      if (pl.supply[static_cast<std::size_t>(m.figure)] == 0) return Reason::NoFigureInSupply;
      if (m.feature.kind == FeatureKind::Field && !s.rules().farmers_in_play()) return Reason::FarmersOff;
      // BR-03: unoccupied along its whole length, counted figure by figure.
      const auto root = b.find(b.node(t, local));
      for (const BoardFigure& f : s.figures())
        if (is_follower(f.kind) && b.find(f.node) == root) return Reason::FeatureOccupied;
      return Reason::Ok;
    }
    case MoveKind::ReturnAbbot: {
      if (s.phase() != Phase::Figure) return Reason::WrongPhase;
      const int t = b.tile_at(m.pos);
      if (t < 0) return Reason::NoSuchFeature;
      const int local = b.def(t).find(m.feature, b.tile(t).rot);
      if (local < 0) return Reason::NoSuchFeature;
      const auto node = b.node(t, local);
      const bool mine = std::any_of(s.figures().begin(), s.figures().end(), [&](const BoardFigure& f) {
        return f.node == node && f.kind == FigureKind::Abbot && f.owner == s.active();
      });
      if (!mine) return Reason::NoAbbotThere;
      if (b.complete(b.find(node))) return Reason::FeatureComplete;  // AB-05 with BR-02
      return Reason::Ok;
    }
    case MoveKind::Pass: return s.phase() == Phase::Figure ? Reason::Ok : Reason::WrongPhase;
  }
  return Reason::WrongPhase;
}

}  // namespace carc
