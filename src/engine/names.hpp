#pragma once
// Looking a word up in one of the notation's name tables (edges, figure kinds, phases, ...),
// and cutting a line of the notation into its words.
#include <algorithm>
#include <cstddef>
#include <string_view>
#include <vector>

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

// The words of text: the runs between characters of `blanks` (a space unless told), none empty.
inline std::vector<std::string_view> words_of(std::string_view text, std::string_view blanks = " ") {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    i = text.find_first_not_of(blanks, i);
    if (i == std::string_view::npos) break;
    const std::size_t end = std::min(text.find_first_of(blanks, i), text.size());
    out.push_back(text.substr(i, end - i));
    i = end;
  }
  return out;
}

}  // namespace carc
