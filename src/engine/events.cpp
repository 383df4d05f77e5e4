// Names of phases and reasons, and the event helper (events.hpp).
#include "engine/events.hpp"

#include <array>

#include "engine/names.hpp"

namespace carc {
namespace {
constexpr std::array<std::string_view, 11> kPhaseNames{"tile",          "figure",  "landing",  "phantom",  "wagon",
                                                       "crop-choice",   "crop-response", "capture", "exchange", "dragon", "game-over"};
}

std::string_view phase_name(Phase p) { return kPhaseNames[static_cast<std::size_t>(p)]; }

const std::vector<std::string_view>& all_phase_names() {
  static const std::vector<std::string_view> names(kPhaseNames.begin(), kPhaseNames.end());
  return names;
}

bool parse_phase(std::string_view s, Phase& out) { return parse_name(kPhaseNames, s, out); }

std::string_view reason_name(Reason r) {
  switch (r) {
    case Reason::Ok: return "ok";
    case Reason::WrongPhase: return "wrong-phase";
    case Reason::NoTileInHand: return "no-tile-in-hand";
    case Reason::NotInHand: return "tile-not-in-hand";
    case Reason::PositionTaken: return "position-taken";
    case Reason::NotAdjacent: return "not-adjacent";
    case Reason::EdgeMismatch: return "edges-mismatch";
    case Reason::NotOnPlacedTile: return "not-on-placed-tile";
    case Reason::NoSuchFeature: return "no-such-feature";
    case Reason::FigureNotAllowed: return "figure-not-allowed";
    case Reason::FigureNotInGame: return "figure-not-in-game";
    case Reason::NoFigureInSupply: return "no-figure-in-supply";
    case Reason::FeatureOccupied: return "feature-occupied";
    case Reason::FarmersOff: return "farmers-off";
    case Reason::NoAbbotThere: return "no-abbot-there";
    case Reason::FeatureComplete: return "feature-complete";
    case Reason::NoFlier: return "no-flier";
    case Reason::FlierUsed: return "flier-used";
    case Reason::WrongRoll: return "wrong-roll";
    case Reason::NoLanding: return "no-landing";
    case Reason::NoPortal: return "no-portal";
    case Reason::PortalUsed: return "portal-used";
    case Reason::NoPrincess: return "no-princess";
    case Reason::NoKnightThere: return "no-knight-there";
    case Reason::PrincessRequired: return "princess-required";
    case Reason::NotAllowedNow: return "not-allowed-now";
    case Reason::NoWagonMove: return "no-wagon-move";
    case Reason::NoCropChoice: return "no-crop-choice";
    case Reason::NotYourFigure: return "not-your-figure";
    case Reason::CropAddMandatory: return "crop-add-mandatory";
    case Reason::PigScoringUndefined: return "pig-scoring-undefined";
    case Reason::TowerNotBuilt: return "tower-not-built";
    case Reason::TowerClosed: return "tower-closed";
    case Reason::NoFloorInSupply: return "no-floor-in-supply";
    case Reason::NoSuchFigure: return "no-such-figure";
    case Reason::OutOfReach: return "out-of-reach";
    case Reason::NotCapturable: return "not-capturable";
    case Reason::NoPrisoner: return "no-prisoner";
    case Reason::RansomUsed: return "ransom-used";
    case Reason::NotEnoughPoints: return "not-enough-points";
    case Reason::VolcanoTile: return "volcano-tile";
    case Reason::DragonTile: return "dragon-tile";
    case Reason::NotADragonStep: return "not-a-dragon-step";
    case Reason::AlreadyVisited: return "already-visited";
    case Reason::FairyProtected: return "fairy-protected";
    case Reason::FairyAlreadyThere: return "fairy-already-there";
  }
  return "?";
}

const std::vector<std::string_view>& all_reason_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (int i = 0; i <= static_cast<int>(Reason::FairyAlreadyThere); ++i) out.push_back(reason_name(static_cast<Reason>(i)));
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
