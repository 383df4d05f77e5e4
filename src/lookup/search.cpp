#include "lookup/search.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "data/ledger.hpp"
#include "lookup/asked.hpp"

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

bool contains(const std::vector<std::string>& v, std::string_view s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Whether the terms appear one after the other in a field.
bool adjacent(const std::vector<std::string>& field, const std::vector<std::string>& terms) {
  if (terms.size() < 2 || field.size() < terms.size()) return false;
  for (std::size_t i = 0; i + terms.size() <= field.size(); ++i)
    if (std::equal(terms.begin(), terms.end(), field.begin() + static_cast<std::ptrdiff_t>(i))) return true;
  return false;
}

// What a query word weighs by what it names; a corrected typo weighs less.
double term_weight(const QueryTerm& t) {
  double w = 1.0;
  if (t.is_concept) {
    switch (t.kind) {
      case ConceptKind::Figure:
      case ConceptKind::Feature:
        w = 2.0;
        break;
      case ConceptKind::Expansion:
        w = 1.8;
        break;
      case ConceptKind::Action:
        w = 1.6;
        break;
      case ConceptKind::Publisher:
      case ConceptKind::Edition:
        w = 1.5;
        break;
      case ConceptKind::Term:
        w = 1.2;
        break;
    }
  }
  return t.match == TermMatch::Typo ? w * 0.75 : w;
}

bool rules_concept(const QueryTerm& t) { return t.is_concept && t.kind != ConceptKind::Term; }

bool meets(const QueryTerm& t) {
  return rules_concept(t) && t.kind != ConceptKind::Publisher && t.kind != ConceptKind::Edition;
}

}  // namespace

std::string_view hit_kind_name(HitKind k) {
  switch (k) {
    case HitKind::Ruling:
      return "ruling";
    case HitKind::Switch:
      return "switch";
    case HitKind::Scenario:
      return "scenario";
  }
  return "ruling";
}

SearchIndex::SearchIndex(const Corpus& corpus, SearchOptions options) : options_(options) {
  add_rulings();
  add_switches();
  add_scenarios(corpus);
  for (std::size_t i = 0; i < docs_.size(); ++i) doc_index_.emplace(docs_[i].id, i);
  if (options_.asked_weight > 0) add_asked();
  for (const auto& d : docs_) {
    std::set<std::string> seen;
    for (const auto& f : d.fields) seen.insert(f.terms.begin(), f.terms.end());
    for (const auto& t : seen) ++df_[t];
  }
  // Each kind's documents have the same fields in the same order: their mean lengths, for BM25F.
  std::vector<std::vector<double>> sums(3), counts(3);
  for (const auto& d : docs_) {
    const auto k = static_cast<std::size_t>(d.kind);
    sums[k].resize(std::max(sums[k].size(), d.fields.size()));
    counts[k].resize(sums[k].size());
    for (std::size_t i = 0; i < d.fields.size(); ++i) {
      sums[k][i] += static_cast<double>(d.fields[i].terms.size());
      counts[k][i] += 1;
    }
  }
  average_length_.resize(3);
  for (std::size_t k = 0; k < 3; ++k)
    for (std::size_t i = 0; i < sums[k].size(); ++i) average_length_[k].push_back(sums[k][i] / counts[k][i]);
}

void SearchIndex::add_asked() {
  // Each ruling's and switch's asked questions, read in their own language, make one more field of it.
  std::map<std::size_t, std::vector<std::string>> fields;
  for (const auto& q : builtin_asked()) {
    const auto it = doc_index_.find(q.id);
    if (it == doc_index_.end()) continue;
    auto& terms = fields[it->second];
    for (auto& t : read_query(q.text, words_, q.language).terms) terms.push_back(std::move(t.term));
  }
  for (auto& [doc, terms] : fields) docs_[doc].fields.push_back({options_.asked_weight, std::move(terms), false});
}

SearchIndex::Field SearchIndex::field(double weight, std::string_view text, bool core) {
  return {weight, search_terms(text, words_), core};
}

void SearchIndex::add_rulings() {
  for (const auto& r : builtin_ledger()) {
    Doc d{HitKind::Ruling, r.id, r.title, {}, r.switches};
    d.fields.push_back(field(3.0, r.title, true));
    d.fields.push_back(field(1.5, r.statement, true));
    d.fields.push_back(field(0.6, r.notes));
    d.fields.push_back(field(2.0, r.area + " " + joined(r.expansions)));
    d.fields.push_back(field(0.7, joined(r.editions) + " " + joined(r.publishers)));
    std::string switch_text;
    for (const auto& id : r.switches)
      if (const auto* s = find_ledger_switch(id)) switch_text += " " + s->key + " " + s->title;
    d.fields.push_back(field(0.8, switch_text));
    docs_.push_back(std::move(d));
  }
}

void SearchIndex::add_switches() {
  for (const auto& s : builtin_ledger_switches()) {
    Doc d{HitKind::Switch, s.id, s.title, {}, s.rulings};
    d.fields.push_back(field(3.0, s.title, true));
    d.fields.push_back(field(2.5, s.key));
    d.fields.push_back(field(1.2, joined(s.values)));
    d.fields.push_back(field(1.5, s.statement, true));
    std::string who;
    for (const auto& p : s.presets) who += " " + p.value + " " + p.who;
    d.fields.push_back(field(1.0, who));
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
    d.fields.push_back(field(2.5, s->title, true));
    d.fields.push_back(field(2.0, joined(s->tags)));
    d.fields.push_back(field(1.0, joined(s->required)));
    d.fields.push_back(field(0.5, s->notes + " " + without_ids(s->source)));
    docs_.push_back(std::move(d));
  }
}

double SearchIndex::idf(const std::string& term) const {
  const auto it = df_.find(term);
  const double df = it == df_.end() ? 1 : it->second;
  return std::log(1.0 + static_cast<double>(docs_.size()) / df);
}

double SearchIndex::bm25f(const Doc& d, const std::string& term) const {
  const auto& average = average_length_[static_cast<std::size_t>(d.kind)];
  double tf = 0;
  for (std::size_t i = 0; i < d.fields.size(); ++i) {
    const auto& f = d.fields[i];
    const auto n = std::count(f.terms.begin(), f.terms.end(), term);
    if (n == 0) continue;
    const double ratio = i < average.size() && average[i] > 0 ? static_cast<double>(f.terms.size()) / average[i] : 1;
    tf += f.weight * static_cast<double>(n) / (1 - kBm25B + kBm25B * ratio);
  }
  const auto it = df_.find(term);
  const double df = it == df_.end() ? 0 : it->second;
  const double n = static_cast<double>(docs_.size());
  return std::log(1 + (n - df + 0.5) / (df + 0.5)) * tf / (kBm25K1 + tf);
}

double SearchIndex::word_score(const Doc& d, const std::vector<WeightedTerm>& terms, Hit& hit) const {
  double score = 0, total = 0, matched = 0, concepts = 0, concepts_matched = 0;
  for (const auto& wt : terms) {
    total += wt.weight;
    if (wt.rules_concept) concepts += wt.weight;
    double best = 0;
    for (const auto& f : d.fields) {
      if (!contains(f.terms, wt.term->term)) continue;
      best = std::max(best, f.weight / (1.0 + 0.05 * static_cast<double>(f.terms.size())));
    }
    if (best == 0) continue;
    hit.matched.push_back(wt.term->term);
    hit.shown.push_back(wt.term->shown);
    matched += wt.weight;
    if (wt.rules_concept) {
      concepts_matched += wt.weight;
      ++hit.concepts_matched;
    }
    score += (options_.scorer == Scorer::Bm25f ? bm25f(d, wt.term->term) : best * idf(wt.term->term)) * wt.weight;
  }
  if (total == 0 || matched == 0) return 0;
  hit.coverage = matched / total;
  hit.concept_coverage = concepts == 0 ? 1.0 : concepts_matched / concepts;
  score *= hit.coverage * hit.coverage * hit.coverage;
  // The question's figures, features, expansions and actions together in one title or statement.
  if (std::count_if(terms.begin(), terms.end(), [](const WeightedTerm& wt) { return wt.meets; }) >= 2) {
    double best_pair = 1;
    for (const auto& f : d.fields) {
      if (!f.core) continue;
      int together = 0;
      bool figure = false, feature = false;
      for (const auto& wt : terms) {
        const auto kind = wt.term->kind;
        if (!wt.meets || !contains(f.terms, wt.term->term)) continue;
        ++together;
        figure = figure || kind == ConceptKind::Figure;
        feature = feature || kind == ConceptKind::Feature;
      }
      hit.concepts_together = std::max(hit.concepts_together, together);
      hit.figure_at_feature = hit.figure_at_feature || (figure && feature);
      if (together < 2) continue;
      double bonus = 1 + 0.25 * (together - 1);
      if (figure && feature) bonus *= 1.2;
      best_pair = std::max(best_pair, bonus);
    }
    score *= best_pair;
  }
  // The question's predicate (may X land, does X eat, who pays): a title that holds the question's action
  // says what the ruling decides, so it ranks above a ruling that names the same pieces for another action.
  for (const auto& wt : terms) {
    if (wt.term->kind != ConceptKind::Action || !wt.term->is_concept) continue;
    if (!d.fields.empty() && d.fields.front().core && contains(d.fields.front().terms, wt.term->term)) {
      score *= options_.predicate_in_title;
      break;
    }
  }
  // Words of the question side by side in a field, in the question's order: all of them, or pairs.
  std::vector<std::string> in_order;
  for (const auto& wt : terms) in_order.push_back(wt.term->term);
  int pairs = 0;
  for (std::size_t i = 0; i + 1 < in_order.size(); ++i)
    for (const auto& f : d.fields)
      if (adjacent(f.terms, {in_order[i], in_order[i + 1]})) {
        ++pairs;
        break;
      }
  for (const auto& f : d.fields)
    if (adjacent(f.terms, in_order)) return score * 1.25;
  return score * (1 + 0.1 * std::min(pairs, 3));
}

double SearchIndex::id_score(const Doc& d, const std::vector<std::string>& ids) const {
  double score = 0;
  for (const auto& id : ids) {
    if (same_id(d.id, id))
      score += kExactId;
    else if (d.kind == HitKind::Scenario && d.id.size() > id.size() && same_id(d.id.substr(0, id.size()), id) &&
             d.id[id.size()] == '-')
      score += kExactId * 0.3;  // FM-13 finds FM-13-a, above scenarios merely citing FM-13
    else if (contains(d.links, id))
      score += kExactId / 4;  // a switch's rulings, a ruling's scenarios, a ruling's switches
  }
  return score;
}

SearchResult SearchIndex::search(std::string_view query, int language) const {
  SearchResult out;
  QueryReading reading = read_query(query, words_, language);
  out.language = reading.language;
  out.language_given = reading.language_given;
  out.ids = std::move(reading.ids);
  out.understood = std::move(reading.terms);
  std::vector<WeightedTerm> terms;  // unique, in the order written
  for (const auto& t : out.understood) {
    out.terms.push_back(t.term);
    const bool seen =
        std::any_of(terms.begin(), terms.end(), [&](const WeightedTerm& w) { return w.term->term == t.term; });
    if (seen) continue;
    // The ledger and scenarios are English: an English word none of them uses names something they do not
    // discuss ("shape" in "the knight moves in an L shape"). Words of other languages the vocabulary lacks
    // say nothing of the kind, and a number may simply not occur.
    const bool unknown = out.language == 0 && t.match == TermMatch::Word && !t.is_concept && df_.count(t.term) == 0 &&
                         !std::all_of(t.term.begin(), t.term.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (unknown) out.unknown.push_back(t.shown);
    terms.push_back({&t, term_weight(t), rules_concept(t), meets(t)});
  }
  std::vector<Hit> hits;
  for (const auto& d : docs_) {
    Hit h{d.kind, d.id, d.title, 0, {}, {}, 0, 0, 0, 0, false};
    h.score = word_score(d, terms, h);
    const double ids = id_score(d, out.ids);
    if (ids >= kExactId) {
      h.matched.insert(h.matched.begin(), "id");
      h.shown.insert(h.shown.begin(), d.id);
    } else if (ids > 0) {
      for (const auto& id : out.ids) h.shown.insert(h.shown.begin(), "via " + id);
    }
    h.score += ids;
    hits.push_back(std::move(h));
  }
  // A ruling gains from the scenarios that pin it and the switches it feeds.
  for (auto& h : hits) {
    if (h.kind != HitKind::Ruling) continue;
    double extra = 0;
    for (std::size_t i = 0; i < docs_.size(); ++i) {
      if (docs_[i].kind == HitKind::Ruling || !contains(docs_[i].links, h.id) || hits[i].score >= kExactId / 4)
        continue;
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
  if (!out.hits.empty()) {
    const Hit& best = out.hits.front();
    // The first hit answering otherwise: what the best one is not, and not linked to it either way.
    const Doc* best_doc = doc(best.id);
    const auto answers_like_best = [&](const Hit& h) {
      if (h.id == best.id) return true;
      const Doc* d = doc(h.id);
      if (best_doc && contains(best_doc->links, h.id)) return true;
      if (d && contains(d->links, best.id)) return true;
      // Two scenarios, or a scenario and a switch, pinning the same ruling.
      if (best_doc && d && best_doc->kind != HitKind::Ruling && d->kind != HitKind::Ruling)
        for (const auto& l : d->links)
          if (contains(best_doc->links, l)) return true;
      return false;
    };
    for (std::size_t i = 1; i < out.hits.size(); ++i)
      if (!answers_like_best(out.hits[i])) {
        out.runner_up = out.hits[i].id;
        if (best.score < kExactId && out.hits[i].score > 0) out.margin = best.score / out.hits[i].score;
        break;
      }
    out.confidence = best.score >= kExactId ? 1.0 : best.coverage;
    // One rules concept alone must carry nearly the whole question ("castle" in "castle in chess" does not).
    const double needed = best.concepts_matched >= 2 ? kMinConfidence : kMinConfidenceOneConcept;
    // A question that also names what no ruling or scenario speaks of ("the knight moves in an L shape")
    // is about the hit only when the hit is about its concepts together, not about each somewhere: three
    // of them in one title or statement, or a figure and the feature it stands on ("can my abbot land on
    // a garden my dog chewed?"). Two concepts of any kind are too common a pair: with the dragon and
    // fairy scenarios, a knight and a move meet in many titles (a knight moved away, a fairy moved to a
    // knight) without saying anything of how a knight moves.
    const auto named = std::count_if(terms.begin(), terms.end(), [](const WeightedTerm& wt) { return wt.meets; });
    const bool together = best.concepts_together >= 3 || (best.concepts_together >= 2 && best.figure_at_feature);
    const bool about_it = out.unknown.empty() || together || (named < 2 && out.confidence >= kMinConfidenceOneConcept);
    const bool clear = out.runner_up.empty() || out.margin >= kMinMargin;
    out.confident = best.score >= kExactId || (best.concepts_matched >= 1 && best.concept_coverage >= 0.5 &&
                                               out.confidence >= needed && about_it && clear);
  }
  return out;
}

std::vector<const Scenario*> SearchIndex::scenarios_of(std::string_view ledger_id) const {
  std::vector<const Scenario*> out;
  for (const Scenario* s : scenarios_)
    if (contains(s->rulings, ledger_id)) out.push_back(s);
  return out;
}

const SearchIndex::Doc* SearchIndex::doc(std::string_view id) const {
  const auto it = doc_index_.find(id);
  return it == doc_index_.end() ? nullptr : &docs_[it->second];
}

const Scenario* SearchIndex::scenario(std::string_view id) const {
  for (const Scenario* s : scenarios_)
    if (same_id(s->id, id)) return s;
  return nullptr;
}

}  // namespace carc
