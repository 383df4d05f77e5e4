#include "runner/adapter_check.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "protocol/engine_adapter.hpp"
#include "runner/process_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

std::string switch_item(std::string_view key, std::string_view value) {
  return "switch " + std::string(key) + "=" + std::string(value);
}

bool contains(const std::vector<std::string>& list, const std::string& x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

// Every valid scenario under every preset it applies to, with the request run would make: the
// scenario as written (kept by callers) and as asked (its branch's moves, which the request points at).
template <typename F>
void for_each_case(const Corpus& corpus, F&& f) {
  for (const auto& file : corpus.files)
    for (const auto& s : file.scenarios) {
      if (!s.valid()) continue;
      for (const auto& preset : scenario_rulesets(s)) {
        auto rules = scenario_rules(s, preset);
        if (!rules) continue;  // run reports it invalid
        // A variant with its own query.apply: its moves and checkpoints are asked.
        const std::optional<Scenario> branch = branch_scenario(s, *rules);
        const Scenario& asked = branch ? *branch : s;
        f(s, asked, preset, request_of(asked, *rules, asked.resolved_expect(*rules)));
      }
    }
}

// The items a case uses: its capabilities and the non-default values of the switches that can
// matter to it (switch_matters: the others change nothing in it).
std::vector<std::string> used_items(const Scenario& s, const Request& r, int version) {
  std::vector<std::string> out = required_capabilities(s, version);
  const std::vector<std::string> capabilities = out;
  for (const auto& [key, value] : r.rules.effective())
    if (const SwitchSpec* spec = find_switch(key);
        spec && spec->values.front() != value && switch_matters(*spec, capabilities))
      out.push_back(switch_item(key, value));
  return out;
}

}  // namespace

std::vector<std::string> missing_items(const Scenario& s, const Request& request, const proto::Hello& hello) {
  std::vector<std::string> out = missing_capabilities(s, capability_names_of(hello), hello.protocol_version);
  const int v = hello.protocol_version;
  // The final state's request and each checkpoint's (a `legal` query only a checkpoint asks): run
  // says what any of them lacks too.
  std::vector<std::pair<Request, Expect>> parts;
  std::vector<std::unique_ptr<Scenario>> cuts;  // each checkpoint's request points at its own scenario
  parts.emplace_back(request, expect_in_version(s.resolved_expect(request.rules), v));
  for (std::size_t i = 0; i < s.checkpoints.size(); ++i) {
    const Scenario& cut = *cuts.emplace_back(std::make_unique<Scenario>(checkpoint_scenario(s, i)));
    Expect e = expect_in_version(cut.resolved_expect(request.rules), v);
    Request part = request_of(cut, request.rules, e);
    parts.emplace_back(std::move(part), std::move(e));
  }
  // As run decides (runner.cpp prepare): score events not asked leave the rest of the case to
  // check, so `query events` (or a version before 7) makes unsupported only a case expecting
  // nothing else at any of its checkpoints.
  const std::string events = "query " + std::string(kEventsQuery);
  bool answers_events = v >= proto::kEventsVersion, scored = false, rest = false;
  for (const auto& [part, e] : parts) {
    std::vector<std::string> lacks = lacking_items(hello, part);
    if (contains(lacks, events)) answers_events = false;
    Expect others = e;
    for (const auto key : kEventKeys) others.remove(key);
    scored = scored || e.scored.has_value();
    rest = rest || !others.empty();
    // The verdict a replaced switch value must keep is what run checks: without the score events
    // when they are not asked.
    const bool events_asked = v >= proto::kEventsVersion && !contains(lacks, events);
    std::erase(lacks, events);
    Request sent = part;
    Settled settled = settle_for_expectation(
        sent, std::move(lacks), events_asked ? e : others,
        [&hello](std::string_view key) { return played_values(hello, key); },
        [&hello](const Request& q) { return lacking_items(hello, q); });
    std::erase(settled.lacks, events);
    for (auto& item : settled.lacks)
      if (!contains(out, item)) out.push_back(std::move(item));
  }
  if (!answers_events && scored && !rest) out.push_back(events);
  return out;
}

std::vector<std::string> declared_items(const proto::Hello& hello) {
  std::vector<std::string> out = capability_names_of(hello);
  for (const auto& [key, values] : hello.capabilities.switches) {
    const SwitchSpec* spec = find_switch(key);
    if (!spec || proto::switch_introduced_in(key) > hello.protocol_version) continue;
    for (const auto& v : values)
      if (v != spec->values.front() && proto::value_in_version(key, v, hello.protocol_version) &&
          !contains(out, switch_item(key, v)))
        out.push_back(switch_item(key, v));
  }
  return out;
}

std::vector<std::string> undeclared_items(const proto::Hello& hello) {
  const std::vector<std::string> has = declared_items(hello);
  std::vector<std::string> out;
  for (const auto c : capability_names())
    if (!contains(has, std::string(c))) out.emplace_back(c);
  for (const auto& spec : switch_specs()) {
    if (proto::switch_introduced_in(spec.key) > hello.protocol_version) continue;
    for (std::size_t i = 1; i < spec.values.size(); ++i)
      if (proto::value_in_version(spec.key, spec.values[i], hello.protocol_version) &&
          !contains(has, switch_item(spec.key, spec.values[i])))
        out.push_back(switch_item(spec.key, spec.values[i]));
  }
  for (const auto& q : proto::engine_protocol_capabilities().queries)
    if (!contains(hello.capabilities.queries, q) &&
        (q != kEventsQuery || hello.protocol_version >= proto::kEventsVersion))
      out.push_back("query " + q);  // events: version 7
  return out;
}

std::vector<CheckCase> canonical_cases(const Corpus& corpus, const proto::Hello& hello, int per_item) {
  const std::vector<std::string> items = declared_items(hello);
  // item -> candidates (others, id, preset index, scenario, preset)
  using Candidate = std::tuple<int, std::string, std::size_t, const Scenario*, std::string>;
  std::map<std::string, std::vector<Candidate>> found;
  for_each_case(corpus, [&](const Scenario& s, const Scenario& asked, const std::string& preset, const Request& r) {
    if (!missing_items(asked, r, hello).empty()) return;  // run would not send it
    const std::vector<std::string> used = used_items(s, r, hello.protocol_version);
    const auto rulesets = scenario_rulesets(s);
    const std::size_t order =
        static_cast<std::size_t>(std::find(rulesets.begin(), rulesets.end(), preset) - rulesets.begin());
    for (const auto& item : items) {
      if (!contains(used, item)) continue;
      int others = 0;
      for (const auto& u : used) others += u != item && u != "base" ? 1 : 0;
      found[item].emplace_back(others, s.id, order, &s, preset);
    }
  });
  std::vector<CheckCase> out;
  for (const auto& item : items) {
    auto& candidates = found[item];
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
      return std::tie(std::get<0>(a), std::get<1>(a), std::get<2>(a)) <
             std::tie(std::get<0>(b), std::get<1>(b), std::get<2>(b));
    });
    std::set<std::string> scenarios;
    for (const auto& [others, id, order, s, preset] : candidates) {
      if (static_cast<int>(scenarios.size()) >= per_item) break;
      if (!scenarios.insert(id).second) continue;
      out.push_back(CheckCase{item, s, preset, others});
    }
  }
  return out;
}

UnlockTable unlock_table(const Corpus& corpus, const proto::Hello& hello) {
  UnlockTable t;
  std::map<std::string, UnlockRow> rows;
  for (const auto& item : undeclared_items(hello)) rows[item].item = item;
  for_each_case(corpus, [&](const Scenario&, const Scenario& asked, const std::string&, const Request& r) {
    ++t.cases;
    const std::vector<std::string> missing = missing_items(asked, r, hello);
    if (missing.empty()) return;
    ++t.unsupported;
    if (missing.size() > 1) ++t.several;
    for (const auto& m : missing) {
      UnlockRow& row = rows[m];  // an item missing here is undeclared; listed even if the list above lacks it
      row.item = m;
      ++(missing.size() == 1 ? row.alone : row.with_others);
    }
  });
  for (auto& [item, row] : rows) t.rows.push_back(std::move(row));
  std::stable_sort(t.rows.begin(), t.rows.end(), [](const UnlockRow& a, const UnlockRow& b) {
    return std::tie(b.alone, b.with_others) < std::tie(a.alone, a.with_others);
  });
  return t;
}

}  // namespace carc
