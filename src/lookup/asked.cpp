#include "lookup/asked.hpp"

#include <cstdio>
#include <cstdlib>
#include <set>

#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "data/yaml_util.hpp"
#include "lookup/vocabulary.hpp"
#include "lookup/words.hpp"

namespace carc {
namespace {

constexpr const char* kAskedPath = "oracle/lookup/asked.yaml";

bool ledger_has(const std::string& id) { return find_ruling(id) != nullptr || find_ledger_switch(id) != nullptr; }

void read_entry(const YAML::Node& key, const YAML::Node& list, YamlReader& r, std::set<std::string>& seen,
                std::vector<AskedQuestion>& out) {
  const std::string id = key.Scalar();
  const std::string what = "asked '" + id + "'";
  const bool known = ledger_has(id);
  if (!known) r.error(key, what + ": no ruling or switch with this id in oracle/rulings.yaml");
  if (!list.IsSequence()) {
    r.error(list, what + ": expected a list of {lang: CODE, q: \"QUESTION\"}");
    return;
  }
  for (const auto& item : list) {
    if (!item.IsMap()) {
      r.error(item, what + ": expected {lang: CODE, q: \"QUESTION\"}");
      continue;
    }
    if (!r.keys(item, {"lang", "q"}, what)) continue;
    if (!item["lang"] || !item["q"]) {
      r.error(item, what + ": each question needs lang and q");
      continue;
    }
    const auto lang = r.str(item["lang"], what + " lang");
    const auto q = r.str(item["q"], what + " q");
    if (!lang || !q) continue;
    const int l = language_index(*lang);
    if (l < 0) {
      r.error(item["lang"], what + ": unknown language '" + *lang + "' (expected en, es, ca, de, fr, it, nl or pl)");
      continue;
    }
    if (q->empty() || q->size() > kMaxAskedLength) {
      r.error(item["q"], what + ": a question of 1 to " + std::to_string(kMaxAskedLength) + " bytes, not " +
                             std::to_string(q->size()));
      continue;
    }
    if (!seen.insert(fold(*q)).second) {
      r.error(item["q"], what + ": this question is already listed (each question answers one ruling)");
      continue;
    }
    if (out.size() >= kMaxAskedQuestions) {
      r.error(item, "asked: more than " + std::to_string(kMaxAskedQuestions) + " questions");
      return;
    }
    if (known) out.push_back({id, l, *q});
  }
}

}  // namespace

std::vector<AskedQuestion> read_asked(const std::string& text, const std::string& file, Diagnostics& diags) {
  std::vector<AskedQuestion> out;
  YamlReader r(file, diags);
  const YAML::Node doc = parse_yaml(text, file, diags);
  if (!diags.empty()) return out;
  if (!r.keys(doc, {"version", "asked"}, "asked questions")) return out;
  if (!doc["version"] || r.integer(doc["version"], "version").value_or(0) != 1) r.error(doc, "expected version: 1");
  if (!doc["asked"] || !doc["asked"].IsMap()) {
    r.error(doc, "expected asked: a map of ledger id to its questions");
    return out;
  }
  std::set<std::string> seen;
  for (const auto& kv : doc["asked"]) read_entry(kv.first, kv.second, r, seen, out);
  return out;
}

const std::vector<AskedQuestion>& builtin_asked() {
  static const std::vector<AskedQuestion> asked = [] {
    Diagnostics diags;
    const auto files = embedded_under(kAskedPath);
    std::vector<AskedQuestion> out;
    if (files.empty())
      diags.push_back({kAskedPath, 0, 0, "not embedded"});
    else
      out = read_asked(files[0].text, files[0].path, diags);
    if (!diags.empty()) {
      std::fprintf(stderr, "internal error: the embedded lookup asked questions are broken:\n");
      for (const auto& d : diags) std::fprintf(stderr, "  %s\n", d.to_string().c_str());
      std::exit(70);
    }
    return out;
  }();
  return asked;
}

}  // namespace carc
