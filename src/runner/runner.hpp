#pragma once
// Running a corpus against a subject: selection (--id, --tag, --ruling,
// --ruleset, --shard), expansion into scenario x ruleset, one request per
// pair, and one RunResult each (src/runner/README.md).
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.hpp"
#include "runner/outcome.hpp"
#include "runner/subject.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario_transform.hpp"

namespace carc {

struct Selection {
  std::vector<std::string> ids;       // globs over scenario ids (any matches)
  std::vector<std::string> tags;      // any of these tags
  std::vector<std::string> rulings;   // ruling ids or globs, e.g. FM-* (any ruling of the scenario matches)
  std::vector<std::string> rulesets;  // preset names or aliases; empty = each scenario's applies_to
  int shard = 0;                      // 1-based K of --shard K/N; 0 = no sharding
  int shards = 0;
};

// Parses "K/N" with 1 <= K <= N.
Result<std::pair<int, int>> parse_shard(std::string_view text);
// Resolves ruleset aliases to preset names; fails on an unknown name.
Result<Selection> resolve(Selection s);
// `*` matches any run of characters, `?` one character.
bool glob_match(std::string_view pattern, std::string_view text);
// Whether a scenario (or, with s == nullptr, an unreadable file named key) is selected.
bool selected(const Selection& sel, const Scenario* s, const std::string& key);

// What a selection's filters find in a corpus, so that a typo in a CI filter
// is an error rather than an empty, green run: each --id, --tag, --ruling and
// --ruleset value that selects no scenario on its own ("--id FM-99*"), and
// whether the filters together select no scenario x ruleset. Sharding is left
// out: an empty shard is not an error.
struct SelectionCheck {
  std::vector<std::string> unmatched;
  bool empty = false;
};
SelectionCheck check_selection(const Corpus& corpus, const Selection& sel,
                               const std::vector<BoardTransform>& transforms);

// Receives the results of one scenario (every selected ruleset, in preset
// order; one `invalid` result for a broken scenario or an unreadable path) as
// soon as they are all decided, in report order: by id, then preset order.
// The scenario they point to lives until the call returns.
using ResultSink = std::function<void(std::vector<RunResult>&)>;

// What a run attaches to its results besides the verdicts.
struct ResultExtras {
  ResultExtras() = default;
  explicit ResultExtras(bool views) : board_views(views) {}
  // Our engine's boards before and after the moves on every result with a
  // ruleset (RunResult::views), for reporters that draw them (HTML). With our
  // engine as the subject they come from the states it answered with.
  bool board_views = false;
  // Cutting a run short (run --max-failures N, and the cap on consecutive
  // crashes; 0: no limit): once `max_failures` results have failed (failed,
  // errored, crashed, timed_out; not one `expected` says is a known failure) or
  // `max_consecutive_crashes` replies in a row were crashes, nothing more is
  // sent and every result not decided yet is `skipped` with a message starting
  // kCutShortPrefix and saying which limit was hit.
  int max_failures = 0;
  int max_consecutive_crashes = 0;
  std::function<bool(const RunResult&)> expected;
};

// Runs the selected scenarios, each also under every transform given (run
// --metamorphic: id@r90, ..., made one at a time as the run reaches them).
// Invalid scenarios give one `invalid` result each (never sent); unreadable
// paths one `invalid` result named by path. Requests are made as the subject
// takes them and each reply is judged as it comes, so memory does not grow
// with the number of results.
void run_corpus(const Corpus& corpus, const Selection& sel, Subject& subject,
                const std::vector<BoardTransform>& transforms, const ResultSink& sink,
                const ResultExtras& options = {});

// The same, untransformed, collected into one RunReport.
RunReport run_corpus(const Corpus& corpus, const Selection& sel, Subject& subject, const ResultExtras& options = {});

// Runs one scenario under one preset (with the scenario's rules: on top).
RunResult run_one(const Scenario& s, const std::string& preset, Subject& subject);
// The request a scenario sends under a preset: its effective rules, the probes and
// query kinds its expectations need (what `run` sends, and `request ID` prints).
Request request_of(const Scenario& s, const RuleSet& rules, const Expect& expect);
// The expectations as an implementation speaking protocol `version` can meet them: a reason code
// a later version refined reads as the code it refined (proto::reason_in_version; run, export).
Expect expect_in_version(Expect e, int version);
// The query kind of score events (protocol 7), and the expectation keys only it answers.
inline constexpr std::string_view kEventsQuery = "events";
inline constexpr std::string_view kEventKeys[] = {"scored"};
// The keys of kEventKeys that `e` has and the subject cannot be asked (it answers a version before
// 7, or does not declare query kind `events`): run leaves them out and checks the rest.
std::vector<std::string> unanswerable_keys(const Expect& e, const Subject& subject, const Scenario& s,
                                           const RuleSet& rules);
// A request's lacks once each switch value the subject does not play ("switch K=V", "switch K=V
// (protocol N)") is replaced by one it plays (`plays`, Subject::plays) under which our engine finds
// the verdict the same (`same`, given the rules with the replacement): each in turn, on top of
// those already replaced. The request's rules get the replacements, `played` names them, and
// `lacks` is what the subject still lacks (`lacks_of` on the request as it will be sent). The
// caller has checked that `same` holds under the request's own rules. Run, explore, adapter-check
// and export (PROTOCOL.md §4).
struct Settled {
  std::vector<std::string> lacks;
  std::vector<PlayedAs> played;
};
using SameVerdict = std::function<bool(const RuleSet&)>;
Settled settle_lacks(Request& req, std::vector<std::string> lacks,
                     const std::function<std::vector<std::string>(std::string_view)>& plays,
                     const std::function<std::vector<std::string>(const Request&)>& lacks_of, const SameVerdict& same);
// Whether our engine's answer to `req` under `rules` meets `expect` (run's verdict).
bool engine_meets(const Request& req, const RuleSet& rules, const Expect& expect);
// settle_lacks for run's verdict: nothing is replaced when our engine does not meet `expect`
// under the request's own rules (the verdict is not ours to predict).
Settled settle_for_expectation(Request& req, std::vector<std::string> lacks, const Expect& expect,
                               const std::function<std::vector<std::string>(std::string_view)>& plays,
                               const std::function<std::vector<std::string>(const Request&)>& lacks_of);
// The request of the final state, asked about `s` as given (the request points at it). A scenario
// whose variants give their own moves is asked under a preset as branch_for(s, preset) says.
Result<Request> request_for(const Scenario& s, const std::string& preset);
// The scenario as asked under a preset when the variant that applies gives its own query.apply
// (scenario.hpp branch_scenario); nullopt: as written (or rules that do not resolve: request_for says).
std::optional<Scenario> branch_for(const Scenario& s, const std::string& preset);

}  // namespace carc
