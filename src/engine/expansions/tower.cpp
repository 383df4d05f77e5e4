// Room: the Tower (TO-*, V-TO-1..V-TO-5).
#include "engine/expansions/tower.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/portal.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {
namespace {

constexpr FigureKind kTopKinds[] = {FigureKind::Follower, FigureKind::Large, FigureKind::Phantom,
                                    FigureKind::Ringmaster};

// TO-04: who may stand on top of a tower; BT-07: the ringmaster, placed like a normal meeple.
bool may_top(FigureKind k) {
  return k == FigureKind::Follower || k == FigureKind::Large || k == FigureKind::Phantom || k == FigureKind::Ringmaster;
}

int site_index(const State& s, Pos p) {
  const int t = s.board().tile_at(p);
  if (t < 0) return -1;
  const auto& sites = s.tower().sites;
  for (std::size_t i = 0; i < sites.size(); ++i)
    if (sites[i].tile == t) return static_cast<int>(i);
  return -1;
}

Pos site_pos(const State& s, const TowerSite& site) { return s.board().tile(site.tile).pos; }

// TO-05: the tower's own tile and its row and column up to `height` squares away
// (over empty squares and other towers: nothing blocks).
bool in_reach(Pos tower, int height, Pos p) {
  if (p.x == tower.x) return std::abs(p.y - tower.y) <= height;
  if (p.y == tower.y) return std::abs(p.x - tower.x) <= height;
  return false;
}

// TO-06, V-TO-1: every follower kind; the builder and pig only pre-Big Box (V-TO-1 all-figures, V-TB-2).
bool capturable(const State& s, FigureKind k) { return is_follower(k) || s.rules().tower_captures_builder_pig(); }

bool own_decision(const State& s) { return s.actor() == s.active(); }

// V-TO-3: whether the current decision lets the active player pay a ransom.
bool ransom_time(const State& s) {
  if (!own_decision(s)) return false;
  const Phase p = s.phase();
  switch (s.rules().ransom_timing()) {
    case RansomTiming::AnyTimeOwnTurn:
      return p == Phase::Tile || p == Phase::Figure || p == Phase::Phantom || p == Phase::CropChoice ||
             p == Phase::Wagon || p == Phase::CropResponse;
    case RansomTiming::ActionStep:
      return p == Phase::Figure || p == Phase::Phantom;
    case RansomTiming::BeforeDraw:
      return p == Phase::Tile;
  }
  return false;
}

// The prisoner entry holder holds of owner's kind (the last one: the most recent), or -1.
int find_prisoner(const State& s, int holder, int owner, FigureKind kind) {
  const auto& ps = s.tower().prisoners;
  for (std::size_t i = ps.size(); i-- > 0;)
    if (ps[i].holder == holder && ps[i].owner == owner && ps[i].kind == kind) return static_cast<int>(i);
  return -1;
}

// The kinds of owner's figures that holder holds, in figure-kind order.
std::vector<FigureKind> held_kinds(const State& s, int holder, int owner) {
  std::vector<FigureKind> out;
  for (const Prisoner& p : s.tower().prisoners)
    if (p.holder == holder && p.owner == owner && std::find(out.begin(), out.end(), p.kind) == out.end())
      out.push_back(p.kind);
  std::sort(out.begin(), out.end());
  return out;
}

// TO-07: the figure just captured goes back to its owner and one of the capturer's, of kind, to the
// capturer. Made at once (within the capture's move), the captured figure went from the board to its
// owner's supply: it is returned (PROTOCOL.md §12.4); chosen later, it was a prisoner in between.
void exchange(State& s, FigureKind kind, bool at_once, std::vector<Event>* ev) {
  const int capturer = s.active();
  const TowerData& t = s.tower();
  const int other = t.exchange_with;
  const FigureKind captured = t.captured;
  if (at_once)
    emit(ev, EventKind::FigureReturned, other, captured, t.captured_at, t.captured_feature);
  else
    emit(ev, EventKind::PrisonerFreed, other, captured);
  s.free_prisoner(static_cast<std::size_t>(find_prisoner(s, capturer, other, captured)));
  s.free_prisoner(static_cast<std::size_t>(find_prisoner(s, other, capturer, kind)));
  emit(ev, EventKind::PrisonerFreed, capturer, kind);
  s.mutable_tower().exchange_with = -1;
}

}  // namespace

int default_floors(int players) {
  switch (players) {
    case 1:
    case 2:
      return 10;
    case 3:
      return 9;
    case 4:
      return 7;
    case 5:
      return 6;
    default:
      return 5;
  }
}

const TowerSite* tower_site(const State& s, Pos p) {
  const int i = site_index(s, p);
  return i < 0 ? nullptr : &s.tower().sites[static_cast<std::size_t>(i)];
}

std::uint16_t tower_node(const State& s, const TowerSite& site) {
  return s.board().node(site.tile, s.board().def(site.tile).tower);
}

bool tower_open(const State& s, const TowerSite& site) {
  return site.height >= 1 && !site.closed_empty && !s.occupied(tower_node(s, site));
}

// --- step 2 ---------------------------------------------------------------------

void tower_step2_moves(const State& s, bool phantom_only, MoveList& out) {
  const Player& pl = s.player(s.actor());
  const bool portal = portal_open(s) && s.rules().portal_to_tower();
  for (const TowerSite& site : s.tower().sites) {
    if (!tower_open(s, site) || tile_closed_to_figures(s, site.tile) != Reason::Ok) continue;  // V-PD-10, V-PD-11
    const Pos p = site_pos(s, site);
    for (const FigureKind k : kTopKinds) {
      if (phantom_only != (k == FigureKind::Phantom) || pl.supply[static_cast<std::size_t>(k)] == 0) continue;
      out.push_back(Move::deploy(k, p, FeatureAddr{FeatureKind::Tower, {}}));
      if (portal) out.push_back(Move::deploy(k, p, FeatureAddr{FeatureKind::Tower, {}}, true));
    }
  }
}

void floor_step2_moves(const State& s, MoveList& out) {
  if (s.tower().floors[static_cast<std::size_t>(s.actor())] == 0) return;
  for (const TowerSite& site : s.tower().sites)
    if (site.height == 0 || tower_open(s, site)) out.push_back(Move::floor(site_pos(s, site)));
}

Reason check_tower_deploy(const State& s, const Move& m, int node) {
  if (m.portal) {  // V-TO-5, then the portal's own rules (PH-16)
    if (!s.rules().portal_to_tower()) return Reason::NotAllowedNow;
    if (s.board().def(s.placed_tile()).portal < 0) return Reason::NoPortal;
    if (s.flags().portal_used) return Reason::PortalUsed;
  }
  if (node < 0) return Reason::NoSuchFeature;
  if (!may_top(m.figure)) return Reason::FigureNotAllowed;
  const TowerSite* site = tower_site(s, m.pos);
  if (const Reason c = tile_closed_to_figures(s, site->tile); c != Reason::Ok) return c;
  if (site->height == 0) return Reason::TowerNotBuilt;  // TO-03
  return tower_open(s, *site) ? Reason::Ok : Reason::TowerClosed;
}

Reason check_floor(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure) return Reason::WrongPhase;
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  if (s.tower().floors[static_cast<std::size_t>(s.actor())] == 0) return Reason::NoFloorInSupply;
  const TowerSite* site = tower_site(s, m.pos);
  if (!site) return Reason::NoSuchFeature;
  return site->height == 0 || tower_open(s, *site) ? Reason::Ok : Reason::TowerClosed;
}

void apply_floor(State& s, const Move& m, std::vector<Event>* ev) {
  TowerData& t = s.mutable_tower();
  const int i = site_index(s, m.pos);
  --t.floors[static_cast<std::size_t>(s.actor())];
  TowerSite& site = t.sites[static_cast<std::size_t>(i)];
  ++site.height;
  t.capture_site = i;
  if (ev) {
    Event e;
    e.kind = EventKind::FloorPlaced;
    e.player = static_cast<std::int8_t>(s.actor());
    e.points = site.height;
    e.pos = m.pos;
    ev->push_back(e);
  }
  after_step2_action(s, Step2::Special, ev);  // PH-11, V-PH-1: the phantom may follow a floor
}

// --- capture --------------------------------------------------------------------

namespace {
// Indexes in figures() of the figures the floor just placed may capture.
std::vector<std::size_t> capture_targets(const State& s) {
  std::vector<std::size_t> out;
  const int i = s.tower().capture_site;
  if (i < 0) return out;
  const TowerSite& site = s.tower().sites[static_cast<std::size_t>(i)];
  const Pos tp = site_pos(s, site);
  const auto& figs = s.figures();
  const DragonFairyData& d = s.dragon_fairy();
  const bool fairy_shield = s.rules().fairy_protects_from_tower() && d.fairy == FairyPlace::OnTile;  // V-PD-7
  for (std::size_t f = 0; f < figs.size(); ++f) {
    const Pos p = s.board().node_pos(figs[f].node);
    if (fairy_shield && p == d.fairy_pos) continue;
    if (!s.rules().tower_captures_castle_occupant() && in_castle(s, figs[f].node)) continue;  // V-BC-4
    if (capturable(s, figs[f].kind) && in_reach(tp, site.height, p)) out.push_back(f);
  }
  return out;
}
}  // namespace

void capture_phase_moves(const State& s, MoveList& out) {
  out.push_back(Move::pass());
  const Board& b = s.board();
  for (const std::size_t i : capture_targets(s)) {
    const BoardFigure& f = s.figures()[i];
    out.push_back(Move::capture(f.kind, s.player(f.owner).colour, b.node_pos(f.node), b.node_addr(f.node)));
  }
}

Reason check_capture(const State& s, const Move& m) {
  if (s.phase() != Phase::Capture) return Reason::WrongPhase;
  const int owner = s.player_of(m.colour);
  const int node = node_of(s.board(), m.pos, m.feature);
  if (owner < 0 || node < 0) return Reason::NoSuchFigure;
  const std::size_t idx = s.find_figure(owner, m.figure, static_cast<std::uint16_t>(node));
  if (idx == s.figures().size()) return Reason::NoSuchFigure;
  if (!capturable(s, m.figure)) return Reason::NotCapturable;
  if (!s.rules().tower_captures_castle_occupant() && in_castle(s, static_cast<std::uint16_t>(node)))
    return Reason::NotCapturable;  // V-BC-4
  const DragonFairyData& d = s.dragon_fairy();
  if (s.rules().fairy_protects_from_tower() && d.fairy == FairyPlace::OnTile && d.fairy_pos == m.pos)
    return Reason::NotCapturable;  // V-PD-7
  const TowerSite& site = s.tower().sites[static_cast<std::size_t>(s.tower().capture_site)];
  return in_reach(site_pos(s, site), site.height, m.pos) ? Reason::Ok : Reason::OutOfReach;
}

void apply_capture(State& s, const Move& m, std::vector<Event>* ev) {
  const int owner = s.player_of(m.colour);
  const auto node = node_at(s.board(), m.pos, m.feature);
  const auto root = s.board().find(node);
  const std::size_t idx = s.find_figure(owner, m.figure, node);
  TowerData& t = s.mutable_tower();
  if (m.feature.kind == FeatureKind::Tower && !s.rules().tower_reopens_after_capture())  // V-TO-2
    t.sites[static_cast<std::size_t>(site_index(s, m.pos))].closed_empty = true;
  t.capture_site = -1;
  if (owner == s.active()) {
    s.remove_figure(idx, ev, true);  // TO-05: one's own figure goes back to supply
  } else {
    s.capture_figure(idx, s.active());
    t.exchange_with = owner;
    t.captured = m.figure;
    t.captured_at = m.pos;
    t.captured_feature = m.feature;
    if (ev) {
      Event e;
      e.kind = EventKind::FigureCaptured;
      e.player = static_cast<std::int8_t>(owner);
      e.other = static_cast<std::int8_t>(s.active());
      e.figure = m.figure;
      e.pos = m.pos;
      e.feature = m.feature;
      ev->push_back(e);
    }
  }
  release_specials(s, owner, root, ev);  // TB-03: a builder or pig without its owner's follower leaves
  resume_flow(s, ev);
}

Reason check_capture_pass(const State&) { return Reason::Ok; }

void apply_capture_pass(State& s, std::vector<Event>* ev) {
  s.mutable_tower().capture_site = -1;
  resume_flow(s, ev);
}

StageResult stage_tower_capture(State& s, std::vector<Event>*) {
  if (s.tower().capture_site < 0) return StageResult::Done;
  if (capture_targets(s).empty()) {
    s.mutable_tower().capture_site = -1;
    return StageResult::Done;
  }
  s.set_phase(Phase::Capture);
  s.set_actor(s.active());
  return StageResult::Decision;
}

// --- exchange -------------------------------------------------------------------

void exchange_phase_moves(const State& s, MoveList& out) {
  for (const FigureKind k : held_kinds(s, s.tower().exchange_with, s.active())) out.push_back(Move::exchange(k));
}

Reason check_exchange(const State& s, const Move& m) {
  if (s.phase() != Phase::Exchange) return Reason::WrongPhase;
  return find_prisoner(s, s.tower().exchange_with, s.active(), m.figure) < 0 ? Reason::NoPrisoner : Reason::Ok;
}

void apply_exchange(State& s, const Move& m, std::vector<Event>* ev) {
  exchange(s, m.figure, false, ev);
  resume_flow(s, ev);
}

StageResult stage_tower_exchange(State& s, std::vector<Event>* ev) {
  const int other = s.tower().exchange_with;
  if (other < 0) return StageResult::Done;
  const auto kinds = held_kinds(s, other, s.active());
  if (kinds.empty()) {
    s.mutable_tower().exchange_with = -1;
    return StageResult::Done;
  }
  if (kinds.size() == 1) {
    exchange(s, kinds.front(), true, ev);  // TO-07: at once
    return StageResult::Done;
  }
  // Several kinds: who picks is open in the texts reached (TO-07, V-TO-6): the capturer (the
  // player whose turn it is, as JCZ plays it) by default, or the player holding them.
  s.set_phase(Phase::Exchange);
  s.set_actor(s.rules().exchange_chosen_by_holder() ? other : s.active());
  return StageResult::Decision;
}

// --- ransom ---------------------------------------------------------------------

void ransom_moves(const State& s, MoveList& out) {
  const TowerData& t = s.tower();
  if (t.prisoners.empty() || t.ransom_paid || !ransom_time(s)) return;
  if (s.rules().ransom_needs_3_points() && s.player(s.active()).score < 3) return;
  for (int holder = 0; holder < s.player_count(); ++holder)
    for (const FigureKind k : held_kinds(s, holder, s.active()))
      out.push_back(Move::ransom(k, s.player(holder).colour));
}

Reason check_ransom(const State& s, const Move& m) {
  if (!ransom_time(s)) return Reason::NotAllowedNow;
  if (s.tower().ransom_paid) return Reason::RansomUsed;
  const int holder = s.player_of(m.colour);
  if (holder < 0 || find_prisoner(s, holder, s.active(), m.figure) < 0) return Reason::NoPrisoner;
  if (s.rules().ransom_needs_3_points() && s.player(s.active()).score < 3) return Reason::NotEnoughPoints;
  return Reason::Ok;
}

void apply_ransom(State& s, const Move& m, std::vector<Event>* ev) {
  const int holder = s.player_of(m.colour);
  s.free_prisoner(static_cast<std::size_t>(find_prisoner(s, holder, s.active(), m.figure)));
  s.transfer_points(s.active(), holder, 3);  // TO-08: 3 points, a large follower too
  s.mutable_tower().ransom_paid = true;
  if (ev) {
    Event e;
    e.kind = EventKind::PrisonerFreed;
    e.player = static_cast<std::int8_t>(s.active());
    e.other = static_cast<std::int8_t>(holder);
    e.points = 3;
    e.figure = m.figure;
    ev->push_back(e);
  }
}

// --- invariants -----------------------------------------------------------------

std::string tower_invariants(const State& s) {
  const TowerData& t = s.tower();
  const Board& b = s.board();
  int floors = 0;
  for (const int f : t.floors) {
    if (f < 0 || f > kMaxFloorsInHand) return "floors in hand out of range";
    floors += f;
  }
  std::size_t foundations = 0;
  for (int i = 0; i < b.tile_count(); ++i) foundations += b.def(i).tower >= 0;
  if (foundations != t.sites.size()) return "tower index misses a foundation";
  for (const TowerSite& site : t.sites) {
    if (site.height > kMaxTowerFloors) return "tower higher than the box allows";
    floors += site.height;
    const auto node = tower_node(s, site);
    if (b.find(node) != node) return "a tower foundation joined a feature";
    const int on_top = b.at(node).occupants;
    if (on_top > 1) return "two figures on one tower";
    if (on_top == 1 && site.height == 0) return "a figure on an empty foundation";
    if (site.closed_empty && (on_top > 0 || s.rules().tower_reopens_after_capture()))
      return "a tower closed empty wrongly";
  }
  for (const BoardFigure& f : s.figures())
    if (b.at(f.node).kind == FeatureKind::Tower && !may_top(f.kind))
      return "a figure on a tower that may not stand there";
  if (floors != t.floors_total) return "floors not conserved: in hand + on towers != floors dealt";
  if (t.floors_total > kMaxTowerFloors) return "more floors than the box holds";
  for (const Prisoner& p : t.prisoners) {
    if (p.holder == p.owner) return "a player holds its own figure";
    if (s.phase() != Phase::Exchange)
      for (const Prisoner& q : t.prisoners)
        if (q.holder == p.owner && q.owner == p.holder)
          return "two players hold prisoners of each other outside an exchange";
  }
  if (t.capture_site >= 0 && s.phase() != Phase::Capture) return "a capture pending outside the capture phase";
  if (t.exchange_with >= 0 && s.phase() != Phase::Exchange) return "an exchange pending outside the exchange phase";
  return {};
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string floor_text(const Move& m, const TileCatalog&) { return "floor " + to_string(m.pos); }

Result<Move> parse_floor(const MoveWords& w) {
  if (auto ok = w.expect(2, "floor x,y"); !ok) return fail(ok.error());
  auto p = w.pos(1);
  if (!p) return fail(p.error());
  return Move::floor(*p);
}

std::string capture_text(const Move& m, const TileCatalog&) {
  return "capture " + std::string(figure_name(m.figure)) + " " + std::string(colour_name(m.colour)) + " " +
         located(m.pos, m.feature);
}

Result<Move> parse_capture(const MoveWords& w) {
  if (auto ok = w.expect(4, "capture KIND COLOUR x,y:FEATURE"); !ok) return fail(ok.error());
  auto k = w.figure(1);
  if (!k) return fail(k.error());
  auto c = w.colour(2);
  if (!c) return fail(c.error());
  auto loc = w.located(3);
  if (!loc) return fail(loc.error());
  return Move::capture(*k, *c, loc->first, loc->second);
}

std::string exchange_text(const Move& m, const TileCatalog&) {
  return "exchange " + std::string(figure_name(m.figure));
}

Result<Move> parse_exchange(const MoveWords& w) {
  if (auto ok = w.expect(2, "exchange KIND"); !ok) return fail(ok.error());
  auto k = w.figure(1);
  if (!k) return fail(k.error());
  return Move::exchange(*k);
}

std::string ransom_text(const Move& m, const TileCatalog&) {
  return "ransom " + std::string(figure_name(m.figure)) + " " + std::string(colour_name(m.colour));
}

Result<Move> parse_ransom(const MoveWords& w) {
  if (auto ok = w.expect(3, "ransom KIND COLOUR"); !ok) return fail(ok.error());
  auto k = w.figure(1);
  if (!k) return fail(k.error());
  auto c = w.colour(2);
  if (!c) return fail(c.error());
  return Move::ransom(*k, *c);
}

std::string floor_placed_text(const Event& e, const State& s) {
  return event_player(e, s) + " builds the tower at " + to_string(e.pos) + " to height " + std::to_string(e.points);
}

std::string figure_captured_text(const Event& e, const State& s) {
  return "the tower takes " + event_player(e, s) + "'s " + std::string(figure_name(e.figure)) + " from " +
         located(e.pos, e.feature) + (e.other >= 0 ? " (held by " + event_other(e, s) + ")" : std::string());
}

std::string prisoner_freed_text(const Event& e, const State& s) {
  return event_player(e, s) + "'s " + std::string(figure_name(e.figure)) + " comes back " +
         (e.points > 0 ? "for a ransom of " + std::to_string(e.points) + " paid to " + event_other(e, s)
                       : std::string("in an exchange"));
}

}  // namespace

const RoomWords& tower_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"tower", "the Tower: floors, captures, exchanges and ransom",
       2006 /* The Tower, C1 HiG 2006 (rules-reference.md section 7) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Capture, "capture", "tower", "the active player",
       "right after a `floor`: `capture …` one figure in reach, or `pass`; not entered when no capturable figure is in "
       "reach"},
      {Phase::Exchange, "exchange", "tower", "the capturer (the holder under `exchange-chooser: holder`)",
       "`exchange KIND`: which of the capturer's own figures comes back, when the capture creates an exchange and "
       "those "
       "prisoners are of several kinds"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::TowerNotBuilt, "tower-not-built", "tower", "a figure onto an empty tower foundation (TO-03)"},
      {Reason::TowerClosed, "tower-closed", "tower", "a floor or a figure onto a closed tower"},
      {Reason::NoFloorInSupply, "no-floor-in-supply", "tower", "the player has no tower floor left"},
      {Reason::NoSuchFigure, "no-such-figure", "tower", "no such figure stands there (a capture, a fairy move)"},
      {Reason::OutOfReach, "out-of-reach", "tower", "the figure is beyond the tower's reach"},
      {Reason::NotCapturable, "not-capturable", "tower", "a builder or pig under `tower-capture-targets: followers`"},
      {Reason::NoPrisoner, "no-prisoner", "tower", "a ransom or exchange of a figure that is not held"},
      {Reason::RansomUsed, "ransom-used", "tower", "a ransom was already paid this turn"},
      {Reason::NotEnoughPoints, "not-enough-points", "tower",
       "fewer than 3 points under `ransom-score-floor: needs-3-points`"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Deploy, "deploy KIND x,y:tower", "tower", "figure, phantom",
       "step 2 (TO-02 C): a follower, large follower or phantom on top of the open tower at x,y, anywhere on the "
       "board; it "
       "closes the tower",
       "deploy follower 2,0:tower", nullptr, nullptr},
      {MoveKind::Floor, "floor x,y", "tower", "figure",
       "step 2 (TO-02 A and B): put one of your floors on the foundation of the tile at x,y, anywhere on the board",
       "floor 2,0", parse_floor, floor_text},
      {MoveKind::Capture, "capture KIND COLOUR x,y:FEATURE", "tower", "capture",
       "take that figure off the board: to its owner's supply if it is the capturer's own, else held as a prisoner "
       "(TO-05, "
       "TO-06)",
       "capture follower blue 1,0:road{E,W}", parse_capture, capture_text},
      {MoveKind::Exchange, "exchange KIND", "tower", "exchange",
       "which of the capturer's own figures, by kind, comes back in a prisoner exchange (TO-07)", "exchange large",
       parse_exchange, exchange_text},
      {MoveKind::Ransom, "ransom KIND COLOUR", "tower", "see `ransom-timing`",
       "pay COLOUR 3 points to free your figure of that kind that COLOUR holds (TO-08), at most once per turn",
       "ransom follower blue", parse_ransom, ransom_text},
  };
  static constexpr EventText events[] = {
      {EventKind::FloorPlaced, floor_placed_text},
      {EventKind::FigureCaptured, figure_captured_text},
      {EventKind::PrisonerFreed, prisoner_freed_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::TowerCaptureTargets,
         "tower-capture-targets",
         "V-TO-1",
         "tower",
         {"followers", "all-figures"},
         "builders and pigs captured too (pre-Big Box C1)"},
        {Switch::TowerReopens,
         "tower-reopens-after-capture",
         "V-TO-2",
         "tower",
         {"yes", "no"},
         "a tower whose top figure was captured is open again"},
        {Switch::RansomTiming,
         "ransom-timing",
         "V-TO-3",
         "tower",
         {"any-time-own-turn", "action-step", "before-draw"},
         "when in the own turn a ransom may be paid (JCZ: at least `any-time-own-turn`)"},
        {Switch::RansomScoreFloor,
         "ransom-score-floor",
         "V-TO-4",
         "tower",
         {"none", "needs-3-points"},
         "a player with fewer than 3 points may pay (JCZ: `needs-3-points`)"},
        {Switch::ExchangeChooser,
         "exchange-chooser",
         "V-TO-6",
         "tower",
         {"capturer", "holder"},
         "who picks which of the capturer's figures comes back when the holder has several kinds (JCZ: `capturer`)"},
        {Switch::PortalToTower,
         "portal-to-tower",
         "V-TO-5",
         "tower",
         {"allowed", "forbidden"},
         "the portal may carry a follower onto a tower (JCZ: `forbidden`)",
         {},
         {"portal"}},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
