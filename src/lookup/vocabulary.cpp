#include "lookup/vocabulary.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <regex>
#include <set>

#include "data/oracle_data.hpp"
#include "data/yaml_util.hpp"
#include "lookup/words.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

constexpr const char* kVocabularyPath = "oracle/lookup/vocabulary.yaml";

struct KindName {
  ConceptKind kind;
  std::string_view name;
};
constexpr std::array<KindName, 7> kKinds{{{ConceptKind::Figure, "figure"},
                                          {ConceptKind::Feature, "feature"},
                                          {ConceptKind::Expansion, "expansion"},
                                          {ConceptKind::Action, "action"},
                                          {ConceptKind::Publisher, "publisher"},
                                          {ConceptKind::Edition, "edition"},
                                          {ConceptKind::Term, "term"}}};

std::string language_list() {
  std::string out;
  for (const auto l : kLanguages) out += (out.empty() ? "" : ", ") + std::string(l);
  return out;
}

// A plain scalar that a YAML 1.1 reader (PyYAML, the JSON export) takes for a boolean, null or number.
bool reads_as_non_text(const YAML::Node& n) {
  if (n.Tag() != "?") return false;  // quoted
  static const std::regex other(
      "y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|~|null|Null|NULL|"
      "[-+]?[0-9][0-9_]*|[-+]?([0-9][0-9_]*)?\\.[0-9.]*([eE][-+][0-9]+)?|0x[0-9a-fA-F_]+");
  return std::regex_match(n.Scalar(), other);
}

// One word of a list: a text value with a letter or digit; otherwise an error and nothing.
std::optional<std::string> word_at(const YAML::Node& item, YamlReader& r, const std::string& what) {
  const auto s = r.str(item, what);
  if (!s) return std::nullopt;
  if (reads_as_non_text(item)) {
    r.error(item, what + ": quote '" + *s + "': a YAML 1.1 reader takes it for a boolean, null or number");
    return std::nullopt;
  }
  if (words_of(fold(*s)).empty()) {
    r.error(item, what + ": '" + *s + "' has no letters or digits");
    return std::nullopt;
  }
  return s;
}

// The items of a list of words, or an error and none.
std::vector<YAML::Node> word_items(const YAML::Node& n, YamlReader& r, const std::string& what) {
  std::vector<YAML::Node> out;
  if (!n.IsSequence())
    r.error(n, what + ": expected a list of words");
  else
    for (const auto& item : n) out.push_back(item);
  return out;
}

// " (as 'que')" when two spellings fold to one word, else "".
std::string same_as(const std::string& first, const std::string& again) {
  return first == again ? "" : " (as '" + first + "': accents and case are folded)";
}

// The language of a key, or an error.
int language_key(const YAML::Node& key, YamlReader& r, const std::string& where) {
  const int l = language_index(key.Scalar());
  if (l < 0)
    r.error(key, where + ": unknown language '" + key.Scalar() + "' (expected one of: " + language_list() + ")");
  return l;
}

void read_stop_words(const YAML::Node& n, YamlReader& r, Vocabulary& v) {
  if (!n.IsMap()) {
    r.error(n, "stop_words: expected a map of language to words");
    return;
  }
  for (const auto& kv : n) {
    const int l = language_key(kv.first, r, "stop_words");
    if (l < 0) continue;
    const std::string what = "stop_words " + kv.first.Scalar();
    std::map<std::string, std::string> seen;  // folded -> as first written
    for (const auto& item : word_items(kv.second, r, what)) {
      const auto word = word_at(item, r, what);
      if (!word) continue;
      const auto [at, fresh] = seen.emplace(fold(*word), *word);
      if (!fresh)
        r.error(item, what + ": '" + *word + "' is listed twice" + same_as(at->second, *word));
      else
        v.stop_words[l].push_back(*word);
    }
  }
}

// Where a folded form was first seen: its concept and how it was written.
struct Seen {
  std::string concept_id, written;
};

void read_concepts(const YAML::Node& n, YamlReader& r, Vocabulary& v) {
  if (!n.IsMap()) {
    r.error(n, "concepts: expected a map of concept id to its kind and words");
    return;
  }
  std::map<int, std::map<std::string, Seen>> forms, stems;  // per language
  std::set<std::string> ids;
  for (const auto& kv : n) {
    Concept c;
    c.id = kv.first.Scalar();
    if (c.id.empty() || !ids.insert(c.id).second) r.error(kv.first, "concepts: '" + c.id + "' is defined twice");
    const std::string what = "concept '" + c.id + "'";
    if (!kv.second.IsMap()) {
      r.error(kv.second, what + ": expected a map with kind and words per language");
      continue;
    }
    bool has_kind = false;
    for (const auto& field : kv.second) {
      const std::string key = field.first.Scalar();
      if (key == "kind") {
        has_kind = true;
        const auto name = r.str(field.second, what + " kind").value_or("");
        bool known = false;
        for (const auto& k : kKinds)
          if (k.name == name) c.kind = k.kind, known = true;
        if (!known)
          r.error(field.second,
                  what + ": unknown kind '" + name +
                      "' (expected one of: figure, feature, expansion, action, publisher, edition, term)");
        continue;
      }
      const int l = language_key(field.first, r, what);
      if (l < 0) continue;
      const std::set<std::string> stop = [&] {
        std::set<std::string> s;
        for (const auto& w : v.stop_words[l]) s.insert(fold(w));
        return s;
      }();
      for (const auto& item : word_items(field.second, r, what + " " + key)) {
        const auto word = word_at(item, r, what + " " + key);
        if (!word) continue;
        const std::string& written = *word;
        c.words[l].push_back(written);
        const std::string folded = fold(written);
        const auto words = words_of(folded);
        std::string joined;
        for (const auto& w : words) joined += (joined.empty() ? "" : " ") + w;
        if (stop.count(joined)) r.error(item, what + " " + key + ": '" + written + "' is also a stop word of " + key);
        const auto [at, fresh] = forms[l].emplace(joined, Seen{c.id, written});
        if (!fresh && at->second.concept_id != c.id)
          r.error(item, what + " " + key + ": '" + written + "' is already a word of concept '" +
                            at->second.concept_id + "'");
        if (!fresh && at->second.concept_id == c.id)
          r.error(item,
                  what + " " + key + ": '" + written + "' is listed twice" + same_as(at->second.written, written));
        if (words.size() != 1 || !fresh) continue;
        const auto [s, new_stem] = stems[l].emplace(stem_in(words[0], l), Seen{c.id, written});
        if (!new_stem && s->second.concept_id != c.id)
          r.error(item, what + " " + key + ": '" + written + "' stems like '" + s->second.written + "' of concept '" +
                            s->second.concept_id + "'; drop one or move it");
      }
    }
    if (!has_kind) r.error(kv.second, what + ": missing kind");
    if (!c.words.count(0) || c.words[0].empty()) r.error(kv.second, what + ": needs English words (en)");
    v.concepts.push_back(std::move(c));
  }
}

}  // namespace

int language_index(std::string_view code) {
  for (std::size_t i = 0; i < kLanguages.size(); ++i)
    if (kLanguages[i] == code) return static_cast<int>(i);
  return -1;
}

std::string_view concept_kind_name(ConceptKind k) {
  for (const auto& n : kKinds)
    if (n.kind == k) return n.name;
  return "term";
}

const std::string& Concept::headword(int language) const {
  const auto it = words.find(language);
  if (it != words.end() && !it->second.empty()) return it->second.front();
  return words.at(0).front();
}

Vocabulary read_vocabulary(const std::string& text, const std::string& file, Diagnostics& diags) {
  Vocabulary v;
  YamlReader r(file, diags);
  const YAML::Node doc = parse_yaml(text, file, diags);
  if (!diags.empty()) return v;
  if (!r.keys(doc, {"version", "languages", "stop_words", "concepts"}, "vocabulary")) return v;
  if (!doc["version"] || r.integer(doc["version"], "version").value_or(0) != 1)
    r.error(doc, "vocabulary: expected version: 1");
  if (doc["languages"]) {
    std::vector<std::string> expected(kLanguages.begin(), kLanguages.end());
    if (r.str_list(doc["languages"], "languages") != expected)
      r.error(doc["languages"],
              "languages: expected [" + language_list() + "] (the languages lookup reads, in this order)");
  } else {
    r.error(doc, "vocabulary: missing languages");
  }
  // Stop words first: a concept word may not also be a stop word of its language.
  if (doc["stop_words"]) read_stop_words(doc["stop_words"], r, v);
  if (doc["concepts"])
    read_concepts(doc["concepts"], r, v);
  else
    r.error(doc, "vocabulary: missing concepts");
  return v;
}

const Vocabulary& builtin_vocabulary() {
  static const Vocabulary v = [] {
    Diagnostics diags;
    const auto files = embedded_under(kVocabularyPath);
    Vocabulary out;
    if (files.empty())
      diags.push_back({kVocabularyPath, 0, 0, "not embedded"});
    else
      out = read_vocabulary(files[0].text, files[0].path, diags);
    if (!diags.empty()) {
      std::fprintf(stderr, "internal error: the embedded lookup vocabulary is broken:\n");
      for (const auto& d : diags) std::fprintf(stderr, "  %s\n", d.to_string().c_str());
      std::exit(70);
    }
    return out;
  }();
  return v;
}

nlohmann::ordered_json vocabulary_json(const Vocabulary& v) {
  Json out{{"version", 1}, {"languages", Json::array()}, {"stop_words", Json::object()}, {"concepts", Json::object()}};
  for (const auto l : kLanguages) out["languages"].push_back(std::string(l));
  for (const auto& [l, words] : v.stop_words)
    out["stop_words"][std::string(kLanguages[static_cast<std::size_t>(l)])] = words;
  for (const auto& c : v.concepts) {
    Json entry{{"kind", std::string(concept_kind_name(c.kind))}};
    for (const auto& [l, words] : c.words) entry[std::string(kLanguages[static_cast<std::size_t>(l)])] = words;
    out["concepts"][c.id] = entry;
  }
  return out;
}

}  // namespace carc
