// JSON lines: one {"type":"result",...} object per result, then one
// {"type":"summary","total":N,<every state>:N,...} record. With several
// implementations every record also names its "implementation", each one's
// results end in its summary, and a last {"type":"comparison"} record lists
// the results on which they disagree.
#include <nlohmann/json.hpp>

#include "report/writer_base.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

// `implementation` is empty for a single run: the record then has no such key.
Json result_json(const RunResult& r, const std::string& implementation, bool timings) {
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
  for (const auto& d : r.diffs) {
    Json diff{{"key", d.key}, {"expected", d.expected}, {"actual", d.actual}};
    if (d.after > 0) diff["after"] = d.after;        // a checkpoint's: the state after that move of query.apply
    if (d.omitted > 0) diff["omitted"] = d.omitted;  // items of a too long difference left out
    diffs.push_back(std::move(diff));
  }
  j["diffs"] = diffs;
  Json rules = Json::object();
  for (const auto& [k, v] : r.rules) rules[k] = v;
  j["rules"] = rules;
  if (!r.played_as.empty()) {  // sent with these values in place of the scenario's (RunResult::played_as)
    Json played = Json::array();
    for (const auto& p : r.played_as) played.push_back(Json{{"switch", p.key}, {"asked", p.asked}, {"sent", p.sent}});
    j["played_as"] = std::move(played);
  }
  if (timings && r.seconds >= 0) j["seconds"] = r.seconds;  // ReportOptions::timings: what the subject took
  return j;
}

std::string line(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; }

struct JsonRun {
  RunTally tally;
};

class JsonWriter final : public TallyingWriter<JsonRun> {
 public:
  JsonWriter(const ReportOptions& o, bool several)
      : timings_(o.timings), several_(several), shard_(o.shard), selection_(o.selection) {}

  void add(const std::vector<RunResult>& results) override {
    for (const auto& r : results) {
      count(r);
      spool_.append(line(result_json(r, implementation(), timings_)));
    }
  }

  void end_run() override {
    const RunTally& t = runs_.back().tally;
    Json summary;
    summary["type"] = "summary";
    if (several_) summary["implementation"] = t.header.subject;
    summary["total"] = t.total();
    for (std::size_t i = 0; i < kOutcomes; ++i)
      summary[std::string(outcome_name(static_cast<Outcome>(i)))] = t.counts[i];
    const Coverage cov = coverage_of(t.counts);
    summary["applicable"] = cov.applicable;  // every result
    summary["ran"] = cov.ran;                // all but unsupported, skipped and invalid
    summary["cut_short"] = t.cut_short.empty() ? Json(nullptr) : Json(t.cut_short);  // --max-failures, --max-crashes
    if (!t.played_as.empty()) summary["played_as"] = t.played_as;                    // "KEY=SENT for ASKED": results
    summary["subject"] = t.header.subject;
    summary["capabilities"] = t.header.capabilities;
    // Who ran and how to rerun it, so that `render` makes every format from this file (README "The JSON lines").
    summary["name"] = t.header.name;
    summary["version"] = t.header.version;
    summary["command"] = t.header.command;
    summary["rerun_options"] = t.header.rerun_options;
    summary["format_version"] = kJsonLinesVersion;
    if (!shard_.empty()) {  // run --shard K/N: what `merge` checks (src/cli/merge.cpp)
      summary["shard"] = shard_;
      summary["selection"] = selection_;
    }
    spool_.append(line(summary));
  }

  std::string finish(std::ostream& out) override {
    spool_.copy(Spool::Part{0, spool_.size()}, out);
    if (!several_) return spool_.error();
    Json names = Json::array();
    for (const auto& run : runs_) names.push_back(run.tally.header.subject);
    Json disagreements = Json::array();
    for (const auto& d : comparison().disagreements) {
      Json states = Json::object();
      for (std::size_t k = 0; k < runs_.size(); ++k)
        states[runs_[k].tally.header.subject] =
            d.outcomes[k] ? Json(std::string(outcome_name(*d.outcomes[k]))) : Json(nullptr);
      disagreements.push_back(Json{{"id", d.id}, {"ruleset", d.ruleset}, {"area", d.area}, {"states", states}});
    }
    out << line(Json{{"type", "comparison"}, {"implementations", names}, {"disagreements", disagreements}});
    return spool_.error();
  }

 private:
  // The name records carry: empty for a single run (no such key then).
  std::string implementation() const { return several_ ? runs_.back().tally.header.subject : std::string(); }

  bool timings_, several_;
  std::string shard_, selection_;
};

}  // namespace

std::unique_ptr<ReportWriter> make_json_writer(const ReportOptions& o, bool several) {
  return std::make_unique<JsonWriter>(o, several);
}

}  // namespace carc
