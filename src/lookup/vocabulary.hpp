#pragma once
// The multilingual vocabulary of `lookup` (oracle/lookup/vocabulary.yaml,
// embedded): per concept (abbot, garden, flier, ...) its kind and the words
// players use for it in each language, and each language's stop words. The
// file's format is documented at its top; read_vocabulary() is its strict
// reader (unknown keys, languages and kinds, duplicate forms, and scalars YAML
// would read as something other than text are located errors).
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "data/diagnostic.hpp"

namespace carc {

// The languages lookup reads, in tie-break order.
inline constexpr std::array<std::string_view, 8> kLanguages{"en", "es", "ca", "de", "fr", "it", "nl", "pl"};
// The index of a language code in kLanguages, or -1.
int language_index(std::string_view code);

// How much a concept word weighs in a query, most first.
enum class ConceptKind : std::uint8_t { Figure, Feature, Expansion, Action, Publisher, Edition, Term };
std::string_view concept_kind_name(ConceptKind k);

struct Concept {
  std::string id;  // the search term every form folds to
  ConceptKind kind = ConceptKind::Term;
  std::map<int, std::vector<std::string>> words;  // language index -> forms as written, headword first
  // The headword in a language, else the English one (every concept has English words).
  const std::string& headword(int language) const;
};

struct Vocabulary {
  std::map<int, std::vector<std::string>> stop_words;  // language index -> words as written
  std::vector<Concept> concepts;                       // file order
};

// Reads a vocabulary file; problems go to `diags` located in `file`.
Vocabulary read_vocabulary(const std::string& text, const std::string& file, Diagnostics& diags);

// The embedded oracle/lookup/vocabulary.yaml; a broken file is an internal error (exit 70).
const Vocabulary& builtin_vocabulary();

// The vocabulary as one JSON object with the file's shape (languages, stop_words, concepts),
// for tools and client-side search.
nlohmann::ordered_json vocabulary_json(const Vocabulary& v);

}  // namespace carc
