#include "runner/runner.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <cstdint>

#include "runner/evaluate.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/oracle_data.hpp"

namespace carc {

std::string_view outcome_name(Outcome o) {
  static constexpr std::array<std::string_view, kOutcomes> names{
      "passed", "failed", "unsupported", "skipped", "invalid", "errored", "crashed", "timed_out", "xfail", "xpass"};
  return names[static_cast<std::size_t>(o)];
}

bool is_failure(Outcome o) {
  return o == Outcome::Failed || o == Outcome::Errored || o == Outcome::Crashed || o == Outcome::TimedOut ||
         o == Outcome::XPass;
}

std::array<int, kOutcomes> RunReport::counts() const {
  std::array<int, kOutcomes> out{};
  for (const auto& r : results) ++out[static_cast<std::size_t>(r.outcome)];
  return out;
}

bool RunReport::any_invalid() const {
  return std::any_of(results.begin(), results.end(), [](const RunResult& r) { return r.outcome == Outcome::Invalid; });
}

bool RunReport::any_failure() const {
  return std::any_of(results.begin(), results.end(), [](const RunResult& r) { return is_failure(r.outcome); });
}

Result<std::pair<int, int>> parse_shard(std::string_view text) {
  const auto slash = text.find('/');
  int k = 0, n = 0;
  const auto parse = [](std::string_view s, int& v) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && p == s.data() + s.size();
  };
  if (slash == std::string_view::npos || !parse(text.substr(0, slash), k) || !parse(text.substr(slash + 1), n) || k < 1 ||
      n < 1 || k > n)
    return fail("--shard: expected K/N with 1 <= K <= N, e.g. 2/4, got '" + std::string(text) + "'");
  return std::pair{k, n};
}

Result<Selection> resolve(Selection s) {
  for (auto& name : s.rulesets) {
    const Preset* p = find_preset(name);
    if (!p) return fail(ruleset_named(name).error());
    name = p->name;
  }
  return s;
}

bool glob_match(std::string_view pattern, std::string_view text) {
  std::size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

namespace {

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

bool any_glob(const std::vector<std::string>& patterns, const std::vector<std::string>& values) {
  for (const auto& p : patterns)
    for (const auto& v : values)
      if (glob_match(p, v)) return true;
  return false;
}

RunResult base_result(const Scenario& s, const std::string& preset) {
  RunResult r;
  r.id = s.id;
  r.ruleset = preset;
  r.scenario = &s;
  r.file = s.file;
  r.loc = s.loc;
  return r;
}

std::string joined_problems(const Diagnostics& d) {
  std::string out;
  for (const auto& p : d) out += (out.empty() ? "" : "\n") + p.to_string();
  return out;
}

void judge(RunResult& r, const Reply& reply, const Expect& e) {
  switch (reply.kind) {
    case ReplyKind::Skipped: r.outcome = Outcome::Skipped; break;
    case ReplyKind::Errored: r.outcome = Outcome::Errored; break;
    case ReplyKind::Crashed: r.outcome = Outcome::Crashed; break;
    case ReplyKind::TimedOut: r.outcome = Outcome::TimedOut; break;
    case ReplyKind::Answered:
      r.diffs = compare(e, reply.answer, builtin_catalog());
      r.outcome = r.diffs.empty() ? Outcome::Passed : Outcome::Failed;
      r.message = summarise(r.diffs);
      return;
  }
  r.message = reply.message;
}

}  // namespace

bool selected(const Selection& sel, const Scenario* s, const std::string& key) {
  // A transformed scenario (run --metamorphic, id@r90) shards and matches --id with its original.
  const std::string id = s && !s->id.empty() ? s->id : key;
  const std::string base = id.substr(0, id.find('@'));
  if (sel.shards > 1 && fnv1a(base) % static_cast<std::uint64_t>(sel.shards) != static_cast<std::uint64_t>(sel.shard - 1))
    return false;
  if (!s || s->id.empty()) return true;  // an unreadable file or a scenario without id: always reported
  if (!sel.ids.empty() && !any_glob(sel.ids, {id, base})) return false;
  if (!sel.tags.empty() && std::none_of(sel.tags.begin(), sel.tags.end(), [&](const std::string& t) {
        return std::find(s->tags.begin(), s->tags.end(), t) != s->tags.end();
      }))
    return false;
  return sel.rulings.empty() || any_glob(sel.rulings, s->rulings);
}

namespace {

// A result with its rules filled in, and the request to send unless the result
// is already decided (invalid rules, unsupported).
struct Prepared {
  RunResult result;
  std::optional<Request> request;
  Expect expect;
};

Prepared prepare(const Scenario& s, const std::string& preset, const Subject& subject) {
  Prepared p{base_result(s, preset), std::nullopt, {}};
  RunResult& r = p.result;
  auto rules = scenario_rules(s, preset);
  if (!rules) {
    r.outcome = Outcome::Invalid;
    r.message = rules.error();
    return p;
  }
  for (const auto& [k, v] : rules->effective()) r.rules.emplace_back(k, v);
  if (const auto missing = missing_capabilities(s, subject.capabilities()); !missing.empty()) {
    r.outcome = Outcome::Unsupported;
    r.message = "needs";
    for (const auto& m : missing) r.message += " " + m;
    return p;
  }
  p.expect = s.resolved_expect(*rules);
  auto probes = probes_of(p.expect);
  auto queries = query_kinds(s, p.expect, probes);
  Request req{&s, *rules, std::move(probes), std::move(queries)};
  if (auto lacking = subject.lacks(req); !lacking.empty()) {
    r.outcome = Outcome::Unsupported;
    r.message = std::move(lacking);
    return p;
  }
  p.request = std::move(req);
  return p;
}

}  // namespace

RunResult run_one(const Scenario& s, const std::string& preset, Subject& subject) {
  Prepared p = prepare(s, preset, subject);
  if (p.request) judge(p.result, subject.answer(*p.request), p.expect);
  return std::move(p.result);
}

namespace {

RunResult unreadable_file(const ScenarioFile& f) {
  RunResult r;
  r.id = r.file = f.path;
  r.outcome = Outcome::Invalid;
  r.message = joined_problems(f.problems);
  r.loc = {f.problems.front().line, f.problems.front().column};
  return r;
}

// One invalid result for a broken scenario, else one prepared result per selected ruleset.
void run_scenario(const Scenario& s, const Selection& sel, const Subject& subject, std::vector<Prepared>& out) {
  if (!s.valid()) {
    RunResult r = base_result(s, "");
    if (r.id.empty()) r.id = s.file;
    r.outcome = Outcome::Invalid;
    r.message = joined_problems(s.problems);
    out.push_back(Prepared{std::move(r), std::nullopt, {}});
    return;
  }
  for (const auto& preset : scenario_rulesets(s))
    if (sel.rulesets.empty() || std::find(sel.rulesets.begin(), sel.rulesets.end(), preset) != sel.rulesets.end())
      out.push_back(prepare(s, preset, subject));
}

// By id, then in preset order (an invalid scenario's single result first).
void sort_results(std::vector<RunResult>& results) {
  std::vector<std::string> order;
  for (const auto& p : builtin_presets()) order.push_back(p.name);
  const auto rank = [&](const std::string& preset) {
    return preset.empty() ? -1 : static_cast<int>(std::find(order.begin(), order.end(), preset) - order.begin());
  };
  std::stable_sort(results.begin(), results.end(), [&](const RunResult& a, const RunResult& b) {
    return std::pair(a.id, rank(a.ruleset)) < std::pair(b.id, rank(b.ruleset));
  });
}

}  // namespace

RunReport run_corpus(const Corpus& corpus, const Selection& sel, Subject& subject) {
  RunReport report;
  report.subject = subject.name();
  report.capabilities = subject.capabilities();
  std::vector<Prepared> prepared;
  for (const auto& f : corpus.files) {
    if (!f.problems.empty() && selected(sel, nullptr, f.path)) prepared.push_back({unreadable_file(f), std::nullopt, {}});
    for (const auto& s : f.scenarios)
      if (selected(sel, &s, f.path)) run_scenario(s, sel, subject, prepared);
  }
  // Every request in one batch, so a subject that pipelines (an external process) can.
  std::vector<Request> requests;
  for (auto& p : prepared)
    if (p.request) requests.push_back(*p.request);
  const std::vector<Reply> replies = subject.answer_all(requests);
  std::size_t next = 0;
  for (auto& p : prepared) {
    if (p.request) {
      const Reply none{ReplyKind::Errored, {}, "the subject gave no reply (internal error)"};
      judge(p.result, next < replies.size() ? replies[next] : none, p.expect);
      ++next;
    }
    report.results.push_back(std::move(p.result));
  }
  sort_results(report.results);
  return report;
}

}  // namespace carc
