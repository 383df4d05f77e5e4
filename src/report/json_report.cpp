// JSON lines: one {"type":"result",...} object per result, then one
// {"type":"summary","total":N,<every state>:N,...} record.
#include <nlohmann/json.hpp>

#include "report/report.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

Json result_json(const RunResult& r) {
  Json j;
  j["type"] = "result";
  j["id"] = r.id;
  j["ruleset"] = r.ruleset.empty() ? Json(nullptr) : Json(r.ruleset);
  j["state"] = std::string(outcome_name(r.outcome));
  j["file"] = r.file;
  j["line"] = r.loc.line;
  j["column"] = r.loc.column;
  j["rulings"] = r.scenario ? Json(r.scenario->rulings) : Json::array();
  j["area"] = area_of(r);
  j["message"] = r.message;
  Json diffs = Json::array();
  for (const auto& d : r.diffs) diffs.push_back(Json{{"key", d.key}, {"expected", d.expected}, {"actual", d.actual}});
  j["diffs"] = diffs;
  Json rules = Json::object();
  for (const auto& [k, v] : r.rules) rules[k] = v;
  j["rules"] = rules;
  return j;
}

class JsonReporter final : public Reporter {
 public:
  void write(const RunReport& report, std::ostream& out) const override {
    for (const auto& r : report.results) out << result_json(r).dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
    Json summary;
    summary["type"] = "summary";
    summary["total"] = report.results.size();
    const auto counts = report.counts();
    for (std::size_t i = 0; i < kOutcomes; ++i) summary[std::string(outcome_name(static_cast<Outcome>(i)))] = counts[i];
    summary["subject"] = report.subject;
    summary["capabilities"] = report.capabilities;
    out << summary.dump(-1, ' ', false, Json::error_handler_t::replace) << "\n";
  }
};

}  // namespace

std::unique_ptr<Reporter> make_json_reporter() { return std::make_unique<JsonReporter>(); }

}  // namespace carc
