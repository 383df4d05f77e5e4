// Room: Under the Big Top (big_top.hpp).
#include "engine/expansions/big_top.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/expansions/castles.hpp"
#include "engine/expansions/dragon_fairy.hpp"
#include "engine/expansions/portal.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {
namespace {

bool near(Pos a, Pos b) { return std::abs(a.x - b.x) <= 1 && std::abs(a.y - b.y) <= 1; }

// The tiles of the 3×3 area centred on p that are on the board.
template <class F>
void for_area(const Board& b, Pos p, F&& f) {
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (const int t = b.tile_at(Pos{p.x + dx, p.y + dy}); t >= 0) f(t);
}

// Whether the follower f stands on the 3x3 centred on the big top at centre: where it stands, or,
// in a castle, on either castle tile (BC-14).
bool in_big_top_area(const State& s, const BoardFigure& f, Pos centre) {
  const Board& b = s.board();
  if (const Castle* c = castle_at(s, f.node))
    return near(b.tile(c->tile_a).pos, centre) || near(b.tile(c->tile_b).pos, centre);
  return near(b.node_pos(f.node), centre);
}

void award(State& s, EventKind kind, int player, int points, Pos p, bool final_scoring, std::vector<Event>* ev) {
  if (points <= 0) return;
  s.add_score(player, points);
  if (!ev) return;
  Event e;
  e.kind = kind;
  e.player = static_cast<std::int8_t>(player);
  e.points = points;
  e.final_scoring = final_scoring;
  e.pos = p;
  ev->push_back(e);
}

// BT-03, BT-05: each player scores the token's value × their followers on the big top's 3×3
// (BT-04: followers only; builder, pig (and barn) do not count; farmers count where they stand; a castle's
// occupant from either castle tile, BC-14).
void score_big_top(State& s, bool final_scoring, std::vector<Event>* ev) {
  const BigTopData& bt = s.big_top();
  if (!bt.up || bt.token <= 0) return;
  std::vector<int> count(static_cast<std::size_t>(s.player_count()), 0);
  for (const BoardFigure& f : s.figures())
    if (is_follower(f.kind) && in_big_top_area(s, f, bt.pos)) ++count[f.owner];
  for (int p = 0; p < s.player_count(); ++p)
    award(s, EventKind::BigTopScored, p, bt.token * count[static_cast<std::size_t>(p)], bt.pos, final_scoring, ev);
}

// The big top onto the circus space at p with the next face-down token (BT-02, BT-03 (3)).
void raise_big_top(State& s, Pos p, std::vector<Event>* ev) {
  BigTopData& bt = s.mutable_big_top();
  bt.up = true;
  bt.pos = p;
  bt.token = 0;
  if (!bt.tokens.empty()) {
    bt.token = bt.tokens.front();
    bt.tokens.erase(bt.tokens.begin());
  }
  emit(ev, EventKind::BigTopMoved, -1, FigureKind::Follower, p);
}

// The acrobat space of the tile at p, or -1.
int acrobat_node(const Board& b, Pos p) {
  const int t = b.tile_at(p);
  if (t < 0 || b.def(t).acrobat < 0) return -1;
  return b.node(t, b.def(t).acrobat);
}

// May this kind be an acrobat (BT-13; PH-21, XR-07 with V-PH-2)?
bool may_be_acrobat(const State& s, FigureKind k) {
  return k == FigureKind::Follower || (k == FigureKind::Phantom && s.rules().phantom_may_be_acrobat());
}

// Whether the acrobat space at node takes one more meeple now (BT-10; PD-12, PD-13 tiles closed).
bool pyramid_open(const State& s, std::uint16_t node) {
  return pyramid_size(s, node) < kPyramidSize && tile_closed_to_figures(s, s.board().at(node).tile) == Reason::Ok;
}

}  // namespace

int animal_token_count(int value) {
  return static_cast<int>(std::count(kAnimalTokens.begin(), kAnimalTokens.end(), value));
}

std::vector<int> default_animal_tokens(int under) {
  std::vector<int> out(kAnimalTokens.begin(), kAnimalTokens.end());
  if (const auto it = std::find(out.begin(), out.end(), under); under > 0 && it != out.end()) out.erase(it);
  return out;
}

int pyramid_size(const State& s, std::uint16_t node) {
  int n = 0;
  for (const BoardFigure& f : s.figures())
    if (f.node == node) ++n;
  return n;
}

void big_top_after_place(State& s, int t) {
  if (s.board().def(t).circus >= 0) s.mutable_big_top().due.push_back(s.board().tile(t).pos);
}

StageResult stage_big_top(State& s, std::vector<Event>* ev) {
  while (!s.big_top().due.empty()) {
    const Pos p = s.big_top().due.front();
    s.mutable_big_top().due.erase(s.mutable_big_top().due.begin());
    score_big_top(s, false, ev);  // BT-03 (2): nothing before the first circus tile (BT-02)
    raise_big_top(s, p, ev);      // BT-03 (3): the old token leaves play
  }
  return StageResult::Done;
}

void big_top_final_scoring(State& s, std::vector<Event>* ev) {
  score_big_top(s, true, ev);  // BT-05
  const Board& b = s.board();
  for (const BoardFigure& f : s.figures())  // BT-12: every acrobat, complete pyramid or not
    if (b.at(f.node).kind == FeatureKind::Acrobat)
      award(s, EventKind::AcrobatsScored, f.owner, kAcrobatPoints, b.node_pos(f.node), true, ev);
}

void ringmaster_feature_scored(State& s, std::uint16_t root, const std::vector<int>& winners, bool final_scoring,
                               std::vector<Event>* ev) {
  const Board& b = s.board();
  std::vector<BoardFigure> ringmasters;
  for (const BoardFigure& f : s.figures())
    if (f.kind == FigureKind::Ringmaster && b.find(f.node) == root) ringmasters.push_back(f);
  for (const BoardFigure& f : ringmasters) {
    if (s.rules().ringmaster_bonus_needs_majority() &&
        std::find(winners.begin(), winners.end(), f.owner) == winners.end())
      continue;
    int tiles = 0;  // BT-08: a circus or acrobat tile counts once
    const Pos at = b.node_pos(f.node);
    for_area(b, at, [&](int t) { tiles += b.def(t).circus >= 0 || b.def(t).acrobat >= 0; });
    award(s, EventKind::RingmasterBonus, f.owner, 2 * tiles, at, final_scoring, ev);
  }
}

void acrobat_step2_moves(const State& s, bool phantom_only, MoveList& out) {
  const Player& pl = s.player(s.actor());
  const FigureKind kind = phantom_only ? FigureKind::Phantom : FigureKind::Follower;
  if (pl.supply[static_cast<std::size_t>(kind)] == 0 || !may_be_acrobat(s, kind)) return;
  const Board& b = s.board();
  const Pos placed = b.tile(s.placed_tile()).pos;
  for_area(b, placed, [&](int t) {  // BT-09: the placed tile and its 8 neighbours
    if (b.def(t).acrobat < 0) return;
    const auto node = b.node(t, b.def(t).acrobat);
    if (pyramid_open(s, node)) out.push_back(Move::deploy(kind, b.tile(t).pos, b.node_addr(node)));
  });
  // V-BT-1 plus-portal-anywhere (JCZ): after a magic-portal tile, any pyramid on the board.
  if (!s.rules().acrobat_reach_portal_anywhere() || !portal_open(s)) return;
  for (int t = 0; t < b.tile_count(); ++t) {
    if (b.def(t).acrobat < 0 || near(b.tile(t).pos, placed)) continue;
    const auto node = b.node(t, b.def(t).acrobat);
    if (pyramid_open(s, node)) out.push_back(Move::deploy(kind, b.tile(t).pos, b.node_addr(node), true));
  }
}

Reason check_acrobat_deploy(const State& s, const Move& m, int node) {
  if (node < 0) return Reason::NoSuchFeature;
  if (!may_be_acrobat(s, m.figure)) return Reason::FigureNotAllowed;  // BT-13, PH-21 (V-PH-2)
  const Board& b = s.board();
  const Pos placed = b.tile(s.placed_tile()).pos;
  if (m.portal) {
    if (!s.rules().acrobat_reach_portal_anywhere()) return Reason::OutOfReach;  // V-BT-1
    if (!portal_open(s)) return s.flags().portal_used ? Reason::PortalUsed : Reason::NoPortal;
    if (near(m.pos, placed)) return Reason::OutOfReach;  // within reach it is an ordinary placement
  } else if (!near(m.pos, placed)) {
    return Reason::OutOfReach;  // BT-09
  }
  const auto n = static_cast<std::uint16_t>(node);
  if (const Reason c = tile_closed_to_figures(s, b.at(n).tile); c != Reason::Ok) return c;
  return pyramid_size(s, n) < kPyramidSize ? Reason::Ok : Reason::PyramidFull;
}

bool acrobat_landing(const State& s, FigureKind kind, std::uint16_t node) {
  return s.rules().flier_may_become_acrobat() && may_be_acrobat(s, kind) && pyramid_size(s, node) < kPyramidSize;
}

void pyramid_step2_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (int t = 0; t < b.tile_count(); ++t) {  // BT-11: any complete pyramid (see the ledger)
    if (b.def(t).acrobat < 0) continue;
    if (pyramid_size(s, b.node(t, b.def(t).acrobat)) == kPyramidSize) out.push_back(Move::acrobats(b.tile(t).pos));
  }
}

Reason check_acrobats(const State& s, const Move& m) {
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  const int node = acrobat_node(s.board(), m.pos);
  if (node < 0) return Reason::NoSuchFeature;
  return pyramid_size(s, static_cast<std::uint16_t>(node)) == kPyramidSize ? Reason::Ok : Reason::PyramidNotFull;
}

void apply_acrobats(State& s, const Move& m, std::vector<Event>* ev) {
  const auto node = static_cast<std::uint16_t>(acrobat_node(s.board(), m.pos));
  for (const BoardFigure& f : s.figures())
    if (f.node == node) award(s, EventKind::AcrobatsScored, f.owner, kAcrobatPoints, m.pos, false, ev);
  for (std::size_t i = s.figures().size(); i-- > 0;)
    if (s.figures()[i].node == node) s.remove_figure(i, ev, true);
  after_step2_action(s, Step2::Special, ev);  // a move-wood action like a floor: the phantom may follow (V-PH-1)
}

std::string big_top_invariants(const State& s) {
  const BigTopData& bt = s.big_top();
  const Board& b = s.board();
  if (bt.up) {
    const int t = b.tile_at(bt.pos);
    if (t < 0 || b.def(t).circus < 0) return "the big top stands on " + to_string(bt.pos) + ", no circus tile";
  }
  std::array<int, 8> seen{};
  auto count = [&](int v) -> std::string {
    if (animal_token_count(v) == 0) return "no animal token is worth " + std::to_string(v);
    if (++seen[static_cast<std::size_t>(v)] > animal_token_count(v))
      return "more animal tokens worth " + std::to_string(v) + " than the box has";
    return "";
  };
  if (bt.up && bt.token != 0)
    if (auto e = count(bt.token); !e.empty()) return e;
  for (const int v : bt.tokens)
    if (auto e = count(v); !e.empty()) return e;
  for (const BoardFigure& f : s.figures()) {
    const FeatureKind k = b.at(f.node).kind;
    if (k == FeatureKind::Circus) return "a figure stands on a circus space";
    if (k != FeatureKind::Acrobat) continue;
    if (f.kind != FigureKind::Follower && f.kind != FigureKind::Phantom) return "an acrobat that is no normal meeple";
    if (pyramid_size(s, f.node) > kPyramidSize) return "a pyramid of more than 3 meeples";
  }
  return "";
}

// --- the room's words (engine/words.hpp) ---
namespace {

std::string acrobats_text(const Move& m, const TileCatalog&) { return "acrobats " + to_string(m.pos); }

Result<Move> parse_acrobats(const MoveWords& w) {
  if (auto ok = w.expect(2, "acrobats x,y"); !ok) return fail(ok.error());
  auto p = w.pos(1);
  if (!p) return fail(p.error());
  return Move::acrobats(*p);
}

std::string big_top_moved_text(const Event& e, const State&) {
  return "the big top goes up on " + to_string(e.pos) + " over a face-down animal token";
}
std::string big_top_scored_text(const Event& e, const State& s) {
  return event_player(e, s) + " scores " + std::to_string(e.points) + " at the big top on " + to_string(e.pos);
}
std::string ringmaster_bonus_text(const Event& e, const State& s) {
  return event_player(e, s) + "'s ringmaster on " + to_string(e.pos) + " earns " + std::to_string(e.points);
}
std::string acrobats_scored_text(const Event& e, const State& s) {
  return event_player(e, s) + " scores " + std::to_string(e.points) + " for an acrobat on " + to_string(e.pos);
}

}  // namespace

const RoomWords& big_top_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"big-top", "the circus and acrobat tiles, the big top and its animal tokens, the acrobats (Under the Big Top)",
       2017 /* Under the Big Top, HiG 2017 (big-top.md BT-15) */},
      {"ringmaster", "the ringmaster and its bonus (Under the Big Top)",
       2017 /* Under the Big Top, HiG 2017 (big-top.md BT-15) */},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::PyramidFull, "pyramid-full", "big-top", "the acrobat pyramid there already has 3 meeples"},
      {Reason::PyramidNotFull, "pyramid-not-full", "big-top",
       "only a complete pyramid of 3 meeples is scored as a step-2 action"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Deploy, "deploy KIND x,y:acrobat [portal]", "big-top", "figure, phantom",
       "step 2 (BT-09): a normal meeple onto the acrobat pyramid of the tile just placed or of one of its 8 "
       "neighbours (`portal`: anywhere after a magic-portal tile, under `acrobat-reach: plus-portal-anywhere`)",
       "deploy follower 1,0:acrobat", nullptr, nullptr},
      {MoveKind::Acrobats, "acrobats x,y", "big-top", "figure",
       "step 2 (BT-11): score the complete pyramid on the tile at x,y, 5 points per meeple to its owner; all go home",
       "acrobats 1,0", parse_acrobats, acrobats_text},
  };
  static constexpr EventText events[] = {
      {EventKind::BigTopMoved, big_top_moved_text},
      {EventKind::BigTopScored, big_top_scored_text},
      {EventKind::RingmasterBonus, ringmaster_bonus_text},
      {EventKind::AcrobatsScored, acrobats_scored_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::AcrobatReach,
         "acrobat-reach",
         "V-BT-1",
         "big-top",
         {"placed-tile-and-8", "plus-portal-anywhere"},
         "where a meeple may become an acrobat: the placed tile and its 8 neighbours, or also anywhere through a "
         "magic portal (JCZ)",
         {},
         {"portal"}},
        {Switch::RingmasterBonusNeedsMajority,
         "ringmaster-bonus-needs-majority",
         "V-BT-2",
         "ringmaster",
         {"no", "yes"},
         "the ringmaster's bonus is paid whether or not its owner wins the feature (HiG preview), or only to a "
         "winner",
         {},
         {"big-top"}},
        {Switch::FlierAsAcrobat,
         "flier-as-acrobat",
         "V-FM-4",
         "big-top",
         {"forbidden", "allowed"},
         "a normal meeple launched by a flying machine may not land on an acrobat pyramid (a flier lands on a road, "
         "city or cloister only: fn 5, C3.1; JCZ), or may (the editors' reading, V-FM-2 `any-claimable-non-field`)",
         {},
         {"flier"}},
        {Switch::PhantomAsAcrobat,
         "phantom-as-acrobat",
         "V-PH-2",
         "big-top",
         {"forbidden", "allowed"},
         "the phantom may be an acrobat (6/2021 ruling: forbidden)",
         {},
         {"phantom"}},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, {}, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
