#include "answer/answer.hpp"

#include <algorithm>
#include <array>

#include "engine/expansions/flier.hpp"
#include "engine/legality.hpp"
#include "engine/movegen.hpp"

namespace carc {
namespace {

std::string figure_text(const State& s, int owner, FigureKind kind, Pos p, FeatureAddr a) {
  return std::string(colour_name(s.player(owner).colour)) + " " + std::string(figure_name(kind)) + " " + located(p, a);
}

// The Tower is in play (PROTOCOL.md §12.4): a foundation on the board, a tower tile in hand or
// still to be drawn, a prisoner, or floors in hand other than TO-01's number. Without it the
// answer names no floors (a player not listed has TO-01's number).
bool tower_in_play(const State& s) {
  const TowerData& t = s.tower();
  if (!t.sites.empty() || !t.prisoners.empty()) return true;
  const int dealt = default_floors(s.player_count());
  if (std::any_of(t.floors.begin(), t.floors.end(), [dealt](int n) { return n != dealt; })) return true;
  const TileCatalog& cat = s.catalog();
  const auto tower_tile = [&cat](TileTypeId id) {
    if (id == kNoTile || id >= cat.size()) return false;
    const auto& features = cat[id].features;
    return std::any_of(features.begin(), features.end(), [](const auto& f) { return f.kind == FeatureKind::Tower; });
  };
  if (tower_tile(s.in_hand())) return true;
  const auto& pile = s.pile();
  return std::any_of(pile.begin() + static_cast<std::ptrdiff_t>(std::min(s.pile_next(), pile.size())), pile.end(),
                     tower_tile);
}

void describe_state(const State& s, const std::vector<Event>& events, Answer& a) {
  const TileCatalog& cat = s.catalog();
  for (const Move& m : legal_moves(s)) a.moves.push_back(to_string(m, cat));
  std::sort(a.moves.begin(), a.moves.end());
  // The figure kinds in play: those some player owns (in hand, on the board or held as a
  // prisoner), and the follower always; `supply` names those for every player (kinds not
  // listed count as 0, PROTOCOL.md §7).
  std::array<bool, kFigureKinds> in_play{};
  in_play[static_cast<std::size_t>(FigureKind::Follower)] = true;
  for (int p = 0; p < s.player_count(); ++p)
    for (std::size_t k = 0; k < in_play.size(); ++k)
      if (s.player(p).owned[k] > 0 || s.player(p).supply[k] > 0) in_play[k] = true;
  for (const Prisoner& pr : s.tower().prisoners) in_play[static_cast<std::size_t>(pr.kind)] = true;
  for (int p = 0; p < s.player_count(); ++p) {
    const Player& pl = s.player(p);
    const std::string colour(colour_name(pl.colour));
    a.scores[colour] = pl.score;
    auto& supply = a.supply[colour];
    for (std::size_t k = 0; k < in_play.size(); ++k)
      if (in_play[k]) supply[std::string(figure_name(static_cast<FigureKind>(k)))] = pl.supply[k];
  }
  const Board& b = s.board();
  for (const BoardFigure& f : s.figures())
    a.figures.push_back(figure_text(s, f.owner, f.kind, b.node_pos(f.node), b.node_addr(f.node)));
  for (const Event& e : events)
    if (e.kind == EventKind::FigureReturned || e.kind == EventKind::AbbotReturned || e.kind == EventKind::KnightRemoved)
      a.returned.push_back(figure_text(s, e.player, e.figure, e.pos, e.feature));
  const TowerData& t = s.tower();
  for (const TowerSite& site : t.sites)
    if (site.height > 0)
      a.towers.push_back(to_string(SetupTower{b.tile(site.tile).pos, site.height, site.closed_empty}));
  if (tower_in_play(s))
    for (int p = 0; p < s.player_count(); ++p)
      a.floors[std::string(colour_name(s.player(p).colour))] = t.floors[static_cast<std::size_t>(p)];
  for (const Prisoner& pr : t.prisoners)
    a.prisoners[std::string(colour_name(s.player(pr.holder).colour))].push_back(
        std::string(colour_name(s.player(pr.owner).colour)) + " " + std::string(figure_name(pr.kind)));
  for (auto& [holder, held] : a.prisoners) std::sort(held.begin(), held.end());
  const DragonFairyData& d = s.dragon_fairy();
  if (d.dragon_in_play) a.dragon = to_string(d.dragon);
  if (d.fairy != FairyPlace::Absent) {
    SetupFairy f{d.fairy, d.fairy_pos, std::nullopt};
    if (d.has_host)
      f.host =
          SetupFigure{s.player(d.host.owner).colour, d.host.kind, b.node_pos(d.host.node), b.node_addr(d.host.node)};
    a.fairy = to_string(f);
  }
  for (const TileTypeId id : d.set_aside) a.set_aside.push_back(s.catalog()[id].id);
  for (const Pos p : d.dragon_path) a.dragon_path.push_back(to_string(p));
  a.phase = std::string(phase_name(s.phase()));
  a.active = std::string(colour_name(s.player(s.actor()).colour));  // who decides now
}

}  // namespace

Played play(State& s, const std::vector<Move>& moves) {
  Played out;
  for (const Move& m : moves) {
    std::optional<FlightMade> flight;
    if (m.kind == MoveKind::Fly && s.placed_tile() >= 0)
      if (const auto target = flight_target(s, m.roll))
        flight = FlightMade{s.board().tile(s.placed_tile()).pos, *target, m.roll, false};
    const State before = s;
    const std::size_t from = out.events.size();
    if (const Reason r = s.apply(m, &out.events); r != Reason::Ok) {
      out.refused = ReplayFailure{static_cast<std::size_t>(out.applied), r};
      break;
    }
    for (auto& e : score_events(before, s, out.events, from)) out.scored.push_back(std::move(e));
    ++out.applied;
    if (m.kind == MoveKind::Place) out.last_placed = m.pos;
    if (flight) {
      flight->crashed = s.phase() != Phase::Landing;
      out.flight = flight;
    }
  }
  return out;
}

Answer answer_moves(State s, const std::vector<Move>& moves, bool final_scoring, const std::vector<std::string>& probes,
                    std::optional<State>* after, Played* played) {
  Answer a;
  Played p = play(s, moves);
  if (p.refused)
    a.rejected = std::pair{static_cast<int>(p.refused->index + 1), std::string(reason_name(p.refused->reason))};
  if (after) after->emplace(s);
  if (!p.refused && final_scoring) {
    const State before = s;
    const std::size_t from = p.events.size();
    s.end_game(&p.events);
    for (auto& e : score_events(before, s, p.events, from)) p.scored.push_back(std::move(e));
  }
  describe_state(s, p.events, a);
  for (const auto& e : p.scored) a.scored.push_back(to_string(e));
  std::sort(a.scored.begin(), a.scored.end());
  const TileCatalog& cat = s.catalog();
  for (const auto& probe : probes) {
    auto m = parse_move(probe, cat);
    a.legal[probe] = m ? std::string(reason_name(is_legal(s, *m))) : "unparsable: " + m.error();
  }
  if (played) *played = std::move(p);
  return a;
}

Result<Answer> answer_query(State s, const Query& q) {
  std::vector<Move> moves;
  for (const auto& text : q.apply) {
    auto m = parse_move(text, s.catalog());
    if (!m) return fail("move '" + text + "' is not in this engine's notation: " + m.error());
    moves.push_back(*m);
  }
  return answer_moves(std::move(s), moves, q.final_scoring, q.probes);
}

}  // namespace carc
