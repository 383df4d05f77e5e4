// JSON lines: one {"type":"result",...} object per result, then one
// {"type":"summary","total":N,<every state>:N,...} record. With several
// implementations every record also names its "implementation", each one's
// results end in its summary, and a last {"type":"comparison"} record lists
// the results on which they disagree.
#include <nlohmann/json.hpp>

#include "report/report.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

// `implementation` is empty for a single run: the record then has no such key.
Json result_json(const RunResult& r, const std::string& implementation) {
  Json j;
  j["type"] = "result";
  if (!implementation.empty()) j["implementation"] = implementation;
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

std::string line(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

void write_run(const RunReport& report, const std::string& implementation, std::ostream& out) {
  for (const auto& r : report.results) out << line(result_json(r, implementation));
  Json summary;
  summary["type"] = "summary";
  if (!implementation.empty()) summary["implementation"] = implementation;
  summary["total"] = report.results.size();
  const auto counts = report.counts();
  for (std::size_t i = 0; i < kOutcomes; ++i) summary[std::string(outcome_name(static_cast<Outcome>(i)))] = counts[i];
  summary["subject"] = report.subject;
  summary["capabilities"] = report.capabilities;
  out << line(summary);
}

class JsonReporter final : public Reporter {
 public:
  void write(const RunReport& report, std::ostream& out) const override { write_run(report, "", out); }

  void write_many(const std::vector<RunReport>& runs, std::ostream& out) const override {
    Json names = Json::array();
    for (const auto& report : runs) {
      write_run(report, report.subject, out);
      names.push_back(report.subject);
    }
    Json disagreements = Json::array();
    for (const auto& d : compare_runs(runs).disagreements) {
      Json states = Json::object();
      for (std::size_t k = 0; k < runs.size(); ++k)
        states[runs[k].subject] = d.outcomes[k] ? Json(std::string(outcome_name(*d.outcomes[k]))) : Json(nullptr);
      disagreements.push_back(Json{{"id", d.id}, {"ruleset", d.ruleset}, {"area", d.area}, {"states", states}});
    }
    out << line(Json{{"type", "comparison"}, {"implementations", names}, {"disagreements", disagreements}});
  }
};

}  // namespace

std::unique_ptr<Reporter> make_json_reporter() { return std::make_unique<JsonReporter>(); }

}  // namespace carc
