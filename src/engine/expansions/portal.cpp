// Room: the magic portal (PD-01..PD-03, PH-16).
#include "engine/expansions/portal.hpp"

#include <cstdlib>

#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

bool portal_open(const State& s) {
  return s.placed_tile() >= 0 && !s.flags().portal_used && s.board().def(s.placed_tile()).portal >= 0;
}

namespace {
// A feature completed by the tile just placed (PD-02: "completed this turn, not yet scored").
bool completed_this_turn(const State& s, std::uint16_t root) {
  const Board& b = s.board();
  const Pos placed = b.tile(s.placed_tile()).pos;
  const FeatureNode& r = b.at(root);
  if (r.kind == FeatureKind::Cloister || r.kind == FeatureKind::Garden) {
    const Pos p = b.node_pos(root);
    return std::abs(p.x - placed.x) <= 1 && std::abs(p.y - placed.y) <= 1;
  }
  std::uint16_t n = root;
  do {
    if (b.at(n).tile == s.placed_tile()) return true;
    n = b.at(n).next;
  } while (n != root);
  return false;
}
}  // namespace

std::vector<std::uint16_t> portal_nodes(const State& s, FigureKind kind) {
  std::vector<std::uint16_t> out;
  if (!portal_open(s) || !is_follower(kind)) return out;  // PD-03: builder and pig stay on the placed tile
  const Board& b = s.board();
  for (std::size_t i = 0; i < b.node_count(); ++i) {
    const auto node = static_cast<std::uint16_t>(i);
    if (b.at(node).tile == s.placed_tile()) continue;  // the portal tile itself is an ordinary placement
    if (!may_deploy_on(s, kind, b.at(node).kind) || !unoccupied(s, node)) continue;
    if (tile_closed_to_figures(s, b.at(node).tile) != Reason::Ok) continue;  // V-PD-10, V-PD-11
    if (finished(s, node) && !(s.rules().portal_to_completed_feature() && completed_this_turn(s, b.find(node))))
      continue;
    out.push_back(node);
  }
  return out;
}

void portal_step2_moves(const State& s, bool phantom_only, MoveList& out) {
  if (!portal_open(s)) return;
  const Player& pl = s.player(s.actor());
  for (int k = 0; k < kFigureKinds; ++k) {
    const auto kind = static_cast<FigureKind>(k);
    if (phantom_only != (kind == FigureKind::Phantom) || pl.supply[static_cast<std::size_t>(k)] == 0) continue;
    for (const auto node : portal_nodes(s, kind))
      out.push_back(Move::deploy(kind, s.board().node_pos(node), s.board().node_addr(node), true));
  }
}

Reason check_portal_deploy(const State& s, const Move& m, int node) {
  if (s.board().def(s.placed_tile()).portal < 0) return Reason::NoPortal;
  if (s.flags().portal_used) return Reason::PortalUsed;
  if (node < 0) return Reason::NoSuchFeature;
  if (!is_follower(m.figure) || !may_stand_on(m.figure, m.feature.kind)) return Reason::FigureNotAllowed;
  if (const Reason c = tile_closed_to_figures(s, s.board().at(static_cast<std::uint16_t>(node)).tile); c != Reason::Ok)
    return c;
  if (m.feature.kind == FeatureKind::Field && !s.rules().farmers_in_play()) return Reason::FarmersOff;
  if (!unoccupied(s, static_cast<std::uint16_t>(node))) return Reason::FeatureOccupied;
  return contains(portal_nodes(s, m.figure), node) ? Reason::Ok : Reason::FeatureComplete;
}

// --- the room's words (engine/words.hpp) ---

const RoomWords& portal_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"portal", "the magic portal (Princess & Dragon)", 2005 /* The Princess & the Dragon, C1 HiG 2005 */},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoPortal, "no-portal", "portal", "the tile just placed has no magic portal"},
      {Reason::PortalUsed, "portal-used", "portal", "the portal was already used this turn"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Deploy, "deploy KIND x,y:FEATURE portal", "portal", "figure, phantom",
       "through the magic portal of the tile just placed, onto a feature of another tile (PD-01)",
       "deploy follower 0,0:city{N} portal", nullptr, nullptr},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::PortalToCompleted,
         "portal-to-completed-feature",
         "V-PD-1",
         "portal",
         {"forbidden", "allowed"},
         "portal onto a feature completed this turn"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, {}, reasons, moves, {}, switches};
  return words;
}

}  // namespace carc
