#include "lookup/glossary.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "data/oracle_data.hpp"
#include "data/yaml_util.hpp"
#include "lookup/words.hpp"

namespace carc {
namespace {

constexpr const char* kGlossaryPath = "oracle/lookup/glossary.yaml";
constexpr std::array<std::string_view, 4> kTiers{"RULE", "OFFICIAL", "COMMUNITY", "UNVERIFIED"};

std::string folded_words(const std::string& s) {
  std::string out;
  for (const auto& w : words_of(fold(s))) out += (out.empty() ? "" : " ") + w;
  return out;
}

void read_sources(const YAML::Node& n, YamlReader& r, Glossary& g) {
  if (!n.IsMap()) {
    r.error(n, "sources: expected a map of source key to title, url and tier");
    return;
  }
  for (const auto& kv : n) {
    GlossarySource s;
    s.key = kv.first.Scalar();
    const std::string what = "source '" + s.key + "'";
    if (!r.keys(kv.second, {"title", "url", "tier"}, what)) continue;
    for (const char* key : {"title", "url", "tier"})
      if (!kv.second[key]) r.error(kv.second, what + ": missing " + key);
    s.title = kv.second["title"] ? r.str(kv.second["title"], what + " title").value_or("") : "";
    s.url = kv.second["url"] ? r.str(kv.second["url"], what + " url").value_or("") : "";
    s.tier = kv.second["tier"] ? r.str(kv.second["tier"], what + " tier").value_or("") : "";
    if (kv.second["tier"] && std::find(kTiers.begin(), kTiers.end(), s.tier) == kTiers.end())
      r.error(kv.second["tier"],
              what + ": unknown tier '" + s.tier + "' (expected RULE, OFFICIAL, COMMUNITY or UNVERIFIED)");
    g.sources.push_back(std::move(s));
  }
}

void read_terms(const YAML::Node& n, YamlReader& r, const Vocabulary& v, Glossary& g) {
  if (!n.IsMap()) {
    r.error(n, "terms: expected a map of concept id to its official names per language");
    return;
  }
  std::set<std::string> sources;
  for (const auto& s : g.sources) sources.insert(s.key);
  for (const auto& kv : n) {
    GlossaryTerm t;
    t.concept_id = kv.first.Scalar();
    const std::string what = "term '" + t.concept_id + "'";
    const auto c =
        std::find_if(v.concepts.begin(), v.concepts.end(), [&](const Concept& x) { return x.id == t.concept_id; });
    if (c == v.concepts.end()) {
      r.error(kv.first, what + ": no such concept in oracle/lookup/vocabulary.yaml");
      continue;
    }
    if (!kv.second.IsMap()) {
      r.error(kv.second, what + ": expected a map of language to name and source");
      continue;
    }
    for (const auto& lang : kv.second) {
      const int l = language_index(lang.first.Scalar());
      if (l < 0) {
        r.error(lang.first, what + ": unknown language '" + lang.first.Scalar() + "'");
        continue;
      }
      const std::string at = what + " " + lang.first.Scalar();
      if (!r.keys(lang.second, {"name", "source"}, at)) continue;
      if (!lang.second["name"] || !lang.second["source"]) {
        r.error(lang.second, at + ": needs name and source");
        continue;
      }
      GlossaryName name{l, r.str(lang.second["name"], at + " name").value_or(""),
                        r.str(lang.second["source"], at + " source").value_or("")};
      if (!sources.count(name.source)) r.error(lang.second["source"], at + ": unknown source '" + name.source + "'");
      // The printed name must be a word lookup matches for this concept in this language.
      bool known = false;
      if (const auto forms = c->words.find(l); forms != c->words.end())
        for (const auto& f : forms->second) known = known || folded_words(f) == folded_words(name.name);
      if (!known)
        r.error(lang.second["name"], at + ": '" + name.name + "' is not a " + lang.first.Scalar() +
                                         " word of concept '" + t.concept_id +
                                         "' in oracle/lookup/vocabulary.yaml; add it there");
      t.names.push_back(std::move(name));
    }
    g.terms.push_back(std::move(t));
  }
}

}  // namespace

Glossary read_glossary(const std::string& text, const std::string& file, const Vocabulary& vocabulary,
                       Diagnostics& diags) {
  Glossary g;
  YamlReader r(file, diags);
  const YAML::Node doc = parse_yaml(text, file, diags);
  if (!diags.empty()) return g;
  if (!r.keys(doc, {"version", "sources", "terms"}, "glossary")) return g;
  if (!doc["version"] || r.integer(doc["version"], "version").value_or(0) != 1)
    r.error(doc, "glossary: expected version: 1");
  if (doc["sources"])
    read_sources(doc["sources"], r, g);
  else
    r.error(doc, "glossary: missing sources");
  if (doc["terms"])
    read_terms(doc["terms"], r, vocabulary, g);
  else
    r.error(doc, "glossary: missing terms");
  return g;
}

Glossary builtin_glossary(Diagnostics& diags) {
  const auto files = embedded_under(kGlossaryPath);
  if (files.empty()) {
    diags.push_back({kGlossaryPath, 0, 0, "not embedded"});
    return {};
  }
  return read_glossary(files[0].text, files[0].path, builtin_vocabulary(), diags);
}

}  // namespace carc
