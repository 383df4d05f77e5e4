#include "engine/rules.hpp"

namespace carc {

const std::vector<SwitchSpec>& switch_specs() {
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
      {Switch::AbbotReturnExcludes,
       "abbot-return-excludes-other-actions",
       "V-AB-1",
       "abbot",
       {"all-move-wood", "meeples-only"},
       "what an early abbot return rules out"},
      {Switch::WagonMove,
       "wagon-move",
       "V-AM-1",
       "wagon",
       {"C2-adjacent-tiles", "C1-connected"},
       "where a scored wagon may move"},
      {Switch::BuilderSecondTile,
       "builder-second-tile",
       "V-TB-1",
       "builder",
       {"after-scoring", "immediately"},
       "when the builder's extra tile comes"},
      {Switch::BuilderPigAreFollowers,
       "builder-pig-are-followers",
       "V-TB-2",
       "builder",
       {"false", "true"},
       "builder and pig count as followers"},
      {Switch::FlierEligible,
       "flier-eligible-figures",
       "V-FM-1",
       "flier",
       {"any-follower", "standard-and-large-only"},
       "which figures may fly"},
      {Switch::PhantomAfterCrash,
       "phantom-after-crashed-flight",
       "V-FM-5",
       "phantom",
       {"forbidden", "allowed"},
       "the phantom after a flight that found no landing"},
      {Switch::FlierDistance,
       "flier-distance",
       "V-FM-6",
       "flier",
       {"grid-positions", "existing-tiles"},
       "how flight distance is counted"},
      {Switch::PhantomFlierOccupied,
       "phantom-flier-occupied",
       "V-FM-9",
       "phantom",
       {"allowed", "forbidden"},
       "a flying phantom may land on an occupied feature"},
      {Switch::PhantomAfterNonFollower,
       "phantom-after-non-follower-action",
       "V-PH-1",
       "phantom",
       {"allowed", "only-after-meeple-placement"},
       "the phantom after a builder/pig/abbot-return action"},
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
       {"same-tile-next-to", "anywhere-in-feature"},
       "where the added figure goes"},
      {Switch::CropAddFigures,
       "crop-add-figures",
       "V-CC-4",
       "crop-circles",
       {"any-follower-legal-there", "regular-only"},
       "which figures may be added"},
      {Switch::PortalToCompleted,
       "portal-to-completed-feature",
       "V-PD-1",
       "portal",
       {"forbidden", "allowed"},
       "portal onto a feature completed this turn"},
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
       "the princess against a large follower"},
      {Switch::TowerCaptureTargets,
       "tower-capture-targets",
       "V-TO-1",
       "tower",
       {"followers", "all-figures"},
       "builders and pigs captured too (pre-Big Box C1)"},
      {Switch::TowerReopens,
       "tower-reopens-after-capture",
       "V-TO-2",
       "tower",
       {"yes", "no"},
       "a tower whose top figure was captured is open again"},
      {Switch::RansomTiming,
       "ransom-timing",
       "V-TO-3",
       "tower",
       {"any-time-own-turn", "action-step", "before-draw"},
       "when in the own turn a ransom may be paid (JCZ: `action-step`)"},
      {Switch::RansomScoreFloor,
       "ransom-score-floor",
       "V-TO-4",
       "tower",
       {"none", "needs-3-points"},
       "a player with fewer than 3 points may pay (JCZ: `needs-3-points`)"},
      {Switch::PortalToTower,
       "portal-to-tower",
       "V-TO-5",
       "tower",
       {"allowed", "forbidden"},
       "the portal may carry a follower onto a tower (JCZ: `forbidden`)"},
      {Switch::DragonMove,
       "dragon-move",
       "V-PD-3",
       "dragon",
       {"before-scoring", "after-scoring"},
       "the dragon moves before step-3 scoring (HiG, ZMG) or after scoring and wagons (RGG Big Box)"},
      {Switch::FairyPlacement,
       "fairy-placement",
       "V-PD-5",
       "fairy",
       {"next-to-follower", "on-tile"},
       "the fairy next to one follower (HiG) or on a tile (RGG, ZMG C1)"},
      {Switch::FairyAfterVolcano,
       "fairy-after-volcano",
       "V-PD-6",
       "fairy",
       {"allowed", "forbidden"},
       "the fairy may move in a volcano's turn (pre-Big Box C1: no)"},
      {Switch::FairyProtectsFromTower,
       "fairy-protects-from-tower",
       "V-PD-7",
       "fairy",
       {"no", "yes"},
       "the fairy's tile is safe from a tower's capture (no source says so)"},
      {Switch::FairyBonusFinalScoring,
       "fairy-bonus-final-scoring",
       "V-PD-8",
       "fairy",
       {"yes", "no"},
       "the 3 points at final scoring too (farin/JCloisterZone: no)"},
      {Switch::FairyOnTileTurnPoints,
       "fairy-on-tile-turn-points",
       "V-PD-9",
       "fairy",
       {"one", "per-figure"},
       "under `on-tile`, one turn-start point or one per own figure (JCZ)"},
      {Switch::DragonTileDeployment,
       "dragon-tile-deployment",
       "V-PD-10",
       "dragon",
       {"allowed", "forbidden"},
       "figures may be deployed onto the dragon's tile (JCZ: forbidden)"},
      {Switch::VolcanoTileDeployment,
       "volcano-tile-deployment",
       "V-PD-11",
       "dragon",
       {"placing-turn-only", "never"},
       "a volcano tile is closed to figures in its turn only, or for good"},
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
  return fail("rule switch '" + std::string(key) + "' has no value '" + std::string(value) + "' (allowed: " + allowed +
              ")");
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
