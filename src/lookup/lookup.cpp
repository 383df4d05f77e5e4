#include "lookup/lookup.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lookup/cards_json.hpp"
#include "runner/engine_subject.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

double rounded(double v) { return std::round(v * 1000.0) / 1000.0; }

std::string language_code(const SearchResult& r) {
  return std::string(kLanguages[static_cast<std::size_t>(r.language)]);
}

std::string first_scenario_id(const SearchIndex& index, const SearchResult& r) {
  for (const auto& id : r.ids)
    if (const Scenario* s = index.scenario(id)) return s->id;
  return {};
}

const LedgerSwitch* top_switch(const SearchResult& r) {
  if (!r.confident || r.hits.empty() || r.hits.front().kind != HitKind::Switch) return nullptr;
  return find_ledger_switch(r.hits.front().id);
}

// How the query was read, in its language: "abad, jardín", a corrected typo as `abbot ("abot")`.
std::string understood_text(const SearchResult& r) {
  std::vector<std::string> parts;
  for (const auto& t : r.understood) {
    std::string part = printable(t.shown);
    if (t.match == TermMatch::Typo) part += " (\"" + printable(t.typed) + "\")";
    if (std::find(parts.begin(), parts.end(), part) == parts.end()) parts.push_back(part);
  }
  for (const auto& id : r.ids) parts.push_back(id);
  return join(parts, ", ");
}

void write_hits_text(std::ostream& out, const LookupRequest& q, const SearchResult& r, std::size_t shown) {
  std::size_t id_width = 0;
  for (std::size_t i = 0; i < shown; ++i) id_width = std::max(id_width, r.hits[i].id.size());
  for (std::size_t i = 0; i < shown; ++i) {
    const Hit& h = r.hits[i];
    char line[96];
    std::snprintf(line, sizeof line, "%3zu. %-8s %-*s  ", i + 1, std::string(hit_kind_name(h.kind)).c_str(),
                  static_cast<int>(std::min<std::size_t>(id_width, 40)), printable(h.id).c_str());
    std::vector<std::string> shown_terms;
    for (const auto& s : h.shown) shown_terms.push_back(printable(s));
    fmt::print(out, "{}{}{}\n", line, printable(h.title),
               paint(q.text, kToneDim, "  [" + join(shown_terms, ", ") + "]"));
  }
}

void write_matches_text(std::ostream& out, const LookupRequest& q, const SearchResult& r) {
  fmt::print(out, "lookup \"{}\" ({}): {} match{} for {}\n", printable(q.query), language_code(r), r.hits.size(),
             (r.hits.size() == 1 ? "" : "es"), understood_text(r));
  const std::size_t shown = std::min(r.hits.size(), static_cast<std::size_t>(std::max(q.matches, 0)));
  write_hits_text(out, q, r, shown);
  if (r.hits.size() > shown)
    fmt::print(out, "     ({} more; add words or give an id to narrow, or --matches N)\n", r.hits.size() - shown);
  out << "\n";
}

constexpr const char* kTryOther =
    "Try other words (abbot garden, Fluggerät Abt Garten, crop circle ZMG), an id (FM-13,\n"
    "V-CC-2, FM-13-a), --lang to name the query's language, or `carc-oracle coverage` for\n"
    "the list of rulings.\n";

// Below the minimum confidence: what was understood, the nearest candidates, never a card.
void write_not_confident_text(std::ostream& out, const LookupRequest& q, const SearchResult& r) {
  fmt::print(out, "lookup \"{}\" ({}): found nothing confident for {}.\n", printable(q.query), language_code(r),
             understood_text(r));
  const Hit& best = r.hits.front();
  out << wrap(
      fmt::format("The nearest match covers {}% of the question; a ruling is shown from {}% with two figures, "
                  "features, expansions or actions named, {}% with one",
                  std::lround(100 * best.coverage), std::lround(100 * kMinConfidence),
                  std::lround(100 * kMinConfidenceOneConcept)) +
          (r.unknown.empty()
               ? std::string(".")
               : "; and as the question uses words no ruling or scenario uses (" + printable(join(r.unknown, ", ")) +
                     "), only when the match's title or statement holds three of its figures, features, expansions "
                     "or actions together, or a figure and a feature."),
      q.text.width, "");
  out << "\nNearest candidates (suggestions, not answers):\n";
  write_hits_text(out, q, r, std::min<std::size_t>(r.hits.size(), 5));
  fmt::print(out, "\n{}", kTryOther);
}

Json hits_json(const SearchResult& r, int limit) {
  Json out = Json::array();
  for (std::size_t i = 0; i < r.hits.size() && static_cast<int>(i) < limit; ++i) {
    const Hit& h = r.hits[i];
    out.push_back({{"kind", hit_kind_name(h.kind)},
                   {"id", h.id},
                   {"title", h.title},
                   {"score", rounded(h.score)},
                   {"coverage", rounded(h.coverage)},
                   {"matched", h.matched},
                   {"shown", h.shown}});
  }
  return out;
}

Json understood_json(const SearchResult& r) {
  Json out = Json::array();
  for (const auto& t : r.understood)
    out.push_back({{"typed", t.typed},
                   {"term", t.term},
                   {"shown", t.shown},
                   {"kind", t.is_concept ? Json(std::string(concept_kind_name(t.kind))) : Json(nullptr)},
                   {"match", std::string(term_match_name(t.match))}});
  return out;
}

}  // namespace

std::vector<std::string> rulings_to_show(const SearchIndex& index, const SearchResult& result, int top) {
  std::vector<std::string> out;
  if (!result.confident) return out;
  for (const Hit& h : result.hits) {
    if (static_cast<int>(out.size()) >= top) break;
    std::string id;
    if (h.kind == HitKind::Ruling) id = h.id;
    if (h.kind == HitKind::Scenario)
      if (const Scenario* s = index.scenario(h.id); s && !s->rulings.empty())
        if (const LedgerRuling* r = ruling_for(s->rulings.front())) id = r->id;
    if (!id.empty() && std::find(out.begin(), out.end(), id) == out.end()) out.push_back(id);
  }
  return out;
}

bool write_lookup(const SearchIndex& index, const LookupRequest& q, std::ostream& out) {
  const SearchResult r = index.search(q.query, q.language);
  const std::string asked = q.ruleset.empty() ? std::string("hig-c3") : q.ruleset;
  EngineSubject subject;
  const std::string first = first_scenario_id(index, r);
  std::vector<RulingCard> cards;
  for (const auto& id : rulings_to_show(index, r, q.top))
    if (const LedgerRuling* l = find_ruling(id)) cards.push_back(ruling_card(*l, index, q.ruleset, subject, first));
  const LedgerSwitch* sw = top_switch(r);
  if (q.json) {
    Json j{{"query", q.query},
           {"language", language_code(r)},
           {"terms", r.terms},
           {"ids", r.ids},
           {"understood", understood_json(r)},
           {"unknown", r.unknown},
           {"ruleset", q.ruleset.empty() ? Json(nullptr) : Json(q.ruleset)},
           {"found", r.confident},
           {"confidence", rounded(r.confidence)},
           {"matches", r.confident ? hits_json(r, q.matches) : Json::array()},
           {"suggestions", r.confident ? Json::array() : hits_json(r, 5)}};
    j["switches"] = Json::array();
    if (sw) j["switches"].push_back(variant_json(variant_card(*sw, asked)));
    j["rulings"] = Json::array();
    for (const auto& c : cards) j["rulings"].push_back(ruling_json(c));
    fmt::print(out, "{}\n", j.dump(2));
    return r.confident;
  }
  if (r.hits.empty()) {
    fmt::print(out, "lookup \"{}\" ({}): no ruling, switch or scenario matches{}.\n{}", printable(q.query),
               language_code(r), (r.understood.empty() && r.ids.empty() ? "" : " " + understood_text(r)), kTryOther);
    return false;
  }
  if (!r.confident) {
    write_not_confident_text(out, q, r);
    return false;
  }
  write_matches_text(out, q, r);
  if (sw) {
    const VariantCard card = variant_card(*sw, asked);
    fmt::print(out, "{}\n", paint(q.text, kToneBold, (q.text.board.unicode ? "━━ switch " : "== switch ") + sw->id));
    write_variant_text(out, card, q.text);
    fmt::print(out, "{}\n", paint(q.text, kToneBold, "Sources"));
    write_sources_text(out, card.sources, q.text);
    out << "\n";
  }
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) out << "\n";
    write_ruling_text(out, cards[i], q.text);
  }
  return true;
}

}  // namespace carc
