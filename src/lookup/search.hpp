#pragma once
// Ranked search over the rulings ledger (rulings and switches) and the
// scenarios, for `carc-oracle lookup` (src/lookup/README.md).
//
// Ids written in the query (FM-13, V-CC-2, FM-13-a) match exactly and rank
// first. Words are read by search_terms() and scored per document field with
// a field weight (titles and ids above statements, notes and sources), a
// length damping and the term's rarity (idf); a document matching only some
// of the words is scaled by the share matched, squared. A ruling also gains
// from the scenarios that pin it and the switches it feeds. Ties break by
// kind (ruling, switch, scenario) and id, so the order is deterministic.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "scenario/corpus.hpp"

namespace carc {

enum class HitKind : std::uint8_t { Ruling, Switch, Scenario };
std::string_view hit_kind_name(HitKind k);  // "ruling", "switch", "scenario"

struct Hit {
  HitKind kind = HitKind::Ruling;
  std::string id, title;
  double score = 0;
  std::vector<std::string> matched;  // query terms found (and "id" for an exact id)
};

struct SearchResult {
  std::vector<std::string> terms;  // the query's search terms
  std::vector<std::string> ids;    // ids written in the query
  std::vector<Hit> hits;           // best first
};

class SearchIndex {
 public:
  // Indexes the built-in ledger and the valid scenarios of the corpus, which must outlive the index.
  explicit SearchIndex(const Corpus& corpus);

  SearchResult search(std::string_view query) const;
  // The valid scenarios that cite a ruling or switch id in `rulings:`, by id.
  std::vector<const Scenario*> scenarios_of(std::string_view ledger_id) const;
  const Scenario* scenario(std::string_view id) const;

 private:
  struct Field {
    double weight = 1;
    std::vector<std::string> terms;
  };
  struct Doc {
    HitKind kind = HitKind::Ruling;
    std::string id, title;
    std::vector<Field> fields;
    std::vector<std::string> links;  // rulings of a scenario or switch; switches of a ruling
  };

  void add_rulings();
  void add_switches();
  void add_scenarios(const Corpus& corpus);
  double word_score(const Doc& d, const std::vector<std::string>& terms, std::vector<std::string>& matched) const;
  double id_score(const Doc& d, const std::vector<std::string>& ids) const;
  double idf(const std::string& term) const;

  std::vector<Doc> docs_;
  std::vector<const Scenario*> scenarios_;  // valid ones, by id
  std::map<std::string, int, std::less<>> df_;  // documents holding each term
};

}  // namespace carc
