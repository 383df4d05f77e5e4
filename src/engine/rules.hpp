#pragma once
// The rule switches (rulings.md §2, rules-reference.md §8) as one RuleSet value.
// Defaults are the current HiG rules; presets (oracle/rulesets/) are deltas
// applied through set(). Code asks named questions, never raw switch values.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/figures.hpp"
#include "engine/result.hpp"

namespace carc {

enum class Switch : std::uint8_t {
  FarmerScoring,                 // V-BG-1
  TinyCityScoring,               // V-BG-2
  Farmers,                       // V-BG-3
  AbbotReturnExcludes,           // V-AB-1
  WagonMove,                     // V-AM-1
  BuilderSecondTile,             // V-TB-1
  BuilderPigAreFollowers,        // V-TB-2
  BuilderOnCompleted,            // V-TB-3
  FlierEligible,                 // V-FM-1
  PhantomAfterCrash,             // V-FM-5
  FlierDistance,                 // V-FM-6
  FlierTileFigures,              // V-FM-11
  FlierTilePhantom,              // V-FM-12
  PhantomFlierOccupied,          // V-FM-9
  PhantomFlierSameTurn,          // V-FM-10
  PhantomAfterNonFollower,       // V-PH-1
  CropAddCompulsion,             // V-CC-1
  CropAddWhere,                  // V-CC-2
  CropAddFigures,                // V-CC-4
  CropRakeWithoutFarmers,        // V-CC-5
  CropChoiceOnEmptyBoard,        // V-CC-6
  PortalToCompleted,             // V-PD-1
  PrincessAction,                // V-PD-2
  PrincessLargeFollower,         // V-PD-4
  TowerCaptureTargets,           // V-TO-1
  TowerReopens,                  // V-TO-2
  RansomTiming,                  // V-TO-3
  RansomScoreFloor,              // V-TO-4
  PortalToTower,                 // V-TO-5
  DragonMove,                    // V-PD-3
  FairyPlacement,                // V-PD-5
  FairyAfterVolcano,             // V-PD-6
  FairyProtectsFromTower,        // V-PD-7
  FairyBonusFinalScoring,        // V-PD-8
  FairyOnTileTurnPoints,         // V-PD-9
  DragonTileDeployment,          // V-PD-10
  VolcanoTileDeployment,         // V-PD-11
  FestivalReturn,                // V-FE-1
  LittleBuildingsScoring,        // V-LB-1
  LittleBuildingsSplit,          // V-LB-2
  CastleConverters,              // V-BC-2
  AcrobatReach,                  // V-BT-1
  RingmasterBonusNeedsMajority,  // V-BT-2
  FlierAsAcrobat,                // V-FM-4
  PhantomAsAcrobat,              // V-PH-2
  TowerCapturesCastleOccupant,   // V-BC-4
  DragonEatsTowerTop,            // V-PD-12
  ExchangeChooser,               // V-TO-6
  kCount
};
inline constexpr std::size_t kSwitchCount = static_cast<std::size_t>(Switch::kCount);

struct SwitchSpec {
  Switch id;
  std::string_view key;     // kebab-case key used in rulesets, scenarios and reports
  std::string_view ruling;  // V-xx id in the rulings ledger
  // The capability whose rules the switch varies ("base" for the base game's): a subject that
  // lacks it never sees the switch matter; the protocol version that introduced the switch is
  // that capability's.
  std::string_view capability;
  std::vector<std::string_view> values;  // values[0] is the default
  std::string_view summary;              // one line: what the switch decides (PROTOCOL.md's table)
  // When the switch can matter to a scenario (protocol version 5 sends and requires only those):
  // the scenario needs `capability` or one of or_with, and every one of and_with. A base
  // switch always matters.
  std::vector<std::string_view> or_with = {};
  std::vector<std::string_view> and_with = {};
};
const std::vector<SwitchSpec>& switch_specs();
// Whether the switch can change anything in a scenario that needs these capabilities.
bool switch_matters(const SwitchSpec& spec, const std::vector<std::string>& capabilities);
const SwitchSpec* find_switch(std::string_view key);

// V-TO-3: in which decisions of the own turn a ransom may be paid.
enum class RansomTiming : std::uint8_t { AnyTimeOwnTurn = 0, ActionStep = 1, BeforeDraw = 2 };

enum class FarmerScoring : std::uint8_t { Fs3Field3 = 0, Fs2Field3Once = 1, Fs1City4 = 2 };

class RuleSet {
 public:
  std::string name = "hig-c3";

  // Sets a switch by key and value name; fails on an unknown key or value.
  Result<bool> set(std::string_view key, std::string_view value);
  std::string_view get(std::string_view key) const;
  // Every switch with its effective value, in spec order (for reports).
  std::vector<std::pair<std::string_view, std::string_view>> effective() const;
  friend bool operator==(const RuleSet&, const RuleSet&) = default;

  // Named questions.
  FarmerScoring farmer_scoring() const { return static_cast<FarmerScoring>(at(Switch::FarmerScoring)); }
  // Points of a completed city (BG-08, BG-10 tiny-city rule).
  int completed_city_points(int tiles, int pennants) const {
    if (tiles == 2 && at(Switch::TinyCityScoring) == 1) return tiles + pennants;
    return 2 * tiles + 2 * pennants;
  }
  bool farmers_in_play() const { return at(Switch::Farmers) == 0; }
  // V-AB-1: after an abbot's early return, may a non-meeple action (builder, pig, ...) still follow?
  bool abbot_return_allows_special_figures() const { return at(Switch::AbbotReturnExcludes) == 1; }
  // V-AM-1: after scoring, a wagon moves to features connected to the scored one (C1)
  // or to any on its tile and the 8 around it (C2).
  bool wagon_moves_along_connections() const { return at(Switch::WagonMove) == 1; }
  // V-TB-1: the builder's second tile comes after the first part's scoring (latest rules) or
  // right after its step 2, both parts then scoring together (pre-Big Box C1).
  bool second_tile_after_scoring() const { return at(Switch::BuilderSecondTile) == 0; }
  // V-TB-2: pre-Big Box C1 treats builder and pig as followers (kept without a follower; princess target).
  bool builder_pig_are_followers() const { return at(Switch::BuilderPigAreFollowers) == 1; }
  // V-TB-3: may the builder go on a road or city that the tile just placed completes?
  bool builder_on_completed_feature() const { return at(Switch::BuilderOnCompleted) == 0; }
  // V-FM-1: may this figure use a flying machine?
  bool may_fly(FigureKind k) const {
    if (at(Switch::FlierEligible) == 1) return k == FigureKind::Follower || k == FigureKind::Large;
    return is_follower(k);
  }
  // V-FM-11 and V-FM-12 (the C3.1 text): which figures may be put normally on a flying-machine
  // tile. Builder and pig are no meeples: the text does not speak of them.
  bool flier_tile_allows(FigureKind k) const {
    if (at(Switch::FlierTileFigures) == 0 || !is_follower(k)) return true;
    if (k == FigureKind::Phantom) return at(Switch::FlierTilePhantom) == 0;
    return k == FigureKind::Follower || k == FigureKind::Large;
  }
  bool phantom_after_crash() const { return at(Switch::PhantomAfterCrash) == 1; }                 // V-FM-5
  bool flier_counts_existing_tiles() const { return at(Switch::FlierDistance) == 1; }             // V-FM-6
  bool phantom_flier_may_land_occupied() const { return at(Switch::PhantomFlierOccupied) == 0; }  // V-FM-9
  // V-FM-10: may a flying phantom land in the feature its owner's first figure took this turn?
  bool phantom_flier_may_join_own_claim() const { return at(Switch::PhantomFlierSameTurn) == 1; }
  bool phantom_after_non_follower_action() const { return at(Switch::PhantomAfterNonFollower) == 0; }  // V-PH-1
  bool crop_add_mandatory() const { return at(Switch::CropAddCompulsion) == 1; }                       // V-CC-1
  // V-CC-2: where a crop-circle add may go, next to a figure already there.
  enum class CropAddWhere : std::uint8_t { OwnSegment = 0, SameTileSameFeature = 1, AnywhereInFeature = 2 };
  CropAddWhere crop_add_where() const { return static_cast<CropAddWhere>(at(Switch::CropAddWhere)); }
  bool crop_rake_asks_without_farmers() const { return at(Switch::CropRakeWithoutFarmers) == 0; }      // V-CC-5
  bool crop_choice_skipped_on_empty_board() const { return at(Switch::CropChoiceOnEmptyBoard) == 1; }  // V-CC-6
  // V-CC-4: which figures a crop-circle "add" may bring onto a feature of kind f.
  bool crop_may_add(FigureKind k, FeatureKind f) const {
    if (at(Switch::CropAddFigures) == 1) return k == FigureKind::Follower;
    return k != FigureKind::Abbot && is_follower(k) && may_stand_on(k, f);
  }
  bool portal_to_completed_feature() const { return at(Switch::PortalToCompleted) == 1; }      // V-PD-1
  bool princess_must_remove() const { return at(Switch::PrincessAction) == 1; }                // V-PD-2
  bool princess_large_only_if_last() const { return at(Switch::PrincessLargeFollower) == 1; }  // V-PD-4
  // V-TO-1 (and V-TB-2: pre-Big Box the builder and pig counted as followers): a tower captures them too.
  bool tower_captures_builder_pig() const {
    return at(Switch::TowerCaptureTargets) == 1 || builder_pig_are_followers();
  }
  bool tower_reopens_after_capture() const { return at(Switch::TowerReopens) == 0; }                  // V-TO-2
  RansomTiming ransom_timing() const { return static_cast<RansomTiming>(at(Switch::RansomTiming)); }  // V-TO-3
  bool ransom_needs_3_points() const { return at(Switch::RansomScoreFloor) == 1; }                    // V-TO-4
  bool portal_to_tower() const { return at(Switch::PortalToTower) == 0; }                             // V-TO-5
  bool castle_active_only() const { return at(Switch::CastleConverters) == 1; }                       // V-BC-2
  bool dragon_after_scoring() const { return at(Switch::DragonMove) == 1; }                           // V-PD-3
  bool fairy_on_tile() const { return at(Switch::FairyPlacement) == 1; }                              // V-PD-5
  bool fairy_after_volcano() const { return at(Switch::FairyAfterVolcano) == 0; }                     // V-PD-6
  bool fairy_protects_from_tower() const { return at(Switch::FairyProtectsFromTower) == 1; }          // V-PD-7
  bool fairy_bonus_final_scoring() const { return at(Switch::FairyBonusFinalScoring) == 0; }          // V-PD-8
  bool fairy_points_per_figure() const { return at(Switch::FairyOnTileTurnPoints) == 1; }             // V-PD-9
  bool dragon_tile_forbidden() const { return at(Switch::DragonTileDeployment) == 1; }                // V-PD-10
  bool volcano_closed_for_good() const { return at(Switch::VolcanoTileDeployment) == 1; }             // V-PD-11
  // V-FE-1: which own figures the Festival may take back: any figure, or followers only.
  bool festival_returns(FigureKind k) const { return at(Switch::FestivalReturn) == 0 || is_follower(k); }
  bool little_buildings_weighted() const { return at(Switch::LittleBuildingsScoring) == 1; }  // V-LB-1 3/2/1
  bool little_buildings_per_type() const { return at(Switch::LittleBuildingsSplit) == 1; }    // V-LB-2
  bool acrobat_reach_portal_anywhere() const { return at(Switch::AcrobatReach) == 1; }        // V-BT-1
  bool ringmaster_bonus_needs_majority() const { return at(Switch::RingmasterBonusNeedsMajority) == 1; }  // V-BT-2
  bool flier_may_become_acrobat() const { return at(Switch::FlierAsAcrobat) == 1; }                       // V-FM-4
  bool phantom_may_be_acrobat() const { return at(Switch::PhantomAsAcrobat) == 1; }                       // V-PH-2
  bool tower_captures_castle_occupant() const { return at(Switch::TowerCapturesCastleOccupant) == 0; }    // V-BC-4
  bool dragon_eats_tower_top() const { return at(Switch::DragonEatsTowerTop) == 0; }                      // V-PD-12
  bool exchange_chosen_by_holder() const { return at(Switch::ExchangeChooser) == 1; }                     // V-TO-6

 private:
  std::uint8_t at(Switch s) const { return values_[static_cast<std::size_t>(s)]; }
  std::array<std::uint8_t, kSwitchCount> values_{};
};

}  // namespace carc
