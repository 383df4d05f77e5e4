#pragma once
// The glossary of game terms (oracle/lookup/glossary.yaml, embedded): per concept of the
// vocabulary, its official name in each language as printed in that language's rulebook or
// publisher text, with the source it was read in and that source's tier. The vocabulary holds
// every word lookup matches (official and forum words); the glossary says which of them is the
// printed name and where it is printed, and read_glossary() checks that each official name is a
// word of its concept in the vocabulary, so lookup matches every printed name. lookup does not
// read the glossary to answer a question (start-up stays as it was); tests and `carc-oracle
// check`'s data readers do.
#include <map>
#include <string>
#include <vector>

#include "data/diagnostic.hpp"
#include "lookup/vocabulary.hpp"

namespace carc {

struct GlossarySource {
  std::string key, title, url;
  std::string tier;  // RULE, OFFICIAL, COMMUNITY or UNVERIFIED (the ledger's tiers)
};

struct GlossaryName {
  int language = 0;    // index of kLanguages
  std::string name;    // as printed
  std::string source;  // a key of the sources
};

struct GlossaryTerm {
  std::string concept_id;  // a concept of the vocabulary
  std::vector<GlossaryName> names;
};

struct Glossary {
  std::vector<GlossarySource> sources;
  std::vector<GlossaryTerm> terms;
};

// Reads a glossary file against a vocabulary; problems go to `diags` located in `file`.
Glossary read_glossary(const std::string& text, const std::string& file, const Vocabulary& vocabulary,
                       Diagnostics& diags);

// The embedded oracle/lookup/glossary.yaml read against the built-in vocabulary, with its
// problems (none when the file is sound).
Glossary builtin_glossary(Diagnostics& diags);

}  // namespace carc
