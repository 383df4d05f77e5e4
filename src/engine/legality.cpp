// is_legal: the legality check, written against the rules directly rather than
// by searching legal_moves (the battery test compares the two). Expansion moves
// share their target predicates with move generation (queries.hpp).
#include <algorithm>

#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/turn.hpp"

namespace carc {
namespace {

// The node a located feature names, or -1.
int node_of(const Board& b, Pos p, FeatureAddr f) {
  const int t = b.tile_at(p);
  if (t < 0) return -1;
  const int local = b.def(t).find(f, b.tile(t).rot);
  return local < 0 ? -1 : b.node(t, local);
}

bool contains(const std::vector<std::uint16_t>& v, int node) {
  return node >= 0 && std::find(v.begin(), v.end(), static_cast<std::uint16_t>(node)) != v.end();
}

Reason check_place(const State& s, const Move& m) {
  const Board& b = s.board();
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

// Step-2 gate shared by every figure-phase action: princess "must" (V-PD-2), abbot-return follow-ups (V-AB-1).
Reason step2_gate(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure) return Reason::WrongPhase;
  if (s.flag(kAbbotReturned)) {
    const bool special = m.kind == MoveKind::Deploy && !m.portal && !is_follower(m.figure);
    return special || m.kind == MoveKind::Pass ? Reason::Ok : Reason::NotAllowedNow;
  }
  if (m.kind != MoveKind::Princess && s.rules().princess_must_remove() && !princess_targets(s).empty())
    return Reason::PrincessRequired;
  return Reason::Ok;
}

Reason check_deploy(const State& s, const Move& m) {
  const Board& b = s.board();
  const bool phantom_step = s.phase() == Phase::Phantom;
  if (phantom_step) {
    if (m.figure != FigureKind::Phantom) return Reason::FigureNotAllowed;
  } else if (const Reason g = step2_gate(s, m); g != Reason::Ok) {
    return g;
  }
  const Player& pl = s.player(s.actor());
  if (pl.owned[static_cast<std::size_t>(m.figure)] == 0) return Reason::FigureNotInGame;
  if (pl.supply[static_cast<std::size_t>(m.figure)] == 0) return Reason::NoFigureInSupply;
  const int node = node_of(b, m.pos, m.feature);
  if (m.portal) {
    if (b.def(s.placed_tile()).portal < 0) return Reason::NoPortal;
    if (s.flag(kPortalUsed)) return Reason::PortalUsed;
    if (node < 0) return Reason::NoSuchFeature;
    if (!is_follower(m.figure) || !may_stand_on(m.figure, m.feature.kind)) return Reason::FigureNotAllowed;
    if (m.feature.kind == FeatureKind::Field && !s.rules().farmers_in_play()) return Reason::FarmersOff;
    if (!unoccupied(s, static_cast<std::uint16_t>(node))) return Reason::FeatureOccupied;
    return contains(portal_nodes(s, m.figure), node) ? Reason::Ok : Reason::FeatureComplete;
  }
  const int t = s.placed_tile();
  if (b.tile(t).pos != m.pos) return Reason::NotOnPlacedTile;
  if (node < 0) return Reason::NoSuchFeature;
  if (!may_stand_on(m.figure, m.feature.kind)) return Reason::FigureNotAllowed;
  if (m.feature.kind == FeatureKind::Field && !s.rules().farmers_in_play()) return Reason::FarmersOff;
  const auto root = b.find(static_cast<std::uint16_t>(node));
  if (!is_follower(m.figure))  // TB-01, TB-11: the player's own follower must be there
    return followers_of(s, s.actor(), root) > 0 ? Reason::Ok : Reason::NotAllowedNow;
  // BR-03: unoccupied along its whole length, counted figure by figure.
  for (const BoardFigure& f : s.figures())
    if (is_follower(f.kind) && b.find(f.node) == root) return Reason::FeatureOccupied;
  return Reason::Ok;
}

Reason check_fly(const State& s, const Move& m) {
  if (s.phase() == Phase::Phantom) {
    if (m.figure != FigureKind::Phantom) return Reason::FigureNotAllowed;
  } else if (const Reason g = step2_gate(s, m); g != Reason::Ok) {
    return g;
  }
  const int t = s.placed_tile();
  if (s.board().def(t).flier < 0) return Reason::NoFlier;
  if (s.flag(kFlierUsed)) return Reason::FlierUsed;  // FM-24, FM-40
  if (!s.rules().may_fly(m.figure)) return Reason::FigureNotAllowed;
  const Player& pl = s.player(s.actor());
  if (pl.owned[static_cast<std::size_t>(m.figure)] == 0) return Reason::FigureNotInGame;
  if (pl.supply[static_cast<std::size_t>(m.figure)] == 0) return Reason::NoFigureInSupply;
  if (m.roll < 1 || m.roll > 3) return Reason::WrongRoll;
  if (auto fixed = s.next_roll(); fixed && *fixed != m.roll) return Reason::WrongRoll;
  return Reason::Ok;
}

Reason check_land(const State& s, const Move& m) {
  if (s.phase() != Phase::Landing) return Reason::WrongPhase;
  if (m.pos != s.flight_target()) return Reason::NoLanding;
  const int node = node_of(s.board(), m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  if (!may_stand_on(s.flying(), m.feature.kind)) return Reason::FigureNotAllowed;
  return contains(landing_nodes(s, s.flying(), m.pos), node) ? Reason::Ok : Reason::NoLanding;
}

Reason check_princess(const State& s, const Move& m) {
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  bool marked = false;
  for (const TileFeature& f : s.board().def(s.placed_tile()).features) marked = marked || f.princess;
  if (!marked) return Reason::NoPrincess;
  const int owner = s.player_of(m.colour);
  const int node = node_of(s.board(), m.pos, m.feature);
  for (const BoardFigure& f : princess_targets(s))
    if (f.owner == owner && f.kind == m.figure && f.node == node) return Reason::Ok;
  return Reason::NoKnightThere;
}

Reason check_pass(const State& s) {
  switch (s.phase()) {
    case Phase::Figure:
      if (!s.flag(kAbbotReturned) && s.rules().princess_must_remove() && !princess_targets(s).empty())
        return Reason::PrincessRequired;
      return Reason::Ok;
    case Phase::Phantom:
    case Phase::Wagon: return Reason::Ok;
    case Phase::CropResponse:
      if (!s.crop_add()) return Reason::NotAllowedNow;  // CC-07: removal is compulsory
      if (s.rules().crop_add_mandatory() && !crop_add_options(s, s.actor()).empty()) return Reason::CropAddMandatory;
      return Reason::Ok;
    default: return Reason::WrongPhase;
  }
}

Reason check_crop(const State& s, const Move& m) {
  const Board& b = s.board();
  if (m.kind == MoveKind::CropChoice) return s.phase() == Phase::CropChoice ? Reason::Ok : Reason::WrongPhase;
  if (s.phase() != Phase::CropResponse) return Reason::WrongPhase;
  if (s.crop_add() != (m.kind == MoveKind::CropAdd)) return Reason::NoCropChoice;
  const int node = node_of(b, m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  if (m.kind == MoveKind::CropRemove) {
    for (const BoardFigure& f : crop_role_figures(s, s.actor()))
      if (f.kind == m.figure && f.node == node) return Reason::Ok;
    return Reason::NotYourFigure;
  }
  if (s.player(s.actor()).supply[static_cast<std::size_t>(m.figure)] == 0) return Reason::NoFigureInSupply;
  for (const auto& [kind, n] : crop_add_options(s, s.actor()))
    if (kind == m.figure && n == node) return Reason::Ok;
  return Reason::FigureNotAllowed;
}

}  // namespace

Reason is_legal(const State& s, const Move& m) {
  switch (m.kind) {
    case MoveKind::Place: return check_place(s, m);
    case MoveKind::Deploy:
      if (s.phase() != Phase::Figure && s.phase() != Phase::Phantom) return Reason::WrongPhase;
      return check_deploy(s, m);
    case MoveKind::ReturnAbbot: {
      if (s.phase() != Phase::Figure) return Reason::WrongPhase;
      if (s.flag(kAbbotReturned)) return Reason::NotAllowedNow;
      if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
      const Board& b = s.board();
      const int node = node_of(b, m.pos, m.feature);
      if (node < 0) return Reason::NoSuchFeature;
      const bool mine = std::any_of(s.figures().begin(), s.figures().end(), [&](const BoardFigure& f) {
        return f.node == node && f.kind == FigureKind::Abbot && f.owner == s.actor();
      });
      if (!mine) return Reason::NoAbbotThere;
      if (b.complete(b.find(static_cast<std::uint16_t>(node)))) return Reason::FeatureComplete;  // AB-05 with BR-02
      return Reason::Ok;
    }
    case MoveKind::Fly:
      if (s.phase() != Phase::Figure && s.phase() != Phase::Phantom) return Reason::WrongPhase;
      return check_fly(s, m);
    case MoveKind::Land: return check_land(s, m);
    case MoveKind::Princess:
      if (s.phase() != Phase::Figure) return Reason::WrongPhase;
      return check_princess(s, m);
    case MoveKind::Pass: return check_pass(s);
    case MoveKind::Wagon: {
      if (s.phase() != Phase::Wagon) return Reason::WrongPhase;
      const int node = node_of(s.board(), m.pos, m.feature);
      if (node < 0) return Reason::NoSuchFeature;
      return contains(wagon_targets(s), node) ? Reason::Ok : Reason::NoWagonMove;
    }
    case MoveKind::CropChoice:
    case MoveKind::CropAdd:
    case MoveKind::CropRemove: return check_crop(s, m);
  }
  return Reason::WrongPhase;
}

}  // namespace carc
