// Moves per branch (issue 49): a variant gives its own query.apply (and checkpoints of its own
// moves), so a scenario whose move is written differently under a switch value keeps one board.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/oracle_data.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario_transform.hpp"
#include "test_support.hpp"

using namespace carc;
using carc::test::contains;
using carc::test::problems_of;

namespace {

// Board G of scenarios/dragon-fairy/pd-31-36-fairy.yaml (PD-32-a/-b): red's highwayman on -1,0;
// the fairy beside the board. The fairy's move is written per fairy-placement (V-PD-5):
// `fairy follower -1,0:road{E,W}` next to a follower (hig-c1), `fairy -1,0` on a tile (rgg-c1).
// `variant_query`: the variant's own query (empty: those moves; "none": no query of its own).
std::string fairy_text(const std::string& variant_extra = "", const std::string& variant_query = "") {
  return R"(id: PD-32-z
title: The fairy's move per fairy-placement, one board
rulings: [PD-32, V-PD-5]
source: test fixture
requires: [fairy]
applies_to: [hig-c1, rgg-c1]
position:
  players: [red, blue]
  active: red
  phase: tile
  tiles:
    - D 0,0 r0
    - U 1,0 r0
    - U 2,0 r0
    - U -1,0 r0
    - U 0,1 r0
    - U -1,1 r0
    - U 1,1 r0
    - U 2,1 r0
  figures:
    - red follower 0,1:road{E,W}
    - red follower 0,1:field{ER,SL,SR,WL}
    - red follower -1,0:road{E,W}
  fairy: beside
  in_hand: U
  pile: [U]
query:
  apply:
    - place U 3,0 r0
    - fairy follower -1,0:road{E,W}
checkpoints:
  - after: 1
    expect: {phase: figure, active: red}
expect:
  fairy: red follower -1,0:road{E,W}
variants:
  - when: {fairy-placement: on-tile}
)" +
         (variant_query.empty()
              ? std::string("    query:\n      apply:\n        - place U 3,0 r0\n        - fairy -1,0\n")
              : (variant_query == "none" ? std::string() : variant_query)) +
         "    expect:\n      fairy: -1,0\n" + variant_extra;
}

ScenarioFile load(const std::string& text) { return load_scenario_text(text, "branch.yaml"); }

std::vector<std::string> texts(const std::vector<MoveText>& moves) {
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(m.text);
  return out;
}

}  // namespace

TEST_CASE("A variant's own query.apply is asked under it, the scenario's elsewhere", "[scenario][authoring][branch]") {
  const ScenarioFile f = load(fairy_text());
  INFO(problems_of(f));
  REQUIRE(f.valid());
  const Scenario& s = f.scenarios[0];
  REQUIRE(s.variants.size() == 1);
  REQUIRE(s.variants[0].apply);
  CHECK(texts(*s.variants[0].apply) == std::vector<std::string>{"place U 3,0 r0", "fairy -1,0"});

  // The branch under rgg-c1 (on-tile) asks the variant's moves; hig-c1 (next-to-follower) the scenario's.
  const auto rgg = branch_for(s, "rgg-c1");
  REQUIRE(rgg);
  CHECK(texts(rgg->apply) == std::vector<std::string>{"place U 3,0 r0", "fairy -1,0"});
  CHECK_FALSE(branch_for(s, "hig-c1"));
  auto req = request_for(*rgg, "rgg-c1");
  REQUIRE(req);
  const proto::RunRequest w = wire_request(*req, "1", proto::kProtocolVersion);
  CHECK(w.query.apply == std::vector<std::string>{"place U 3,0 r0", "fairy -1,0"});

  // Our engine passes both branches, each with its checkpoint; run as written under rgg-c1 (the
  // scenario's moves), the next-to-follower move would be refused.
  EngineSubject engine;
  Corpus c;
  c.files.push_back(f);
  const RunReport r = run_corpus(c, Selection{}, engine);
  REQUIRE(r.results.size() == 2);
  for (const auto& result : r.results) {
    INFO(result.id << " " << result.ruleset << " " << result.message);
    CHECK(result.outcome == Outcome::Passed);
  }
  Scenario unbranched = s;
  unbranched.variants[0].apply.reset();
  const RunResult wrong = run_one(unbranched, "rgg-c1", engine);
  CHECK(wrong.outcome == Outcome::Failed);
  CHECK(std::any_of(wrong.diffs.begin(), wrong.diffs.end(), [](const Diff& d) { return d.key == "apply"; }));

  // Turned copies turn the variant's moves too.
  for (const auto& t : metamorphic_transforms()) {
    const Scenario turned = transform_scenario(s, t, builtin_catalog());
    REQUIRE(turned.variants[0].apply);
    const RunResult tr = run_one(turned, "rgg-c1", engine);
    INFO(turned.id << " " << tr.message);
    CHECK(tr.outcome == Outcome::Passed);
  }
}

TEST_CASE("A variant with its own moves may check states of its own, and checks say what is wrong",
          "[scenario][authoring][branch]") {
  SECTION("a checkpoint of the branch alone is asked under it only") {
    // Under on-tile the scenario's checkpoint after move 1 holds, and one after move 2, which the
    // scenario does not have, is the branch's own.
    const std::string q = "    query:\n      apply:\n        - place U 3,0 r0\n        - pass\n        - fairy -1,0\n";
    const std::string own = "    checkpoints:\n      - after: 2\n        expect: {phase: tile, active: blue}\n";
    const ScenarioFile f = load(fairy_text(own, q));
    INFO(problems_of(f));
    REQUIRE(f.valid());  // read and linted (which move list is played right is the runner's to find)
    const Scenario& s = f.scenarios[0];
    auto rules = scenario_rules(s, "rgg-c1");
    REQUIRE(rules);
    const auto cps = s.resolved_checkpoints(*rules);
    REQUIRE(cps.size() == 2);
    CHECK(cps[0].first == 1);
    CHECK(cps[1].first == 2);
    auto hig = scenario_rules(s, "hig-c1");
    REQUIRE(hig);
    CHECK(s.resolved_checkpoints(*hig).size() == 1);
    const auto b = branch_scenario(s, *rules);
    REQUIRE(b);
    REQUIRE(b->checkpoints.size() == 2);
    CHECK(checkpoint_scenario(*b, 1).apply.size() == 2);
  }
  SECTION("without its own moves, a variant naming a checkpoint the scenario lacks is told how") {
    const std::string own = "    checkpoints:\n      - after: 2\n        expect: {active: blue}\n";
    const ScenarioFile f = load(fairy_text(own, "none"));
    REQUIRE_FALSE(f.valid());
    CHECK(contains(problems_of(f), "give the variant its own query.apply"));
  }
  SECTION("a branch too short for the scenario's checkpoint, or for its own") {
    const std::string q = "    query:\n      apply:\n        - place U 3,0 r0\n";
    const std::string own = "    checkpoints:\n      - after: 3\n        expect: {active: blue}\n";
    const ScenarioFile f = load(fairy_text(own, q));
    REQUIRE_FALSE(f.valid());
    const std::string p = problems_of(f);
    CHECK(contains(p, "checkpoint after move 1: out of range for the variant at line"));
    CHECK(contains(p, "variant checkpoint after move 3: out of range: the variant's query.apply has 1 move(s)"));
  }
  SECTION("a rejected move not the last of the branch's moves") {
    const std::string q = "    query:\n      apply:\n        - place U 3,0 r0\n        - fairy 1,1\n        - pass\n";
    const std::string rej = "      rejected: {move: 2, reason: no-such-figure}\n";
    const ScenarioFile f = load(fairy_text(rej, q));
    REQUIRE_FALSE(f.valid());
    CHECK(contains(problems_of(f), "the refused move must be the last of the variant's query.apply (line"));
  }
  SECTION("a variant's query gives only apply") {
    const std::string q = "    query:\n      final_scoring: true\n      apply: [pass]\n";
    const ScenarioFile f = load(fairy_text("", q));
    REQUIRE_FALSE(f.valid());
    CHECK(contains(problems_of(f), "final_scoring is the scenario's alone"));
  }
  SECTION("the variant's moves count toward requires and editions") {
    // A garden tile (C2/C3 boxes) placed only by the branch is refused under the C1 rulesets.
    const std::string q = "    query:\n      apply:\n        - place Ug 3,0 r0\n        - fairy -1,0\n";
    const ScenarioFile f = load(fairy_text("", q));
    REQUIRE_FALSE(f.valid());
    CHECK(contains(problems_of(f), "edition leakage: tile Ug"));
  }
}

TEST_CASE("Stricter checks say what to write instead", "[scenario][authoring]") {
  SECTION("a variant no ruleset matches names the rulesets and the ways out") {
    // fairy-placement on-tile is rgg-c1's; under applies_to [hig-c1] alone nothing plays it.
    std::string text = fairy_text();
    text.replace(text.find("applies_to: [hig-c1, rgg-c1]"), 28, "applies_to: [hig-c1]");
    const ScenarioFile f = load(text);
    REQUIRE_FALSE(f.valid());
    const std::string p = problems_of(f);
    CHECK(contains(p,
                   "matches none of the rulesets the scenario applies to (they are hig-c1: key it on a value one "
                   "of them plays, add the ruleset to applies_to, add the switch value to also_with, or delete "
                   "the variant)"));
  }
  SECTION("a refused move that is not the last says which moves to delete") {
    std::string text = fairy_text();
    text.replace(text.find("expect:\n  fairy: red"), 7, "expect:\n  rejected: {move: 1, reason: wrong-phase}");
    const ScenarioFile f = load(text);
    REQUIRE_FALSE(f.valid());
    CHECK(contains(problems_of(f),
                   "rejected: the refused move must be the last of query.apply (move 2), so nothing "
                   "is applied after it: delete the moves after move 1"));
  }
}

TEST_CASE("moves plays the branch's own moves under its switch value", "[cli][moves][branch]") {
  // CC-11-f: under crop-choice-on-empty-board skip the variant's moves stop before `crop add`, which
  // that rule refuses; the state after either branch's moves is the same.
  MovesOptions o;
  o.file = std::string(CARC_SOURCE_DIR) + "/scenarios/crop-circles/cc-11-choice-per-branch.yaml";
  o.id = "CC-11-f";
  std::ostringstream written, written_err;
  REQUIRE(run_moves(o, written, written_err) == kExitOk);
  o.id = "CC-11-f[crop-choice-on-empty-board=skip]";
  std::ostringstream skip, skip_err;
  INFO(skip_err.str());
  CHECK(run_moves(o, skip, skip_err) == kExitOk);
  CHECK(skip_err.str().empty());
  CHECK(skip.str() == written.str());
}
