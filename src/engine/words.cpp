// The base game's words, and the engine's vocabularies assembled from every room's words
// (words.hpp; rooms.hpp lists the rooms).
#include "engine/words.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>

#include "engine/names.hpp"
#include "engine/rooms.hpp"
#include "engine/state.hpp"

namespace carc {

std::string event_player(const Event& e, const State& s) {
  return e.player >= 0 ? std::string(colour_name(s.player(e.player).colour)) : std::string("-");
}

std::string event_other(const Event& e, const State& s) {
  return e.other >= 0 ? std::string(colour_name(s.player(e.other).colour)) : std::string("-");
}

// --- the room's words (engine/words.hpp) ---

namespace {

std::string place_text(const Move& m, const TileCatalog& catalog) {
  return "place " + (m.tile < catalog.size() ? catalog[m.tile].id : std::string("?")) + " " + to_string(m.pos) + " " +
         rotation_name(m.rot) + (m.with_bridge ? " bridge " + located(m.bridge_pos, m.feature) : std::string());
}

Result<Move> parse_place(const MoveWords& w) {
  // BC-15: a placement that needs a bridge carries it, `place TILE x,y ROT bridge x,y:road{..}`.
  const bool bridged = w.size() == 6 && w[4] == "bridge";
  if (!bridged)
    if (auto ok = w.expect(4, "place TILE x,y ROT"); !ok) return fail(ok.error());
  auto t = w.catalog().lookup(w[1]);
  if (!t) return w.error("unknown tile '" + std::string(w[1]) + "'");
  auto p = w.pos(2);
  if (!p) return fail(p.error());
  int rot = 0;
  if (!parse_rotation(w[3], rot)) return w.error("'" + std::string(w[3]) + "' is not a rotation (r0, r90, r180, r270)");
  if (!bridged) return Move::place(*t, *p, rot);
  auto at = w.located(5);
  if (!at) return fail(at.error());
  if (at->second.kind != FeatureKind::Road || (at->second.mask != 0b0101 && at->second.mask != 0b1010))
    return w.error("a bridge is road{N,S} or road{E,W}");
  return Move::place_bridge(*t, *p, rot, at->first, at->second);
}

std::string deploy_text(const Move& m, const TileCatalog&) {
  return "deploy " + std::string(figure_name(m.figure)) + " " + located(m.pos, m.feature) + (m.portal ? " portal" : "");
}

Result<Move> parse_deploy(const MoveWords& w) {
  const bool portal = w.size() == 4 && w[3] == "portal";
  auto f = figure_at(w, portal);
  if (!f) return fail(f.error());
  return Move::deploy(f->kind, f->pos, f->feature, portal);
}

std::string pass_text(const Move&, const TileCatalog&) { return "pass"; }

Result<Move> parse_pass(const MoveWords& w) {
  if (w.size() != 1) return w.error("'pass' takes no arguments");
  return Move::pass();
}

std::string tile_placed_text(const Event& e, const State& s) {
  return event_player(e, s) + " places " + s.catalog()[e.tile].id + " at " + to_string(e.pos);
}
std::string tile_discarded_text(const Event& e, const State& s) {
  return "discard " + s.catalog()[e.tile].id + " (no legal placement)";
}
std::string figure_deployed_text(const Event& e, const State& s) {
  return event_player(e, s) + " deploys " + std::string(figure_name(e.figure)) + " " + located(e.pos, e.feature);
}
std::string feature_scored_text(const Event& e, const State& s) {
  return std::string(e.final_scoring ? "final " : "") + "score " + event_player(e, s) + " +" +
         std::to_string(e.points) + " " + located(e.pos, e.feature);
}
std::string figure_returned_text(const Event& e, const State& s) {
  return "return " + event_player(e, s) + " " + std::string(figure_name(e.figure)) + " " + located(e.pos, e.feature);
}
std::string game_over_text(const Event&, const State&) { return "game over"; }

}  // namespace

const RoomWords& base_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"base", "the base game: tiles, followers on roads, cities, cloisters and fields",
       2000 /* the base game, HiG 2000 (rules-reference.md BG-16) */},
  };
  static constexpr PhaseInfo phases[] = {
      {Phase::Tile, "tile", "base", "the active player",
       "place the tile in hand (or, with none in hand, draw from the pile; a tile that fits nowhere is discarded and "
       "the next drawn)"},
      {Phase::Figure, "figure", "base", "the active player",
       "step 2 on the tile just placed: deploy, fly, portal, abbot return, princess, floor, fairy, or pass"},
      {Phase::GameOver, "game-over", "base", "nobody", "the game has ended; final scoring is done"},
  };
  static constexpr ReasonInfo reasons[] = {
      {Reason::Ok, "ok", "base", "the move is legal"},
      {Reason::WrongPhase, "wrong-phase", "base", "it is not a move of the current phase"},
      {Reason::NoTileInHand, "no-tile-in-hand", "base", "there is no tile to place"},
      {Reason::NotInHand, "tile-not-in-hand", "base", "the tile named is not the one in hand"},
      {Reason::PositionTaken, "position-taken", "base", "a tile already lies there"},
      {Reason::NotAdjacent, "not-adjacent", "base", "the position touches no tile"},
      {Reason::EdgeMismatch, "edges-mismatch", "base", "an edge disagrees with a neighbour's"},
      {Reason::NotOnPlacedTile, "not-on-placed-tile", "base", "the figure must go on the tile just placed"},
      {Reason::NoSuchFeature, "no-such-feature", "base", "that tile has no such feature"},
      {Reason::FigureNotAllowed, "figure-not-allowed", "base", "that kind may not stand on that kind of feature"},
      {Reason::FigureNotInGame, "figure-not-in-game", "base", "the player owns no figure of that kind"},
      {Reason::NoFigureInSupply, "no-figure-in-supply", "base",
       "all the player's figures of that kind are on the board"},
      {Reason::FeatureOccupied, "feature-occupied", "base",
       "the feature (merged across tiles) already holds a follower"},
      {Reason::FarmersOff, "farmers-off", "base", "fields are out of play (`farmers: off`)"},
      {Reason::FeatureComplete, "feature-complete", "base", "the feature is already complete"},
      {Reason::NotAllowedNow, "not-allowed-now", "base",
       "the move exists but the rules forbid it at this point (e.g. a builder without the player's follower, a pass "
       "where an "
       "action is compulsory)"},
  };
  static constexpr MoveForm moves[] = {
      {MoveKind::Place, "place TILE x,y ROT", "base", "tile", "place the tile in hand", "place U 1,0 r90", parse_place,
       place_text},
      {MoveKind::Deploy, "deploy KIND x,y:FEATURE", "base", "figure, phantom",
       "step 2: put a figure on a feature of the tile just placed (builder and pig where the player has a follower, "
       "TB-01, TB-11)",
       "deploy follower 1,0:road{E,W}", parse_deploy, deploy_text},
      {MoveKind::Pass, "pass", "base", "figure, phantom, wagon, crop-response, capture",
       "decline the current optional step (step 2, the phantom, a wagon move, an optional crop add, a capture)", "pass",
       parse_pass, pass_text},
  };
  static constexpr EventText events[] = {
      {EventKind::TilePlaced, tile_placed_text},         {EventKind::TileDiscarded, tile_discarded_text},
      {EventKind::FigureDeployed, figure_deployed_text}, {EventKind::FeatureScored, feature_scored_text},
      {EventKind::FigureReturned, figure_returned_text}, {EventKind::GameOver, game_over_text},
  };
  static constexpr auto switches = +[]() -> const std::vector<SwitchSpec>& {
    static const std::vector<SwitchSpec> specs{
        {Switch::FarmerScoring,
         "farmer-scoring",
         "V-BG-1",
         "base",
         {"fs3-field-3", "fs2-field-3-once", "fs1-city-4"},
         "farmer scoring variant"},
        {Switch::TinyCityScoring,
         "tiny-city-scoring",
         "V-BG-2",
         "base",
         {"4", "2"},
         "a completed two-tile city is worth 4 or 2"},
        {Switch::Farmers, "farmers", "V-BG-3", "base", {"on", "off"}, "fields in play"},
    };
    return specs;
  };
  static constexpr RoomWords words{capabilities, phases, reasons, moves, events, switches};
  return words;
}

// --- the vocabularies, from every room's words ---

namespace {

// Every room's rows of one kind, in room order.
template <class Row>
std::vector<Row> gathered(std::span<const Row> RoomWords::*rows) {
  std::vector<Row> out;
  for (const auto words : kRoomWords)
    for (const Row& r : words().*rows) out.push_back(r);
  return out;
}

// The rows sorted by their enum; each enum value exactly once, or the engine is not built right.
template <class Row, class Key>
std::vector<Row> by_enum(std::vector<Row> rows, Key Row::*key, std::size_t count, const char* what) {
  std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) { return a.*key < b.*key; });
  bool complete = rows.size() == count;
  for (std::size_t i = 0; complete && i < rows.size(); ++i) complete = static_cast<std::size_t>(rows[i].*key) == i;
  if (!complete) {
    std::fprintf(stderr, "internal error: the rooms' %s rows do not name each value once\n", what);
    std::abort();
  }
  return rows;
}

}  // namespace

const std::vector<CapabilityInfo>& capability_table() {
  static const std::vector<CapabilityInfo> table = gathered(&RoomWords::capabilities);
  return table;
}

const std::vector<PhaseInfo>& phase_table() {
  static const std::vector<PhaseInfo> table =
      by_enum(gathered(&RoomWords::phases), &PhaseInfo::phase, kPhases.size(), "phase");
  return table;
}

const std::vector<ReasonInfo>& reason_table() {
  static const std::vector<ReasonInfo> table =
      by_enum(gathered(&RoomWords::reasons), &ReasonInfo::reason, kReasonCount, "reason");
  return table;
}

const std::vector<MoveForm>& move_forms() {
  static const std::vector<MoveForm> table = gathered(&RoomWords::moves);
  return table;
}

const std::vector<SwitchSpec>& switch_specs() {
  static const std::vector<SwitchSpec> table = [] {
    std::vector<SwitchSpec> rows;
    for (const auto words : kRoomWords)
      if (words().switches)
        for (const SwitchSpec& s : words().switches()) rows.push_back(s);
    return by_enum(std::move(rows), &SwitchSpec::id, kSwitchCount, "switch");
  }();
  return table;
}

std::string describe(const Event& e, const State& s) {
  static const std::vector<EventText> texts =
      by_enum(gathered(&RoomWords::events), &EventText::kind, kEventKinds, "event");
  const auto i = static_cast<std::size_t>(e.kind);
  return i < texts.size() ? texts[i].text(e, s) : "?";
}

}  // namespace carc
