// Room: the dragon, the volcano and the fairy (PD-12 … PD-43, V-PD-3, V-PD-5 … V-PD-11).
#include "engine/expansions/dragon_fairy.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {
namespace {

bool orthogonal_neighbours(Pos a, Pos b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y) == 1; }

bool on_fairy_tile(const State& s, Pos p) {
  const DragonFairyData& d = s.dragon_fairy();
  return d.fairy == FairyPlace::OnTile && d.fairy_pos == p;
}

bool visited(const DragonFairyData& d, Pos p) {
  return std::find(d.dragon_path.begin(), d.dragon_path.end(), p) != d.dragon_path.end();
}

// PD-19 … PD-22: a tile orthogonally next to the dragon's, not stood on in this move, not the fairy's.
Reason step_reason(const State& s, Pos p) {
  const DragonFairyData& d = s.dragon_fairy();
  if (s.board().tile_at(p) < 0 || !orthogonal_neighbours(d.dragon, p)) return Reason::NotADragonStep;
  if (visited(d, p)) return Reason::AlreadyVisited;
  if (on_fairy_tile(s, p)) return Reason::FairyProtected;
  return Reason::Ok;
}

bool has_step(const State& s) {
  for (int e = 0; e < 4; ++e)
    if (step_reason(s, neighbour(s.dragon_fairy().dragon, e)) == Reason::Ok) return true;
  return false;
}

// The tile just placed this turn part is a volcano (PD-12): no figure onto it, no fairy under V-PD-6 forbidden.
bool volcano_this_part(const State& s) { return s.placed_tile() >= 0 && s.board().def(s.placed_tile()).volcano >= 0; }

// The board tile a figure stands on.
int tile_of(const State& s, const BoardFigure& f) { return s.board().at(f.node).tile; }

void award_fairy(State& s, int player, int points, std::vector<Event>* ev) {
  if (points <= 0) return;
  s.add_score(player, points);
  if (!ev) return;
  Event e;
  e.kind = EventKind::FairyPoints;
  e.player = static_cast<std::int8_t>(player);
  e.points = points;
  e.pos = s.dragon_fairy().fairy_pos;
  ev->push_back(e);
}

// The follower kinds the fairy may stand next to (PD-33: not builder, not pig).
bool may_host(FigureKind k) { return is_follower(k); }

StageResult dragon_stage(State& s) {
  DragonFairyData& d = s.mutable_dragon_fairy();
  if (!d.dragon_pending) return StageResult::Done;
  if (d.dragon_path.empty()) d.dragon_path.push_back(d.dragon);
  const int steps = static_cast<int>(d.dragon_path.size()) - 1;
  if (steps < kDragonSteps && has_step(s)) {
    s.set_phase(Phase::Dragon);
    s.set_actor((s.active() + steps) % s.player_count());  // PD-18: in seat order from the active player
    return StageResult::Decision;
  }
  d.dragon_path.clear();  // PD-21: a dead end ends the move; PD-27: the dragon stays where it is
  d.dragon_pending = false;
  return StageResult::Done;
}

}  // namespace

bool dragon_spares(const State& s, std::uint16_t node) {
  return in_castle(s, node) || (!s.rules().dragon_eats_tower_top() && s.board().at(node).kind == FeatureKind::Tower);
}

Reason tile_closed_to_figures(const State& s, int t) {
  const Board& b = s.board();
  if (b.def(t).volcano >= 0 && (t == s.placed_tile() || s.rules().volcano_closed_for_good()))
    return Reason::VolcanoTile;
  const DragonFairyData& d = s.dragon_fairy();
  if (s.rules().dragon_tile_forbidden() && d.dragon_in_play && b.tile(t).pos == d.dragon) return Reason::DragonTile;
  return Reason::Ok;
}

bool sets_aside(const State& s, TileTypeId t) { return !s.dragon_fairy().dragon_in_play && s.catalog()[t].dragon >= 0; }

void dragon_after_place(State& s, int t, std::vector<Event>* ev) {
  const TileDef& def = s.board().def(t);
  DragonFairyData& d = s.mutable_dragon_fairy();
  if (def.volcano >= 0) {  // PD-17: the dragon jumps onto it; no step, nothing eaten
    d.dragon_in_play = true;
    d.dragon = s.board().tile(t).pos;
    emit(ev, EventKind::DragonPlaced, s.active(), FigureKind::Follower, d.dragon);
    if (!d.set_aside.empty()) {  // PD-16: back into the pile (at its end, in set-aside order)
      s.append_to_pile(d.set_aside);
      s.mutable_dragon_fairy().set_aside.clear();
    }
  }
  if (def.dragon >= 0 && s.dragon_fairy().dragon_in_play) s.mutable_dragon_fairy().dragon_pending = true;  // PD-14
}

void fairy_figure_left(State& s, const BoardFigure& f) {
  DragonFairyData& d = s.mutable_dragon_fairy();
  if (!d.has_host || !(d.host == f)) return;
  if (s.find_figure(f.owner, f.kind, f.node) < s.figures().size()) return;  // an identical figure still stands there
  d.has_host = false;  // PD-37: the fairy stays on the tile, with no host
}

// --- the fairy ------------------------------------------------------------------

void fairy_step2_moves(const State& s, MoveList& out) {
  const DragonFairyData& d = s.dragon_fairy();
  if (d.fairy == FairyPlace::Absent) return;
  if (volcano_this_part(s) && !s.rules().fairy_after_volcano()) return;  // V-PD-6
  const Board& b = s.board();
  const std::size_t first = out.size();
  for (const BoardFigure& f : s.figures()) {
    if (f.owner != s.actor() || !may_host(f.kind)) continue;
    const Pos p = b.node_pos(f.node);
    Move m;
    if (s.rules().fairy_on_tile()) {
      if (on_fairy_tile(s, p)) continue;
      m = Move::fairy_tile(p);
    } else {
      if (d.has_host && d.host == f) continue;
      m = Move::fairy(f.kind, p, b.node_addr(f.node));
    }
    if (std::find(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), m) == out.end()) out.push_back(m);
  }
}

Reason check_fairy(const State& s, const Move& m) {
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  const DragonFairyData& d = s.dragon_fairy();
  if (d.fairy == FairyPlace::Absent) return Reason::NotAllowedNow;
  if (volcano_this_part(s) && !s.rules().fairy_after_volcano()) return Reason::NotAllowedNow;  // V-PD-6
  if (m.on_tile != s.rules().fairy_on_tile()) return Reason::NotAllowedNow;                    // V-PD-5
  const Board& b = s.board();
  if (m.on_tile) {
    const int t = b.tile_at(m.pos);
    const bool own = t >= 0 && std::any_of(s.figures().begin(), s.figures().end(), [&](const BoardFigure& f) {
                       return f.owner == s.actor() && may_host(f.kind) && tile_of(s, f) == t;
                     });
    if (!own) return Reason::NoSuchFigure;
    return on_fairy_tile(s, m.pos) ? Reason::FairyAlreadyThere : Reason::Ok;
  }
  const int node = node_of(b, m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFigure;
  const BoardFigure f{static_cast<std::uint8_t>(s.actor()), m.figure, static_cast<std::uint16_t>(node)};
  if (s.find_figure(f.owner, f.kind, f.node) == s.figures().size()) return Reason::NoSuchFigure;
  if (!may_host(m.figure)) return Reason::FigureNotAllowed;                   // PD-33
  return d.has_host && d.host == f ? Reason::FairyAlreadyThere : Reason::Ok;  // PD-31: it must change place
}

void apply_fairy(State& s, const Move& m, std::vector<Event>* ev) {
  DragonFairyData& d = s.mutable_dragon_fairy();
  d.fairy = FairyPlace::OnTile;
  d.fairy_pos = m.pos;
  d.has_host = !m.on_tile;
  if (d.has_host)
    d.host = BoardFigure{static_cast<std::uint8_t>(s.actor()), m.figure, node_at(s.board(), m.pos, m.feature)};
  emit(ev, EventKind::FairyMoved, s.actor(), m.figure, m.pos, m.feature);
  after_step2_action(s, Step2::Special, ev);  // PH-28, XR-03: the phantom may follow
}

// --- the dragon -----------------------------------------------------------------

void dragon_phase_moves(const State& s, MoveList& out) {
  for (int e = 0; e < 4; ++e) {
    const Pos p = neighbour(s.dragon_fairy().dragon, e);
    if (step_reason(s, p) == Reason::Ok) out.push_back(Move::dragon(p));
  }
}

Reason check_dragon_step(const State& s, const Move& m) {
  if (s.phase() != Phase::Dragon) return Reason::WrongPhase;
  return step_reason(s, m.pos);
}

void apply_dragon_step(State& s, const Move& m, std::vector<Event>* ev) {
  DragonFairyData& d = s.mutable_dragon_fairy();
  d.dragon_path.push_back(m.pos);
  d.dragon = m.pos;
  emit(ev, EventKind::DragonMoved, s.actor(), FigureKind::Follower, m.pos);
  // PD-23: every figure on the tile is eaten, the mover's own included; PD-24: floors stay.
  const int t = s.board().tile_at(m.pos);
  std::vector<std::pair<int, std::uint16_t>> left;  // (owner, feature) of each eaten follower
  for (std::size_t i = s.figures().size(); i-- > 0;) {
    const BoardFigure f = s.figures()[i];
    if (tile_of(s, f) != t) continue;
    if (dragon_spares(s, f.node)) continue;  // a castle's occupant (BC-13), a tower's top under V-PD-12 `no`
    if (is_follower(f.kind)) left.emplace_back(f.owner, s.board().find(f.node));
    if (s.board().at(f.node).kind == FeatureKind::Tower && !s.rules().tower_reopens_after_capture())
      for (TowerSite& site : s.mutable_tower().sites)  // V-TO-2 `no`: as after a capture (handover §9.4)
        if (site.tile == t) site.closed_empty = true;
    s.remove_figure(i, ev, true);
  }
  // PD-25: a builder or pig whose owner has no follower left in its feature goes home too.
  for (const auto& [owner, root] : left) release_specials(s, owner, root, ev);
  resume_flow(s, ev);
}

StageResult stage_dragon_before_scoring(State& s, std::vector<Event>*) {
  return s.rules().dragon_after_scoring() ? StageResult::Done : dragon_stage(s);
}

StageResult stage_dragon_after_scoring(State& s, std::vector<Event>*) {
  return s.rules().dragon_after_scoring() ? dragon_stage(s) : StageResult::Done;
}

// --- the fairy's points ------------------------------------------------------------

void fairy_turn_start(State& s, std::vector<Event>* ev) {
  const DragonFairyData& d = s.dragon_fairy();
  if (d.fairy != FairyPlace::OnTile) return;
  const int p = s.active();
  if (!s.rules().fairy_on_tile()) {  // PD-35: next to one of that player's followers
    if (d.has_host && d.host.owner == p) award_fairy(s, p, 1, ev);
    return;
  }
  const int t = s.board().tile_at(d.fairy_pos);
  int own = 0, followers = 0;
  for (const BoardFigure& f : s.figures())
    if (f.owner == p && tile_of(s, f) == t) {
      ++own;
      followers += may_host(f.kind);
    }
  if (followers == 0) return;
  award_fairy(s, p, s.rules().fairy_points_per_figure() ? own : 1, ev);  // V-PD-9
}

void fairy_feature_scored(State& s, std::uint16_t root, bool final_scoring, std::vector<Event>* ev) {
  const DragonFairyData& d = s.dragon_fairy();
  if (d.fairy != FairyPlace::OnTile) return;
  if (final_scoring && !s.rules().fairy_bonus_final_scoring()) return;  // V-PD-8
  const Board& b = s.board();
  if (!s.rules().fairy_on_tile()) {  // PD-36: the host's owner, majority or not
    if (d.has_host && b.find(d.host.node) == root) award_fairy(s, d.host.owner, 3, ev);
    return;
  }
  // on-tile: once to each player with a follower of the feature on the fairy's tile (handover §9.2).
  const int t = b.tile_at(d.fairy_pos);
  std::vector<bool> paid(static_cast<std::size_t>(s.player_count()), false);
  for (const BoardFigure& f : s.figures())
    if (may_host(f.kind) && tile_of(s, f) == t && b.find(f.node) == root) paid[f.owner] = true;
  for (std::size_t p = 0; p < paid.size(); ++p)
    if (paid[p]) award_fairy(s, static_cast<int>(p), 3, ev);
}

// --- invariants ---------------------------------------------------------------------

std::string dragon_fairy_invariants(const State& s) {
  const DragonFairyData& d = s.dragon_fairy();
  const Board& b = s.board();
  bool volcano_on_board = false;
  for (int t = 0; t < b.tile_count(); ++t) volcano_on_board = volcano_on_board || b.def(t).volcano >= 0;
  if (volcano_on_board != d.dragon_in_play)
    return "the dragon is in play without a volcano, or a volcano without the dragon";
  if (d.dragon_in_play && b.tile_at(d.dragon) < 0) return "the dragon stands on an empty square";
  if (!d.set_aside.empty() && d.dragon_in_play) return "tiles set aside with the dragon in play";
  for (const TileTypeId t : d.set_aside)
    if (s.catalog()[t].dragon < 0) return "a set-aside tile that is no dragon tile";
  if (d.dragon_pending && !d.dragon_in_play) return "a dragon move due without the dragon";
  if ((s.phase() == Phase::Dragon) != !d.dragon_path.empty())
    return "a dragon path outside the dragon phase, or none in it";
  if (!d.dragon_path.empty()) {
    if (d.dragon_path.size() > kDragonSteps) return "a dragon move longer than six steps still under way";
    if (d.dragon_path.back() != d.dragon) return "the dragon path does not end at the dragon";
    if (s.actor() != (s.active() + static_cast<int>(d.dragon_path.size()) - 1) % s.player_count())
      return "a dragon step by the wrong player";
    for (std::size_t i = 0; i < d.dragon_path.size(); ++i) {
      const Pos p = d.dragon_path[i];
      if (b.tile_at(p) < 0) return "the dragon path crosses an empty square";
      if (i == 0) continue;
      if (!orthogonal_neighbours(d.dragon_path[i - 1], p)) return "the dragon path is not a chain of orthogonal steps";
      if (std::find(d.dragon_path.begin(), d.dragon_path.begin() + static_cast<std::ptrdiff_t>(i), p) !=
          d.dragon_path.begin() + static_cast<std::ptrdiff_t>(i))
        return "the dragon entered a tile twice";
      if (on_fairy_tile(s, p)) return "the dragon entered the fairy's tile";
      for (const BoardFigure& f : s.figures())                     // a castle's occupant is never eaten (BC-13)
        if (b.node_pos(f.node) == p && !dragon_spares(s, f.node))  // BC-13, V-PD-12
          return "a figure survived on a tile the dragon entered";
    }
  }
  if (d.fairy != FairyPlace::OnTile && d.has_host) return "a fairy host without the fairy on a tile";
  if (d.fairy == FairyPlace::OnTile && b.tile_at(d.fairy_pos) < 0) return "the fairy stands on an empty square";
  if (d.has_host) {
    if (s.rules().fairy_on_tile()) return "a fairy host under fairy-placement: on-tile";
    if (!may_host(d.host.kind) || s.find_figure(d.host.owner, d.host.kind, d.host.node) == s.figures().size() ||
        b.node_pos(d.host.node) != d.fairy_pos)
      return "the fairy's host is not a follower on the fairy's tile";
  }
  for (const BoardFigure& f : s.figures()) {
    const int t = b.at(f.node).tile;
    if (b.def(t).volcano >= 0 && (t == s.placed_tile() || s.rules().volcano_closed_for_good()))
      return "a figure on a volcano tile closed to figures";
    // A castle's occupant stays where the dragon comes (PD-24): no deployment put it there.
    if (s.rules().dragon_tile_forbidden() && d.dragon_in_play && b.tile(t).pos == d.dragon && !dragon_spares(s, f.node))
      return "a figure on the dragon's tile under dragon-tile-deployment: forbidden";
  }
  return {};
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string fairy_text(const Move& m, const TileCatalog&) {
  return m.on_tile ? "fairy " + to_string(m.pos)
                   : "fairy " + std::string(figure_name(m.figure)) + " " + located(m.pos, m.feature);
}

Result<Move> parse_fairy(const MoveWords& w) {
  if (w.size() == 2) {
    auto p = w.pos(1);
    if (!p) return fail(p.error());
    return Move::fairy_tile(*p);
  }
  if (auto ok = w.expect(3, "fairy KIND x,y:FEATURE' or 'fairy x,y"); !ok) return fail(ok.error());
  auto f = figure_at(w);
  if (!f) return fail(f.error());
  return Move::fairy(f->kind, f->pos, f->feature);
}

std::string dragon_text(const Move& m, const TileCatalog&) { return "dragon " + to_string(m.pos); }

Result<Move> parse_dragon(const MoveWords& w) {
  if (auto ok = w.expect(2, "dragon x,y"); !ok) return fail(ok.error());
  auto p = w.pos(1);
  if (!p) return fail(p.error());
  return Move::dragon(*p);
}

std::string dragon_placed_text(const Event& e, const State&) {
  return "the dragon jumps onto the volcano at " + to_string(e.pos);
}
std::string dragon_moved_text(const Event& e, const State& s) {
  return event_player(e, s) + " moves the dragon to " + to_string(e.pos);
}
std::string fairy_moved_text(const Event& e, const State& s) {
  return event_player(e, s) + " moves the fairy to " + to_string(e.pos);
}
std::string tile_set_aside_text(const Event& e, const State& s) {
  return "set aside " + s.catalog()[e.tile].id + " (the dragon is not in play)";
}
std::string fairy_points_text(const Event& e, const State& s) {
  return "fairy " + event_player(e, s) + " +" + std::to_string(e.points);
}

}  // namespace

const RoomWords& dragon_fairy_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"dragon", "the dragon, its volcanoes and its moves (Princess & Dragon)",
       2005 /* The Princess & the Dragon, C1 HiG 2005 */},
      {"fairy", "the fairy and its protection and points (Princess & Dragon)",
       2005 /* The Princess & the Dragon, C1 HiG 2005 */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Dragon, "dragon", "dragon",
       "the player whose step it is: step *k* (1 … 6) by the player *k*−1 seats after the active player, wrapping "
       "round the "
       "table (PD-18)",
       "`dragon x,y`, one step; it ends after the sixth step or when no step exists"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::VolcanoTile, "volcano-tile", "dragon",
       "a figure onto the volcano tile in its turn, or later under `volcano-tile-deployment: never`"},
      {Reason::DragonTile, "dragon-tile", "dragon",
       "a figure onto the dragon's tile under `dragon-tile-deployment: forbidden`"},
      {Reason::NotADragonStep, "not-a-dragon-step", "dragon",
       "no tile there, or not an orthogonal neighbour of the dragon's tile"},
      {Reason::AlreadyVisited, "already-visited", "dragon", "the dragon has already been on that tile in this move"},
      {Reason::FairyProtected, "fairy-protected", "dragon", "the dragon may not enter the fairy's tile"},
      {Reason::FairyAlreadyThere, "fairy-already-there", "fairy", "the fairy already stands there"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Fairy, "fairy KIND x,y:FEATURE", "fairy", "figure",
       "step 2 (PD-31): move the fairy next to your own figure of that kind standing there, anywhere on the board",
       "fairy follower 0,0:road{E,W}", parse_fairy, fairy_text},
      {MoveKind::Fairy, "fairy x,y", "fairy", "figure",
       "step 2 under `fairy-placement: on-tile`: move the fairy onto the tile at x,y, which holds one of your "
       "followers",
       "fairy 0,0", nullptr, nullptr},
      {MoveKind::DragonStep, "dragon x,y", "dragon", "dragon",
       "one step of the dragon onto the tile at x,y, by the player whose step it is; every figure on that tile is "
       "eaten",
       "dragon 1,0", parse_dragon, dragon_text},
  };
  static constexpr EventText events[] = {
      {EventKind::DragonPlaced, dragon_placed_text}, {EventKind::DragonMoved, dragon_moved_text},
      {EventKind::FairyMoved, fairy_moved_text},     {EventKind::TileSetAside, tile_set_aside_text},
      {EventKind::FairyPoints, fairy_points_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::DragonMove,
         "dragon-move",
         "V-PD-3",
         "dragon",
         {"before-scoring", "after-scoring"},
         "the dragon moves before step-3 scoring (HiG, ZMG) or after scoring and wagons (RGG Big Box)"},
        {Switch::DragonTileDeployment,
         "dragon-tile-deployment",
         "V-PD-10",
         "dragon",
         {"allowed", "forbidden"},
         "figures may be deployed onto the dragon's tile (JCZ: forbidden)"},
        {Switch::DragonEatsTowerTop,
         "dragon-eats-tower-top",
         "V-PD-12",
         "dragon",
         {"yes", "no"},
         "the dragon eats a follower on top of a tower like any figure on the tile (no text exempts it), or not "
         "(a fan wiki)",
         {},
         {"tower"}},
        {Switch::VolcanoTileDeployment,
         "volcano-tile-deployment",
         "V-PD-11",
         "dragon",
         {"placing-turn-only", "never"},
         "a volcano tile is closed to figures in its turn only, or for good"},
        {Switch::FairyPlacement,
         "fairy-placement",
         "V-PD-5",
         "fairy",
         {"next-to-follower", "on-tile"},
         "the fairy next to one follower (HiG) or on a tile (RGG, ZMG C1)"},
        {Switch::FairyAfterVolcano,
         "fairy-after-volcano",
         "V-PD-6",
         "fairy",
         {"allowed", "forbidden"},
         "the fairy may move in a volcano's turn (pre-Big Box C1: no)"},
        {Switch::FairyProtectsFromTower,
         "fairy-protects-from-tower",
         "V-PD-7",
         "fairy",
         {"no", "yes"},
         "the fairy's tile is safe from a tower's capture (no source says so)",
         {},
         {"tower"}},
        {Switch::FairyBonusFinalScoring,
         "fairy-bonus-final-scoring",
         "V-PD-8",
         "fairy",
         {"yes", "no"},
         "the 3 points at final scoring too (farin/JCloisterZone: no)"},
        {Switch::FairyOnTileTurnPoints,
         "fairy-on-tile-turn-points",
         "V-PD-9",
         "fairy",
         {"one", "per-figure"},
         "under `on-tile`, one turn-start point or one per own figure (JCZ)"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
