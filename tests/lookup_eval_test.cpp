// lookup's evaluation sets (tests/data/lookup-eval.yaml, lookup-holdout.yaml,
// lookup-third.yaml): questions players ask in eight languages, each with the
// ledger ids that answer it, and junk queries that nothing answers. Pins top-1
// and top-3 accuracy overall and per language, and that no junk query gets a
// confident answer. CARC_LOOKUP_EVAL_REPORT=1 prints every question's ranking
// and the accuracy per language (the README's tables).
#include <catch2/catch.hpp>

#include <yaml-cpp/yaml.h>
#include <cstdlib>
#include <iostream>
#include <map>

#include "data/ledger.hpp"
#include "lookup/search.hpp"

using namespace carc;

namespace {

struct Question {
  std::string lang, text;
  std::vector<std::string> answers;
  std::vector<std::string> tags;  // lookup-forum.yaml: dec (a December expansion), two (two expansions)
};

constexpr const char* kEval = "lookup-eval.yaml";
constexpr const char* kHoldout = "lookup-holdout.yaml";
constexpr const char* kThird = "lookup-third.yaml";
constexpr const char* kForum = "lookup-forum.yaml";
constexpr const char* kFresh = "lookup-fresh.yaml";
constexpr const char* kFresh2 = "lookup-fresh-2.yaml";
constexpr const char* kFresh3 = "lookup-fresh-3.yaml";

std::vector<Question> load(const char* section, const char* file = kEval) {
  const YAML::Node doc = YAML::LoadFile(std::string(CARC_SOURCE_DIR) + "/tests/data/" + file);
  std::vector<Question> out;
  for (const auto& q : doc[section]) {
    Question item{q["lang"].as<std::string>(), q["q"].as<std::string>(), {}, {}};
    if (q["answers"])
      for (const auto& a : q["answers"]) item.answers.push_back(a.as<std::string>());
    if (q["tags"])
      for (const auto& a : q["tags"]) item.tags.push_back(a.as<std::string>());
    out.push_back(std::move(item));
  }
  return out;
}

const Corpus& eval_corpus() {
  static const Corpus corpus = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios"});
  return corpus;
}

const SearchIndex& eval_index() {
  static const SearchIndex index(eval_corpus());
  return index;
}

// The same documents ranked by BM25F, measured against lookup's scorer (issue 48).
const SearchIndex& bm25f_index() {
  static const SearchIndex index(eval_corpus(), SearchOptions{Scorer::Bm25f});
  return index;
}

// lookup without the rulings as players ask them (oracle/lookup/asked.yaml), measured against it.
const SearchIndex& unasked_index() {
  SearchOptions options;
  options.asked_weight = 0;
  static const SearchIndex index(eval_corpus(), options);
  return index;
}

// The ledger ids in the order lookup ranks them: a scenario hit stands for its first ruling.
std::vector<std::string> ranking(const SearchResult& r) {
  std::vector<std::string> out;
  for (const Hit& h : r.hits) {
    std::string id = h.id;
    if (h.kind == HitKind::Scenario) {
      const Scenario* s = eval_index().scenario(h.id);
      if (!s || s->rulings.empty()) continue;
      id = s->rulings.front();
    }
    if (std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  }
  return out;
}

// The 1-based rank of the first answer among the first `depth` ids, 0 when none is there.
int rank_of(const std::vector<std::string>& ranked, const std::vector<std::string>& answers, std::size_t depth) {
  for (std::size_t i = 0; i < ranked.size() && i < depth; ++i)
    if (std::find(answers.begin(), answers.end(), ranked[i]) != answers.end()) return static_cast<int>(i) + 1;
  return 0;
}

struct Tally {
  int asked = 0, top1 = 0, top3 = 0, confident = 0;
};

std::string percent(int n, int of) { return of == 0 ? "-" : std::to_string((100 * n + of / 2) / of) + "%"; }

bool report() {
  const char* v = std::getenv("CARC_LOOKUP_EVAL_REPORT");
  return v != nullptr && std::string(v) == "1";
}

struct Tallies {
  std::map<std::string, Tally> per_language;
  Tally all;
};

// Asks every question of a file; prints misses (and everything when reporting).
Tallies ask_all(const char* file) {
  std::map<std::string, Tally> per_language;
  Tally all;
  for (const auto& q : load("questions", file)) {
    const SearchResult r = eval_index().search(q.text);
    const auto ranked = ranking(r);
    const int rank = rank_of(ranked, q.answers, 3);
    for (Tally* t : {&per_language[q.lang], &all}) {
      ++t->asked;
      t->top1 += rank == 1;
      t->top3 += rank >= 1;
      t->confident += r.confident;
    }
    if (report() || rank == 0) {
      std::string top;
      for (std::size_t i = 0; i < ranked.size() && i < 5; ++i) top += " " + ranked[i];
      std::string read;
      for (const auto& t : r.understood) read += " " + t.term + "(" + std::string(term_match_name(t.match)) + ")";
      std::cout << (rank == 1  ? "  ok "
                    : rank > 0 ? "  #" + std::to_string(rank) + " "
                               : "  MISS ")
                << "[" << q.lang << "/" << kLanguages[static_cast<std::size_t>(r.language)] << "] " << q.text
                << "\n      expected";
      for (const auto& a : q.answers) std::cout << " " << a;
      std::cout << "; got" << top << (r.confident ? "" : " (not confident)") << " (margin " << r.margin << ")"
                << "; read as" << read << "\n";
    }
  }
  if (report()) {
    std::cout << file << "\n| language | questions | top-1 | top-3 | confident |\n|---|---|---|---|---|\n";
    for (const auto l : kLanguages) {
      const Tally& t = per_language[std::string(l)];
      std::cout << "| " << l << " | " << t.asked << " | " << percent(t.top1, t.asked) << " | "
                << percent(t.top3, t.asked) << " | " << percent(t.confident, t.asked) << " |\n";
    }
    std::cout << "| all | " << all.asked << " | " << percent(all.top1, all.asked) << " | "
              << percent(all.top3, all.asked) << " | " << percent(all.confident, all.asked) << " |\n";
  }
  return {per_language, all};
}

// The junk queries of a file that got a confident answer.
int confident_junk(const char* file) {
  int confident = 0;
  for (const auto& q : load("junk", file)) {
    const SearchResult r = eval_index().search(q.text);
    if (r.confident || report()) {
      std::string read;
      for (const auto& t : r.understood) read += " " + t.term + "(" + std::string(term_match_name(t.match)) + ")";
      std::cout << (r.confident ? "  CONFIDENT " : "  ok ") << "[" << q.lang << "] " << q.text << " -> "
                << (r.hits.empty() ? std::string("nothing") : r.hits.front().id) << " (" << r.confidence << "); read as"
                << read << "\n";
    }
    confident += r.confident;
  }
  return confident;
}

// What a set is pinned at: top-1 overall and per language at least as measured, every question
// in the top 3 (overall and per language), at least `confident` questions confident (-1: all), and no
// junk query confident.
struct Pins {
  int top1 = 0;
  int confident = -1;
  std::map<std::string, int> top1_per_language;
};

Tally check_set(const char* file, const Pins& pins) {
  const Tallies t = ask_all(file);
  const Tally& all = t.all;
  INFO(file << ": top-1 " << all.top1 << "/" << all.asked << ", top-3 " << all.top3 << "/" << all.asked
            << ", confident " << all.confident);
  CHECK(all.top1 >= pins.top1);
  CHECK(all.top3 == all.asked);
  CHECK(all.confident >= (pins.confident < 0 ? all.asked : pins.confident));
  for (const auto l : kLanguages) {
    const std::string lang(l);
    const Tally got = t.per_language.count(lang) ? t.per_language.at(lang) : Tally{};
    INFO(lang << ": top-1 " << got.top1 << "/" << got.asked << ", top-3 " << got.top3 << "/" << got.asked);
    CHECK(got.asked > 0);
    CHECK(got.top1 >= pins.top1_per_language.at(lang));
    CHECK(got.top3 == got.asked);
  }
  CHECK(confident_junk(file) == 0);
  return all;
}

// The strict measure of issue 48: a question counts for top-1 only when lookup is confident and
// its best id answers it; a confident card with another id is confident-wrong; no card is a miss.
struct Strict {
  int asked = 0, top1 = 0, confident_wrong = 0, no_card = 0;
};

struct StrictTallies {
  std::map<std::string, Strict> per_group;  // languages, the tags, and "all"
  int junk = 0, junk_confident = 0;
};

StrictTallies ask_strict(const char* file, const SearchIndex& index = eval_index()) {
  StrictTallies out;
  for (const auto& q : load("questions", file)) {
    const SearchResult r = index.search(q.text);
    const auto ranked = ranking(r);
    const bool right = r.confident && !ranked.empty() &&
                       std::find(q.answers.begin(), q.answers.end(), ranked.front()) != q.answers.end();
    std::vector<std::string> groups{"all", q.lang};
    for (const auto& t : q.tags) groups.push_back("tag:" + t);
    for (const auto& g : groups) {
      Strict& t = out.per_group[g];
      ++t.asked;
      t.top1 += right;
      t.confident_wrong += r.confident && !right;
      t.no_card += !r.confident;
    }
    if (report() || !right) {
      std::string top;
      for (std::size_t i = 0; i < ranked.size() && i < 5; ++i) top += " " + ranked[i];
      std::string read;
      for (const auto& t : r.understood) read += " " + t.term + "(" + std::string(term_match_name(t.match)) + ")";
      std::cout << (right         ? "  ok "
                    : r.confident ? "  WRONG "
                                  : "  NO-CARD ")
                << "[" << q.lang << "] " << q.text << "\n      expected";
      for (const auto& a : q.answers) std::cout << " " << a;
      std::cout << "; got" << top << " (confidence " << r.confidence << ", margin " << r.margin << " over "
                << r.runner_up << "); read as" << read << "\n";
    }
  }
  for (const auto& q : load("junk", file)) {
    const SearchResult r = index.search(q.text);
    ++out.junk;
    out.junk_confident += r.confident;
    if (r.confident || report())
      std::cout << (r.confident ? "  CONFIDENT " : "  ok ") << "[" << q.lang << "] " << q.text << " -> "
                << (r.hits.empty() ? std::string("nothing") : r.hits.front().id) << "\n";
  }
  if (report()) {
    std::cout << file << "\n| group | questions | top-1 (confident and right) | confident-wrong | no card |\n"
              << "|---|---|---|---|---|\n";
    std::vector<std::string> order{"en", "es", "ca", "de", "fr", "it", "nl", "pl", "tag:dec", "tag:two", "all"};
    for (const auto& g : order) {
      if (!out.per_group.count(g)) continue;
      const Strict& t = out.per_group.at(g);
      std::cout << "| " << g << " | " << t.asked << " | " << percent(t.top1, t.asked) << " (" << t.top1 << ") | "
                << t.confident_wrong << " | " << t.no_card << " |\n";
    }
    std::cout << "junk: " << out.junk_confident << " of " << out.junk << " confident\n";
  }
  return out;
}

}  // namespace

TEST_CASE("lookup answers the evaluation questions: top-1 >= 90%, top-3 100%, no junk confident", "[lookup][eval]") {
  // As measured (src/lookup/README.md "Evaluation").
  const Tally all = check_set(
      kEval, {84, -1, {{"en", 11}, {"es", 11}, {"ca", 9}, {"de", 11}, {"fr", 10}, {"it", 11}, {"nl", 10}, {"pl", 11}}});
  CHECK(all.top1 * 10 >= all.asked * 9);
}

TEST_CASE("lookup answers the second set, written after tuning, as first measured", "[lookup][eval]") {
  // First measured (before the text-word typo limit): top-1 22/24, top-3 24/24, 1 of 8 junk
  // queries confident ("the knight moves in an L shape": a knight and a move, both rules concepts),
  // none since a question with words no ruling or scenario uses needs its concepts together.
  // Protocol 6's ledger (BR-11, V-TB-3: a builder on a city its tile completes) put CC-18 fifth for
  // the Italian "meeple aggiunto ... qualsiasi tessera della città" (aggiunto was unknown, so the
  // builder's short city-and-tile texts won); the past participles of `add` in every language
  // (aggiunto, añadido, hinzugefügt, ...) put it first again. The C3.1 scenarios then put PH-04
  // 0.01 above FM-09 for "can two players' meeples end up in the same cloister because of a flier?"
  // on the words two, end and up (not on the cloister); `up` became an English stop word (a
  // particle, as `just` and `still` are).
  check_set(kHoldout,
            {22, -1, {{"en", 2}, {"es", 3}, {"ca", 3}, {"de", 3}, {"fr", 3}, {"it", 2}, {"nl", 3}, {"pl", 3}}});
}

TEST_CASE("lookup answers the third set as measured after the fixes it led to", "[lookup][eval]") {
  // First measured (with the ranking of the commit that added the set, b51873e): top-1 12/16, top-3
  // 15/16, 14/16 confident, 1 of 18 junk queries confident ("what does a farmer plant in spring?").
  // Then the fixes it showed (the Count's concept id, words for ties, friends and turns, unknown
  // English words) gave 14/16 top-1 with the two Catalan questions below the confidence bar (vuit,
  // voltant, agafa, segona unknown). With the Tower's scenarios TO-08-k ("a builder's double turn is one
  // turn") pushed V-TB-1 out of the top 3 for the Catalan builder question; the `second-tile` concept
  // (segona peça, torn doble, ...) put it first and confident: 15/16, 15 confident, pinned here.
  // The dragon-and-fairy ledger then added PD-14 and PD-32, which state the facts behind the switches
  // V-PD-3 and V-PD-5 the dragon and fairy questions expect; both became accepted answers (the set was
  // written before they existed). Its scenarios also put PD-24 ("castle knights" are not eaten) above
  // CC-28 for the Polish castle question until the vocabulary learnt the instrumental "kręgiem w zbożu":
  // 15/16 again.
  check_set(kThird, {15, 15, {{"en", 1}, {"es", 2}, {"ca", 2}, {"de", 2}, {"fr", 2}, {"it", 2}, {"nl", 2}, {"pl", 2}}});
}

TEST_CASE("the evaluation set names real ledger ids", "[lookup][eval]") {
  const auto questions = load("questions");
  for (const char* file : {kHoldout, kThird})
    for (const auto& q : load("questions", file)) {
      REQUIRE_FALSE(q.answers.empty());
      for (const auto& id : q.answers) CHECK((find_ruling(id) != nullptr || find_ledger_switch(id) != nullptr));
    }
  REQUIRE(questions.size() >= 64);
  std::map<std::string, int> per_language;
  for (const auto& q : questions) {
    ++per_language[q.lang];
    REQUIRE_FALSE(q.answers.empty());
    for (const auto& id : q.answers) {
      INFO(q.text << ": " << id);
      CHECK((find_ruling(id) != nullptr || find_ledger_switch(id) != nullptr));
    }
  }
  for (const auto l : kLanguages) CHECK(per_language[std::string(l)] >= 8);
  CHECK(load("junk").size() >= 20);
}

TEST_CASE("lookup answers forum questions about the December expansions (issue 48)", "[lookup][eval]") {
  const StrictTallies t = ask_strict(kForum);
  const Strict& all = t.per_group.at("all");
  INFO("top-1 " << all.top1 << "/" << all.asked << ", confident-wrong " << all.confident_wrong << ", no card "
                << all.no_card << ", junk confident " << t.junk_confident << "/" << t.junk);
  // Before issue 48 (commit 4f05176 plus this set): top-1 42/89, 21 confident-wrong, 26 without a card.
  // After the December words, Snowball, compounds and the predicate-in-title weight: 75/89, 10
  // confident-wrong, 4 without a card (src/lookup/README.md "Evaluation"); pinned so it cannot fall back.
  CHECK(all.top1 >= 75);
  CHECK(all.confident_wrong <= 10);
  CHECK(t.junk_confident == 0);
}

TEST_CASE("the forum set names real ledger ids and has the mix issue 48 asks for", "[lookup][eval]") {
  const auto questions = load("questions", kForum);
  int outside_english = 0, december = 0, two = 0;
  for (const auto& q : questions) {
    INFO(q.text);
    REQUIRE_FALSE(q.answers.empty());
    for (const auto& id : q.answers) CHECK((find_ruling(id) != nullptr || find_ledger_switch(id) != nullptr));
    outside_english += q.lang != "en";
    december += std::find(q.tags.begin(), q.tags.end(), "dec") != q.tags.end();
    two += std::find(q.tags.begin(), q.tags.end(), "two") != q.tags.end();
  }
  CHECK(questions.size() >= 80);
  CHECK(outside_english >= 40);
  CHECK(december >= 30);
  CHECK(two >= 10);
  CHECK(load("junk", kForum).size() >= 8);
}

TEST_CASE("lookup answers the fresh set written after the issue-48 tuning, as first measured", "[lookup][eval]") {
  const StrictTallies t = ask_strict(kFresh);
  const Strict& all = t.per_group.at("all");
  INFO("top-1 " << all.top1 << "/" << all.asked << ", confident-wrong " << all.confident_wrong << ", no card "
                << all.no_card << ", junk confident " << t.junk_confident << "/" << t.junk);
  // Measured once, nothing tuned on it (src/lookup/README.md "Evaluation"): top-1 30/40, 6 confident-wrong,
  // 4 without a card, junk 0/4; pinned so it cannot fall back (below issue 48's goal of 90% and none wrong).
  // The asked questions (oracle/lookup/asked.yaml) cost this set one: "how many tower pieces does each
  // player get in a 3 player game??" now gets TO-05 over TO-01 (TO-05's asked questions say how far a
  // tower reaches "after adding a floor"), 29/40 and 7 confident-wrong; over the three strict sets they
  // gain 3 right and 4 fewer confident-wrong (the test below), so the pin follows.
  CHECK(all.top1 >= 29);
  CHECK(all.confident_wrong <= 7);
  CHECK(t.junk_confident == 0);
  for (const auto& q : load("questions", kFresh))
    for (const auto& id : q.answers) CHECK((find_ruling(id) != nullptr || find_ledger_switch(id) != nullptr));
}

// The strict counts summed over the forum set and the two fresh sets.
Strict strict_sum(const SearchIndex& index) {
  Strict sum;
  for (const char* file : {kForum, kFresh, kFresh2}) {
    const Strict t = ask_strict(file, index).per_group.at("all");
    sum.asked += t.asked;
    sum.top1 += t.top1;
    sum.confident_wrong += t.confident_wrong;
    sum.no_card += t.no_card;
  }
  return sum;
}

TEST_CASE("BM25F against lookup's scorer on the strict sets (issue 48)", "[lookup][eval][bm25f]") {
  const Strict c = strict_sum(eval_index());
  const Strict b = strict_sum(bm25f_index());
  INFO("lookup's scorer: top-1 " << c.top1 << ", confident-wrong " << c.confident_wrong << ", no card " << c.no_card
                                 << "; BM25F: top-1 " << b.top1 << ", confident-wrong " << b.confident_wrong
                                 << ", no card " << b.no_card);
  // Measured on the forum set alone (src/lookup/README.md "Ranking"): lookup's scorer 75/89, 10
  // confident-wrong, 4 without a card; BM25F 73/89, 11, 5. With the asked questions (a field of each
  // ruling and switch) the forum set alone no longer decides (75 and 10 against 74 and 9), so both are
  // measured over the forum set and the two fresh sets (169 questions): lookup's scorer 134 right, 25
  // confident-wrong; BM25F 132 right, 22 confident-wrong, and one fewer right on each of the holdout and
  // third sets. Neither is better on both counts; lookup keeps its scorer until BM25F is at least as
  // good on both and better on one, and then the default switches.
  CHECK_FALSE((b.top1 >= c.top1 && b.confident_wrong <= c.confident_wrong &&
               (b.top1 > c.top1 || b.confident_wrong < c.confident_wrong)));
  CHECK(ask_strict(kForum, bm25f_index()).junk_confident == 0);
}

TEST_CASE("the rulings as players ask them make lookup better on the strict sets (issue 48)", "[lookup][eval][asked]") {
  const Strict with = strict_sum(eval_index());
  const Strict without = strict_sum(unasked_index());
  INFO("with oracle/lookup/asked.yaml: top-1 " << with.top1 << ", confident-wrong " << with.confident_wrong
                                               << ", no card " << with.no_card << "; without: top-1 " << without.top1
                                               << ", confident-wrong " << without.confident_wrong << ", no card "
                                               << without.no_card);
  // Measured when the file came (759 questions, 3 per ledger entry, written from the rulings): with it
  // 134 of 169 right and 25 confident-wrong, without it 131 and 29 (src/lookup/README.md "Ranking").
  CHECK(with.top1 >= without.top1);
  CHECK(with.confident_wrong <= without.confident_wrong);
  CHECK((with.top1 > without.top1 || with.confident_wrong < without.confident_wrong));
}

// A fresh set measured once: its strict figures at least as pinned, and its make-up as written
// (every answer a ledger id, the size, questions outside English, naming two, about December).
struct FreshPins {
  int top1 = 0, confident_wrong = 0, junk_confident = 0;
  std::size_t questions = 0;
  int outside_english = 0, two = 0, december = 0;
};

void check_fresh(const char* file, const FreshPins& pins) {
  const StrictTallies t = ask_strict(file);
  const Strict& all = t.per_group.at("all");
  INFO(file << ": top-1 " << all.top1 << "/" << all.asked << ", confident-wrong " << all.confident_wrong << ", no card "
            << all.no_card << ", junk confident " << t.junk_confident << "/" << t.junk);
  CHECK(all.top1 >= pins.top1);
  CHECK(all.confident_wrong <= pins.confident_wrong);
  CHECK(t.junk_confident <= pins.junk_confident);
  const auto questions = load("questions", file);
  int outside_english = 0, two = 0, december = 0;
  for (const auto& q : questions) {
    INFO(q.text);
    REQUIRE_FALSE(q.answers.empty());
    for (const auto& id : q.answers) CHECK((find_ruling(id) != nullptr || find_ledger_switch(id) != nullptr));
    outside_english += q.lang != "en";
    two += std::find(q.tags.begin(), q.tags.end(), "two") != q.tags.end();
    december += std::find(q.tags.begin(), q.tags.end(), "dec") != q.tags.end();
  }
  CHECK(questions.size() == pins.questions);
  CHECK(outside_english >= pins.outside_english);
  CHECK(two >= pins.two);
  CHECK(december >= pins.december);
}

TEST_CASE("lookup answers the second fresh set, written before the end figures, as first measured",
          "[lookup][eval][fresh2]") {
  // Measured once, nothing tuned on it (src/lookup/README.md "Evaluation"): top-1 26/40, 12 confident-wrong,
  // 2 without a card, 1 of 4 junk queries confident (the Spanish "¿A qué hora abre el circo de la ciudad el
  // domingo?" got BT-02: circus and city are rules concepts, and the unknown-word guard reads English only).
  // Pinned as measured so it cannot fall back; far below issue 48's goal (90%, none wrong, no junk answered).
  // One more confident-wrong card since: REG-008 (a regression scenario about the dragon, a tile
  // and a tower's top) moved the corpus's term weights, and "does the dragon ever go back to the
  // tile it just came from?", without a card before, now gets PD-16 (its dragon tiles "shuffled
  // back") over PD-20 - lookup's ranking still turns on unrelated text (issue 48, open).
  // The asked questions (oracle/lookup/asked.yaml) then took it to 30/40 and 8 confident-wrong: pinned there.
  check_fresh(kFresh2, {30, 8, 1, 40, 20, 10, 40});
}

TEST_CASE("lookup answers the third fresh set, written beside the asked questions, as first measured",
          "[lookup][eval][fresh3]") {
  // Written by one engineer while another wrote oracle/lookup/asked.yaml, neither seeing the other's file
  // nor any lookup output; measured once, nothing tuned on it (src/lookup/README.md "Evaluation"): top-1
  // 29/44 (66%), 9 confident-wrong, 6 without a card, 2 of 6 junk queries confident (a German chess
  // "Turm" and a Catalan castle museum: tower and castle are rules concepts, and the unknown-word guard
  // reads English only). Pinned as measured; far below issue 48's goal (90%, none wrong, no junk).
  check_fresh(kFresh3, {29, 9, 2, 44, 26, 10, 20});
}
