#include "engine/expansions/castles.hpp"

#include <algorithm>

#include "engine/queries.hpp"
#include "engine/scoring.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

int default_castles(int players) { return players >= 5 ? 2 : 3; }  // BC-01

const Castle* castle_at(const State& s, std::uint16_t node) {
  const Board& b = s.board();
  const auto root = b.find(node);
  for (const Castle& c : s.castles().castles)
    if (b.find(c.town) == root) return &c;
  return nullptr;
}

bool is_town(const State& s, std::uint16_t root) {
  const Board& b = s.board();
  if (b.at(root).kind != FeatureKind::City || !b.complete(root)) return false;
  std::vector<std::uint16_t> nodes;
  add_feature_nodes(b, root, nodes);
  if (nodes.size() != 2) return false;
  if (b.at(nodes[0]).tile == b.at(nodes[1]).tile) return false;
  for (const auto n : nodes)
    if (!castle_base(b.def(b.at(n).tile).features[b.at(n).local])) return false;  // BC-02, tiles-extra §5.2
  return true;
}

namespace {

// The other half of the town whose segment on one tile is node.
std::uint16_t other_half(const Board& b, std::uint16_t node) {
  std::vector<std::uint16_t> nodes;
  add_feature_nodes(b, b.find(node), nodes);
  for (const auto n : nodes)
    if (n != node) return n;
  return node;
}

// The later-placed half of a town (its canonical address).
std::uint16_t later_half(const Board& b, std::uint16_t node) {
  const auto other = other_half(b, node);
  return b.at(other).tile > b.at(node).tile ? other : node;
}

// Index in figures() of the figures standing in the feature at root.
std::vector<std::size_t> figures_in(const State& s, std::uint16_t root) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < s.figures().size(); ++i)
    if (s.board().find(s.figures()[i].node) == root) out.push_back(i);
  return out;
}

// The town completed this step 3 whose owner decides next, or -1 (BC-03, V-BC-2).
int next_convertible(const State& s) {
  const Board& b = s.board();
  const CastleData& d = s.castles();
  std::vector<std::uint16_t> towns;
  for (const int t : s.unscored_tiles())
    for (int local = 0; local < b.feature_count(t); ++local) {
      const auto root = b.find(b.node(t, local));
      if (std::find(towns.begin(), towns.end(), root) == towns.end()) towns.push_back(root);
    }
  for (const auto root : towns) {
    if (!is_town(s, root) || castle_at(s, root)) continue;
    if (std::find(d.declined.begin(), d.declined.end(), root) != d.declined.end()) continue;
    // The printed action moves "the meeple" of the town onto the castle: exactly one figure, a
    // follower (research dossier V-BC-3 `no-conversion`; JCZ likewise).
    const auto in = figures_in(s, root);
    if (in.size() != 1) continue;
    const BoardFigure& f = s.figures()[in[0]];
    if (!is_follower(f.kind) || d.in_hand[f.owner] <= 0) continue;
    if (s.rules().castle_active_only() && f.owner != s.active()) continue;  // V-BC-2
    return root;
  }
  return -1;
}

}  // namespace

std::vector<Pos> castle_vicinity(const State& s, const Castle& c) {
  const Pos a = s.board().tile(c.tile_a).pos, b = s.board().tile(c.tile_b).pos;
  // The long sides: beside a vertical pair (same x) lie x±1, beside a horizontal pair y±1.
  const Pos side = a.x == b.x ? Pos{1, 0} : Pos{0, 1};
  return {a, b, a + side, b + side, a + Pos{-side.x, -side.y}, b + Pos{-side.x, -side.y}};
}

std::pair<Pos, FeatureAddr> castle_address(const State& s, const Castle& c) {
  const Board& b = s.board();
  const auto n = later_half(b, c.town);
  return {b.node_pos(n), b.node_addr(n)};
}

// --- the conversion (BC-03, BC-04) ---------------------------------------------

StageResult stage_castles(State& s, std::vector<Event>*) {
  CastleData& d = s.mutable_castles();
  if (d.in_hand.empty()) return StageResult::Done;
  const int town = next_convertible(s);
  if (town < 0) {
    d.declined.clear();
    return StageResult::Done;
  }
  d.pending = town;
  const auto in = figures_in(s, static_cast<std::uint16_t>(town));
  s.set_phase(Phase::Castle);
  s.set_actor(s.figures()[in[0]].owner);
  return StageResult::Decision;
}

void castle_phase_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  const int pending = s.castles().pending;
  if (pending < 0) return;
  const auto n = later_half(b, static_cast<std::uint16_t>(pending));
  out.push_back(Move::castle(b.node_pos(n), b.node_addr(n)));
  out.push_back(Move::pass());  // the town scores as usual
}

Reason check_castle(const State& s, const Move& m) {
  if (s.phase() != Phase::Castle) return Reason::WrongPhase;
  const int node = node_of(s.board(), m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  // The town is named by its half on the later tile (the one the move list shows).
  if (node != later_half(s.board(), static_cast<std::uint16_t>(s.castles().pending))) return Reason::NotATown;
  return Reason::Ok;
}

void apply_castle(State& s, const Move& m, std::vector<Event>* ev) {
  const Board& b = s.board();
  CastleData& d = s.mutable_castles();
  const auto node = node_at(b, m.pos, m.feature);
  const auto other = other_half(b, node);
  Castle c;
  c.town = b.at(node).tile < b.at(other).tile ? node : other;
  c.tile_a = b.at(c.town).tile;
  c.tile_b = b.at(other_half(b, c.town)).tile;
  c.owner = static_cast<std::uint8_t>(s.actor());
  c.built_turn = s.turn();
  d.castles.push_back(c);
  --d.in_hand[static_cast<std::size_t>(s.actor())];
  d.pending = -1;
  const auto [pos, addr] = castle_address(s, c);
  emit(ev, EventKind::CastleBuilt, s.actor(), FigureKind::Follower, pos, addr);
  resume_flow(s, ev);
}

Reason check_castle_pass(const State& s) { return s.castles().pending >= 0 ? Reason::Ok : Reason::WrongPhase; }

void apply_castle_pass(State& s, std::vector<Event>* ev) {
  CastleData& d = s.mutable_castles();
  d.declined.push_back(s.board().find(static_cast<std::uint16_t>(d.pending)));
  d.pending = -1;
  resume_flow(s, ev);
}

// --- castle scoring (BC-07..BC-09, BC-12) ---------------------------------------

void castles_score(State& s, const std::vector<std::uint16_t>& completed, std::vector<Event>* ev) {
  if (s.castles().castles.empty()) return;
  const Board& b = s.board();
  // Each completed feature: its points and the squares that put it in a vicinity (BC-06: a
  // cloister by its own tile only). The printed list: cloister, city, road, castle (BC-12).
  struct Done {
    int points;
    std::vector<Pos> where;
  };
  std::vector<Done> done;
  for (const auto root : completed) {
    const FeatureKind k = b.at(root).kind;
    if (k != FeatureKind::City && k != FeatureKind::Road && k != FeatureKind::Cloister) continue;
    if (castle_at(s, root)) continue;
    Done x{Scoring::value(s, root), {}};
    std::vector<std::uint16_t> nodes;
    add_feature_nodes(b, root, nodes);
    for (const auto n : nodes) x.where.push_back(b.node_pos(n));
    done.push_back(std::move(x));
  }
  // Castles that score count as completed for their neighbours (BC-09), until none is left.
  for (bool again = true; again;) {
    again = false;
    for (std::size_t ci = 0; ci < s.castles().castles.size(); ++ci) {
      const Castle c = s.castles().castles[ci];
      if (c.scored || c.built_turn == s.turn()) continue;
      const auto in = figures_in(s, b.find(c.town));
      if (in.empty()) continue;  // nobody in it (taken by a tower): nothing to pay
      const auto vicinity = castle_vicinity(s, c);
      int best = -1;
      for (const Done& x : done)
        for (const Pos p : x.where)
          if (std::find(vicinity.begin(), vicinity.end(), p) != vicinity.end()) {
            best = std::max(best, x.points);  // BC-08: the highest (what the occupant would choose)
            break;
          }
      if (best < 0) continue;
      const BoardFigure occupant = s.figures()[in[0]];
      const auto [pos, addr] = castle_address(s, c);
      if (best > 0) {
        s.add_score(occupant.owner, best);
        if (ev) {
          Event e;
          e.kind = EventKind::FeatureScored;
          e.player = static_cast<std::int8_t>(occupant.owner);
          e.points = best;
          e.pos = pos;
          e.feature = addr;
          ev->push_back(e);
        }
      }
      for (std::size_t i = in.size(); i-- > 0;) s.remove_figure(in[i], ev, true);
      s.mutable_castles().castles[ci].scored = true;
      done.push_back({best, {b.tile(c.tile_a).pos, b.tile(c.tile_b).pos}});
      again = true;
    }
  }
}

int castles_among(const State& s, const std::vector<std::uint16_t>& cities) {
  int n = 0;
  for (const auto c : cities) n += in_castle(s, c);
  return n;
}

// --- invariants ---------------------------------------------------------------

std::string castles_invariants(const State& s) {
  const CastleData& d = s.castles();
  if (!d.in_hand.empty() && d.in_hand.size() != static_cast<std::size_t>(s.player_count()))
    return "castle tokens in hand are not given per seat";
  std::vector<int> owned(d.in_hand.begin(), d.in_hand.end());
  owned.resize(static_cast<std::size_t>(s.player_count()), 0);
  for (const Castle& c : d.castles) {
    if (c.owner >= s.player_count()) return "a castle of no seat";
    ++owned[c.owner];
    if (!is_town(s, s.board().find(c.town))) return "a castle on something that is no completed town";
    const auto in = figures_in(s, s.board().find(c.town));
    if (c.scored && !in.empty()) return "a scored castle still holds a figure";
    if (in.size() > 1) return "a castle holds more than one figure";
  }
  for (const int n : owned)
    if (n < 0 || n > kMaxCastlesInHand) return "a player owns more than 3 castles or fewer than none";
  if ((s.phase() == Phase::Castle) != (d.pending >= 0)) return "a town pending outside the castle phase, or none in it";
  return {};
}

// --- the room's words (engine/words.hpp) ----------------------------------------

namespace {

std::string castle_text(const Move& m, const TileCatalog&) { return "castle " + located(m.pos, m.feature); }

Result<Move> parse_castle(const MoveWords& w) {
  if (auto ok = w.expect(2, "castle x,y:FEATURE"); !ok) return fail(ok.error());
  auto at = w.located(1);
  if (!at) return fail(at.error());
  return Move::castle(at->first, at->second);
}

std::string castle_built_text(const Event& e, const State& s) {
  return event_player(e, s) + " builds a castle on the town at " + located(e.pos, e.feature);
}

}  // namespace

const RoomWords& castles_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"castles",
       "Bridges, Castles & Bazaars: castles (conversion of a town, vicinity scoring) and the set's tiles; bazaars "
       "(auctions) are not modelled",
       2010 /* Bridges, Castles & Bazaars, C1 HiG 2010 (oracle/research/castles-bridges.md BC-17) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Castle, "castle", "castles", "the town's owner",
       "at the start of step 3, for each town completed this turn that holds one follower whose owner has a castle: "
       "`castle x,y:FEATURE` covers it (not scored), `pass` scores it"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NotATown, "not-a-town", "castles", "a castle on anything but the town being decided (BC-02, BC-03)"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Castle, "castle x,y:FEATURE", "castles", "castle",
       "cover the town just completed with one of your castles instead of scoring it (BC-03); its follower becomes "
       "the occupant",
       "castle 0,1:city{N}", parse_castle, castle_text},
  };
  static constexpr EventText events[] = {
      {EventKind::CastleBuilt, castle_built_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::CastleConverters,
         "castle-converters",
         "V-BC-2",
         "castles",
         {"any-owner", "active-only"},
         "the owner of a completed town may convert it whoever completed it, or only the active player"},
        {Switch::TowerCapturesCastleOccupant,
         "tower-captures-castle-occupant",
         "V-BC-4",
         "castles",
         {"yes", "no"},
         "a tower may capture a castle's occupant like any follower in reach (no text exempts it), or not (JCZ)",
         {},
         {"tower"}},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
