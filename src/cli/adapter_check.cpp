// `carc-oracle adapter-check --impl CMD`: a smoke check of an adapter before a
// full run. Starts it, checks the handshake, sends a few real scenarios per
// declared capability and switch value (chosen by the rule of
// runner/adapter_check.hpp, from the corpus), prints a verdict per check with the
// command that reproduces it, then what each undeclared item would unlock.
// Exit 0 every check ok (a request the adapter declines, `skipped`, is shown but
// does not fail); 1 a check failed; 2 bad arguments; 3 it could not start or
// failed the handshake.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/find_scenario.hpp"
#include "data/diagnostic.hpp"
#include "protocol/codec.hpp"
#include "report/report.hpp"
#include "runner/adapter_check.hpp"
#include "runner/child_process.hpp"
#include "runner/process_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/capabilities.hpp"

namespace carc {

void setup_adapter_check(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<AdapterCheckOptions>();
  CLI::App* cmd = app.add_subcommand(
      "adapter-check",
      "Smoke-check an adapter: handshake, a few real scenarios per declared capability and switch value, and what each "
      "undeclared item would unlock");
  cmd->add_option("--impl", o->impl, "The adapter: 'CMD ARGS', split without a shell as for run --impl")
      ->type_name("'CMD ARGS'")
      ->required();
  cmd->add_option("paths", o->paths, "Scenario files or folders to choose from (default: scenarios/)");
  cmd->add_option("--timeout", o->timeout, "Seconds per request (default 10; the handshake gets at least 10)")
      ->type_name("SECONDS");
  cmd->add_option("--protocol-version", o->protocol_version,
                  fmt::format("Send this version in start (1 to {0}; default {0})", proto::kProtocolVersion))
      ->type_name("N");
  cmd->add_option("--per-item", o->per_item, "Checks per declared capability or switch value (default 3)")
      ->type_name("K");
  cmd->callback([o, &action] { action = [o] { return run_adapter_check(*o, std::cout, std::cerr); }; });
}

namespace {

constexpr int kMaxTimeoutSeconds = 86400;

// One list of a difference, cut to a few items: "'a', 'b' (+3 more)".
std::string few(const std::vector<std::string>& items, std::size_t extra) {
  std::string out;
  const std::size_t shown = std::min<std::size_t>(items.size(), 3);
  for (std::size_t i = 0; i < shown; ++i) out += (i ? ", " : "") + clip(items[i], 60);
  const std::size_t more = items.size() - shown + extra;
  if (more > 0) out += fmt::format(" (+{} more)", more);
  return out;
}

// The first two differing keys, each as "key: expected X; got Y".
std::string short_diff(const RunResult& r) {
  std::string out;
  for (std::size_t i = 0; i < r.diffs.size() && i < 2; ++i) {
    const Diff& d = r.diffs[i];
    // Lists (moves, figures, ...) differ by items missing and extra; single values by expected and got.
    const bool list = d.key == "moves" || d.key == "includes" || d.key == "excludes" || d.key == "figures" ||
                      d.key == "returned" || d.key == "towers" || d.key == "prisoners";
    out += fmt::format("{}{}:", i ? "; " : "", d.label());
    if (!d.expected.empty()) out += fmt::format(" {} {}", list ? "missing" : "expected", few(d.expected, 0));
    if (!d.actual.empty())
      out += fmt::format("{} {} {}", d.expected.empty() ? "" : ",", list ? "extra" : "got", few(d.actual, d.omitted));
  }
  if (r.diffs.size() > 2) out += fmt::format("; +{} more keys", r.diffs.size() - 2);
  return out;
}

// A verdict word for a result, and whether it fails the check.
std::pair<std::string, bool> verdict(const RunResult& r) {
  switch (r.outcome) {
    case Outcome::Passed:
      return {"ok", false};
    case Outcome::Failed:
      return {"wrong answer", true};
    case Outcome::Skipped:
      return {"skipped", false};
    case Outcome::Crashed:
      return {"crash", true};
    case Outcome::TimedOut:
      return {"timeout", true};
    case Outcome::Errored:
      return {r.message.rfind("protocol violation", 0) == 0 ? "malformed reply" : "errored", true};
    default:
      return {std::string(outcome_name(r.outcome)), true};
  }
}

// "  WORD           TEXT": the verdict in a column of its own.
void verdict_line(std::ostream& out, const std::string& word, const std::string& text) {
  fmt::print(out, "  {:<15} {}\n", word, terminal_safe(text));
}

struct Checker {
  std::ostream& out;
  int ok = 0, failed = 0, skipped = 0;

  void line(bool good, const std::string& what) {
    verdict_line(out, good ? "ok" : "FAILED", what);
    ++(good ? ok : failed);
  }
};

// The handshake's declarations: version agreed, what is declared well-formed and usable.
void check_handshake(const ProcessSubject& p, int asked, Checker& c) {
  const proto::Hello& h = p.hello();
  const int v = h.protocol_version;
  c.line(v <= asked, fmt::format("protocol version {} answered to a start with {}{}", v, asked,
                                 v <= asked ? "" : ": an implementation answers the version asked or an older one"));
  const auto& caps = h.capabilities;
  std::string late;
  for (const auto& e : caps.expansions)
    if (is_capability(e) && proto::expansion_introduced_in(e) > v)
      late += fmt::format(" {} (version {})", e, proto::expansion_introduced_in(e));
  const bool base = std::find(caps.expansions.begin(), caps.expansions.end(), "base") != caps.expansions.end() &&
                    std::find(caps.figures.begin(), caps.figures.end(), "follower") != caps.figures.end();
  const auto declared = capability_names_of(h);
  c.line(
      base && late.empty(),
      fmt::format("capabilities: {}{}{}", declared.empty() ? "none" : fmt::format("{}", fmt::join(declared, " ")),
                  base ? "" : "; expansion `base` and figure `follower` must be declared (every scenario needs them)",
                  late.empty() ? "" : "; declared beyond the version answered:" + late));
  std::string values;
  for (const auto& [key, list] : caps.switches) values += fmt::format(" {}({})", key, list.size());
  // Unknown names are legal (a later runner may know them): noted, not failed.
  c.line(true,
         "switches:" + (values.empty() ? std::string(" none declared: every switch at its default only") : values));
  c.line(true,
         fmt::format("queries: {}", caps.queries.empty() ? "none" : fmt::format("{}", fmt::join(caps.queries, " "))));
  // The same warnings as run's (run --strict refuses such a handshake).
  for (const auto& w : p.warnings()) fmt::print(c.out, "  warning: {}\n", terminal_safe(w));
  for (const auto& n : p.notes()) fmt::print(c.out, "  note: {}\n", terminal_safe(n));
}

}  // namespace

int run_adapter_check(const AdapterCheckOptions& o, std::ostream& out, std::ostream& err) {
  const int version = protocol_version_option(o.protocol_version, "adapter-check", err);
  if (version == 0) return kExitInvalidInput;
  if (!(o.timeout >= 0.001) || o.timeout > kMaxTimeoutSeconds) {
    err << "carc-oracle adapter-check: --timeout must be a number of seconds from 0.001 (a millisecond) to 86400\n";
    return kExitInvalidInput;
  }
  if (o.per_item < 1) {
    err << "carc-oracle adapter-check: --per-item must be at least 1\n";
    return kExitInvalidInput;
  }
  auto argv = split_command(o.impl);
  if (!argv || argv->empty()) {
    fmt::print(err, "carc-oracle adapter-check: --impl '{}': {}\n", echo(o.impl), argv ? "no command" : argv.error());
    return kExitInvalidInput;
  }
  const auto paths = scenario_paths(o.paths, "adapter-check", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  int broken = 0;
  for (const auto& f : corpus.files) {
    broken += f.problems.empty() ? 0 : 1;
    for (const auto& s : f.scenarios) broken += s.valid() ? 0 : 1;
  }
  if (broken > 0)
    fmt::print(err,
               "carc-oracle adapter-check: note: {} scenario file(s) or scenario(s) could not be read or are invalid "
               "and are not used (carc-oracle check names them)\n",
               broken);

  ProcessOptions po;
  po.argv = *argv;
  po.timeout = std::chrono::milliseconds(static_cast<long long>(std::llround(o.timeout * 1000)));
  po.start_timeout = std::max(po.timeout, std::chrono::milliseconds(10000));
  po.protocol_version = version;
  const auto t0 = std::chrono::steady_clock::now();
  auto started = ProcessSubject::start(std::move(po));
  if (!started) {
    fmt::print(err, "carc-oracle adapter-check: the implementation '{}' could not be started: {}\n", echo(o.impl),
               terminal_safe(started.error()));
    return kExitImplStart;
  }
  ProcessSubject& subject = **started;
  const double start_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  Checker c{out};
  fmt::print(out, "adapter-check: {} ({})\nhandshake\n", terminal_safe(subject.name()), terminal_safe(o.impl));
  c.line(true, fmt::format("started and answered start in {:.2f} s", start_s));
  check_handshake(subject, version, c);

  // The command reproducing one case by hand: request's messages piped into the adapter.
  std::string pipe_to, request_paths;
  for (const auto& a : *argv) pipe_to += (pipe_to.empty() ? "" : " ") + shell_quote(a);
  for (const auto& p : o.paths) request_paths += " " + shell_quote(p);
  const int agreed = subject.hello().protocol_version;
  const std::string version_option =
      agreed < proto::kProtocolVersion ? fmt::format(" --protocol-version {}", agreed) : "";

  const auto cases = canonical_cases(corpus, subject.hello(), o.per_item);
  fmt::print(out,
             "requests (up to {} per declared capability or switch value: the cases using it that it can take, fewest "
             "other items first, then by id)\n",
             o.per_item);
  for (const auto& k : cases) {
    const auto t = std::chrono::steady_clock::now();
    const RunResult r = run_one(*k.scenario, k.ruleset, subject);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
    auto [word, bad] = verdict(r);
    std::string head = fmt::format("{}: {} under {} ({} ms)", k.item, k.scenario->id, k.ruleset, std::llround(ms));
    if (r.outcome == Outcome::Failed)
      head += fmt::format(": {}", short_diff(r));
    else if (r.outcome != Outcome::Passed)
      head += fmt::format(": {}", clip(r.message, 300));
    verdict_line(out, bad ? "FAILED " + word : word, head);
    ++(bad ? c.failed : r.outcome == Outcome::Skipped ? c.skipped : c.ok);
    fmt::print(out, "  {:16}reproduce: carc-oracle request {}{} --ruleset {}{} | {}\n", "", shell_quote(k.scenario->id),
               request_paths, k.ruleset, version_option, terminal_safe(pipe_to));
  }
  if (cases.empty()) out << "  (the corpus has no case this adapter can take)\n";

  const UnlockTable t = unlock_table(corpus, subject.hello());
  fmt::print(out, "not declared: what each item would unlock (scenario x ruleset results now unsupported, of {})\n",
             t.cases);
  if (t.rows.empty())
    out << "  nothing: the adapter declares every capability, switch value and query kind\n";
  else {
    std::size_t width = 4;
    for (const auto& row : t.rows) width = std::max(width, row.item.size());
    const int w = static_cast<int>(width) + 2;
    fmt::print(out, "  {:<{}}{:>8}{:>14}\n", "item", w, "alone", "with others");
    for (const auto& row : t.rows) fmt::print(out, "  {:<{}}{:>8}{:>14}\n", row.item, w, row.alone, row.with_others);
  }
  fmt::print(out, "  unsupported: {}; missing one item: {}; missing several: {}\n", t.unsupported,
             t.unsupported - t.several, t.several);
  fmt::print(out, "{} checks: {} ok, {} failed, {} skipped\n", c.ok + c.failed + c.skipped, c.ok, c.failed, c.skipped);
  for (const auto& n : subject.notes())
    if (n.rfind("the handshake names", 0) != 0) fmt::print(err, "carc-oracle adapter-check: {}\n", terminal_safe(n));
  return c.failed > 0 ? kExitFailures : kExitOk;
}

}  // namespace carc
