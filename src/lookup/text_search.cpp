#include "lookup/text_search.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <set>

#include "data/ledger.hpp"
#include "lookup/words.hpp"

namespace carc {
namespace {

constexpr int kEnglishIndex = 0;
constexpr std::size_t kLanguageCount = kLanguages.size();

// A vocabulary phrase of two or more words, with each word's stem in its language.
struct Phrase {
  std::vector<std::string> words, stems;
  int concept_index = 0;
  std::string written;  // the form as the vocabulary writes it
};

// One language's side of the vocabulary, folded, for matching.
struct LanguageWords {
  std::set<std::string, std::less<>> stop;
  std::map<std::string, int, std::less<>> forms;  // a single folded word -> concept index
  std::map<std::string, int, std::less<>> stems;  // its stem -> concept index
  // The Snowball stem of each single-word form -> concept index, -1 when forms of two concepts share it.
  std::map<std::string, int, std::less<>> snow;
  std::map<std::string, std::string, std::less<>> written;  // a folded form or stem -> the form as written
  std::vector<Phrase> phrases;                              // longest first
  // Indices of the phrases (longest first) by their first word and by its stem: the only phrases
  // that can start at a word (a text's every word is tried, so this keeps reading the corpus fast).
  std::map<std::string, std::vector<std::size_t>, std::less<>> phrases_at;
};

struct Lexicon {
  const Vocabulary* vocabulary = nullptr;
  std::array<LanguageWords, kLanguageCount> languages;
};

const Lexicon& lexicon() {
  static const Lexicon lex = [] {
    Lexicon out;
    out.vocabulary = &builtin_vocabulary();
    for (const auto& [l, words] : out.vocabulary->stop_words)
      for (const auto& w : words) out.languages[static_cast<std::size_t>(l)].stop.insert(fold(w));
    for (std::size_t c = 0; c < out.vocabulary->concepts.size(); ++c) {
      for (const auto& [l, forms] : out.vocabulary->concepts[c].words) {
        LanguageWords& lw = out.languages[static_cast<std::size_t>(l)];
        for (const auto& form : forms) {
          const auto words = words_of(fold(form));
          if (words.size() == 1) {
            lw.forms.emplace(words[0], static_cast<int>(c));
            lw.stems.emplace(stem_in(words[0], l), static_cast<int>(c));
            lw.written.emplace(words[0], form);
            lw.written.emplace(stem_in(words[0], l), form);
            if (const std::string sb = snowball_stem(words[0], l); !sb.empty()) {
              const auto [it, added] = lw.snow.emplace(sb, static_cast<int>(c));
              if (!added && it->second != static_cast<int>(c)) it->second = -1;
              lw.written.emplace("\x01" + sb, form);
            }
            continue;
          }
          Phrase p{words, {}, static_cast<int>(c), form};
          for (const auto& w : words) p.stems.push_back(stem_in(w, l));
          lw.phrases.push_back(std::move(p));
        }
      }
    }
    for (auto& lw : out.languages) {
      std::stable_sort(lw.phrases.begin(), lw.phrases.end(),
                       [](const Phrase& a, const Phrase& b) { return a.words.size() > b.words.size(); });
      for (std::size_t i = 0; i < lw.phrases.size(); ++i) {
        auto& by_word = lw.phrases_at[lw.phrases[i].words.front()];
        by_word.push_back(i);
        if (lw.phrases[i].stems.front() != lw.phrases[i].words.front()) {
          auto& by_stem = lw.phrases_at[lw.phrases[i].stems.front()];
          if (by_stem.empty() || by_stem.back() != i) by_stem.push_back(i);
        }
      }
    }
    return out;
  }();
  return lex;
}

const Concept& concept_at(int index) { return lexicon().vocabulary->concepts[static_cast<std::size_t>(index)]; }

// Folded words with their stems per language, each stem computed once when first asked for.
class Words {
 public:
  explicit Words(std::vector<std::string> words) : words_(std::move(words)) {}
  std::size_t size() const { return words_.size(); }
  const std::string& operator[](std::size_t i) const { return words_[i]; }
  const std::string& stem(std::size_t i, int l) const {
    auto& stems = stems_[static_cast<std::size_t>(l)];
    if (stems.empty()) {
      stems.resize(words_.size());
      for (std::size_t k = 0; k < words_.size(); ++k) stems[k] = stem_in(words_[k], l);
    }
    return stems[i];
  }

 private:
  std::vector<std::string> words_;
  mutable std::array<std::vector<std::string>, kLanguageCount> stems_;
};

// The words a phrase of language `l` covers at `at`, 0 when it does not match; `stemmed` when a word matched by stem
// only.
std::size_t phrase_length(const Phrase& p, const Words& words, std::size_t at, int l, bool& stemmed) {
  if (at + p.words.size() > words.size()) return 0;
  stemmed = false;
  for (std::size_t k = 0; k < p.words.size(); ++k) {
    if (words[at + k] == p.words[k]) continue;
    if (words.stem(at + k, l) != p.stems[k]) return 0;
    stemmed = true;
  }
  return p.words.size();
}

// The longest phrase at `at`, trying the languages in `order`.
struct PhraseMatch {
  int concept_index = -1;
  std::size_t length = 0;
  bool stemmed = false;
  std::string written;
};
// The phrases of language `l` that may start at `at`: those whose first word or its stem is the word's.
template <typename F>
void for_phrases_at(const Words& words, std::size_t at, int l, F&& f) {
  const LanguageWords& lw = lexicon().languages[static_cast<std::size_t>(l)];
  for (const std::string* key : {&words[at], &words.stem(at, l)}) {
    const auto it = lw.phrases_at.find(*key);
    if (it == lw.phrases_at.end()) continue;
    for (const std::size_t i : it->second)
      if (!f(lw.phrases[i])) return;
    if (words.stem(at, l) == words[at]) return;
  }
}

PhraseMatch longest_phrase(const Words& words, std::size_t at, const std::vector<int>& order) {
  PhraseMatch best;
  for (const int l : order)
    for_phrases_at(words, at, l, [&](const Phrase& p) {
      if (p.words.size() <= best.length) return true;  // a shorter one: the other key may hold a longer one
      bool stemmed = false;
      if (phrase_length(p, words, at, l, stemmed) > 0) best = {p.concept_index, p.words.size(), stemmed, p.written};
      return true;
    });
  return best;
}

// `written`: the vocabulary form the word matched, shown back as the query's reading (a query saying
// "diagonally" reads as the form "diagonally", not as another form of its concept); empty: the headword.
QueryTerm concept_term(int concept_index, int language, std::string typed, TermMatch match,
                       const std::string& written = {}) {
  const Concept& c = concept_at(concept_index);
  return {c.id, std::move(typed), written.empty() ? c.headword(language) : written, true, c.kind, match};
}

// The form as written of a folded form or stem `key` in language `l`, or "".
std::string written_form(int l, const std::string& key) {
  const auto& w = lexicon().languages[static_cast<std::size_t>(l)].written;
  const auto it = w.find(key);
  return it == w.end() ? std::string() : it->second;
}

// A word's concept by its Snowball stem in language `l` (forms the light stemmer does not reach:
// "capturé" for "capturer", "catturato" for "catturare"); -1 when none or ambiguous.
int snowball_concept(const std::string& word, int l, std::string& written) {
  const std::string sb = snowball_stem(word, l);
  if (sb.empty()) return -1;
  const auto& snow = lexicon().languages[static_cast<std::size_t>(l)].snow;
  const auto it = snow.find(sb);
  if (it == snow.end() || it->second < 0) return -1;
  written = written_form(l, "\x01" + sb);
  return it->second;
}

// A German or Dutch compound of two vocabulary words ("Drachenplättchen", "torentegel"): the
// concepts of its head and tail, each of at least four letters, with a linking s, n, en or e
// between them; empty when the word does not split so.
std::vector<std::pair<int, std::string>> compound_parts(const std::string& word, int l) {
  constexpr int kGerman = 3, kDutch = 6;
  if ((l != kGerman && l != kDutch) || word.size() < 8) return {};
  const LanguageWords& lw = lexicon().languages[static_cast<std::size_t>(l)];
  const auto concept_of = [&](const std::string& part, std::string& written) {
    if (part.size() < 4) return -1;
    if (const auto it = lw.forms.find(part); it != lw.forms.end()) {
      written = written_form(l, part);
      return it->second;
    }
    const std::string st = stem_in(part, l);
    if (const auto it = lw.stems.find(st); it != lw.stems.end()) {
      written = written_form(l, st);
      return it->second;
    }
    return -1;
  };
  for (std::size_t cut = word.size() - 4; cut >= 4; --cut) {
    std::string tail_written;
    const int tail = concept_of(word.substr(cut), tail_written);
    if (tail < 0) continue;
    for (const std::string_view link : {"", "s", "n", "en", "e"}) {
      if (cut <= link.size() + 3 || word.compare(cut - link.size(), link.size(), link) != 0) continue;
      std::string head_written;
      const int head = concept_of(word.substr(0, cut - link.size()), head_written);
      if (head >= 0 && head != tail) return {{head, head_written}, {tail, tail_written}};
    }
  }
  return {};
}

std::string joined(const Words& words, std::size_t from, std::size_t count) {
  std::string out;
  for (std::size_t k = from; k < from + count; ++k) out += (out.empty() ? "" : " ") + words[k];
  return out;
}

// Reads folded words as language `l`; with `others`, words and stop words of the other
// languages count too (a query); without, only `l` (the English texts searched).
std::vector<QueryTerm> read_words(const Words& words, int l, bool others) {
  const Lexicon& lex = lexicon();
  std::vector<int> order{l};
  if (others)
    for (int m = 0; m < static_cast<int>(kLanguageCount); ++m)
      if (m != l) order.push_back(m);
  const LanguageWords& own = lex.languages[static_cast<std::size_t>(l)];
  std::vector<QueryTerm> out;
  for (std::size_t i = 0; i < words.size();) {
    const PhraseMatch p = longest_phrase(words, i, order);
    if (p.length > 0) {
      out.push_back(concept_term(p.concept_index, l, joined(words, i, p.length),
                                 p.stemmed ? TermMatch::Stem : TermMatch::Exact, p.written));
      i += p.length;
      continue;
    }
    const std::string& w = words[i++];
    if (own.stop.count(w)) continue;
    if (const auto it = own.forms.find(w); it != own.forms.end()) {
      out.push_back(concept_term(it->second, l, w, TermMatch::Exact, written_form(l, w)));
      continue;
    }
    if (const auto it = own.stems.find(words.stem(i - 1, l)); it != own.stems.end()) {
      out.push_back(concept_term(it->second, l, w, TermMatch::Stem, written_form(l, words.stem(i - 1, l))));
      continue;
    }
    // Queries only: the texts searched are read with the light stemmer alone, as before.
    if (others) {
      std::string written;
      if (const int c = snowball_concept(w, l, written); c >= 0) {
        out.push_back(concept_term(c, l, w, TermMatch::Stem, written));
        continue;
      }
      if (const auto parts = compound_parts(w, l); !parts.empty()) {
        for (const auto& [c, part_written] : parts) out.push_back(concept_term(c, l, w, TermMatch::Stem, part_written));
        continue;
      }
    }
    if (others) {
      int found = -1;
      TermMatch how = TermMatch::Exact;
      bool stop = false;
      std::string written;
      for (std::size_t k = 1; k < order.size() && found < 0; ++k) {
        const LanguageWords& lw = lex.languages[static_cast<std::size_t>(order[k])];
        if (const auto it = lw.forms.find(w); it != lw.forms.end())
          found = it->second, written = written_form(order[k], w);
      }
      for (std::size_t k = 1; k < order.size() && found < 0 && !stop; ++k)
        stop = lex.languages[static_cast<std::size_t>(order[k])].stop.count(w) > 0;
      for (std::size_t k = 1; k < order.size() && found < 0 && !stop && w.size() >= 4; ++k) {
        const LanguageWords& lw = lex.languages[static_cast<std::size_t>(order[k])];
        if (const auto it = lw.stems.find(words.stem(i - 1, order[k])); it != lw.stems.end())
          found = it->second, how = TermMatch::Stem, written = written_form(order[k], words.stem(i - 1, order[k]));
      }
      if (stop) continue;
      if (found >= 0) {
        out.push_back(concept_term(found, l, w, how, written));
        continue;
      }
    }
    out.push_back({stem(w), w, w, false, ConceptKind::Term, TermMatch::Word});
  }
  return out;
}

constexpr std::size_t kMinTextTypo = 6;

// The edit distance a typo may have: none below 4 letters, 1 up to 7, 2 from 8.
int typo_limit(std::size_t letters) { return letters >= 8 ? 2 : letters >= 4 ? 1 : 0; }

// Corrects a plain word to the one word nearest to it within the typo limit that starts
// with the same letter: a vocabulary word of the query's language or, in an English query
// and for words of kMinTextTypo letters or more, a word of the texts searched (thousands of
// words: shorter ones find false neighbours, "shape" -> "share"). False when there is none,
// or when the nearest words read as different terms; a vocabulary word wins over a text
// word that reads the same.
bool correct_typo(QueryTerm& t, int l, const TextWords& text_words) {
  const int limit = typo_limit(t.typed.size());
  if (limit == 0 || t.typed.find_first_of("0123456789") != std::string::npos) return false;
  int best_distance = limit + 1;
  std::set<std::string> terms;  // what the nearest words read as
  int best_concept = -1;
  std::string best_text_term;
  const auto consider = [&](const std::string& word, int concept_index, const std::string& text_term) {
    if (word.empty() || word[0] != t.typed[0]) return;
    const int d = edit_distance(t.typed, word, limit);
    if (d > limit || d > best_distance) return;
    if (d < best_distance) {
      terms.clear();
      best_concept = -1;
    }
    best_distance = d;
    terms.insert(concept_index >= 0 ? concept_at(concept_index).id : text_term);
    if (concept_index >= 0)
      best_concept = concept_index;
    else
      best_text_term = text_term;
  };
  for (const auto& [word, c] : lexicon().languages[static_cast<std::size_t>(l)].forms) consider(word, c, "");
  if (l == kEnglishIndex && t.typed.size() >= kMinTextTypo)
    for (const auto& [word, term] : text_words) consider(word, -1, term);
  if (terms.size() != 1) return false;
  if (best_concept >= 0) {
    t = concept_term(best_concept, l, t.typed, TermMatch::Typo);  // shown as the headword: the typed word is not one
  } else {
    t.term = best_text_term;
    t.match = TermMatch::Typo;
  }
  return true;
}

// --- the query's language ------------------------------------------------------

// Letters that only some of the languages write, and how much each tells.
struct LetterHint {
  char32_t letter;
  std::array<float, kLanguageCount> weight;  // en es ca de fr it nl pl
};
constexpr std::array<LetterHint, 24> kLetterHints{{
    {U'ñ', {0, 1.5f, 0, 0, 0, 0, 0, 0}},       {U'¿', {0, 2, 0, 0, 0, 0, 0, 0}},
    {U'¡', {0, 1, 0, 0, 0, 0, 0, 0}},          {U'·', {0, 0, 2, 0, 0, 0, 0, 0}},
    {U'ç', {0, 0, 0.5f, 0, 0.5f, 0, 0, 0}},    {U'ß', {0, 0, 0, 1.5f, 0, 0, 0, 0}},
    {U'ä', {0, 0, 0, 1, 0, 0, 0, 0}},          {U'ö', {0, 0, 0, 1, 0, 0, 0, 0}},
    {U'ü', {0, 0, 0, 1, 0, 0, 0, 0}},          {U'ą', {0, 0, 0, 0, 0, 0, 0, 1.5f}},
    {U'ę', {0, 0, 0, 0, 0, 0, 0, 1.5f}},       {U'ł', {0, 0, 0, 0, 0, 0, 0, 1.5f}},
    {U'ś', {0, 0, 0, 0, 0, 0, 0, 1.5f}},       {U'ż', {0, 0, 0, 0, 0, 0, 0, 1.5f}},
    {U'ź', {0, 0, 0, 0, 0, 0, 0, 1.5f}},       {U'ć', {0, 0, 0, 0, 0, 0, 0, 1.5f}},
    {U'ń', {0, 0, 0, 0, 0, 0, 0, 1.5f}},       {U'ò', {0, 0, 0.7f, 0, 0, 0.3f, 0, 0}},
    {U'è', {0, 0, 0.3f, 0, 0.3f, 0.3f, 0, 0}}, {U'à', {0, 0, 0.3f, 0, 0.3f, 0.3f, 0, 0}},
    {U'ê', {0, 0, 0, 0, 1, 0, 0, 0}},          {U'â', {0, 0, 0, 0, 1, 0, 0, 0}},
    {U'œ', {0, 0, 0, 0, 1, 0, 0, 0}},          {U'ù', {0, 0, 0, 0, 0.5f, 0.5f, 0, 0}},
}};

int guess_from(const Words& words, std::string_view raw) {
  const Lexicon& lex = lexicon();
  std::array<double, kLanguageCount> score{};
  for (std::size_t l = 0; l < kLanguageCount; ++l) {
    const LanguageWords& lw = lex.languages[l];
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string& w = words[i];
      bool stemmed = false, phrase = false;
      for_phrases_at(words, i, static_cast<int>(l), [&](const Phrase& p) {
        phrase = phrase_length(p, words, i, static_cast<int>(l), stemmed) > 0;
        return !phrase;
      });
      if (phrase) score[l] += 3;
      if (lw.stop.count(w))
        score[l] += 1;
      else if (lw.forms.count(w))
        score[l] += w.size() >= 4 ? 2 : 1;  // "die", "abt": short words tell less
      else if (w.size() >= 4 && lw.stems.count(words.stem(i, static_cast<int>(l))))
        score[l] += 1;
    }
  }
  for (const char32_t c : code_points(raw))
    for (const auto& h : kLetterHints)
      if (h.letter == lower_latin(c))
        for (std::size_t l = 0; l < kLanguageCount; ++l) score[l] += h.weight[l];
  std::size_t best = 0;
  for (std::size_t l = 1; l < kLanguageCount; ++l)
    if (score[l] > score[best]) best = l;
  return static_cast<int>(best);
}

// --- ids -------------------------------------------------------------------------

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The canonical id a token spells, or "" when it is no id.
std::string id_of(const std::string& token) {
  std::string t = lower(token);
  while (!t.empty() && t.back() == '-') t.pop_back();
  if (t.size() < 3) return {};
  if (t.rfind("v-", 0) == 0 && std::isalpha(static_cast<unsigned char>(t[2]))) return upper(t);
  std::size_t i = 0;
  while (i < t.size() && std::isalpha(static_cast<unsigned char>(t[i]))) ++i;
  if (i < 2 || i > 3) return {};
  std::string prefix = t.substr(0, i);
  if (i < t.size() && t[i] == '-') ++i;
  const std::size_t digits_at = i;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == digits_at || i - digits_at > 3) return {};
  std::string number = t.substr(digits_at, i - digits_at);
  if (number.size() == 1) number = "0" + number;
  const std::string suffix = t.substr(i);
  if (!suffix.empty() && suffix[0] != '-') return {};
  return upper(prefix) + "-" + number + suffix;
}

// The letter prefixes of the ledger's ruling ids (BR, FM, ...) and the families of its switches (CC, FM, ...).
const std::set<std::string>& id_prefixes(bool switches) {
  static const auto sets = [] {
    std::array<std::set<std::string>, 2> out;
    for (const auto& r : builtin_ledger()) out[0].insert(lower(r.id.substr(0, r.id.find('-'))));
    for (const auto& s : builtin_ledger_switches())
      if (s.id.size() > 2) out[1].insert(lower(s.id.substr(2, s.id.find('-', 2) - 2)));
    return out;
  }();
  return sets[switches ? 1 : 0];
}

bool all_digits_start(const std::string& s) { return !s.empty() && std::isdigit(static_cast<unsigned char>(s[0])); }

// A piece of the text: a token of letters, digits and dashes, or the text between two.
struct Piece {
  std::string text;
  bool token = false;
};

std::vector<Piece> pieces_of(std::string_view text) {
  std::vector<Piece> out;
  for (const char c : text) {
    const bool tok = std::isalnum(static_cast<unsigned char>(c)) || c == '-';
    if (out.empty() || out.back().token != tok) out.push_back({"", tok});
    out.back().text += c;
  }
  return out;
}

bool blank(const std::string& s) { return s.find_first_not_of(" \t") == std::string::npos; }

// Splits text into ids and the rest; "FM 13" and "V CC 2" (known prefixes, then a number) join.
std::string split_ids(std::string_view text, std::vector<std::string>& ids) {
  const auto p = pieces_of(text);
  std::string rest;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (!p[i].token) {
      rest += p[i].text;
      continue;
    }
    const std::string t = lower(p[i].text);
    // "V CC 2", "V-CC 2": a switch family after v, then a number.
    if ((t == "v" && i + 4 < p.size() && blank(p[i + 1].text) && id_prefixes(true).count(lower(p[i + 2].text)) &&
         blank(p[i + 3].text) && all_digits_start(p[i + 4].text))) {
      if (const std::string id = id_of("v-" + p[i + 2].text + "-" + p[i + 4].text); !id.empty()) {
        ids.push_back(id);
        i += 4;
        continue;
      }
    }
    const bool prefix = id_prefixes(false).count(t) || (t.rfind("v-", 0) == 0 && id_prefixes(true).count(t.substr(2)));
    if (prefix && i + 2 < p.size() && blank(p[i + 1].text) && all_digits_start(p[i + 2].text)) {
      if (const std::string id = id_of(p[i].text + "-" + p[i + 2].text); !id.empty()) {
        ids.push_back(id);
        i += 2;
        continue;
      }
    }
    if (const std::string id = id_of(p[i].text); !id.empty())
      ids.push_back(id);
    else
      rest += p[i].text;
  }
  return rest;
}

}  // namespace

std::string_view term_match_name(TermMatch m) {
  switch (m) {
    case TermMatch::Exact:
      return "exact";
    case TermMatch::Stem:
      return "stem";
    case TermMatch::Typo:
      return "typo";
    case TermMatch::Word:
      return "word";
  }
  return "word";
}

std::vector<std::string> search_terms(std::string_view text, TextWords& words) {
  std::vector<std::string> out;
  for (auto& t : read_words(Words(words_of(fold(text))), kEnglishIndex, false)) {
    if (t.typed.find(' ') == std::string::npos) words.emplace(t.typed, t.term);
    out.push_back(std::move(t.term));
  }
  return out;
}

std::vector<std::string> search_terms(std::string_view text) {
  TextWords ignored;
  return search_terms(text, ignored);
}

int guess_language(std::string_view text) { return guess_from(Words(words_of(fold(text))), text); }

QueryReading read_query(std::string_view query, const TextWords& text_words, int language) {
  QueryReading out;
  const std::string rest = split_ids(query, out.ids);
  const Words words(words_of(fold(rest)));
  out.language_given = language >= 0 && language < static_cast<int>(kLanguageCount);
  out.language = out.language_given ? language : guess_from(words, rest);
  out.terms = read_words(words, out.language, true);
  for (auto& t : out.terms) {
    if (t.match != TermMatch::Word) continue;
    // A word the texts hold is searched as it is; an unknown one may be a typo.
    if (out.language == kEnglishIndex && text_words.count(t.typed)) continue;
    correct_typo(t, out.language, text_words);
  }
  return out;
}

std::vector<std::string> ids_in(std::string_view text) {
  std::vector<std::string> ids;
  split_ids(text, ids);
  return ids;
}

std::string without_ids(std::string_view text) {
  std::vector<std::string> ids;
  return split_ids(text, ids);
}

}  // namespace carc
