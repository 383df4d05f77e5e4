// Room: the wagon (AM-05..AM-08, V-AM-1).
#include "engine/expansions/wagon.hpp"

#include <algorithm>

#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {
namespace {

// Features connected to the scored one (AM-06, C1): roads into a city gate, the other arms of a
// junction, the cloister at a road's end, and roads ending at a scored cloister.
std::vector<std::uint16_t> connected_roots(const Board& b, std::uint16_t scored) {
  std::vector<std::uint16_t> roots;
  auto link = [&](int tile, int local) { roots.push_back(b.find(b.node(tile, local))); };
  std::uint16_t n = scored;
  do {
    const FeatureNode& fn = b.at(n);
    const TileDef& d = b.def(fn.tile);
    for (std::size_t i = 0; i < d.features.size(); ++i) {
      const TileFeature& f = d.features[i];
      if (f.kind != FeatureKind::Road || f.road_end == RoadEnd::None) continue;
      const bool this_road = static_cast<int>(i) == fn.local;
      if (fn.kind == FeatureKind::Road && this_road) {
        if (f.road_end == RoadEnd::Junction) {
          for (std::size_t j = 0; j < d.features.size(); ++j)
            if (j != i && d.features[j].road_end == RoadEnd::Junction) link(fn.tile, static_cast<int>(j));
        } else if (f.end_feature >= 0 && f.road_end != RoadEnd::CropCircle) {
          link(fn.tile, f.end_feature);
        }
      } else if (fn.kind != FeatureKind::Road && f.end_feature == fn.local) {
        link(fn.tile, static_cast<int>(i));  // a road ending at this city or cloister
      }
    }
    n = fn.next;
  } while (n != scored);
  std::sort(roots.begin(), roots.end());
  roots.erase(std::unique(roots.begin(), roots.end()), roots.end());
  return roots;
}

// The first pending wagon leaves the queue (moved or gone home).
void pop_wagon(State& s) { s.mutable_wagons().erase(s.mutable_wagons().begin()); }

}  // namespace

std::vector<std::uint16_t> wagon_targets(const State& s) {
  std::vector<std::uint16_t> out;
  if (s.wagon_queue().empty()) return out;
  const PendingWagon& w = s.wagon_queue().front();
  const Board& b = s.board();
  std::vector<std::uint16_t> candidates;
  if (s.rules().wagon_moves_along_connections()) {
    for (const auto root : connected_roots(b, w.root)) add_feature_nodes(b, root, candidates);
  } else {
    const Pos at = b.node_pos(w.node);
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        if (const int t = b.tile_at(at + Pos{dx, dy}); t >= 0)
          for (int local = 0; local < b.feature_count(t); ++local) candidates.push_back(b.node(t, local));
  }
  for (const auto node : candidates) {
    const auto root = b.find(node);
    if (root == w.root || !may_stand_on(FigureKind::Wagon, b.at(node).kind)) continue;
    if (b.complete(root) || !unoccupied(s, node)) continue;                  // AM-05, AM-08
    if (tile_closed_to_figures(s, b.at(node).tile) != Reason::Ok) continue;  // PD-13 (V-PD-10), V-PD-11
    out.push_back(node);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void hold_scored_wagon(State& s, const BoardFigure& f, std::uint16_t root) {
  s.mutable_wagons().push_back({f.owner, f.node, root});
}

void order_wagons(State& s) {
  const int n = s.player_count();
  const int active = s.active();
  std::stable_sort(s.mutable_wagons().begin(), s.mutable_wagons().end(), [&](const auto& x, const auto& y) {
    return (x.owner - active + n) % n < (y.owner - active + n) % n;
  });
}

StageResult stage_wagons(State& s, std::vector<Event>* ev) {
  while (!s.wagon_queue().empty()) {
    if (!wagon_targets(s).empty()) {
      s.set_phase(Phase::Wagon);
      s.set_actor(s.wagon_queue().front().owner);
      return StageResult::Decision;
    }
    // No reachable feature: the wagon simply returns (AM-05).
    const PendingWagon w = s.wagon_queue().front();
    pop_wagon(s);
    s.remove_figure(s.find_figure(w.owner, FigureKind::Wagon, w.node), ev, true);
  }
  return StageResult::Done;
}

void wagon_phase_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (const auto node : wagon_targets(s)) out.push_back(Move::wagon(b.node_pos(node), b.node_addr(node)));
  out.push_back(Move::pass());
}

Reason check_wagon(const State& s, const Move& m) {
  if (s.phase() != Phase::Wagon) return Reason::WrongPhase;
  const int node = node_of(s.board(), m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  return contains(wagon_targets(s), node) ? Reason::Ok : Reason::NoWagonMove;
}

Reason check_wagon_pass(const State&) { return Reason::Ok; }

void apply_wagon(State& s, const Move& m, std::vector<Event>* ev) {
  const auto from = s.wagon_queue().front().node;
  pop_wagon(s);
  s.remove_figure(s.find_figure(s.actor(), FigureKind::Wagon, from), nullptr, false);
  s.add_figure(s.actor(), FigureKind::Wagon, node_at(s.board(), m.pos, m.feature));
  emit(ev, EventKind::WagonMoved, s.actor(), FigureKind::Wagon, m.pos, m.feature);
  resume_flow(s, ev);
}

void apply_wagon_pass(State& s, std::vector<Event>* ev) {
  const auto node = s.wagon_queue().front().node;
  pop_wagon(s);
  s.remove_figure(s.find_figure(s.actor(), FigureKind::Wagon, node), ev, true);
  resume_flow(s, ev);
}

std::string wagon_invariants(const State& s) {
  if (s.phase() == Phase::Wagon && s.wagon_queue().empty()) return "wagon phase without a pending wagon";
  return {};
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string wagon_text(const Move& m, const TileCatalog&) { return "wagon " + located(m.pos, m.feature); }

Result<Move> parse_wagon(const MoveWords& w) {
  if (auto ok = w.expect(2, "wagon x,y:FEATURE"); !ok) return fail(ok.error());
  auto loc = w.located(1);
  if (!loc) return fail(loc.error());
  return Move::wagon(loc->first, loc->second);
}

std::string wagon_moved_text(const Event& e, const State& s) {
  return event_player(e, s) + " moves the wagon to " + located(e.pos, e.feature);
}

}  // namespace

const RoomWords& wagon_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"wagon", "the wagon, moving on when its feature is scored (Abbey & Mayor)",
       2007 /* Abbey & Mayor, C1 HiG 2007 (rules-reference.md section 4) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Wagon, "wagon", "wagon", "each owner of a scored wagon, in seat order from the active player",
       "move it or pass"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoWagonMove, "no-wagon-move", "wagon", "the wagon cannot move there"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Wagon, "wagon x,y:FEATURE", "wagon", "wagon", "move a wagon whose feature just scored (AM-05)",
       "wagon 1,0:road{E,W}", parse_wagon, wagon_text},
  };
  static constexpr EventText events[] = {
      {EventKind::WagonMoved, wagon_moved_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::WagonMove,
         "wagon-move",
         "V-AM-1",
         "wagon",
         {"C2-adjacent-tiles", "C1-connected"},
         "where a scored wagon may move"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
