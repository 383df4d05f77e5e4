#pragma once
// The rulings book (`carc-oracle book --out DIR`, src/lookup/README.md "The book"): a static,
// offline site of the ledger. One page per ruling (statement, status, disputed flag, the
// sources with dates, links and quoted passages, the variant switches with the presets taking
// each value, every scenario citing it with its boards before and after its moves, the
// question and our engine's answer), one page per switch (what each preset plays), and an
// index by expansion and by figure with a client-side search over the multilingual lookup
// vocabulary. Pages share the HTML report's look: its style sheet and its board pictures
// (report/html_parts.hpp).
#include <cstddef>
#include <string>

#include "lookup/search.hpp"
#include "runner/subject.hpp"

namespace carc {

struct BookStats {
  std::size_t pages = 0, rulings = 0, switches = 0, scenarios = 0, boards = 0;
  std::size_t bytes = 0;  // of every file written
};

// A file of the book: its path relative to the book's folder and its text.
struct BookFile {
  std::string path, text;
};

// Every file of the book for the built-in ledger and the scenarios `index` holds, answered by
// `subject` (our engine). The caller writes them (cli/book.cpp).
std::vector<BookFile> make_book(const SearchIndex& index, Subject& subject, BookStats& stats);

}  // namespace carc
