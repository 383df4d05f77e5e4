#pragma once
// The names nearest to a misspelt one, for "unknown X 'Y' (closest: ...)" messages:
// edit distance (insertions, deletions, substitutions; case ignored).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace carc {

std::size_t edit_distance(std::string_view a, std::string_view b);

// Up to `n` of the candidates nearest to `word` and at most `max_distance` edits from it,
// nearest first (ties in the candidates' order), joined with ", "; empty when there are none.
std::string closest_names(std::string_view word, const std::vector<std::string>& candidates, std::size_t n = 3,
                          std::size_t max_distance = std::string_view::npos);
// The distance within which a name reads as a misspelling of another: 2, or a third of its length.
std::size_t typo_distance(std::string_view word);

}  // namespace carc
