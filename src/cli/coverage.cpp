// `carc-oracle coverage [PATHS]`: each ruling of the ledger with its scenarios
// and their verdicts under the default ruleset, a gap, or not encodable.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/ledger.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"

namespace carc {
namespace {

constexpr const char* kDefaultRuleset = "hig-c3";

struct Covered {
  std::string id, verdict;
};

// Verdict of each valid scenario under the default ruleset ("not-applicable" when it excludes it).
std::map<std::string, std::vector<Covered>> verdicts(const Corpus& corpus) {
  std::map<std::string, std::vector<Covered>> out;
  EngineSubject subject;
  for (const auto& f : corpus.files) {
    for (const auto& s : f.scenarios) {
      std::string verdict = "invalid";
      if (s.valid()) {
        const auto rs = scenario_rulesets(s);
        verdict = std::find(rs.begin(), rs.end(), kDefaultRuleset) == rs.end()
                      ? "not-applicable"
                      : std::string(outcome_name(run_one(s, kDefaultRuleset, subject).outcome));
      }
      for (const auto& r : s.rulings) out[r].push_back({s.id, verdict});
    }
  }
  for (auto& [ruling, list] : out)
    std::sort(list.begin(), list.end(), [](const Covered& a, const Covered& b) { return a.id < b.id; });
  return out;
}

std::string_view status_of(const LedgerRuling& r, const std::vector<Covered>& scenarios) {
  if (!scenarios.empty()) return "covered";
  return r.encodable ? "gap" : "not-encodable";
}

}  // namespace

void setup_coverage(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<CoverageOptions>();
  CLI::App* cmd = app.add_subcommand("coverage", "Show each ruling with its scenarios, gaps and rulings not encodable");
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_option("--format", o->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_coverage(*o, std::cout, std::cerr); }; });
}

int run_coverage(const CoverageOptions& o, std::ostream& out, std::ostream& err) {
  if (o.format != "text" && o.format != "json") {
    fmt::print(err, "carc-oracle coverage: unknown --format '{}' (text or json)\n", echo(o.format));
    return kExitInvalidInput;
  }
  const auto paths = scenario_paths(o.paths, "coverage", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  // A file that could not be read or parsed covers nothing it may have meant
  // to: it is named, counted and makes the exit code 2, never dropped silently.
  int unread = 0;
  for (const auto& f : corpus.files) {
    if (f.problems.empty()) continue;
    ++unread;
    for (const auto& d : f.problems) fmt::print(err, "carc-oracle coverage: {}\n", d.to_string());
  }
  const auto by_ruling = verdicts(corpus);
  std::map<std::string_view, int> totals{{"covered", 0}, {"gap", 0}, {"not-encodable", 0}};
  const std::vector<Covered> none;
  for (const auto& r : builtin_ledger()) {
    const auto it = by_ruling.find(r.id);
    const auto& scenarios = it == by_ruling.end() ? none : it->second;
    const std::string_view status = status_of(r, scenarios);
    ++totals[status];
    if (o.format == "json") {
      nlohmann::ordered_json j{
          {"type", "ruling"}, {"id", r.id}, {"area", r.area}, {"title", r.title}, {"coverage", status}};
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const auto& c : scenarios) list.push_back({{"id", c.id}, {"verdict", c.verdict}});
      j["scenarios"] = list;
      if (!r.checks.empty()) j["checks"] = r.checks;
      if (!r.encodable) j["not_encodable"] = r.not_encodable;
      fmt::print(out, "{}\n", j.dump());
      continue;
    }
    std::vector<std::string> covered;
    for (const auto& c : scenarios) covered.push_back(fmt::format("{} ({})", c.id, c.verdict));
    fmt::print(out, "{}  {}{}{}{}\n", r.id, status, status == "not-encodable" ? ": " + r.not_encodable : "",
               covered.empty() ? "" : "  ", fmt::join(covered, ", "));
    // What those scenarios check (the ledger's `checks:`), under the ruling's line.
    if (status == "covered" && !r.checks.empty()) fmt::print(out, "    checks: {}\n", r.checks);
  }
  const int total = totals["covered"] + totals["gap"] + totals["not-encodable"];
  // How the ledger's answers are sourced (oracle/rulings.yaml `sources:`, tests/ledger_test.cpp).
  int citations = 0, by_text = 0, by_access = 0, quoted = 0, addressed = 0;
  const auto count = [&](const std::vector<LedgerSourceRef>& refs) {
    for (const auto& c : refs) {
      ++citations;
      (c.date_kind == "accessed" ? by_access : by_text) += c.date.empty() ? 0 : 1;
    }
  };
  for (const auto& r : builtin_ledger()) count(r.sources);
  for (const auto& sw : builtin_ledger_switches()) count(sw.sources);
  const auto& sources = builtin_ledger_sources();
  for (const auto& s : sources) {
    addressed += s.url.empty() ? 0 : 1;
    for (const auto& p : s.passages) quoted += p.quoted() ? 1 : 0;
  }
  if (o.format == "json") {
    fmt::print(out, "{}\n",
               nlohmann::ordered_json{{"type", "summary"},
                                      {"rulings", total},
                                      {"covered", totals["covered"]},
                                      {"gap", totals["gap"]},
                                      {"not_encodable", totals["not-encodable"]},
                                      {"unreadable_files", unread},
                                      {"ruleset", kDefaultRuleset},
                                      {"sources", sources.size()},
                                      {"sources_with_address", addressed},
                                      {"passages_quoted", quoted},
                                      {"citations", citations},
                                      {"citations_dated_by_their_text", by_text},
                                      {"citations_dated_by_access", by_access}}
                   .dump());
  } else {
    fmt::print(out, "{} rulings: {} covered, {} gaps, {} not encodable (verdicts under {}){}\n", total,
               totals["covered"], totals["gap"], totals["not-encodable"], kDefaultRuleset,
               unread > 0 ? fmt::format("; {} {} could not be read", unread, unread == 1 ? "file" : "files") : "");
    fmt::print(out,
               "the ledger's sources: {} ({} with a public address), {} quoted passages; {} citations, {} dated by "
               "their text or page, {} by the day the source was read\n",
               sources.size(), addressed, quoted, citations, by_text, by_access);
  }
  return unread > 0 ? kExitInvalidInput : kExitOk;
}

}  // namespace carc
