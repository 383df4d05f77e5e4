#include "lookup/text_search.hpp"

#include <array>
#include <cctype>
#include <map>
#include <set>

namespace carc {
namespace {

// Lowercase, with umlauts and accents folded to ASCII; other non-ASCII bytes become spaces.
std::string folded(std::string_view text) {
  static const std::map<unsigned char, std::string_view> latin1{
      {0x84, "a"}, {0xA4, "a"}, {0x96, "o"}, {0xB6, "o"}, {0x9C, "u"}, {0xBC, "u"}, {0x9F, "ss"},
      {0xA9, "e"}, {0xA8, "e"}, {0x89, "e"}, {0xA0, "a"}, {0xA1, "a"}, {0xB3, "o"}, {0xAD, "i"}};
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      out += static_cast<char>(std::tolower(c));
    } else if (c == 0xC3 && i + 1 < text.size() && latin1.count(static_cast<unsigned char>(text[i + 1]))) {
      out += latin1.at(static_cast<unsigned char>(text[++i]));
    } else {
      out += ' ';
    }
  }
  return out;
}

// Splits on anything but letters and digits; a dot between digits stays ("c3.1").
std::vector<std::string> words_of(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool keep_dot = c == '.' && !cur.empty() && std::isdigit(static_cast<unsigned char>(cur.back())) &&
                          i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1]));
    if (std::isalnum(static_cast<unsigned char>(c)) || keep_dot) {
      cur += c;
      continue;
    }
    if (!cur.empty()) out.push_back(cur);
    cur.clear();
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

struct Phrase {
  std::vector<std::string_view> words;
  std::string_view term;
};

// Longest first where one phrase starts another.
const std::vector<Phrase>& phrases() {
  static const std::vector<Phrase> p{
      {{"hans", "im", "glueck"}, "hig"}, {{"hans", "im", "gluck"}, "hig"}, {{"z", "man", "games"}, "zmg"},
      {{"rio", "grande", "games"}, "rgg"}, {{"coats", "of", "arms"}, "pennant"}, {{"coat", "of", "arms"}, "pennant"},
      {{"flying", "machines"}, "flier"}, {{"flying", "machine"}, "flier"}, {{"crop", "circles"}, "cropcircle"},
      {{"crop", "circle"}, "cropcircle"}, {{"z", "man"}, "zmg"}, {{"rio", "grande"}, "rgg"},
      {{"1st", "edition"}, "c1"}, {{"first", "edition"}, "c1"}, {{"2nd", "edition"}, "c2"},
      {{"second", "edition"}, "c2"}, {{"3rd", "edition"}, "c3"}, {{"third", "edition"}, "c3"},
      {{"large", "meeples"}, "large"}, {{"large", "meeple"}, "large"}, {{"big", "meeple"}, "large"},
      {{"large", "followers"}, "large"}, {{"large", "follower"}, "large"}, {{"magic", "portal"}, "portal"},
      {{"move", "wood"}, "movewood"}, {{"big", "box"}, "bigbox"}, {{"die", "roll"}, "die"}};
  return p;
}

// Words of one meaning, to one term; looked up before and after stemming.
const std::map<std::string, std::string, std::less<>>& synonyms() {
  static const std::map<std::string, std::string, std::less<>> s{
      {"meeple", "follower"},     {"follower", "follower"},   {"worker", "follower"},   {"monastery", "cloister"},
      {"monasteri", "cloister"},  {"cloister", "cloister"},   {"farm", "field"},        {"meadow", "field"},
      {"field", "field"},         {"farmer", "farmer"},       {"flier", "flier"},       {"flyer", "flier"},
      {"flying", "flier"},        {"fly", "flier"},           {"flight", "flier"},      {"flew", "flier"},
      {"flown", "flier"},         {"aircraft", "flier"},      {"plane", "flier"},       {"airplane", "flier"},
      {"thief", "highwayman"},    {"thieves", "highwayman"},  {"robber", "highwayman"}, {"bandit", "highwayman"},
      {"highwayman", "highwayman"}, {"highwaymen", "highwayman"}, {"knight", "knight"}, {"crop", "cropcircle"},
      {"circle", "cropcircle"},   {"cropcircle", "cropcircle"}, {"zmg", "zmg"},         {"zman", "zmg"},
      {"hig", "hig"},             {"hans", "hig"},            {"gluck", "hig"},         {"glueck", "hig"},
      {"rgg", "rgg"},             {"phantom", "phantom"},     {"ghost", "phantom"},     {"pennant", "pennant"},
      {"dice", "die"},            {"die", "die"},             {"roll", "die"},          {"cart", "wagon"},
      {"wagon", "wagon"},         {"portal", "portal"},       {"abbot", "abbot"},       {"garden", "garden"},
      {"ed1", "c1"},              {"ed2", "c2"},              {"ed3", "c3"}};
  return s;
}

const std::set<std::string, std::less<>>& stop_words() {
  static const std::set<std::string, std::less<>> s{
      "a",    "an",    "the",  "of",    "to",    "in",    "on",    "is",    "are",   "be",   "can",  "could",
      "may",  "might", "my",   "your",  "our",   "their", "i",     "it",    "its",   "and",  "or",   "for",
      "with", "by",    "at",   "does",  "do",    "did",   "what",  "when",  "which", "who",  "whom", "how",
      "if",   "after", "this", "that",  "these", "those", "there", "from",  "into",  "onto", "as",   "than",
      "then", "so",    "was",  "were",  "will",  "would", "should", "has",  "have",  "had",  "me",   "we",
      "you",  "he",    "she",  "they",  "them",  "his",   "her",   "about", "also",  "only", "not",  "no",
      "never", "any",  "all",  "one",   "s",     "e",     "g",     "ie",    "eg",    "etc",  "vs"};
  return s;
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

bool vowel(char c) { return c == 'a' || c == 'e' || c == 'i' || c == 'o' || c == 'u'; }

std::string undouble(std::string s) {
  const std::size_t n = s.size();
  if (n >= 3 && s[n - 1] == s[n - 2] && !vowel(s[n - 1]) && s[n - 1] != 'l' && s[n - 1] != 's' && s[n - 1] != 'z')
    s.pop_back();
  return s;
}

// The synonyms, each also under its stem ("meeple" -> "meepl"), so plurals find them.
const std::map<std::string, std::string, std::less<>>& stemmed_synonyms() {
  static const auto s = [] {
    auto out = synonyms();
    for (const auto& [k, v] : synonyms()) out.emplace(stem(k), v);
    return out;
  }();
  return s;
}

std::string term_of(const std::string& word) {
  const auto& syn = stemmed_synonyms();
  if (const auto it = syn.find(word); it != syn.end()) return it->second;
  std::string s = stem(word);
  if (const auto it = syn.find(s); it != syn.end()) return it->second;
  return s;
}

}  // namespace

std::string stem(std::string_view word) {
  std::string s(word);
  if (s.size() <= 3 || std::isdigit(static_cast<unsigned char>(s.back()))) return s;
  if (ends_with(s, "ies") && s.size() > 4) s = s.substr(0, s.size() - 3) + "y";
  else if (ends_with(s, "sses")) s.resize(s.size() - 2);
  else if (ends_with(s, "ches") || ends_with(s, "shes") || ends_with(s, "xes")) s.resize(s.size() - 2);
  else if (ends_with(s, "s") && !ends_with(s, "ss") && !ends_with(s, "us") && !ends_with(s, "is")) s.pop_back();
  if (ends_with(s, "ied") && s.size() > 4) s = s.substr(0, s.size() - 3) + "y";
  else if (ends_with(s, "ing") && s.size() >= 6) s = undouble(s.substr(0, s.size() - 3));
  else if (ends_with(s, "ed") && s.size() >= 5) s = undouble(s.substr(0, s.size() - 2));
  if (s.size() > 3 && s.back() == 'e') s.pop_back();
  return s;
}

std::vector<std::string> search_terms(std::string_view text) {
  const auto words = words_of(folded(text));
  std::vector<std::string> out;
  for (std::size_t i = 0; i < words.size();) {
    bool matched = false;
    for (const auto& p : phrases()) {
      if (i + p.words.size() > words.size()) continue;
      bool all = true;
      for (std::size_t k = 0; k < p.words.size() && all; ++k) all = words[i + k] == p.words[k];
      if (!all) continue;
      out.emplace_back(p.term);
      i += p.words.size();
      matched = true;
      break;
    }
    if (matched) continue;
    if (!stop_words().count(words[i])) out.push_back(term_of(words[i]));
    ++i;
  }
  return out;
}

namespace {

// The canonical id a token spells, or "" when it is no id.
std::string id_of(const std::string& token) {
  std::string t = folded(token);
  while (!t.empty() && t.back() == '-') t.pop_back();
  if (t.size() < 3) return {};
  if (t.rfind("v-", 0) == 0 && std::isalpha(static_cast<unsigned char>(t[2]))) {
    for (auto& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return t;
  }
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
  for (auto& c : prefix) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return prefix + "-" + number + suffix;
}

// Splits text into ids and the rest.
std::string split_ids(std::string_view text, std::vector<std::string>& ids) {
  std::string rest, token;
  const auto flush = [&] {
    const std::string id = id_of(token);
    if (id.empty()) rest += token;
    else ids.push_back(id);
    token.clear();
  };
  for (const char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '-') {
      token += c;
      continue;
    }
    flush();
    rest += c;
  }
  flush();
  return rest;
}

}  // namespace

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
