#include "lookup/search.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "lookup/text_search.hpp"
#include "scenario/ledger.hpp"

namespace carc {
namespace {

constexpr double kExactId = 1000;

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : " ") + s;
  return out;
}

bool same_id(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

bool contains(const std::vector<std::string>& v, std::string_view s) { return std::find(v.begin(), v.end(), s) != v.end(); }

// Whether the terms appear one after the other in a field.
bool adjacent(const std::vector<std::string>& field, const std::vector<std::string>& terms) {
  if (terms.size() < 2 || field.size() < terms.size()) return false;
  for (std::size_t i = 0; i + terms.size() <= field.size(); ++i)
    if (std::equal(terms.begin(), terms.end(), field.begin() + static_cast<std::ptrdiff_t>(i))) return true;
  return false;
}

}  // namespace

std::string_view hit_kind_name(HitKind k) {
  switch (k) {
    case HitKind::Ruling: return "ruling";
    case HitKind::Switch: return "switch";
    case HitKind::Scenario: return "scenario";
  }
  return "ruling";
}

SearchIndex::SearchIndex(const Corpus& corpus) {
  add_rulings();
  add_switches();
  add_scenarios(corpus);
  for (const auto& d : docs_) {
    std::set<std::string> seen;
    for (const auto& f : d.fields) seen.insert(f.terms.begin(), f.terms.end());
    for (const auto& t : seen) ++df_[t];
  }
}

void SearchIndex::add_rulings() {
  for (const auto& r : builtin_ledger()) {
    Doc d{HitKind::Ruling, r.id, r.title, {}, r.switches};
    d.fields.push_back({3.0, search_terms(r.title)});
    d.fields.push_back({1.5, search_terms(r.statement)});
    d.fields.push_back({0.6, search_terms(r.notes)});
    d.fields.push_back({2.0, search_terms(r.area + " " + joined(r.expansions))});
    d.fields.push_back({0.7, search_terms(joined(r.editions) + " " + joined(r.publishers))});
    std::string switch_text;
    for (const auto& id : r.switches)
      if (const auto* s = find_ledger_switch(id)) switch_text += " " + s->key + " " + s->title;
    d.fields.push_back({0.8, search_terms(switch_text)});
    docs_.push_back(std::move(d));
  }
}

void SearchIndex::add_switches() {
  for (const auto& s : builtin_ledger_switches()) {
    Doc d{HitKind::Switch, s.id, s.title, {}, s.rulings};
    d.fields.push_back({3.0, search_terms(s.title)});
    d.fields.push_back({2.5, search_terms(s.key)});
    d.fields.push_back({1.2, search_terms(joined(s.values))});
    d.fields.push_back({1.5, search_terms(s.statement)});
    std::string who;
    for (const auto& p : s.presets) who += " " + p.value + " " + p.who;
    d.fields.push_back({1.0, search_terms(who)});
    docs_.push_back(std::move(d));
  }
}

void SearchIndex::add_scenarios(const Corpus& corpus) {
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios)
      if (s.valid() && !s.id.empty()) scenarios_.push_back(&s);
  std::sort(scenarios_.begin(), scenarios_.end(), [](const Scenario* a, const Scenario* b) { return a->id < b->id; });
  for (const Scenario* s : scenarios_) {
    Doc d{HitKind::Scenario, s->id, s->title, {}, s->rulings};
    d.fields.push_back({2.5, search_terms(s->title)});
    d.fields.push_back({2.0, search_terms(joined(s->tags))});
    d.fields.push_back({1.0, search_terms(joined(s->required))});
    d.fields.push_back({0.5, search_terms(s->notes + " " + without_ids(s->source))});
    docs_.push_back(std::move(d));
  }
}

double SearchIndex::idf(const std::string& term) const {
  const auto it = df_.find(term);
  const double df = it == df_.end() ? 1 : it->second;
  return std::log(1.0 + static_cast<double>(docs_.size()) / df);
}

double SearchIndex::word_score(const Doc& d, const std::vector<std::string>& terms, std::vector<std::string>& matched) const {
  double score = 0;
  for (const auto& t : terms) {
    double best = 0;
    for (const auto& f : d.fields) {
      if (!contains(f.terms, t)) continue;
      best = std::max(best, f.weight / (1.0 + 0.05 * static_cast<double>(f.terms.size())));
    }
    if (best == 0) continue;
    matched.push_back(t);
    score += best * idf(t);
  }
  if (terms.empty() || matched.empty()) return 0;
  const double share = static_cast<double>(matched.size()) / static_cast<double>(terms.size());
  score *= share * share;
  for (const auto& f : d.fields)
    if (adjacent(f.terms, terms)) return score * 1.25;
  return score;
}

double SearchIndex::id_score(const Doc& d, const std::vector<std::string>& ids) const {
  double score = 0;
  for (const auto& id : ids) {
    if (same_id(d.id, id)) score += kExactId;
    else if (d.kind == HitKind::Scenario && d.id.size() > id.size() && same_id(d.id.substr(0, id.size()), id) &&
             d.id[id.size()] == '-')
      score += kExactId * 0.3;  // FM-13 finds FM-13-a, above scenarios merely citing FM-13
    else if (contains(d.links, id))
      score += kExactId / 4;   // a switch's rulings, a ruling's scenarios, a ruling's switches
  }
  return score;
}

SearchResult SearchIndex::search(std::string_view query) const {
  SearchResult out;
  out.ids = ids_in(query);
  out.terms = search_terms(without_ids(query));
  std::vector<std::string> terms;  // unique, in the order written
  for (const auto& t : out.terms)
    if (!contains(terms, t)) terms.push_back(t);
  std::vector<Hit> hits;
  for (const auto& d : docs_) {
    Hit h{d.kind, d.id, d.title, 0, {}};
    h.score = word_score(d, terms, h.matched);
    const double ids = id_score(d, out.ids);
    if (ids >= kExactId) h.matched.insert(h.matched.begin(), "id");
    h.score += ids;
    hits.push_back(std::move(h));
  }
  // A ruling gains from the scenarios that pin it and the switches it feeds.
  for (auto& h : hits) {
    if (h.kind != HitKind::Ruling) continue;
    double extra = 0;
    for (std::size_t i = 0; i < docs_.size(); ++i) {
      if (docs_[i].kind == HitKind::Ruling || !contains(docs_[i].links, h.id) || hits[i].score >= kExactId / 4) continue;
      extra = std::max(extra, (docs_[i].kind == HitKind::Scenario ? 0.3 : 0.2) * hits[i].score);
    }
    h.score += extra;
  }
  for (auto& h : hits)
    if (h.score > 0) out.hits.push_back(std::move(h));
  std::stable_sort(out.hits.begin(), out.hits.end(), [](const Hit& a, const Hit& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.id < b.id;
  });
  return out;
}

std::vector<const Scenario*> SearchIndex::scenarios_of(std::string_view ledger_id) const {
  std::vector<const Scenario*> out;
  for (const Scenario* s : scenarios_)
    if (contains(s->rulings, ledger_id)) out.push_back(s);
  return out;
}

const Scenario* SearchIndex::scenario(std::string_view id) const {
  for (const Scenario* s : scenarios_)
    if (same_id(s->id, id)) return s;
  return nullptr;
}

}  // namespace carc
