#pragma once
// Looking a word up in one of the notation's name tables (edges, figure kinds, phases, ...).
#include <cstddef>
#include <string_view>

namespace carc {

// The index of s in names, or -1.
template <class Names>
constexpr int index_in(const Names& names, std::string_view s) {
  std::size_t i = 0;
  for (const std::string_view n : names) {
    if (n == s) return static_cast<int>(i);
    ++i;
  }
  return -1;
}

// Sets out to the enum value at s's index; false when s is not in names.
template <class Enum, class Names>
bool parse_name(const Names& names, std::string_view s, Enum& out) {
  const int i = index_in(names, s);
  if (i < 0) return false;
  out = static_cast<Enum>(i);
  return true;
}

}  // namespace carc
