#include "lookup/cards_json.hpp"

#include "report/report.hpp"

namespace carc {

using Json = nlohmann::ordered_json;

Json sources_json(const std::vector<SourceLine>& sources) {
  Json out = Json::array();
  for (const auto& s : sources) {
    Json passages = Json::array();
    for (const LedgerPassage* p : s.passages)
      passages.push_back({{"key", p->key},
                          {"where", p->where},
                          {"tier", p->tier},
                          {"date", p->date.empty() ? Json(nullptr) : Json(p->date)},
                          {"lang", p->lang},
                          {"checked", p->checked},
                          {"original", p->quoted() ? Json(p->original) : Json(nullptr)},
                          {"english", p->english.empty() ? Json(nullptr) : Json(p->english)}});
    const LedgerSource* src = s.source;
    out.push_back({{"ref", s.ref},
                   {"title", src ? Json(src->title) : Json(nullptr)},
                   {"tier", src ? Json(src->tier) : Json(nullptr)},
                   {"url", src ? Json(src->url) : Json(nullptr)},
                   {"revision", src && !src->revision.empty() ? Json(src->revision) : Json(nullptr)},
                   {"locator", s.locator},
                   {"date", s.date.empty() ? Json(nullptr) : Json(s.date)},
                   {"date_kind", s.date_kind.empty() ? Json("passage") : Json(s.date_kind)},
                   {"supports", s.supports},
                   {"note", s.note.empty() ? Json(nullptr) : Json(s.note)},
                   {"passages", passages}});
  }
  return out;
}

Json variant_json(const VariantCard& card) {
  const LedgerSwitch& s = *card.ledger;
  Json values = Json::array();
  for (const auto& v : card.values)
    values.push_back({{"value", v.value}, {"default", v.is_default}, {"who", v.who}, {"presets", v.presets}});
  Json out{{"id", s.id},
           {"key", s.key},
           {"title", s.title},
           {"statement", s.statement},
           {"disputed", s.disputed},
           {"engine_switch", card.engine_switch},
           {"ruleset", card.ruleset},
           {"effective", card.engine_switch ? Json(card.effective) : Json(nullptr)},
           {"values", values},
           {"rulings", s.rulings},
           {"sources", sources_json(card.sources)}};
  return out;
}

Json sections_json(const std::vector<AnswerSection>& sections) {
  Json out = Json::array();
  for (const auto& s : sections) {
    Json lines = Json::array();
    for (const auto& l : s.lines) {
      const char* mark = l.mark == '-' ? "expected" : l.mark == '+' ? "actual" : "agreed";
      lines.push_back({{"mark", mark}, {"text", l.text}});
    }
    out.push_back({{"key", s.key}, {"what", s.what}, {"agrees", s.agrees}, {"lines", lines}});
  }
  return out;
}

Json scenario_json(const ScenarioCard& card) {
  const Scenario& s = *card.scenario;
  Json out{{"id", s.id}, {"title", s.title}, {"file", s.file}, {"line", s.loc.line}, {"rulings", s.rulings}};
  if (!card.not_run.empty()) {
    out["ruleset"] = nullptr;
    out["verdict"] = nullptr;
    out["not_run"] = card.not_run;
    return out;
  }
  out["ruleset"] = card.ruleset;
  out["verdict"] = std::string(outcome_name(card.result.outcome));
  out["message"] = card.result.message;
  out["position"] = position_lines(s);
  out["question"] = question_lines(s);
  out["answer"] = sections_json(card.sections);
  Json rules = Json::object();
  for (const auto& [k, v] : card.result.rules) rules[k] = v;
  out["rules"] = rules;
  return out;
}

Json ruling_json(const RulingCard& card) {
  const LedgerRuling& r = *card.ruling;
  Json variants = Json::array();
  for (const auto& v : card.variants) variants.push_back(variant_json(v));
  Json scenarios = Json::array();
  for (const auto& s : card.scenarios) scenarios.push_back(scenario_json(s));
  return Json{{"id", r.id},
              {"area", r.area},
              {"title", r.title},
              {"statement", r.statement},
              {"notes", r.notes.empty() ? Json(nullptr) : Json(r.notes)},
              {"status", r.status},
              {"disputed", r.disputed},
              {"encodable", r.encodable ? Json(true) : Json(r.not_encodable)},
              {"checks", r.checks.empty() ? Json(nullptr) : Json(r.checks)},
              {"expansions", r.expansions},
              {"editions", r.editions},
              {"publishers", r.publishers},
              {"sources", sources_json(card.sources)},
              {"variants", variants},
              {"scenarios", scenarios}};
}

}  // namespace carc
