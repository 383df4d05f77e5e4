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

#include "engine/result.hpp"

namespace carc {

enum class Switch : std::uint8_t {
  FarmerScoring,       // V-BG-1
  TinyCityScoring,     // V-BG-2
  Farmers,             // V-BG-3
  AbbotReturnExcludes, // V-AB-1
  kCount
};
inline constexpr std::size_t kSwitchCount = static_cast<std::size_t>(Switch::kCount);

struct SwitchSpec {
  Switch id;
  std::string_view key;     // kebab-case key used in rulesets, scenarios and reports
  std::string_view ruling;  // V-xx id in the rulings ledger
  std::vector<std::string_view> values;  // values[0] is the default
};
const std::vector<SwitchSpec>& switch_specs();
const SwitchSpec* find_switch(std::string_view key);

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

 private:
  std::uint8_t at(Switch s) const { return values_[static_cast<std::size_t>(s)]; }
  std::array<std::uint8_t, kSwitchCount> values_{};
};

}  // namespace carc
