#pragma once
// The rulings as players ask them (oracle/lookup/asked.yaml, embedded): per ledger id (ruling or
// switch), questions written the way players write them on forums, in the eight languages of the
// vocabulary. lookup compares a question with them (SearchIndex, src/lookup/README.md "Ranking"):
// a ruling whose asked questions name the same things as the query gains. The file is written from
// the ledger's rulings, never from lookup's evaluation sets (tests/data/lookup-*.yaml).
#include <cstddef>
#include <string>
#include <vector>

#include "data/diagnostic.hpp"

namespace carc {

struct AskedQuestion {
  std::string id;    // a ledger ruling or switch id
  int language = 0;  // index of kLanguages
  std::string text;
};

// Bounds of the file, checked while reading.
inline constexpr std::size_t kMaxAskedQuestions = 20000;
inline constexpr std::size_t kMaxAskedLength = 400;  // bytes of one question

// Reads an asked-questions file; problems go to `diags` located in `file`: unknown keys, an id the
// ledger lacks, an unknown language, an empty, overlong or repeated question.
std::vector<AskedQuestion> read_asked(const std::string& text, const std::string& file, Diagnostics& diags);

// The embedded oracle/lookup/asked.yaml, read once; a broken or missing one is an internal error
// (exit 70), as the vocabulary's (tests/lookup_asked_test.cpp reads the real file).
const std::vector<AskedQuestion>& builtin_asked();

}  // namespace carc
