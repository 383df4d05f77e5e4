// Room: crop circles (CC-*, V-CC-*).
#include "engine/expansions/crop_circles.hpp"

#include <algorithm>

#include "engine/expansions/builder_pig.hpp"
#include "engine/queries.hpp"
#include "engine/state.hpp"
#include "engine/words.hpp"

namespace carc {
namespace {

bool responder_has_moves(const State& s, int player) {
  if (crop_role_figures(s, player).empty()) return false;  // CC-12: skipped
  if (!s.crop().add) return true;                          // CC-07: removal is compulsory
  return !crop_add_options(s, player).empty();
}

// V-CC-6 `skip`: no follower of any kind (abbots included) stands on the board.
bool no_follower_on_board(const State& s) {
  for (const BoardFigure& f : s.figures())
    if (is_follower(f.kind)) return false;
  return true;
}

// The responder who just acted leaves the queue.
void pop_responder(State& s) { s.mutable_crop().responders.erase(s.mutable_crop().responders.begin()); }

}  // namespace

FeatureKind crop_role(CropSymbol symbol) {
  switch (symbol) {
    case CropSymbol::Club:
      return FeatureKind::Road;
    case CropSymbol::Shield:
      return FeatureKind::City;
    case CropSymbol::Rake:
      return FeatureKind::Field;
    case CropSymbol::None:
      break;
  }
  return FeatureKind::Tower;  // affects nobody
}

std::vector<BoardFigure> crop_role_figures(const State& s, int player) {
  std::vector<BoardFigure> out;
  if (s.crop().symbol == CropSymbol::None) return out;  // crop_role's stand-in kind (tower) must match nobody
  const FeatureKind role = crop_role(s.crop().symbol);
  for (const BoardFigure& f : s.figures()) {
    // CC-14, CC-27: any follower on that kind of feature; builder, pig and the abbot never.
    if (f.owner != player || !is_follower(f.kind) || f.kind == FigureKind::Abbot) continue;
    if (s.board().at(f.node).kind != role) continue;
    if (in_castle(s, f.node)) continue;  // CC-28: a castle is no city; its occupant is untouched
    if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  }
  return out;
}

std::vector<std::pair<FigureKind, std::uint16_t>> crop_add_options(const State& s, int player, bool closed) {
  std::vector<std::pair<FigureKind, std::uint16_t>> out;
  const Board& b = s.board();
  std::vector<std::uint16_t> nodes;
  for (const BoardFigure& f : crop_role_figures(s, player)) {
    const auto root = b.find(f.node);
    switch (s.rules().crop_add_where()) {
      case RuleSet::CropAddWhere::OwnSegment:  // CC-06, CC-24: "next to" it, on its own segment (HiG)
        nodes.push_back(f.node);
        continue;
      case RuleSet::CropAddWhere::AnywhereInFeature:
        add_feature_nodes(b, root, nodes);  // CC-18 (ZMG): any tile of the feature
        continue;
      case RuleSet::CropAddWhere::SameTileSameFeature:
        break;
    }
    // The same tile and the same feature: where the feature crosses that tile twice, both
    // segments qualify (rulings.md §4 item 11; REG-002).
    const int tile = b.at(f.node).tile;
    for (int local = 0; local < b.feature_count(tile); ++local)
      if (b.find(b.node(tile, local)) == root) nodes.push_back(b.node(tile, local));
  }
  std::sort(nodes.begin(), nodes.end());
  nodes.erase(std::unique(nodes.begin(), nodes.end()), nodes.end());
  const Player& pl = s.player(player);
  for (const auto node : nodes) {
    if (!closed && tile_closed_to_figures(s, b.at(node).tile) != Reason::Ok) continue;  // PD-13 (V-PD-10), V-PD-11
    for (int k = 0; k < kFigureKinds; ++k) {
      const auto kind = static_cast<FigureKind>(k);
      if (pl.supply[static_cast<std::size_t>(k)] > 0 && s.rules().crop_may_add(kind, b.at(node).kind))
        out.emplace_back(kind, node);
    }
  }
  return out;
}

void crop_note_scored_tiles(State& s, const std::vector<int>& tiles) {
  for (const int t : tiles)
    if (s.board().def(t).crop >= 0) s.mutable_crop().tiles.push_back(t);
}

StageResult stage_crop_circles(State& s, std::vector<Event>*) {
  CropStep& c = s.mutable_crop();
  if (!c.responders.empty() || c.symbol != CropSymbol::None) {
    while (!c.responders.empty()) {
      const int p = c.responders.front();
      if (responder_has_moves(s, p)) {
        s.set_phase(Phase::CropResponse);
        s.set_actor(p);
        return StageResult::Decision;
      }
      pop_responder(s);
    }
    c.symbol = CropSymbol::None;
  }
  while (!c.tiles.empty()) {
    const int t = c.tiles.front();
    c.tiles.erase(c.tiles.begin());
    const TileDef& d = s.board().def(t);
    const CropSymbol sym = d.features[static_cast<std::size_t>(d.crop)].symbol;
    // CC-11: the choice is asked even when it cannot affect anyone; JCZ's two shortcuts are
    // named values (CC-29): a rake circle without farmers (V-CC-5), no follower on the board (V-CC-6).
    if (sym == CropSymbol::Rake && !s.rules().farmers_in_play() && !s.rules().crop_rake_asks_without_farmers())
      continue;
    if (s.rules().crop_choice_skipped_on_empty_board() && no_follower_on_board(s)) continue;
    c.symbol = sym;
    s.set_phase(Phase::CropChoice);
    s.set_actor(s.active());
    return StageResult::Decision;
  }
  return StageResult::Done;
}

void crop_choice_moves(const State&, MoveList& out) {
  out.push_back(Move::crop_choice(true));
  out.push_back(Move::crop_choice(false));
}

void crop_response_moves(const State& s, MoveList& out) {
  const Board& b = s.board();
  const int p = s.actor();
  if (s.crop().add) {
    for (const auto& [kind, node] : crop_add_options(s, p))
      out.push_back(Move::crop_add(kind, b.node_pos(node), b.node_addr(node)));
    if (!s.rules().crop_add_mandatory() || out.empty()) out.push_back(Move::pass());  // CC-13 vs CC-17
    return;
  }
  for (const BoardFigure& f : crop_role_figures(s, p))
    out.push_back(Move::crop_remove(f.kind, b.node_pos(f.node), b.node_addr(f.node)));
}

Reason check_crop(const State& s, const Move& m) {
  const Board& b = s.board();
  if (m.kind == MoveKind::CropChoice) return s.phase() == Phase::CropChoice ? Reason::Ok : Reason::WrongPhase;
  if (s.phase() != Phase::CropResponse) return Reason::WrongPhase;
  if (s.crop().add != (m.kind == MoveKind::CropAdd)) return Reason::NoCropChoice;
  const int node = node_of(b, m.pos, m.feature);
  if (node < 0) return Reason::NoSuchFeature;
  if (m.kind == MoveKind::CropRemove) {
    for (const BoardFigure& f : crop_role_figures(s, s.actor()))
      if (f.kind == m.figure && f.node == node) return Reason::Ok;
    return Reason::NotYourFigure;
  }
  // As for deploy and fly: a kind the player owns none of is not in its game at all.
  const auto& pl = s.player(s.actor());
  if (pl.owned[static_cast<std::size_t>(m.figure)] == 0) return Reason::FigureNotInGame;
  if (pl.supply[static_cast<std::size_t>(m.figure)] == 0) return Reason::NoFigureInSupply;
  for (const auto& [kind, n] : crop_add_options(s, s.actor(), true))
    if (kind == m.figure && n == node) return tile_closed_to_figures(s, b.at(static_cast<std::uint16_t>(n)).tile);
  return Reason::FigureNotAllowed;
}

Reason check_crop_pass(const State& s) {
  if (!s.crop().add) return Reason::NotAllowedNow;  // CC-07: removal is compulsory
  if (s.rules().crop_add_mandatory() && !crop_add_options(s, s.actor()).empty()) return Reason::CropAddMandatory;
  return Reason::Ok;
}

void apply_crop_choice(State& s, const Move& m, std::vector<Event>* ev) {
  CropStep& c = s.mutable_crop();
  c.add = m.add;
  c.responders.clear();
  for (int i = 1; i <= s.player_count(); ++i)
    c.responders.push_back(static_cast<std::uint8_t>((s.active() + i) % s.player_count()));
  if (ev) {
    Event e;
    e.kind = EventKind::CropChoice;
    e.player = static_cast<std::int8_t>(s.active());
    e.points = m.add ? 1 : 0;
    ev->push_back(e);
  }
  resume_flow(s, ev);
}

void apply_crop_add(State& s, const Move& m, std::vector<Event>* ev) {
  s.add_figure(s.actor(), m.figure, node_at(s.board(), m.pos, m.feature));
  emit(ev, EventKind::FigureDeployed, s.actor(), m.figure, m.pos, m.feature);
  pop_responder(s);
  resume_flow(s, ev);
}

void apply_crop_remove(State& s, const Move& m, std::vector<Event>* ev) {
  const auto node = node_at(s.board(), m.pos, m.feature);
  const auto root = s.board().find(node);
  s.remove_figure(s.find_figure(s.actor(), m.figure, node), ev, true);
  release_specials(s, s.actor(), root, ev);
  pop_responder(s);
  resume_flow(s, ev);
}

void apply_crop_pass(State& s, std::vector<Event>* ev) {
  pop_responder(s);
  resume_flow(s, ev);
}

std::string crop_invariants(const State& s) {
  const auto& responders = s.crop().responders;
  if (s.phase() == Phase::CropResponse && (responders.empty() || responders.front() != s.actor()))
    return "crop response out of turn";
  return {};
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string crop_choice_text(const Move& m, const TileCatalog&) { return m.add ? "crop add" : "crop remove"; }

Result<Move> parse_crop_choice(const MoveWords& w) {
  if (w.size() == 2 && (w[1] == "add" || w[1] == "remove")) return Move::crop_choice(w[1] == "add");
  return w.error("expected 'crop add' or 'crop remove'");
}

std::string crop_add_text(const Move& m, const TileCatalog&) {
  return "add " + std::string(figure_name(m.figure)) + " " + located(m.pos, m.feature);
}

Result<Move> parse_crop_add(const MoveWords& w) {
  auto f = figure_at(w);
  if (!f) return fail(f.error());
  return Move::crop_add(f->kind, f->pos, f->feature);
}

std::string crop_remove_text(const Move& m, const TileCatalog&) {
  return "remove " + std::string(figure_name(m.figure)) + " " + located(m.pos, m.feature);
}

Result<Move> parse_crop_remove(const MoveWords& w) {
  auto f = figure_at(w);
  if (!f) return fail(f.error());
  return Move::crop_remove(f->kind, f->pos, f->feature);
}

std::string crop_choice_event_text(const Event& e, const State& s) {
  return event_player(e, s) + " chooses crop " + (e.points ? "add" : "remove");
}

}  // namespace

const RoomWords& crop_circles_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"crop-circles", "Crop Circles: everyone adds or removes a figure",
       2010 /* Crop Circles I, 2010 (rulings.yaml CC-25; rulings.md CC core sources) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::CropChoice, "crop-choice", "crop-circles", "the active player", "`crop add` or `crop remove`"},
      {Phase::CropResponse, "crop-response", "crop-circles",
       "each player from the active player's left, the active player last",
       "add or remove a figure, or pass where allowed"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::NoCropChoice, "no-crop-choice", "crop-circles", "there is no crop-circle choice to make"},
      {Reason::NotYourFigure, "not-your-figure", "crop-circles", "the figure named is not the acting player's"},
      {Reason::CropAddMandatory, "crop-add-mandatory", "crop-circles",
       "the crop-circle add is compulsory here (`crop-add-compulsion`)"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::CropChoice, "crop add", "crop-circles", "crop-choice",
       "the active player's crop-circle choice: everyone adds (CC-05)", "crop add", parse_crop_choice,
       crop_choice_text},
      {MoveKind::CropChoice, "crop remove", "crop-circles", "crop-choice",
       "the active player's crop-circle choice: everyone removes (CC-05)", "crop remove", nullptr, nullptr},
      {MoveKind::CropAdd, "add KIND x,y:FEATURE", "crop-circles", "crop-response",
       "a crop-circle response: add a figure", "add follower 0,0:road{E,W}", parse_crop_add, crop_add_text},
      {MoveKind::CropRemove, "remove KIND x,y:FEATURE", "crop-circles", "crop-response",
       "a crop-circle response: take a figure back", "remove follower 0,0:road{E,W}", parse_crop_remove,
       crop_remove_text},
  };
  static constexpr EventText events[] = {
      {EventKind::CropChoice, crop_choice_event_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::CropAddCompulsion,
         "crop-add-compulsion",
         "V-CC-1",
         "crop-circles",
         {"optional", "mandatory-if-possible"},
         "crop-circle add compulsory"},
        {Switch::CropAddWhere,
         "crop-add-where",
         "V-CC-2",
         "crop-circles",
         {"own-segment", "same-tile-next-to", "anywhere-in-feature"},
         "where the added figure goes: on the segment of a figure there (HiG \"next to\"), any segment of the "
         "feature on that tile, or any tile of the feature (ZMG)"},
        {Switch::CropAddFigures,
         "crop-add-figures",
         "V-CC-4",
         "crop-circles",
         {"any-follower-legal-there", "regular-only"},
         "which figures may be added"},
        {Switch::CropRakeWithoutFarmers,
         "crop-rake-without-farmers",
         "V-CC-5",
         "crop-circles",
         {"ask", "no-op"},
         "a rake circle with farmers off: the choice is asked (CC-11) or skipped (JCZ: `no-op`)"},
        {Switch::CropChoiceOnEmptyBoard,
         "crop-choice-on-empty-board",
         "V-CC-6",
         "crop-circles",
         {"ask", "skip"},
         "the choice with no follower on the board: asked (CC-11) or skipped (JCZ: `skip`)"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

}  // namespace carc
