#include "data/closest.hpp"

#include <algorithm>
#include <cctype>
#include <utility>

namespace carc {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) { return std::tolower(static_cast<unsigned char>(c)); };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::size_t typo_distance(std::string_view word) { return std::max<std::size_t>(2, word.size() / 3); }

std::string closest_names(std::string_view word, const std::vector<std::string>& candidates, std::size_t n,
                          std::size_t max_distance) {
  std::vector<std::pair<std::size_t, std::size_t>> scored;  // distance, index
  for (std::size_t i = 0; i < candidates.size(); ++i)
    if (const std::size_t d = edit_distance(word, candidates[i]); d <= max_distance) scored.emplace_back(d, i);
  std::stable_sort(scored.begin(), scored.end());
  std::string out;
  for (std::size_t k = 0; k < scored.size() && k < n; ++k) out += (k ? ", " : "") + candidates[scored[k].second];
  return out;
}

}  // namespace carc
