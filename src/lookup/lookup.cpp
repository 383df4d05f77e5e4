#include "lookup/lookup.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "lookup/cards_json.hpp"
#include "runner/engine_subject.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

double rounded(double v) { return std::round(v * 1000.0) / 1000.0; }

std::string first_scenario_id(const SearchIndex& index, const SearchResult& r) {
  for (const auto& id : r.ids)
    if (const Scenario* s = index.scenario(id)) return s->id;
  return {};
}

const LedgerSwitch* top_switch(const SearchResult& r) {
  if (r.hits.empty() || r.hits.front().kind != HitKind::Switch) return nullptr;
  return find_ledger_switch(r.hits.front().id);
}

void write_matches_text(std::ostream& out, const LookupRequest& q, const SearchResult& r) {
  std::string words;
  for (const auto& t : r.terms) words += (words.empty() ? "" : " ") + t;
  for (const auto& id : r.ids) words += (words.empty() ? "" : " ") + id;
  out << "lookup \"" << q.query << "\": " << r.hits.size() << " match" << (r.hits.size() == 1 ? "" : "es")
      << " (searched for: " << words << ")\n";
  const std::size_t shown = std::min(r.hits.size(), static_cast<std::size_t>(std::max(q.matches, 0)));
  std::size_t id_width = 0;
  for (std::size_t i = 0; i < shown; ++i) id_width = std::max(id_width, r.hits[i].id.size());
  for (std::size_t i = 0; i < shown; ++i) {
    const Hit& h = r.hits[i];
    char line[96];
    std::snprintf(line, sizeof line, "%3zu. %-8s %-*s  ", i + 1, std::string(hit_kind_name(h.kind)).c_str(),
                  static_cast<int>(std::min<std::size_t>(id_width, 40)), h.id.c_str());
    out << line << h.title << "\n";
  }
  if (r.hits.size() > shown)
    out << "     (" << r.hits.size() - shown << " more; add words or give an id to narrow, or --matches N)\n";
  out << "\n";
}

Json matches_json(const SearchResult& r, int limit) {
  Json out = Json::array();
  for (std::size_t i = 0; i < r.hits.size() && static_cast<int>(i) < limit; ++i) {
    const Hit& h = r.hits[i];
    out.push_back({{"kind", hit_kind_name(h.kind)}, {"id", h.id}, {"title", h.title}, {"score", rounded(h.score)},
                   {"matched", h.matched}});
  }
  return out;
}

}  // namespace

std::vector<std::string> rulings_to_show(const SearchIndex& index, const SearchResult& result, int top) {
  std::vector<std::string> out;
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
  const SearchResult r = index.search(q.query);
  const std::string asked = q.ruleset.empty() ? std::string("hig-c3") : q.ruleset;
  EngineSubject subject;
  const std::string first = first_scenario_id(index, r);
  std::vector<RulingCard> cards;
  for (const auto& id : rulings_to_show(index, r, q.top))
    if (const LedgerRuling* l = find_ruling(id)) cards.push_back(ruling_card(*l, index, q.ruleset, subject, first));
  const LedgerSwitch* sw = top_switch(r);
  if (q.json) {
    Json j{{"query", q.query}, {"terms", r.terms}, {"ids", r.ids},
           {"ruleset", q.ruleset.empty() ? Json(nullptr) : Json(q.ruleset)}, {"found", !r.hits.empty()},
           {"matches", matches_json(r, q.matches)}};
    j["switches"] = Json::array();
    if (sw) j["switches"].push_back(variant_json(variant_card(*sw, asked)));
    j["rulings"] = Json::array();
    for (const auto& c : cards) j["rulings"].push_back(ruling_json(c));
    out << j.dump(2) << "\n";
    return !r.hits.empty();
  }
  if (r.hits.empty()) {
    out << "lookup \"" << q.query << "\": no ruling, switch or scenario matches.\n"
        << "Try other words (abbot garden, phantom flying machine, crop circle ZMG), an id (FM-13, V-CC-2,\n"
        << "FM-13-a), or `carc-oracle coverage` for the list of rulings.\n";
    return false;
  }
  write_matches_text(out, q, r);
  if (sw) {
    const VariantCard card = variant_card(*sw, asked);
    out << paint(q.text, kToneBold, (q.text.board.unicode ? "━━ switch " : "== switch ") + sw->id) << "\n";
    write_variant_text(out, card, q.text);
    out << paint(q.text, kToneBold, "Sources") << "\n";
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
