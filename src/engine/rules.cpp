#include "engine/rules.hpp"

namespace carc {

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
