// State::apply: validate, dispatch to the move's owner (rooms.hpp), check the
// invariants; and the apply steps of the core verbs (place, deploy, pass).
#include <cassert>

#include "engine/expansions/builder_pig.hpp"
#include "engine/flow.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/rooms.hpp"
#include "engine/state.hpp"

namespace carc {

void apply_place(State& s, const Move& m, std::vector<Event>* ev) {
  // BC-15 item 7: a bridge the placement needs; on a neighbour it is built first, so the tile meets its road.
  if (m.with_bridge && m.bridge_pos != m.pos) build_bridge(s, m.bridge_pos, m.feature, ev);
  const int t = s.place_tile(m.tile, m.pos, m.rot);
  if (m.with_bridge && m.bridge_pos == m.pos) build_bridge(s, m.bridge_pos, m.feature, ev);
  s.set_phase(Phase::Figure);
  // TB-04: the tile extends a road or city holding the player's builder (first part only).
  if (!s.flags().second_part && extends_builder(s, t)) s.mutable_flags().builder_triggered = true;
  if (ev) {
    Event e;
    e.kind = EventKind::TilePlaced;
    e.player = static_cast<std::int8_t>(s.active());
    e.tile = m.tile;
    e.pos = m.pos;
    ev->push_back(e);
  }
  big_top_after_place(s, t);                  // BT-02, BT-03: the big top's step after scoring
  dragon_after_place(s, t, ev);               // PD-17: a volcano brings the dragon; PD-14: a dragon tile, its move
  if (!m.with_bridge) bridge_after_place(s);  // BC-15: a bridge may follow the placement
}

void apply_deploy(State& s, const Move& m, std::vector<Event>* ev) {
  const bool phantom_step = s.phase() == Phase::Phantom;
  const auto node = node_at(s.board(), m.pos, m.feature);
  s.add_figure(s.actor(), m.figure, node);
  if (m.portal) s.mutable_flags().portal_used = true;
  if (!phantom_step && m.figure != FigureKind::Phantom && is_follower(m.figure)) s.mutable_flags().claimed = node;
  emit(ev, EventKind::FigureDeployed, s.actor(), m.figure, m.pos, m.feature);
  after_step2_action(s,
                     phantom_step || m.figure == FigureKind::Phantom ? Step2::Phantom
                     : is_follower(m.figure)                         ? Step2::Follower
                                                                     : Step2::Special,
                     ev);
}

void apply_figure_pass(State& s, std::vector<Event>* ev) {
  // After the abbot's return the return was the action; the phantom may follow.
  after_step2_action(s, s.flags().abbot_returned ? Step2::Follower : Step2::Pass, ev);
}

void apply_pass(State& s, const Move&, std::vector<Event>* ev) { phase_owner(s.phase()).apply_pass(s, ev); }

Reason State::apply(const Move& m, std::vector<Event>* ev) {
  const Reason r = is_legal(*this, m);
  if (r != Reason::Ok) return r;
  verb(m.kind).apply(*this, m, ev);
  if (phase_owner(phase_).active_decides) actor_ = active_;
#ifndef NDEBUG
  const std::string broken = check_invariants();
  assert(broken.empty() && "state invariant broken after apply");
#endif
  return Reason::Ok;
}

}  // namespace carc
