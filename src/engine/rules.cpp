#include "engine/rules.hpp"

namespace carc {

const std::vector<SwitchSpec>& switch_specs() {
  static const std::vector<SwitchSpec> specs{
      {Switch::FarmerScoring, "farmer-scoring", "V-BG-1", {"fs3-field-3", "fs2-field-3-once", "fs1-city-4"}},
      {Switch::TinyCityScoring, "tiny-city-scoring", "V-BG-2", {"4", "2"}},
      {Switch::Farmers, "farmers", "V-BG-3", {"on", "off"}},
      {Switch::AbbotReturnExcludes, "abbot-return-excludes-other-actions", "V-AB-1", {"all-move-wood", "meeples-only"}},
      {Switch::WagonMove, "wagon-move", "V-AM-1", {"C2-adjacent-tiles", "C1-connected"}},
      {Switch::BuilderSecondTile, "builder-second-tile", "V-TB-1", {"after-scoring", "immediately"}},
      {Switch::BuilderPigAreFollowers, "builder-pig-are-followers", "V-TB-2", {"false", "true"}},
      {Switch::FlierEligible, "flier-eligible-figures", "V-FM-1", {"any-follower", "standard-and-large-only"}},
      {Switch::PhantomAfterCrash, "phantom-after-crashed-flight", "V-FM-5", {"forbidden", "allowed"}},
      {Switch::FlierDistance, "flier-distance", "V-FM-6", {"grid-positions", "existing-tiles"}},
      {Switch::PhantomFlierOccupied, "phantom-flier-occupied", "V-FM-9", {"allowed", "forbidden"}},
      {Switch::PhantomAfterNonFollower, "phantom-after-non-follower-action", "V-PH-1", {"allowed", "only-after-meeple-placement"}},
      {Switch::CropAddCompulsion, "crop-add-compulsion", "V-CC-1", {"optional", "mandatory-if-possible"}},
      {Switch::CropAddWhere, "crop-add-where", "V-CC-2", {"same-tile-next-to", "anywhere-in-feature"}},
      {Switch::CropAddFigures, "crop-add-figures", "V-CC-4", {"any-follower-legal-there", "regular-only"}},
      {Switch::PortalToCompleted, "portal-to-completed-feature", "V-PD-1", {"forbidden", "allowed"}},
      {Switch::PrincessAction, "princess-action", "V-PD-2", {"may", "must"}},
      {Switch::PrincessLargeFollower, "princess-large-follower", "V-PD-4", {"as-normal", "only-if-last"}},
      {Switch::TowerCaptureTargets, "tower-capture-targets", "V-TO-1", {"followers", "all-figures"}},
      {Switch::TowerReopens, "tower-reopens-after-capture", "V-TO-2", {"yes", "no"}},
      {Switch::RansomTiming, "ransom-timing", "V-TO-3", {"any-time-own-turn", "action-step", "before-draw"}},
      {Switch::RansomScoreFloor, "ransom-score-floor", "V-TO-4", {"none", "needs-3-points"}},
      {Switch::PortalToTower, "portal-to-tower", "V-TO-5", {"allowed", "forbidden"}},
      {Switch::DragonMove, "dragon-move", "V-PD-3", {"before-scoring", "after-scoring"}},
      {Switch::FairyPlacement, "fairy-placement", "V-PD-5", {"next-to-follower", "on-tile"}},
      {Switch::FairyAfterVolcano, "fairy-after-volcano", "V-PD-6", {"allowed", "forbidden"}},
      {Switch::FairyProtectsFromTower, "fairy-protects-from-tower", "V-PD-7", {"no", "yes"}},
      {Switch::FairyBonusFinalScoring, "fairy-bonus-final-scoring", "V-PD-8", {"yes", "no"}},
      {Switch::FairyOnTileTurnPoints, "fairy-on-tile-turn-points", "V-PD-9", {"one", "per-figure"}},
      {Switch::DragonTileDeployment, "dragon-tile-deployment", "V-PD-10", {"allowed", "forbidden"}},
      {Switch::VolcanoTileDeployment, "volcano-tile-deployment", "V-PD-11", {"placing-turn-only", "never"}},
  };
  return specs;
}

const SwitchSpec* find_switch(std::string_view key) {
  for (const auto& s : switch_specs())
    if (s.key == key) return &s;
  return nullptr;
}

Result<bool> RuleSet::set(std::string_view key, std::string_view value) {
  const SwitchSpec* spec = find_switch(key);
  if (!spec) {
    std::string known;
    for (const auto& s : switch_specs()) known += (known.empty() ? "" : ", ") + std::string(s.key);
    return fail("unknown rule switch '" + std::string(key) + "' (known: " + known + ")");
  }
  for (std::size_t i = 0; i < spec->values.size(); ++i) {
    if (spec->values[i] == value) {
      values_[static_cast<std::size_t>(spec->id)] = static_cast<std::uint8_t>(i);
      return true;
    }
  }
  std::string allowed;
  for (auto v : spec->values) allowed += (allowed.empty() ? "" : ", ") + std::string(v);
  return fail("rule switch '" + std::string(key) + "' has no value '" + std::string(value) + "' (allowed: " + allowed + ")");
}

std::string_view RuleSet::get(std::string_view key) const {
  const SwitchSpec* spec = find_switch(key);
  if (!spec) return {};
  return spec->values[values_[static_cast<std::size_t>(spec->id)]];
}

std::vector<std::pair<std::string_view, std::string_view>> RuleSet::effective() const {
  std::vector<std::pair<std::string_view, std::string_view>> out;
  for (const auto& s : switch_specs()) out.emplace_back(s.key, s.values[values_[static_cast<std::size_t>(s.id)]]);
  return out;
}

}  // namespace carc
