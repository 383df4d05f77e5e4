#include "runner/runner.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <thread>
#include <tuple>

#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "runner/engine_subject.hpp"
#include "runner/evaluate.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"

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

bool needs_attention(Outcome o) { return is_failure(o) || o == Outcome::Invalid; }

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
  if (slash == std::string_view::npos || !parse(text.substr(0, slash), k) || !parse(text.substr(slash + 1), n) ||
      k < 1 || n < 1 || k > n)
    return fail("--shard: expected K/N with 1 <= K <= N, e.g. 2/4, got '" + echo(text) + "'");
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
  if (s.candidate)
    r.area = "candidates";  // reported apart from the corpus's ruling areas
  else if (!s.rulings.empty())
    if (const LedgerRuling* l = ruling_for(s.rulings.front())) r.area = l->area;
  return r;
}

std::string joined_problems(const Diagnostics& d) {
  std::string out;
  for (const auto& p : d) out += (out.empty() ? "" : "\n") + p.to_string();
  return out;
}

// The result of its answered differences. What is kept of them is bounded (outcome.hpp): the
// summary and the signature are taken from the whole difference first.
void settle(RunResult& r, std::vector<Diff> diffs) {
  const std::string not_asked = r.message;  // prepare's note of the keys left out, if any
  r.diffs = std::move(diffs);
  r.outcome = r.diffs.empty() ? Outcome::Passed : Outcome::Failed;
  r.message = summarise(r.diffs);
  if (!not_asked.empty()) r.message += (r.message.empty() ? "" : "; ") + not_asked;
  if (r.outcome == Outcome::Failed) r.signature = diff_signature(r.diffs);
  if (const std::size_t whole = bound_diffs(r.diffs); whole > kKeptDiffBytes)
    r.message += fmt::format(" (a difference of {} bytes: only its start is kept)", whole);
}

// One request of a result: the state after a checkpoint's move, or (after 0) the final state.
// A scenario without checkpoints has one; with them, one per checkpoint first, in order.
struct Part {
  int after = 0;
  std::unique_ptr<Scenario> scenario;  // checkpoint_scenario; null: the scenario itself
  std::optional<Request> request;      // until it is answered
  Expect expect;
  // Its reply, judged: the kind, the message (not answered), its differences (located, kept whole
  // until the result is settled), the subject's time, the boards (the final state's only).
  ReplyKind kind = ReplyKind::Answered;
  std::string message;
  std::vector<Diff> diffs;
  double seconds = -1;  // -1: no reply came (never sent, or given back when the run was cut short)
  std::shared_ptr<const ScenarioViews> views;
};

void judge_part(Part& p, Reply& reply) {
  p.kind = reply.kind;
  if (reply.kind == ReplyKind::Answered) {
    p.diffs = compare(p.expect, reply.answer, builtin_catalog());
    for (auto& d : p.diffs) d.after = p.after;
  } else {
    p.message = clip(reply.message, kKeptMessageBytes);
  }
  p.views = std::move(reply.views);
  p.request.reset();
  p.expect = Expect{};
}

// How bad a reply that is not an answer is: the worst decides a result of several requests.
int severity(ReplyKind k) {
  switch (k) {
    case ReplyKind::Crashed:
      return 4;
    case ReplyKind::TimedOut:
      return 3;
    case ReplyKind::Errored:
      return 2;
    case ReplyKind::Skipped:
      return 1;
    case ReplyKind::Answered:
      break;
  }
  return 0;
}

Outcome outcome_of(ReplyKind k) {
  switch (k) {
    case ReplyKind::Skipped:
      return Outcome::Skipped;
    case ReplyKind::Errored:
      return Outcome::Errored;
    case ReplyKind::Crashed:
      return Outcome::Crashed;
    case ReplyKind::TimedOut:
      return Outcome::TimedOut;
    case ReplyKind::Answered:
      break;
  }
  return Outcome::Passed;
}

std::string where(int after) { return after > 0 ? fmt::format("after move {}", after) : "the final state"; }

// One result from every part, each judged: a part not answered decides it (the worst: crashed,
// timed out, errored, skipped; its message located when the scenario has checkpoints), else the
// differences of all, in order, each located by its checkpoint.
void settle_parts(RunResult& r, std::vector<Part>& parts) {
  const Part* worst = nullptr;
  std::vector<Diff> diffs;
  for (auto& p : parts) {
    if (p.seconds >= 0) r.seconds = std::max(r.seconds, 0.0) + p.seconds;
    if (p.views) r.views = p.views;
    if (p.kind != ReplyKind::Answered && (!worst || severity(p.kind) > severity(worst->kind))) worst = &p;
    for (auto& d : p.diffs) diffs.push_back(std::move(d));
    p.diffs.clear();
  }
  if (!worst) {
    settle(r, std::move(diffs));
    return;
  }
  r.outcome = outcome_of(worst->kind);
  // One request, or a run cut short (its message names why, the same for every part): as ever.
  if (parts.size() == 1 || worst->message.starts_with(kCutShortPrefix)) {
    r.message = worst->message;
    return;
  }
  std::string others;
  for (const auto& p : parts)
    if (&p != worst && p.kind != ReplyKind::Answered)
      others += fmt::format("; {}: {}", where(p.after), outcome_name(outcome_of(p.kind)));
  r.message = clip(fmt::format("{}: {}{}", where(worst->after), worst->message, others), kKeptMessageBytes);
}

}  // namespace

bool selected(const Selection& sel, const Scenario* s, const std::string& key) {
  // A transformed scenario (run --metamorphic, id@r90) and a copy made from an also_with entry
  // (id[switch=value]) shard and match --id with the scenario as written.
  const std::string id = s && !s->id.empty() ? s->id : key;
  const std::string base = written_id(id);
  if (sel.shards > 1 &&
      fnv1a(base) % static_cast<std::uint64_t>(sel.shards) != static_cast<std::uint64_t>(sel.shard - 1))
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

// A result with its rules filled in, and its parts (requests) to send unless the result is
// already decided (invalid rules, unsupported): one per checkpoint, then the final state's.
struct Prepared {
  RunResult result;
  std::vector<Part> parts;  // empty when decided without a request
  std::size_t pending = 0;  // parts not answered yet
};

Prepared prepare(const Scenario& s, const std::string& preset, const Subject& subject, const ResultExtras& options) {
  Prepared p{base_result(s, preset), {}, 0};
  RunResult& r = p.result;
  auto rules = scenario_rules(s, preset);
  if (!rules) {
    r.outcome = Outcome::Invalid;
    r.message = rules.error();
    return p;
  }
  for (const auto& [k, v] : rules->effective()) r.rules.emplace_back(k, v);
  // A variant with its own query.apply: every request of this result asks its moves (and its checkpoints).
  std::optional<Scenario> branch = branch_scenario(s, *rules);
  const Scenario& branched = branch ? *branch : s;
  std::vector<Part> parts;
  for (std::size_t i = 0; i < branched.checkpoints.size(); ++i) {
    Part part;
    part.after = branched.checkpoints[i].after;
    part.scenario = std::make_unique<Scenario>(checkpoint_scenario(branched, i));
    parts.push_back(std::move(part));
  }
  parts.emplace_back();
  if (branch) parts.back().scenario = std::make_unique<Scenario>(std::move(*branch));
  // Everything the subject lacks at once: capabilities (the checkpoints' uses count), then switch
  // values and query kinds of every request, each once, located when only a checkpoint needs it.
  std::vector<std::string> needs = missing_capabilities(s, subject.capabilities(), subject.protocol_version());
  std::vector<std::pair<std::string, std::vector<int>>> items;
  // Score events are asked only of a subject that answers query kind `events` (protocol 7); for
  // the others those keys are left out and the rest is still checked (PROTOCOL.md section 8).
  std::vector<std::string> unasked;
  for (auto& part : parts) {
    const Scenario& asked = part.scenario ? *part.scenario : s;
    part.expect = expect_in_version(asked.resolved_expect(*rules), subject.protocol_version());
    for (const auto& key : unanswerable_keys(part.expect, subject, asked, *rules)) {
      part.expect.remove(key);
      if (std::find(unasked.begin(), unasked.end(), key) == unasked.end()) unasked.push_back(key);
    }
  }
  if (!unasked.empty()) {
    // A request left with nothing to check is not sent; a result left with none is unsupported.
    std::erase_if(parts, [](const Part& part) { return part.expect.empty(); });
    if (parts.empty())
      needs.push_back(fmt::format("query {}", kEventsQuery));
    else
      r.message = fmt::format("not asked: {} (needs query {})", fmt::join(unasked, ", "), kEventsQuery);
  }
  for (auto& part : parts) {
    const Scenario& asked = part.scenario ? *part.scenario : s;
    Request req = request_of(asked, *rules, part.expect);
    req.board_views = options.board_views && part.after == 0;
    Settled settled = settle_for_expectation(
        req, subject.lacks(req), part.expect, [&subject](std::string_view key) { return subject.plays(key); },
        [&subject](const Request& q) { return subject.lacks(q); });
    for (auto& played : settled.played)
      if (std::find(r.played_as.begin(), r.played_as.end(), played) == r.played_as.end())
        r.played_as.push_back(std::move(played));
    for (auto& item : settled.lacks) {
      auto it = std::find_if(items.begin(), items.end(), [&item](const auto& i) { return i.first == item; });
      if (it == items.end()) it = items.insert(items.end(), {std::move(item), {}});
      it->second.push_back(part.after);
    }
    part.request = std::move(req);
  }
  for (const auto& [item, afters] : items) {
    if (std::find(afters.begin(), afters.end(), 0) != afters.end()) {
      needs.push_back(item);
      continue;
    }
    std::string at;
    for (const int k : afters) at += fmt::format("{}{}", at.empty() ? "" : ", ", k);
    needs.push_back(fmt::format("{} (after move {})", item, at));
  }
  if (!needs.empty()) {
    r.outcome = Outcome::Unsupported;
    r.message = fmt::format("needs {}", fmt::join(needs, ", "));
    r.played_as.clear();  // nothing is sent
    return p;
  }
  p.parts = std::move(parts);
  p.pending = p.parts.size();
  return p;
}

}  // namespace

std::vector<std::string> unanswerable_keys(const Expect& e, const Subject& subject, const Scenario& s,
                                           const RuleSet& rules) {
  std::vector<std::string> out;
  for (const auto key : kEventKeys) {
    if (!e.has(key)) continue;
    const Request probe{&s, rules, {}, {std::string(kEventsQuery)}, false};
    const auto lacks = subject.lacks(probe);
    const bool answers = subject.protocol_version() >= proto::kEventsVersion &&
                         std::find(lacks.begin(), lacks.end(), "query " + std::string(kEventsQuery)) == lacks.end();
    if (!answers) out.emplace_back(key);
  }
  return out;
}

Expect expect_in_version(Expect e, int version) {
  if (e.legal)
    for (auto& [move, code] : *e.legal) code = std::string(proto::reason_in_version(code, version));
  if (e.rejected) e.rejected->reason = std::string(proto::reason_in_version(e.rejected->reason, version));
  return e;
}

Settled settle_lacks(Request& req, std::vector<std::string> lacks,
                     const std::function<std::vector<std::string>(std::string_view)>& plays,
                     const std::function<std::vector<std::string>(const Request&)>& lacks_of, const SameVerdict& same) {
  constexpr std::string_view kSwitch = "switch ";
  Settled out;
  RuleSet running = req.rules;
  for (const auto& item : lacks) {
    const std::size_t eq = item.find('=');
    if (!item.starts_with(kSwitch) || eq == std::string::npos) continue;  // a capability or a query kind
    const std::string key = item.substr(kSwitch.size(), eq - kSwitch.size());
    const std::string asked(running.get(key));
    for (const auto& value : plays(key)) {
      RuleSet trial = running;
      if (value == asked || !trial.set(key, value) || !same(trial)) continue;
      running = std::move(trial);
      out.played.push_back({key, asked, value});
      break;
    }
  }
  if (out.played.empty()) {
    out.lacks = std::move(lacks);
    return out;
  }
  req.rules = std::move(running);
  out.lacks = lacks_of(req);
  return out;
}

bool engine_meets(const Request& req, const RuleSet& rules, const Expect& expect) {
  EngineSubject engine;
  Request alt = req;
  alt.rules = rules;
  alt.board_views = false;
  const Reply r = engine.answer(alt);
  return r.kind == ReplyKind::Answered && compare(expect, r.answer, builtin_catalog()).empty();
}

Settled settle_for_expectation(Request& req, std::vector<std::string> lacks, const Expect& expect,
                               const std::function<std::vector<std::string>(std::string_view)>& plays,
                               const std::function<std::vector<std::string>(const Request&)>& lacks_of) {
  const bool switches =
      std::any_of(lacks.begin(), lacks.end(), [](const std::string& i) { return i.starts_with("switch "); });
  if (!switches || !engine_meets(req, req.rules, expect)) return Settled{std::move(lacks), {}};
  return settle_lacks(req, std::move(lacks), plays, lacks_of,
                      [&](const RuleSet& rules) { return engine_meets(req, rules, expect); });
}

Request request_of(const Scenario& s, const RuleSet& rules, const Expect& expect) {
  auto probes = probes_of(expect);
  auto queries = query_kinds(s, expect, probes);
  return Request{&s, rules, std::move(probes), std::move(queries), false};
}

Result<Request> request_for(const Scenario& s, const std::string& preset) {
  auto rules = scenario_rules(s, preset);
  if (!rules) return fail(rules.error());
  return request_of(s, *rules, s.resolved_expect(*rules));
}

std::optional<Scenario> branch_for(const Scenario& s, const std::string& preset) {
  auto rules = scenario_rules(s, preset);
  if (!rules) return std::nullopt;
  return branch_scenario(s, *rules);
}

RunResult run_one(const Scenario& s, const std::string& preset, Subject& subject) {
  Prepared p = prepare(s, preset, subject, {});
  if (p.parts.empty()) return std::move(p.result);
  for (auto& part : p.parts) {
    Reply reply = subject.answer(*part.request);
    judge_part(part, reply);
  }
  settle_parts(p.result, p.parts);
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
void run_scenario(const Scenario& s, const Selection& sel, const Subject& subject, const ResultExtras& options,
                  std::vector<Prepared>& out) {
  if (!s.valid()) {
    RunResult r = base_result(s, "");
    r.id = r.id.empty() ? s.file : echo(r.id);  // a broken id may be anything, e.g. 900 KB long
    r.outcome = Outcome::Invalid;
    r.message = joined_problems(s.problems);
    out.push_back(Prepared{std::move(r), {}, 0});
    return;
  }
  for (const auto& preset : scenario_rulesets(s))
    if (sel.rulesets.empty() || std::find(sel.rulesets.begin(), sel.rulesets.end(), preset) != sel.rulesets.end())
      out.push_back(prepare(s, preset, subject, options));
}

// One scenario of the run as written or under a transform, or an unreadable path.
struct Entry {
  std::string id;  // the report's order: by id
  const ScenarioFile* file = nullptr;
  const Scenario* scenario = nullptr;  // null for an unreadable path
  int transform = -1;                  // index into the transforms; -1 as written
};

// The entries of a run in report order, those sharing an id and a file (only
// ever broken duplicates) together: each group is one call of the sink.
std::vector<std::vector<Entry>> entries_of(const Corpus& corpus, const Selection& sel,
                                           const std::vector<BoardTransform>& transforms) {
  std::vector<Entry> all;
  for (const auto& f : corpus.files) {
    if (!f.problems.empty() && selected(sel, nullptr, f.path)) all.push_back({f.path, &f, nullptr, -1});
    for (const auto& s : f.scenarios) {
      if (selected(sel, &s, f.path)) all.push_back({s.id.empty() ? s.file : s.id, &f, &s, -1});
      if (!s.valid()) continue;
      for (std::size_t t = 0; t < transforms.size(); ++t) {
        Scenario named;  // selection looks at the id, tags and rulings only
        named.id = s.id + "@" + transforms[t].name();
        named.tags = s.tags;
        named.rulings = s.rulings;
        if (selected(sel, &named, f.path)) all.push_back({named.id, &f, &s, static_cast<int>(t)});
      }
    }
  }
  std::stable_sort(all.begin(), all.end(), [](const Entry& a, const Entry& b) { return a.id < b.id; });
  std::vector<std::vector<Entry>> out;
  for (auto& e : all) {
    if (out.empty() || out.back().front().id != e.id || out.back().front().file != e.file) out.emplace_back();
    out.back().push_back(std::move(e));
  }
  return out;
}

// Whether a selection (sharding aside) picks any valid scenario under any of its rulesets.
bool selects_any(const Corpus& corpus, Selection sel, const std::vector<BoardTransform>& transforms) {
  sel.shard = sel.shards = 0;
  for (const auto& group : entries_of(corpus, sel, transforms))
    for (const Entry& e : group) {
      if (!e.scenario || !e.scenario->valid()) continue;  // invalid files are reported whatever the filters
      if (sel.rulesets.empty()) return true;
      for (const auto& preset : scenario_rulesets(*e.scenario))
        if (std::find(sel.rulesets.begin(), sel.rulesets.end(), preset) != sel.rulesets.end()) return true;
    }
  return false;
}

// The run as a RequestSource: entries become results (and requests) only as
// the subject takes requests, replies are judged as they come, and each
// entry's results go to the sink, in order, once they are all decided. At most
// kMaxWaiting entries wait behind an unanswered one.
class Pipeline final : public RequestSource {
 public:
  Pipeline(const Corpus& corpus, const Selection& sel, Subject& subject, const std::vector<BoardTransform>& transforms,
           const ResultSink& sink, const ResultExtras& options)
      : sel_(sel),
        subject_(subject),
        transforms_(transforms),
        sink_(sink),
        options_(options),
        entries_(entries_of(corpus, sel, transforms)) {}

  const Request* next() override {
    if (!stop_.empty()) return nullptr;
    while (ready_.empty()) {
      if (next_entry_ == entries_.size() || (slots_.size() >= kMaxWaiting && in_flight_ > 0)) return nullptr;
      make_slot(entries_[next_entry_++]);
      emit();
    }
    const auto [slot, index, part] = ready_.front();
    ready_.pop_front();
    const Request* r = &*slot->items[index].parts[part].request;
    taken_[r] = {slot, index, part, Clock::now(), std::this_thread::get_id()};
    ++in_flight_;
    return r;
  }

  bool exhausted() const override { return !stop_.empty() || (next_entry_ == entries_.size() && ready_.empty()); }

  std::string stopped() const override { return stop_; }

  void reply(const Request& request, Reply reply) override {
    const auto it = taken_.find(&request);
    if (it == taken_.end()) return;  // not ours, or answered already
    const auto [slot, index, part, taken, thread] = it->second;
    taken_.erase(it);
    --in_flight_;
    // Each process (each thread under --jobs) answers in order: it is charged from its previous reply on.
    const auto now = Clock::now();
    Clock::time_point& last = last_reply_[thread];
    Prepared& p = slot->items[index];
    p.parts[part].seconds = std::chrono::duration<double>(now - std::max(taken, last)).count();
    last = now;
    judge_part(p.parts[part], reply);
    // The result is decided when its last part is: the parts may come back in any order (--jobs),
    // and are settled in their own order, so the result does not depend on it.
    if (--p.pending == 0) {
      settle_parts(p.result, p.parts);
      if (stop_.empty()) count(p.result);
      --slot->pending;
    }
    emit();
  }

  std::size_t total() override {
    if (!total_) {
      std::size_t n = 0;
      for (const auto& group : entries_)
        for (const auto& e : group) {
          if (!e.scenario) continue;
          std::vector<Prepared> items;
          run_scenario(*e.scenario, sel_, subject_, options_, items);
          for (const auto& p : items) n += p.parts.size();
        }
      total_ = n;
    }
    return *total_;
  }

  // Flushes what is left after the subject is done: requests it never replied
  // to are errored, or, when the run was cut short, skipped with why.
  void finish() {
    while (next_entry_ < entries_.size()) make_slot(entries_[next_entry_++]);
    const Reply left = stop_.empty() ? Reply{ReplyKind::Errored, {}, "the subject gave no reply (internal error)", {}}
                                     : Reply{ReplyKind::Skipped, {}, stop_, {}};
    for (auto& slot : slots_)
      for (auto& p : slot->items) {
        if (p.pending == 0) continue;
        for (auto& part : p.parts)
          if (part.request) {
            Reply reply = left;
            judge_part(part, reply);
          }
        p.pending = 0;
        settle_parts(p.result, p.parts);
        --slot->pending;
      }
    ready_.clear();
    taken_.clear();
    emit();
  }

 private:
  static constexpr std::size_t kMaxWaiting = 256;

  // Counts a judged result towards the limits that cut a run short (ResultExtras).
  void count(const RunResult& r) {
    if (is_failure(r.outcome) && !(options_.expected && options_.expected(r))) ++failures_;
    // Crashes in a row count distinct scenarios: one scenario that crashes the implementation under
    // every ruleset (or every transform, every also_with copy) is one crash, not one per result.
    if (r.outcome != Outcome::Crashed) {
      crashed_in_a_row_.clear();
    } else if (const std::string base = crash_key(r.id);
               std::find(crashed_in_a_row_.begin(), crashed_in_a_row_.end(), base) == crashed_in_a_row_.end()) {
      crashed_in_a_row_.push_back(base);
    }
    const auto n = [](std::size_t k, const char* what) { return fmt::format("{} {}{}", k, what, (k == 1 ? "" : "s")); };
    const auto crashes = crashed_in_a_row_.size();
    if (options_.max_failures > 0 && failures_ >= options_.max_failures)
      stop_ = fmt::format("{}stopped after {} (--max-failures {})", kCutShortPrefix,
                          n(static_cast<std::size_t>(failures_), "failure"), options_.max_failures);
    else if (options_.max_consecutive_crashes > 0 &&
             crashes >= static_cast<std::size_t>(options_.max_consecutive_crashes))
      stop_ =
          fmt::format("{}stopped after {} in a row crashed the implementation ({}; --max-crashes {})", kCutShortPrefix,
                      n(crashes, "scenario"), fmt::join(crashed_in_a_row_, ", "), options_.max_consecutive_crashes);
  }

  // The scenario a result belongs to, for counting crashes: its id without a transform
  // (X@r90) or an also_with copy's switches (X[switch=value]).
  static std::string crash_key(const std::string& id) { return id.substr(0, id.find_first_of("@[")); }

  struct Slot {
    std::vector<std::unique_ptr<Scenario>> transformed;  // owned here until the results are emitted
    std::vector<Prepared> items;
    std::size_t pending = 0;  // results not decided yet
  };

  void make_slot(const std::vector<Entry>& group) {
    auto slot = std::make_unique<Slot>();
    for (const auto& e : group) {
      if (!e.scenario) {
        slot->items.push_back(Prepared{unreadable_file(*e.file), {}, 0});
        continue;
      }
      const Scenario* s = e.scenario;
      if (e.transform >= 0) {
        slot->transformed.push_back(std::make_unique<Scenario>(
            transform_scenario(*s, transforms_[static_cast<std::size_t>(e.transform)], builtin_catalog())));
        s = slot->transformed.back().get();
      }
      run_scenario(*s, sel_, subject_, options_, slot->items);
    }
    for (std::size_t i = 0; i < slot->items.size(); ++i) {
      for (std::size_t k = 0; k < slot->items[i].parts.size(); ++k) ready_.emplace_back(slot.get(), i, k);
      if (!slot->items[i].parts.empty()) ++slot->pending;
    }
    slots_.push_back(std::move(slot));
  }

  // The results of the leading slots that are complete, to the sink.
  void emit() {
    while (!slots_.empty() && slots_.front()->pending == 0) {
      std::vector<RunResult> results;
      results.reserve(slots_.front()->items.size());
      for (auto& p : slots_.front()->items) results.push_back(std::move(p.result));
      if (options_.board_views) attach_views(results);
      sink_(results);
      slots_.pop_front();
    }
  }

  // The boards of results the subject did not draw: another implementation
  // answered, or the result was decided without a request (unsupported).
  static void attach_views(std::vector<RunResult>& results) {
    for (auto& r : results)
      if (!r.views && !r.ruleset.empty() && r.scenario && r.scenario->valid())
        r.views = std::make_shared<const ScenarioViews>(scenario_views(*r.scenario, r.ruleset));
  }

  const Selection& sel_;
  Subject& subject_;
  const std::vector<BoardTransform>& transforms_;
  const ResultSink& sink_;
  ResultExtras options_;
  std::vector<std::vector<Entry>> entries_;
  std::size_t next_entry_ = 0;
  std::deque<std::unique_ptr<Slot>> slots_;
  std::deque<std::tuple<Slot*, std::size_t, std::size_t>> ready_;  // requests made and not taken yet: item, part
  using Clock = std::chrono::steady_clock;
  struct Taken {
    Slot* slot;
    std::size_t index;
    std::size_t part;
    Clock::time_point at;
    std::thread::id thread;  // the one that took it (run --jobs: one per process)
  };
  std::map<const Request*, Taken> taken_;
  std::map<std::thread::id, Clock::time_point> last_reply_;
  int failures_ = 0;
  std::vector<std::string> crashed_in_a_row_;  // the distinct scenarios of the crashes since the last other result
  std::string stop_;                           // why the run was cut short; empty while it goes on
  std::size_t in_flight_ = 0;
  std::optional<std::size_t> total_;
};

}  // namespace

SelectionCheck check_selection(const Corpus& corpus, const Selection& sel,
                               const std::vector<BoardTransform>& transforms) {
  SelectionCheck out;
  auto check = [&](const std::string& option, const std::string& value, auto set) {
    Selection one;
    set(one, value);
    if (!selects_any(corpus, one, transforms)) out.unmatched.push_back(option + " " + value);
  };
  for (const auto& v : sel.ids) check("--id", v, [](Selection& one, const std::string& x) { one.ids = {x}; });
  for (const auto& v : sel.tags) check("--tag", v, [](Selection& one, const std::string& x) { one.tags = {x}; });
  for (const auto& v : sel.rulings)
    check("--ruling", v, [](Selection& one, const std::string& x) { one.rulings = {x}; });
  for (const auto& v : sel.rulesets)
    check("--ruleset", v, [](Selection& one, const std::string& x) { one.rulesets = {x}; });
  out.empty = !selects_any(corpus, sel, transforms);
  return out;
}

void run_corpus(const Corpus& corpus, const Selection& sel, Subject& subject,
                const std::vector<BoardTransform>& transforms, const ResultSink& sink, const ResultExtras& options) {
  Pipeline pipeline(corpus, sel, subject, transforms, sink, options);
  subject.answer_all(pipeline);
  pipeline.finish();
}

RunReport run_corpus(const Corpus& corpus, const Selection& sel, Subject& subject, const ResultExtras& options) {
  RunReport report;
  report.subject = subject.name();
  report.capabilities = subject.capabilities();
  run_corpus(
      corpus, sel, subject, {},
      [&report](std::vector<RunResult>& results) {
        for (auto& r : results) report.results.push_back(std::move(r));
      },
      options);
  return report;
}

}  // namespace carc
