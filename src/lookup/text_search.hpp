#pragma once
// Words as people type them, turned into search terms: lowercased (German
// umlauts folded), split, stop words dropped, phrases and synonyms folded to
// one term ("flying machine" -> flier, "Z-Man" -> zmg, "1st edition" -> c1,
// meeple -> follower, monastery -> cloister, meadow -> field, thief/robber ->
// highwayman), and simple stemming (plurals, -ing, -ed, a final e). The same
// function reads queries and the texts searched, so both meet in one form.
#include <string>
#include <string_view>
#include <vector>

namespace carc {

std::vector<std::string> search_terms(std::string_view text);

// The stem of one lowercase word: "abbots" -> "abbot", "scoring" -> "scor", "occupied" -> "occupy".
std::string stem(std::string_view word);

// Ledger and scenario ids written in the text, in canonical spelling:
// "fm13", "FM-13" -> "FM-13"; "v-cc-2" -> "V-CC-2"; "fm-13-a" -> "FM-13-a".
std::vector<std::string> ids_in(std::string_view text);
// The text without the ids ids_in finds, so "FM-13 landing" searches words for "landing" only.
std::string without_ids(std::string_view text);

}  // namespace carc
