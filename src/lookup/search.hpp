#pragma once
// Ranked search over the rulings ledger (rulings and switches) and the
// scenarios, for `carc-oracle lookup` (src/lookup/README.md).
//
// Ids written in the query (FM-13, V-CC-2, FM-13-a) match exactly and rank
// first. Words are read by read_query() in the query's language and scored per
// document field with a field weight (titles above statements, notes and
// sources), a length damping, the term's rarity (idf) and the term's own
// weight (figures, features, expansions and actions above generic words); a
// document matching only some of the words is scaled by the weighted share
// matched, cubed, and one whose title or statement holds several of the
// question's concepts together (the same figure with the same feature) gains.
// A ruling also gains from the scenarios that pin it and the switches it feeds.
// Ties break by kind (ruling, switch, scenario) and id, so the order is
// deterministic. The best hit is confident only when it answers most of what
// the question names (see SearchResult::confident).
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lookup/text_search.hpp"
#include "scenario/corpus.hpp"

namespace carc {

enum class HitKind : std::uint8_t { Ruling, Switch, Scenario };
std::string_view hit_kind_name(HitKind k);  // "ruling", "switch", "scenario"

struct Hit {
  HitKind kind = HitKind::Ruling;
  std::string id, title;
  double score = 0;
  std::vector<std::string> matched;  // query terms found (and "id" for an exact id)
  std::vector<std::string> shown;    // the matched terms as the query's language writes them
  double coverage = 0;               // the weighted share of the query's terms it matches, 0..1
  double concept_coverage = 0;       // the same over the query's rules concepts only (1 when it names none)
  int concepts_matched = 0;          // rules concepts (figure, feature, expansion, action, publisher, edition) matched
  int concepts_together = 0;         // most of the question's figures, features, expansions and actions in one
                                     // title or statement
  bool figure_at_feature = false;    // one title or statement holds a figure and a feature of the question
};

struct SearchResult {
  int language = 0;  // index in kLanguages
  bool language_given = false;
  std::vector<std::string> terms;     // the query's search terms
  std::vector<std::string> ids;       // ids written in the query
  std::vector<QueryTerm> understood;  // how each query word was read
  // Words of an English query that no ruling, switch or scenario uses and the vocabulary does not
  // know (numbers aside), as typed: a sign the question is about something else.
  std::vector<std::string> unknown;
  std::vector<Hit> hits;  // best first
  // The best hit answers the question: an exact id; or it matches half the weight of the
  // question's rules concepts and kMinConfidence of the whole question's weight with two
  // or more rules concepts, kMinConfidenceOneConcept with one; and when the question has
  // unknown words, two of its figures, features, expansions or actions stand together in the
  // hit's title or statement. Otherwise the hits are only suggestions (src/lookup/README.md
  // "Honesty").
  bool confident = false;
  double confidence = 0;  // the best hit's coverage, 0..1 (1 for an exact id)
  // The best hit's score over the score of the best hit that answers otherwise: not the same
  // ruling, nor a switch, ruling or scenario linked to it (0 when there is none, or for an exact id).
  double margin = 0;
  std::string runner_up;  // that hit's id
};

inline constexpr double kMinConfidence = 0.5;
inline constexpr double kMinConfidenceOneConcept = 0.75;
// A confident card must beat the best hit that answers otherwise by this factor (src/lookup/README.md "Honesty").
inline constexpr double kMinMargin = 1.01;

// How a query term scores in a document (src/lookup/README.md "Ranking"). Classic: its best field's
// weight damped by that field's length, times its rarity. Bm25f: BM25F over all the document's
// fields (each field's weight times its term frequency, normalised by the field's length against
// that field's average, saturated with k1 and multiplied by the BM25 idf). Both are measured on the
// forum set (tests/lookup_eval_test.cpp); lookup uses the one that measured better.
enum class Scorer : std::uint8_t { Classic, Bm25f };
inline constexpr double kBm25K1 = 1.2;
inline constexpr double kBm25B = 0.75;

// The ranking's measured choices (src/lookup/README.md "Ranking"); lookup uses the defaults, the
// evaluation tests build indexes with other values to measure them against the defaults.
struct SearchOptions {
  Scorer scorer = Scorer::Classic;
  // A title holding one of the question's actions (the predicate): the score's factor.
  double predicate_in_title = 1.2;
  // The rulings as players ask them (oracle/lookup/asked.yaml): the weight of the field a ruling's or
  // switch's asked questions make (read in their languages); 0 leaves them out.
  double asked_weight = 0.8;
};

class SearchIndex {
 public:
  // Indexes the built-in ledger and the valid scenarios of the corpus, which must outlive the index.
  explicit SearchIndex(const Corpus& corpus, SearchOptions options = {});

  // `language`: an index of kLanguages, or -1 to guess it from the query.
  SearchResult search(std::string_view query, int language = -1) const;
  // The valid scenarios that cite a ruling or switch id in `rulings:`, by id.
  std::vector<const Scenario*> scenarios_of(std::string_view ledger_id) const;
  const Scenario* scenario(std::string_view id) const;

 private:
  struct Field {
    double weight = 1;
    std::vector<std::string> terms;
    bool core = false;  // a title or statement: where the question's concepts should meet
  };
  struct Doc {
    HitKind kind = HitKind::Ruling;
    std::string id, title;
    std::vector<Field> fields;
    std::vector<std::string> links;  // rulings of a scenario or switch; switches of a ruling
  };
  struct WeightedTerm {
    const QueryTerm* term = nullptr;
    double weight = 1;
    bool rules_concept = false;  // figure, feature, expansion, action, publisher or edition
    bool meets = false;          // figure, feature, expansion or action: what a title or statement pairs
  };

  void add_rulings();
  void add_asked();
  void add_switches();
  void add_scenarios(const Corpus& corpus);
  Field field(double weight, std::string_view text, bool core = false);
  double word_score(const Doc& d, const std::vector<WeightedTerm>& terms, Hit& hit) const;
  double id_score(const Doc& d, const std::vector<std::string>& ids) const;
  double idf(const std::string& term) const;
  double bm25f(const Doc& d, const std::string& term) const;
  const Doc* doc(std::string_view id) const;  // by id, nullptr when none

  std::vector<Doc> docs_;
  std::vector<const Scenario*> scenarios_;                     // valid ones, by id
  std::map<std::string, int, std::less<>> df_;                 // documents holding each term
  std::map<std::string, std::size_t, std::less<>> doc_index_;  // id -> index in docs_
  TextWords words_;                                            // every word of the texts, for typo correction
  SearchOptions options_;

  std::vector<std::vector<double>> average_length_;  // per kind, per field index: mean terms (BM25F)
};

}  // namespace carc
