#pragma once
// Text to search terms (src/lookup/README.md "How a query is read"). The
// ledger and scenarios are read as English; a query is read in its own
// language (guessed from its words, or given): phrases and words of the
// vocabulary (oracle/lookup/vocabulary.yaml) fold to their concept id
// ("Fluggerät", "máquina voladora", "flying machine" -> flier), stop words of
// the language are dropped, other words keep their English stem, and a word
// no text or vocabulary knows is corrected when exactly one known word is
// within one edit (4-7 letters) or two (8 or more).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lookup/vocabulary.hpp"
#include "lookup/words.hpp"

namespace carc {

// The search terms of an English text (ledger or scenario), in order.
std::vector<std::string> search_terms(std::string_view text);

// Words of the texts searched, folded, to the term each reads as: what typos are corrected to.
using TextWords = std::map<std::string, std::string, std::less<>>;
// search_terms(), also recording each word read into `words`.
std::vector<std::string> search_terms(std::string_view text, TextWords& words);

// How a query word became its term.
enum class TermMatch : std::uint8_t {
  Exact,  // a vocabulary word or phrase as written (accents and case aside)
  Stem,   // a vocabulary word after the language's stemming ("Gärten" for "Garten")
  Typo,   // corrected to the one vocabulary or text word within the edit limit
  Word,   // a plain word, searched by its English stem
};
std::string_view term_match_name(TermMatch m);  // "exact", "stem", "typo", "word"

struct QueryTerm {
  std::string term;   // the search term: a concept id, or a plain word's stem
  std::string typed;  // the query's word(s) it was read from, folded
  std::string shown;  // the concept's headword in the query's language; for a plain word, the word
  bool is_concept = false;
  ConceptKind kind = ConceptKind::Term;  // meaningful when is_concept
  TermMatch match = TermMatch::Word;
};

struct QueryReading {
  int language = 0;  // index in kLanguages
  bool language_given = false;
  std::vector<std::string> ids;  // ledger and scenario ids written in the query, canonical
  std::vector<QueryTerm> terms;  // in the order written, duplicates kept
};

// Reads a query. `language` is an index of kLanguages, or -1 to guess it from the words.
QueryReading read_query(std::string_view query, const TextWords& text_words, int language = -1);

// The language a text is most likely written in (index of kLanguages); English when nothing tells.
int guess_language(std::string_view text);

// Ledger and scenario ids written in the text, in canonical spelling, in any case
// and with a dash, a space or nothing between the parts: "fm13", "FM 13", "FM-13" ->
// "FM-13"; "v-cc-2", "V CC 2" -> "V-CC-2"; "fm-13-a" -> "FM-13-a".
std::vector<std::string> ids_in(std::string_view text);
// The text without the ids ids_in finds, so "FM-13 landing" searches words for "landing" only.
std::string without_ids(std::string_view text);

}  // namespace carc
