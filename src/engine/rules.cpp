#include "engine/rules.hpp"

#include <algorithm>

namespace carc {

bool switch_matters(const SwitchSpec& spec, const std::vector<std::string>& capabilities) {
  const auto has = [&](std::string_view c) {
    return std::find(capabilities.begin(), capabilities.end(), c) != capabilities.end();
  };
  if (spec.capability == "base") return true;
  const bool one = has(spec.capability) || std::any_of(spec.or_with.begin(), spec.or_with.end(), has);
  return one && std::all_of(spec.and_with.begin(), spec.and_with.end(), has);
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
