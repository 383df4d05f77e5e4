// Names of phases and reasons, and the event helper (events.hpp).
#include "engine/events.hpp"

#include "engine/names.hpp"

namespace carc {

const std::vector<CapabilityInfo>& capability_table() {
  static const std::vector<CapabilityInfo> table{
      {"base", "the base game: tiles, followers on roads, cities, cloisters and fields"},
      {"abbot", "the abbot: cloisters and gardens, and its early return (the Abbot)"},
      {"large", "the large follower (Inns & Cathedrals)"},
      {"mayor", "the mayor, in cities only (Abbey & Mayor)"},
      {"wagon", "the wagon, moving on when its feature is scored (Abbey & Mayor)"},
      {"builder", "the builder and its second tile (Traders & Builders)"},
      {"pig", "the pig in a farmer's field (Traders & Builders)"},
      {"phantom", "the Phantom: a second follower in the same turn"},
      {"flier", "Flying Machines: a follower flies 1-3 tiles by a die roll"},
      {"crop-circles", "Crop Circles: everyone adds or removes a figure"},
      {"portal", "the magic portal (Princess & Dragon)"},
      {"princess", "the princess removing a knight (Princess & Dragon)"},
      {"tower", "the Tower: floors, captures, exchanges and ransom"},
      {"dragon", "the dragon, its volcanoes and its moves (Princess & Dragon)"},
      {"fairy", "the fairy and its protection and points (Princess & Dragon)"},
  };
  return table;
}

const std::vector<PhaseInfo>& phase_table() {
  static const std::vector<PhaseInfo> table{
      {Phase::Tile, "tile", "base", "the active player",
       "place the tile in hand (or, with none in hand, draw from the pile; a tile that fits nowhere is discarded and "
       "the next drawn)"},
      {Phase::Figure, "figure", "base", "the active player",
       "step 2 on the tile just placed: deploy, fly, portal, abbot return, princess, floor, fairy, or pass"},
      {Phase::Landing, "landing", "flier", "the active player", "where the flying figure lands"},
      {Phase::Phantom, "phantom", "phantom", "the active player", "the phantom as a second figure, or pass"},
      {Phase::Wagon, "wagon", "wagon", "each owner of a scored wagon, in seat order from the active player",
       "move it or pass"},
      {Phase::CropChoice, "crop-choice", "crop-circles", "the active player", "`crop add` or `crop remove`"},
      {Phase::CropResponse, "crop-response", "crop-circles",
       "each player from the active player's left, the active player last",
       "add or remove a figure, or pass where allowed"},
      {Phase::Capture, "capture", "tower", "the active player",
       "right after a `floor`: `capture …` one figure in reach, or `pass`; not entered when no capturable figure is in "
       "reach"},
      {Phase::Exchange, "exchange", "tower", "the capturer",
       "`exchange KIND`: which of the capturer's own figures comes back, when the capture creates an exchange and "
       "those "
       "prisoners are of several kinds"},
      {Phase::Dragon, "dragon", "dragon",
       "the player whose step it is: step *k* (1 … 6) by the player *k*−1 seats after the active player, wrapping "
       "round the "
       "table (PD-18)",
       "`dragon x,y`, one step; it ends after the sixth step or when no step exists"},
      {Phase::GameOver, "game-over", "base", "nobody", "the game has ended; final scoring is done"},
  };
  return table;
}

std::string_view phase_name(Phase p) { return phase_table()[static_cast<std::size_t>(p)].name; }

const std::vector<std::string_view>& all_phase_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& row : phase_table()) out.push_back(row.name);
    return out;
  }();
  return names;
}

bool parse_phase(std::string_view s, Phase& out) { return parse_name(all_phase_names(), s, out); }

const std::vector<ReasonInfo>& reason_table() {
  static const std::vector<ReasonInfo> table{
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
      {Reason::NoAbbotThere, "no-abbot-there", "abbot", "the player's abbot is not on that feature"},
      {Reason::FeatureComplete, "feature-complete", "base", "the feature is already complete"},
      {Reason::NoFlier, "no-flier", "flier", "the tile just placed has no flying machine"},
      {Reason::FlierUsed, "flier-used", "flier", "the flying machine was already used this turn"},
      {Reason::WrongRoll, "wrong-roll", "flier", "the roll is not the fixed next roll"},
      {Reason::NoLanding, "no-landing", "flier", "the flight target offers no such landing"},
      {Reason::NoPortal, "no-portal", "portal", "the tile just placed has no magic portal"},
      {Reason::PortalUsed, "portal-used", "portal", "the portal was already used this turn"},
      {Reason::NoPrincess, "no-princess", "princess", "the tile just placed has no princess city"},
      {Reason::NoKnightThere, "no-knight-there", "princess", "there is no such knight in that city"},
      {Reason::PrincessRequired, "princess-required", "princess",
       "the princess must remove a knight first (`princess-action: must`)"},
      {Reason::NotAllowedNow, "not-allowed-now", "base",
       "the move exists but the rules forbid it at this point (e.g. a builder without the player's follower, a pass "
       "where an "
       "action is compulsory)"},
      {Reason::NoWagonMove, "no-wagon-move", "wagon", "the wagon cannot move there"},
      {Reason::NoCropChoice, "no-crop-choice", "crop-circles", "there is no crop-circle choice to make"},
      {Reason::NotYourFigure, "not-your-figure", "crop-circles", "the figure named is not the acting player's"},
      {Reason::CropAddMandatory, "crop-add-mandatory", "crop-circles",
       "the crop-circle add is compulsory here (`crop-add-compulsion`)"},
      {Reason::PigScoringUndefined, "pig-scoring-undefined", "pig",
       "a pig under a farmer scoring that does not define it (fs1, fs2): a setup refusal, which `check` reports"},
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
  return table;
}

std::string_view reason_name(Reason r) {
  const auto i = static_cast<std::size_t>(r);
  return i < reason_table().size() ? reason_table()[i].name : "?";
}

const std::vector<std::string_view>& all_reason_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& row : reason_table()) out.push_back(row.name);
    return out;
  }();
  return names;
}

bool parse_reason(std::string_view s, Reason& out) { return parse_name(all_reason_names(), s, out); }

void emit(std::vector<Event>* ev, EventKind kind, int player, FigureKind figure, Pos pos, FeatureAddr feature) {
  if (!ev) return;
  Event e;
  e.kind = kind;
  e.player = static_cast<std::int8_t>(player);
  e.figure = figure;
  e.pos = pos;
  e.feature = feature;
  ev->push_back(e);
}

}  // namespace carc
