#pragma once
// Words as typed, in any of lookup's languages: folded to lowercase ASCII,
// split, and stemmed by a light per-language stemmer. Queries, the ledger and
// the vocabulary all go through these, so the sides meet in one form.
#include <string>
#include <string_view>
#include <vector>

namespace carc {

// Lowercase ASCII: accents and umlauts folded (Glück -> gluck, łąka -> laka, ß -> ss,
// œ -> oe), the Catalan middle dot joined (col·locar -> collocar), apostrophes,
// punctuation and every other character a space. Invalid UTF-8 bytes become spaces.
std::string fold(std::string_view text);

// The code points of UTF-8 text; an invalid byte reads as U+FFFD.
std::vector<char32_t> code_points(std::string_view text);
// The lowercase of a Latin-1 or Latin Extended-A letter; other code points unchanged.
char32_t lower_latin(char32_t c);

// The words of folded text: runs of letters and digits; a dot between digits stays ("c3.1").
std::vector<std::string> words_of(std::string_view folded);

// The stem of one folded word in a language (an index of kLanguages): plural and
// common inflection endings removed, so "abbots" -> "abbot", "jardines" -> "jardin",
// "Gärten"/"Garten" -> "gart", "cerchi"/"cerchio" -> "cerch", "kręgach" -> "kreg".
// Words of three letters or fewer, and words ending in a digit, are kept whole.
std::string stem_in(std::string_view word, int language);
// The English stem: "scoring", "scores" -> "scor"; "occupied" -> "occupy".
std::string stem(std::string_view word);
// The Snowball stem (libstemmer) of one folded word in a language, or "" for a language
// Snowball does not cover (Polish) and for words of three letters or fewer: "capturer" and
// "capturé" -> "captur", "catturato" -> "cattur". Thread-safe (one stemmer per thread).
std::string snowball_stem(std::string_view word, int language);
// Whether libstemmer could be opened (it is opened on first use, not at start-up).
bool snowball_available();
// Whether Snowball covers a language (all of lookup's but Polish).
bool snowball_covers(int language);

// The Damerau-Levenshtein distance (optimal string alignment: a swap of two
// neighbours is one edit) when it is at most `limit`, else limit + 1.
int edit_distance(std::string_view a, std::string_view b, int limit);

}  // namespace carc
