// Room: the princess (PD-06..PD-08, V-PD-2, V-PD-4).
#include "engine/expansions/princess.hpp"

#include <algorithm>

#include "engine/expansions/builder_pig.hpp"
#include "engine/flow.hpp"
#include "engine/legality.hpp"
#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {

namespace {

// The knights the princess may remove; with `last_rule` false, a large follower that V-PD-4
// (only-if-last) protects while another follower shares its city is among them too.
std::vector<BoardFigure> knights_in_princess_cities(const State& s, bool last_rule) {
  std::vector<BoardFigure> out;
  const int t = s.placed_tile();
  if (t < 0 || s.flags().princess_used) return out;
  const Board& b = s.board();
  const TileDef& d = b.def(t);
  std::vector<std::uint16_t> cities;
  for (std::size_t i = 0; i < d.features.size(); ++i)
    if (d.features[i].princess) cities.push_back(b.find(b.node(t, static_cast<int>(i))));
  if (cities.empty()) return out;
  for (const auto city : cities) {
    int followers = 0;
    for (const BoardFigure& f : s.figures())
      if (is_follower(f.kind) && b.find(f.node) == city) ++followers;
    for (const BoardFigure& f : s.figures()) {
      if (b.find(f.node) != city) continue;
      const bool knight =
          is_follower(f.kind) || (f.kind == FigureKind::Builder && s.rules().builder_pig_are_followers());
      if (!knight) continue;
      if (last_rule && f.kind == FigureKind::Large && s.rules().princess_large_only_if_last() && followers > 1)
        continue;  // V-PD-4
      if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    }
  }
  return out;
}

}  // namespace

std::vector<BoardFigure> princess_targets(const State& s) { return knights_in_princess_cities(s, true); }

bool princess_required(const State& s) { return s.rules().princess_must_remove() && !princess_targets(s).empty(); }

bool princess_may_compel(const State& s, const TileDef& d) {
  if (!s.rules().princess_must_remove()) return false;
  return std::any_of(d.features.begin(), d.features.end(), [](const TileFeature& f) { return f.princess; });
}

void princess_step2_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  for (const BoardFigure& f : princess_targets(s))
    out.push_back(Move::princess(f.kind, s.player(f.owner).colour, b.node_pos(f.node), b.node_addr(f.node)));
}

Reason check_princess(const State& s, const Move& m) {
  if (s.phase() != Phase::Figure) return Reason::WrongPhase;
  if (const Reason g = step2_gate(s, m); g != Reason::Ok) return g;
  bool marked = false;
  for (const TileFeature& f : s.board().def(s.placed_tile()).features) marked = marked || f.princess;
  if (!marked) return Reason::NoPrincess;
  const int owner = s.player_of(m.colour);
  const int node = node_of(s.board(), m.pos, m.feature);
  const auto named = [&](const BoardFigure& f) { return f.owner == owner && f.kind == m.figure && f.node == node; };
  const auto targets = princess_targets(s);
  if (std::any_of(targets.begin(), targets.end(), named)) return Reason::Ok;
  // A knight is there, but a large follower that is not the city's last one (V-PD-4: only-if-last).
  const auto knights = knights_in_princess_cities(s, false);
  if (std::any_of(knights.begin(), knights.end(), named)) return Reason::NotLastKnight;
  return Reason::NoKnightThere;
}

void apply_princess(State& s, const Move& m, std::vector<Event>* ev) {
  const int owner = s.player_of(m.colour);
  const auto node = node_at(s.board(), m.pos, m.feature);
  const auto root = s.board().find(node);
  s.remove_figure(s.find_figure(owner, m.figure, node), nullptr, false);
  emit(ev, EventKind::KnightRemoved, owner, m.figure, m.pos, m.feature);
  s.mutable_flags().princess_used = true;
  release_specials(s, owner, root, ev);
  after_step2_action(s, Step2::Princess, ev);
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string princess_text(const Move& m, const TileCatalog&) {
  return "princess " + std::string(figure_name(m.figure)) + " " + std::string(colour_name(m.colour)) + " " +
         located(m.pos, m.feature);
}

Result<Move> parse_princess(const MoveWords& w) {
  if (auto ok = w.expect(4, "princess KIND COLOUR x,y:FEATURE"); !ok) return fail(ok.error());
  auto k = w.figure(1);
  if (!k) return fail(k.error());
  auto c = w.colour(2);
  if (!c) return fail(c.error());
  auto loc = w.located(3);
  if (!loc) return fail(loc.error());
  return Move::princess(*k, *c, loc->first, loc->second);
}

std::string knight_removed_text(const Event& e, const State& s) {
  return "the princess sends " + event_player(e, s) + "'s " + std::string(figure_name(e.figure)) + " home from " +
         located(e.pos, e.feature);
}

}  // namespace

const RoomWords& princess_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"princess", "the princess removing a knight (Princess & Dragon)",
       2005 /* The Princess & the Dragon, C1 HiG 2005 (rules-reference.md section 6) */},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoPrincess, "no-princess", "princess", "the tile just placed has no princess city"},
      {Reason::NoKnightThere, "no-knight-there", "princess", "there is no such knight in that city"},
      {Reason::NotLastKnight, "not-last-knight", "princess",
       "that knight is a large follower and another follower shares the city (`princess-large-follower: "
       "only-if-last`)"},
      {Reason::PrincessRequired, "princess-required", "princess",
       "the princess must remove a knight first (`princess-action: must`)"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Princess, "princess KIND COLOUR x,y:FEATURE", "princess", "figure",
       "with the princess tile just placed, remove that player's knight of that kind from the city (PD-06)",
       "princess follower blue 0,0:city{N}", parse_princess, princess_text},
  };
  static constexpr EventText events[] = {
      {EventKind::KnightRemoved, knight_removed_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::PrincessAction,
         "princess-action",
         "V-PD-2",
         "princess",
         {"may", "must"},
         "the princess may or must remove a knight"},
        {Switch::PrincessLargeFollower,
         "princess-large-follower",
         "V-PD-4",
         "princess",
         {"as-normal", "only-if-last"},
         "the princess against a large follower",
         {},
         {"large"}},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, {}, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
