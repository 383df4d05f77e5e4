// Room: flying machines (FM-*, V-FM-*).
#include "engine/expansions/flier.hpp"

#include "engine/expansions/big_top.hpp"

#include "engine/flow.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

bool may_launch(const State& s, FigureKind kind) {
  if (s.placed_tile() < 0 || s.flags().flier_used || s.board().def(s.placed_tile()).flier < 0) return false;
  if (!s.rules().may_fly(kind)) return false;
  return s.player(s.actor()).supply[static_cast<std::size_t>(kind)] > 0;
}

bool flier_tile_allows(const State& s, const TileDef& d, FigureKind kind) {
  return d.flier < 0 || s.rules().flier_tile_allows(kind);
}

std::vector<int> rolls_allowed(const State& s) {
  if (auto r = s.next_roll()) return {*r};
  return {1, 2, 3};
}

std::optional<Pos> flight_target(const State& s, int roll) {
  const int t = s.placed_tile();
  if (t < 0) return std::nullopt;
  const TileDef& d = s.board().def(t);
  if (d.flier < 0) return std::nullopt;
  const Compass arrow = rotate_compass(d.features[static_cast<std::size_t>(d.flier)].arrow, s.board().tile(t).rot);
  const Pos step = compass_offset(arrow);
  Pos p = s.board().tile(t).pos;
  if (!s.rules().flier_counts_existing_tiles()) {
    for (int i = 0; i < roll; ++i) p = p + step;
    return p;
  }
  // V-FM-6 "existing tiles": the roll counts tiles along the arrow, skipping gaps.
  int seen = 0;
  for (int i = 0; i < 2 * s.board().tile_count() + 4; ++i) {
    p = p + step;
    if (s.board().tile_at(p) >= 0 && ++seen == roll) return p;
  }
  return p;  // past the board: no tile, the flight crashes
}

std::vector<std::uint16_t> landing_nodes(const State& s, FigureKind kind, Pos target) {
  std::vector<std::uint16_t> out;
  const Board& b = s.board();
  const int t = b.tile_at(target);
  if (t < 0) return out;                                       // FM-11: no tile, no landing
  if (tile_closed_to_figures(s, t) != Reason::Ok) return out;  // FM-39 (V-PD-10), V-PD-11: no landing there
  for (int local = 0; local < b.feature_count(t); ++local) {
    const auto node = b.node(t, local);
    const FeatureKind f = b.at(node).kind;
    // FM-08, FM-10, FM-19, FM-20, FM-21, FM-29: roads, cities and cloisters (gardens for the abbot), never fields.
    const bool landable = f == FeatureKind::Road || f == FeatureKind::City || f == FeatureKind::Cloister ||
                          (f == FeatureKind::Garden && kind == FigureKind::Abbot);
    if (f == FeatureKind::Acrobat) {  // FM-33 (V-FM-4): onto a pyramid with room
      if (acrobat_landing(s, kind, node)) out.push_back(node);
      continue;
    }
    if (!landable || !may_stand_on(kind, f)) continue;
    if (finished(s, node)) continue;  // FM-13: finished features, including those the flier tile completed
    if (kind == FigureKind::Phantom) {
      // V-FM-9: a feature others hold, or the owner's followers of earlier turns.
      if (!s.rules().phantom_flier_may_land_occupied() && !unoccupied(s, node)) continue;
      // V-FM-10: the feature the owner's first follower took this turn ("two different features").
      const auto claimed = s.flags().claimed;
      if (!s.rules().phantom_flier_may_join_own_claim() && claimed >= 0 &&
          b.find(static_cast<std::uint16_t>(claimed)) == b.find(node))
        continue;
    }
    out.push_back(node);  // FM-09, FM-41: occupied features are fine
  }
  return out;
}

std::vector<FeatureAddr> landing_options(const State& s, FigureKind kind, Pos target) {
  std::vector<FeatureAddr> out;
  for (const auto node : landing_nodes(s, kind, target)) out.push_back(s.board().node_addr(node));
  return out;
}

void flier_step2_moves(const State& s, bool phantom_only, MoveList& out) {
  for (int k = 0; k < kFigureKinds; ++k) {
    const auto kind = static_cast<FigureKind>(k);
    if (phantom_only != (kind == FigureKind::Phantom) || !may_launch(s, kind)) continue;
    for (const int roll : rolls_allowed(s)) out.push_back(Move::fly(kind, roll));
  }
}

void landing_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (const auto node : landing_nodes(s, s.flight().figure, s.flight().landing))
    out.push_back(Move::land(b.node_pos(node), b.node_addr(node)));
}

Reason check_fly(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure && s.phase() != Phase::Phantom) return Reason::WrongPhase;
  if (s.phase() == Phase::Phantom) {
    if (m.figure != FigureKind::Phantom) return Reason::FigureNotAllowed;
  } else if (const Reason g = step2_gate(s, m); g != Reason::Ok) {
    return g;
  }
  const int t = s.placed_tile();
  if (s.board().def(t).flier < 0) return Reason::NoFlier;
  if (s.flags().flier_used) return Reason::FlierUsed;  // FM-24, FM-40
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
  if (m.pos != s.flight().landing) return Reason::NoLanding;
  const int node = node_of(s.board(), m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  if (!may_stand_on(s.flight().figure, m.feature.kind)) return Reason::FigureNotAllowed;
  return contains(landing_nodes(s, s.flight().figure, m.pos), node) ? Reason::Ok : Reason::NoLanding;
}

void apply_fly(State& s, const Move& m, std::vector<Event>* ev) {
  s.consume_roll();
  s.mutable_flags().flier_used = true;
  const auto target = flight_target(s, m.roll);
  if (target && !landing_nodes(s, m.figure, *target).empty()) {
    s.mutable_flight() = FlightInProgress{m.figure, *target};
    s.set_phase(Phase::Landing);
    return;
  }
  emit(ev, EventKind::FlierCrashed, s.actor(), m.figure, target.value_or(Pos{}));
  if (m.figure != FigureKind::Phantom) s.mutable_flags().crashed = true;  // FM-12: no more followers this turn part
  after_step2_action(s, m.figure == FigureKind::Phantom ? Step2::Phantom : Step2::Crash, ev);
}

void apply_land(State& s, const Move& m, std::vector<Event>* ev) {
  const FigureKind kind = s.flight().figure;
  const auto node = node_at(s.board(), m.pos, m.feature);
  s.add_figure(s.actor(), kind, node);
  if (kind != FigureKind::Phantom) s.mutable_flags().claimed = node;  // V-FM-10
  emit(ev, EventKind::FigureDeployed, s.actor(), kind, m.pos, m.feature);
  after_step2_action(s, kind == FigureKind::Phantom ? Step2::Phantom : Step2::Follower, ev);
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string fly_text(const Move& m, const TileCatalog&) {
  return "fly " + std::string(figure_name(m.figure)) + " " + std::to_string(m.roll);
}

Result<Move> parse_fly(const MoveWords& w) {
  if (auto ok = w.expect(3, "fly KIND ROLL"); !ok) return fail(ok.error());
  auto k = w.figure(1);
  if (!k) return fail(k.error());
  if (w[2].size() != 1 || w[2][0] < '1' || w[2][0] > '3') return w.error("the roll is 1, 2 or 3");
  return Move::fly(*k, w[2][0] - '0');
}

std::string land_text(const Move& m, const TileCatalog&) { return "land " + located(m.pos, m.feature); }

Result<Move> parse_land(const MoveWords& w) {
  if (auto ok = w.expect(2, "land x,y:FEATURE"); !ok) return fail(ok.error());
  auto loc = w.located(1);
  if (!loc) return fail(loc.error());
  return Move::land(loc->first, loc->second);
}

std::string flier_crashed_text(const Event& e, const State& s) {
  return event_player(e, s) + "'s " + std::string(figure_name(e.figure)) + " finds no landing at " + to_string(e.pos) +
         " and stays in supply";
}

}  // namespace

const RoomWords& flier_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"flier", "Flying Machines: a follower flies 1-3 tiles by a die roll",
       2012 /* Mini #1, HiG 2012 (rulings.yaml FM-01) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Landing, "landing", "flier", "the active player", "where the flying figure lands"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoFlier, "no-flier", "flier", "the tile just placed has no flying machine"},
      {Reason::FlierUsed, "flier-used", "flier", "the flying machine was already used this turn"},
      {Reason::WrongRoll, "wrong-roll", "flier", "the roll is not the fixed next roll"},
      {Reason::NoLanding, "no-landing", "flier", "the flight target offers no such landing"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Fly, "fly KIND ROLL", "flier", "figure, phantom",
       "launch a figure from the flying machine of the tile just placed with die result ROLL (1, 2 or 3); the rules "
       "compute "
       "the target square; with no possible landing the figure stays in supply at once (FM-12) and no `land` follows",
       "fly follower 2", parse_fly, fly_text},
      {MoveKind::Land, "land x,y:FEATURE", "flier", "landing",
       "where the flying figure lands (FM-07: compulsory once possible, no `pass`)", "land 0,2:cloister", parse_land,
       land_text},
  };
  static constexpr EventText events[] = {
      {EventKind::FlierCrashed, flier_crashed_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::FlierEligible,
         "flier-eligible-figures",
         "V-FM-1",
         "flier",
         {"any-follower", "standard-and-large-only"},
         "which figures may fly"},
        {Switch::FlierDistance,
         "flier-distance",
         "V-FM-6",
         "flier",
         {"grid-positions", "existing-tiles"},
         "how flight distance is counted"},
        {Switch::FlierTileFigures,
         "flier-tile-figures",
         "V-FM-11",
         "flier",
         {"any-figure", "standard-and-large-only"},
         "which figures may be put normally on a flying-machine tile (C3.1: the standard and the large meeple)"},
        {Switch::FlierTilePhantom,
         "flier-tile-phantom",
         "V-FM-12",
         "phantom",
         {"allowed", "forbidden"},
         "under `flier-tile-figures: standard-and-large-only`, the phantom put normally on the flying-machine tile",
         {},
         {"flier"}},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
