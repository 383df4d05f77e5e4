#include "lookup/words.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>

#include <dlfcn.h>
#include <libstemmer.h>

namespace carc {
namespace {

constexpr int kEnglish = 0, kSpanish = 1, kCatalan = 2, kGerman = 3, kFrench = 4, kItalian = 5, kDutch = 6, kPolish = 7;

// ASCII for U+00C0..U+017F, one entry per code point ("" drops it, " " separates).
std::string_view latin_letter(char32_t c) {
  static constexpr std::array<std::string_view, 64> latin1{
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // C0
      "d", "n", "o", "o", "o", "o", "o",  " ", "o", "u", "u", "u", "u", "y", "th", "ss",  // D0
      "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // E0
      "d", "n", "o", "o", "o", "o", "o",  " ", "o", "u", "u", "u", "u", "y", "th", "y"};  // F0
  if (c >= 0xC0 && c <= 0xFF) return latin1[c - 0xC0];
  // Latin Extended-A, by ranges of one base letter.
  struct Range {
    char32_t last;
    std::string_view ascii;
  };
  static constexpr std::array<Range, 22> ext{
      {{0x105, "a"}, {0x10D, "c"}, {0x111, "d"}, {0x11B, "e"}, {0x123, "g"}, {0x127, "h"},  {0x131, "i"}, {0x133, "ij"},
       {0x135, "j"}, {0x138, "k"}, {0x142, "l"}, {0x14B, "n"}, {0x151, "o"}, {0x153, "oe"}, {0x159, "r"}, {0x161, "s"},
       {0x167, "t"}, {0x173, "u"}, {0x175, "w"}, {0x178, "y"}, {0x17E, "z"}, {0x17F, "s"}}};
  if (c >= 0x100 && c <= 0x17F)
    for (const auto& r : ext)
      if (c <= r.last) return r.ascii;
  if (c == 0xAA) return "a";  // ª as in 1ª
  if (c == 0xBA) return "o";  // º
  if (c == 0xB7) return "";   // the Catalan middle dot joins l·l
  return " ";
}

// The code point at text[i] and its length in bytes; {0xFFFD, 1} for an invalid sequence.
std::pair<char32_t, std::size_t> decode(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  std::size_t n = b >= 0xF0 && b < 0xF8 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0;
  if (n == 0 || i + n > text.size()) return {0xFFFD, 1};
  char32_t c = b & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {0xFFFD, 1};
    c = (c << 6) | (byte(i + k) & 0x3F);
  }
  return {c, n};
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

// Removes the first of `endings` the word ends with when at least `keep` letters stay.
bool strip_one(std::string& s, std::initializer_list<std::string_view> endings, std::size_t keep) {
  for (const auto e : endings)
    if (ends_with(s, e) && s.size() >= e.size() + keep) {
      s.resize(s.size() - e.size());
      return true;
    }
  return false;
}

// Spanish and Catalan: a plural s, then a final a, e or o (jardines -> jardin, voladoras -> volador).
std::string stem_iberian(std::string s) {
  if (s.size() > 4 && s.back() == 's') s.pop_back();
  if (s.size() > 4 && (s.back() == 'a' || s.back() == 'e' || s.back() == 'o')) s.pop_back();
  return s;
}

// French: a plural s or x, then a final e (abbés -> abbe, volantes -> volant).
std::string stem_french(std::string s) {
  if (s.size() > 4 && (s.back() == 's' || s.back() == 'x')) s.pop_back();
  if (s.size() > 4 && s.back() == 'e') s.pop_back();
  return s;
}

// Italian: the final vowel, with an i before it (cerchio, cerchi -> cerch; abate, abati -> abat).
std::string stem_italian(std::string s) {
  if (s.size() <= 4 || !vowel(s.back())) return s;
  s.pop_back();
  if (s.size() > 4 && s.back() == 'i' && s.size() >= 2 && !vowel(s[s.size() - 2])) s.pop_back();
  return s;
}

}  // namespace

std::string fold(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x80) {
      out += std::isalnum(b) || b == '.' || b == '-' ? static_cast<char>(std::tolower(b)) : ' ';
      ++i;
      continue;
    }
    const auto [c, n] = decode(text, i);
    out += latin_letter(c);
    i += n;
  }
  return out;
}

std::vector<char32_t> code_points(std::string_view text) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto [c, n] = static_cast<unsigned char>(text[i]) < 0x80
                            ? std::pair<char32_t, std::size_t>{static_cast<unsigned char>(text[i]), 1}
                            : decode(text, i);
    out.push_back(c);
    i += n;
  }
  return out;
}

char32_t lower_latin(char32_t c) {
  if (c >= 'A' && c <= 'Z') return c + 0x20;
  if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 0x20;
  const bool even_upper = (c >= 0x100 && c <= 0x137) || (c >= 0x14A && c <= 0x177);
  const bool odd_upper = (c >= 0x139 && c <= 0x148) || (c >= 0x179 && c <= 0x17E);
  if ((even_upper && c % 2 == 0) || (odd_upper && c % 2 == 1)) return c + 1;
  return c;
}

std::vector<std::string> words_of(std::string_view s) {
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

std::string stem(std::string_view word) {
  std::string s(word);
  if (s.size() <= 3 || std::isdigit(static_cast<unsigned char>(s.back()))) return s;
  if (ends_with(s, "ies") && s.size() > 4)
    s = s.substr(0, s.size() - 3) + "y";
  else if (ends_with(s, "sses"))
    s.resize(s.size() - 2);
  else if (ends_with(s, "ches") || ends_with(s, "shes") || ends_with(s, "xes"))
    s.resize(s.size() - 2);
  else if (ends_with(s, "s") && !ends_with(s, "ss") && !ends_with(s, "us") && !ends_with(s, "is"))
    s.pop_back();
  if (ends_with(s, "ied") && s.size() > 4)
    s = s.substr(0, s.size() - 3) + "y";
  else if (ends_with(s, "ing") && s.size() >= 6)
    s = undouble(s.substr(0, s.size() - 3));
  else if (ends_with(s, "ed") && s.size() >= 5)
    s = undouble(s.substr(0, s.size() - 2));
  if (s.size() > 3 && s.back() == 'e') s.pop_back();
  return s;
}

std::string stem_in(std::string_view word, int language) {
  std::string s(word);
  if (s.size() <= 3 || std::isdigit(static_cast<unsigned char>(s.back()))) return s;
  switch (language) {
    case kEnglish:
      return stem(s);
    case kSpanish:
    case kCatalan:
      return stem_iberian(s);
    case kFrench:
      return stem_french(s);
    case kItalian:
      return stem_italian(s);
    case kGerman:
      for (int pass = 0; pass < 2 && strip_one(s, {"ern", "en", "er", "es", "e", "n", "s"}, 3); ++pass) {
      }
      return s;
    case kDutch:
      for (int pass = 0; pass < 2 && strip_one(s, {"en", "s", "e"}, 3); ++pass) {
      }
      return undouble(s);
    case kPolish:
      if (s.size() >= 5)
        strip_one(s, {"ami", "ach", "ego", "emu", "ych", "ymi", "owi", "ow", "om", "em", "ym",
                      "ie",  "ia",  "iu",  "ej",  "u",   "a",   "y",   "i",  "e",  "o"},
                  3);
      return s;
    default:
      return s;
  }
}

namespace {

// Snowball's algorithm name per language of kLanguages; Polish has none.
constexpr std::array<const char*, 8> kSnowball{"english", "spanish", "catalan", "german",
                                               "french",  "italian", "dutch",   nullptr};

// libstemmer's functions, from the shared library CMake found (CARC_STEMMER_LIBRARY), opened the
// first time a query needs a stem: linked in, its tables for 29 languages cost every carc-oracle
// process about 0.9 MB of memory at start-up, lookup or not. Null when the library cannot be opened
// (then queries match without Snowball, and `snowball_available()` says so).
struct Snowball {
  decltype(&sb_stemmer_new) create = nullptr;
  decltype(&sb_stemmer_delete) destroy = nullptr;
  decltype(&sb_stemmer_stem) stem = nullptr;
  decltype(&sb_stemmer_length) length = nullptr;
};

const Snowball* snowball_library() {
  static const Snowball* lib = []() -> const Snowball* {
    void* h = dlopen(CARC_STEMMER_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    if (h == nullptr) return nullptr;
    static Snowball s;
    s.create = reinterpret_cast<decltype(s.create)>(dlsym(h, "sb_stemmer_new"));
    s.destroy = reinterpret_cast<decltype(s.destroy)>(dlsym(h, "sb_stemmer_delete"));
    s.stem = reinterpret_cast<decltype(s.stem)>(dlsym(h, "sb_stemmer_stem"));
    s.length = reinterpret_cast<decltype(s.length)>(dlsym(h, "sb_stemmer_length"));
    if (!s.create || !s.destroy || !s.stem || !s.length) return nullptr;
    return &s;
  }();
  return lib;
}

struct StemmerDelete {
  void operator()(sb_stemmer* s) const { snowball_library()->destroy(s); }
};

// The stemmers of this thread, made when first used (a stemmer keeps state between calls).
sb_stemmer* snowball(int language) {
  thread_local std::array<std::unique_ptr<sb_stemmer, StemmerDelete>, 8> stemmers;
  if (language < 0 || language >= static_cast<int>(kSnowball.size())) return nullptr;
  const auto i = static_cast<std::size_t>(language);
  if (kSnowball[i] == nullptr || snowball_library() == nullptr) return nullptr;
  if (!stemmers[i]) stemmers[i].reset(snowball_library()->create(kSnowball[i], "UTF_8"));
  return stemmers[i].get();
}

}  // namespace

bool snowball_available() { return snowball_library() != nullptr; }

bool snowball_covers(int language) {
  return language >= 0 && language < static_cast<int>(kSnowball.size()) &&
         kSnowball[static_cast<std::size_t>(language)] != nullptr;
}

std::string snowball_stem(std::string_view word, int language) {
  if (word.size() <= 3) return {};
  sb_stemmer* s = snowball(language);
  if (s == nullptr) return {};
  const Snowball& lib = *snowball_library();
  const sb_symbol* out = lib.stem(s, reinterpret_cast<const sb_symbol*>(word.data()), static_cast<int>(word.size()));
  if (out == nullptr) return {};  // out of memory: no stem
  return {reinterpret_cast<const char*>(out), static_cast<std::size_t>(lib.length(s))};
}

int edit_distance(std::string_view a, std::string_view b, int limit) {
  const auto n = a.size(), m = b.size();
  if (static_cast<int>(n > m ? n - m : m - n) > limit) return limit + 1;
  std::vector<std::vector<int>> d(n + 1, std::vector<int>(m + 1));
  for (std::size_t i = 0; i <= n; ++i) d[i][0] = static_cast<int>(i);
  for (std::size_t j = 0; j <= m; ++j) d[0][j] = static_cast<int>(j);
  for (std::size_t i = 1; i <= n; ++i) {
    int row_best = limit + 1;
    for (std::size_t j = 1; j <= m; ++j) {
      const int cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      row_best = std::min(row_best, d[i][j]);
    }
    if (row_best > limit) return limit + 1;
  }
  return std::min(d[n][m], limit + 1);
}

}  // namespace carc
