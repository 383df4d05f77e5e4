#pragma once
// What the fuzzers do with one input, shared with the regression test
// (tests/fuzz_regressions_test.cpp) so every crash the fuzzers find is
// replayed by ctest. Both must return normally for any bytes: bad input is a
// diagnostic or an error value, never a crash, an exception or a hang.
#include <string>
#include <string_view>

#include "answer/answer.hpp"
#include "data/oracle_data.hpp"
#include "protocol/codec.hpp"
#include "protocol/engine_adapter.hpp"
#include "protocol/line_reader.hpp"
#include "runner/engine_subject.hpp"
#include "runner/evaluate.hpp"
#include "runner/runner.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_transform.hpp"

namespace carc::fuzz {

// The scenario loader end to end: parse, validate, build the State and run our
// engine on each valid scenario under its first ruleset, as written and turned
// a quarter (the metamorphic path).
inline void exercise_scenario_text(const std::string& text) {
  const ScenarioFile f = load_scenario_text(text, "fuzz.yaml");
  EngineSubject engine;
  for (const Scenario& s : f.scenarios) {
    if (!s.valid()) continue;
    const auto rulesets = scenario_rulesets(s);
    if (rulesets.empty()) continue;
    run_one(s, rulesets.front(), engine);
    const Scenario turned = transform_scenario(s, metamorphic_transforms().front(), builtin_catalog());
    run_one(turned, rulesets.front(), engine);
  }
}

// One protocol line as `serve` handles a run request: decode, build the tiles,
// rules and state from the message, answer, encode.
inline void serve_line(const std::string& line, proto::TileCache& cache) {
  auto cmd = proto::decode_command(line);
  if (!cmd) {
    (void)proto::peek_seq(line);
    return;
  }
  if (cmd->kind != proto::Command::Kind::Run) return;
  const proto::RunRequest& run = cmd->run;
  auto rules = proto::ruleset_of(run.ruleset);
  if (!rules) return;
  auto catalog = proto::catalog_of(run.position.definitions, cache);
  if (!catalog) return;
  auto state = proto::state_of(run.position, **catalog, *rules);
  if (!state) return;
  auto answer = answer_query(std::move(*state), run.query);
  if (!answer) return;
  proto::RunReply reply;
  reply.seq = run.seq;
  reply.answer = std::move(*answer);
  (void)proto::decode_reply(proto::encode_reply(reply));
}

// A reply's answer judged as the runner judges it, against the expectations of
// a fixed scenario: the comparison, the signature, and the bounding of a long
// difference (with small bounds, so that inputs under the fuzzer's length
// limit reach the excerpt path).
inline void judge_answer(const proto::Answer& answer) {
  static const ScenarioFile file = load_scenario_text(R"(id: BR-03-t
title: fuzz fixture
rulings: [BR-03]
source: fuzz fixture
position:
  players: [red, blue]
  active: red
  phase: tile
  tiles: [D 0,0 r0]
  figures: [blue follower 0,0:road{E,W}]
  in_hand: U
query:
  apply: [place U 1,0 r0]
expect:
  moves: [pass, "deploy follower 1,0:field{NL,NR,EL,WR}", "deploy follower 1,0:field{ER,SL,SR,WL}"]
  count: 3
  legal: {"deploy follower 1,0:road{E,W}": feature-occupied}
  scores: {red: 0, blue: 0}
  figures: [blue follower 0,0:road{E,W}]
  supply: {red: {follower: 7}, blue: {follower: 6}}
  phase: figure
  active: red
)",
                                                      "fuzz-fixture.yaml");
  if (file.scenarios.empty() || !file.scenarios.front().valid()) return;
  const Scenario& s = file.scenarios.front();
  auto rules = scenario_rules(s, "hig-c3");
  if (!rules) return;
  std::vector<Diff> diffs = compare(s.resolved_expect(*rules), answer, builtin_catalog());
  (void)summarise(diffs);
  (void)diff_signature(diffs);
  (void)bound_diffs(diffs, 1024, 256, 64);
}

// The protocol readers on a byte stream split into lines (capped): what the
// runner reads from an implementation (hello, replies) and what `serve` reads.
inline void exercise_protocol_bytes(std::string_view bytes) {
  proto::LineReader reader(std::size_t{1} << 16);
  reader.feed(bytes);
  reader.feed("\n");
  proto::TileCache cache(64);
  proto::Line line;
  while (reader.next(line)) {
    if (line.overlong) continue;
    (void)proto::excerpt(line.text);
    (void)proto::decode_hello(line.text);
    if (const auto reply = proto::decode_reply(line.text); reply && reply->state == proto::ReplyState::Answered)
      judge_answer(reply->answer);
    serve_line(line.text, cache);
  }
}

}  // namespace carc::fuzz
