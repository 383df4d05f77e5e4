#pragma once
// `carc-oracle lookup QUERY`: the ranked matches, then in full the top
// ruling(s) (statement, sources with dates and tiers, the switches on which
// publishers and editions differ, and our engine's answer on the ruling's
// scenarios with the board), as text or one JSON object.
#include <ostream>
#include <string>

#include "lookup/cards_text.hpp"
#include "lookup/search.hpp"

namespace carc {

struct LookupRequest {
  std::string query;
  int language = -1;    // index of kLanguages; -1 = guess from the query
  std::string ruleset;  // preset name; empty = per scenario (hig-c3 where it applies)
  bool json = false;
  int top = 1;      // rulings shown in full
  int matches = 8;  // matches listed
  TextOptions text;
};

// Writes the answer; false when nothing matches confidently (the message says so and,
// when something matched at all, lists the nearest candidates as suggestions).
bool write_lookup(const SearchIndex& index, const LookupRequest& request, std::ostream& out);

// The rulings to show in full for a confident search: from ruling hits, and the first ruling of scenario hits.
std::vector<std::string> rulings_to_show(const SearchIndex& index, const SearchResult& result, int top);

}  // namespace carc
