#include "lookup/cards.hpp"

#include <algorithm>

#include "data/oracle_data.hpp"
#include "runner/runner.hpp"

namespace carc {

constexpr const char* kDefaultRuleset = "hig-c3";

std::vector<SourceLine> source_lines(const std::vector<LedgerSourceRef>& refs) {
  std::vector<SourceLine> out;
  for (const auto& r : refs) {
    SourceLine line{r.ref, r.locator, r.date, r.date_kind, r.supports, r.note, find_ledger_source(r.ref), {}};
    if (line.source)
      for (const auto& key : r.passages)
        if (const LedgerPassage* p = line.source->passage(key)) line.passages.push_back(p);
    out.push_back(std::move(line));
  }
  return out;
}

VariantCard variant_card(const LedgerSwitch& s, const std::string& ruleset) {
  VariantCard card;
  card.ledger = &s;
  card.ruleset = ruleset;
  card.engine_switch = find_switch(s.key) != nullptr;
  card.sources = source_lines(s.sources);
  if (card.engine_switch)
    if (auto rules = ruleset_named(ruleset)) card.effective = std::string(rules->get(s.key));
  for (const auto& v : s.values) {
    VariantValue value{v, "", {}, v == s.default_value};
    for (const auto& p : s.presets)
      if (p.value == v) value.who += (value.who.empty() ? "" : "; ") + p.who;
    if (card.engine_switch)
      for (const auto& p : builtin_presets())
        if (auto rules = ruleset_named(p.name); rules && rules->get(s.key) == v) value.presets.push_back(p.name);
    card.values.push_back(std::move(value));
  }
  return card;
}

std::string ruleset_for(const Scenario& s, const std::string& requested) {
  const auto rulesets = scenario_rulesets(s);
  const auto applies = [&](const std::string& r) {
    return std::find(rulesets.begin(), rulesets.end(), r) != rulesets.end();
  };
  if (!requested.empty()) return applies(requested) ? requested : std::string();
  if (applies(kDefaultRuleset)) return kDefaultRuleset;
  return rulesets.empty() ? std::string() : rulesets.front();
}

ScenarioCard scenario_card(const Scenario& s, const std::string& requested, Subject& subject) {
  ScenarioCard card;
  card.scenario = &s;
  card.ruleset = ruleset_for(s, requested);
  if (card.ruleset.empty()) {
    std::string list;
    for (const auto& r : scenario_rulesets(s)) list += (list.empty() ? "" : ", ") + r;
    card.not_run = "does not apply under " + requested + " (it applies to " + list + ")";
    return card;
  }
  card.result = run_one(s, card.ruleset, subject);
  card.sections = answer_sections(s, card.result);
  card.views = scenario_views(s, card.ruleset);
  return card;
}

RulingCard ruling_card(const LedgerRuling& r, const SearchIndex& index, const std::string& ruleset, Subject& subject,
                       const std::string& first_scenario) {
  RulingCard card;
  card.ruling = &r;
  card.sources = source_lines(r.sources);
  const std::string asked = ruleset.empty() ? std::string(kDefaultRuleset) : ruleset;
  for (const auto& id : r.switches)
    if (const LedgerSwitch* s = find_ledger_switch(id)) card.variants.push_back(variant_card(*s, asked));
  auto scenarios = index.scenarios_of(r.id);
  // The scenario asked about, then those whose first ruling this is, then the others; each by id.
  const auto rank = [&](const Scenario* s) {
    if (s->id == first_scenario) return 0;
    return !s->rulings.empty() && s->rulings.front() == r.id ? 1 : 2;
  };
  std::stable_sort(scenarios.begin(), scenarios.end(),
                   [&](const Scenario* a, const Scenario* b) { return rank(a) < rank(b); });
  for (const Scenario* s : scenarios) card.scenarios.push_back(scenario_card(*s, ruleset, subject));
  return card;
}

}  // namespace carc
