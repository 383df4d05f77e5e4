// The runner (src/runner): selection, expansion over rulesets, subject replies
// mapped to result states, and comparison after canonicalisation.
#include <catch2/catch.hpp>

#include <set>

#include "render/svg_board.hpp"
#include "runner/engine_subject.hpp"
#include "runner/evaluate.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

using namespace carc;

using namespace carc::test;

namespace {

class FakeSubject final : public Subject {
 public:
  ReplyKind kind = ReplyKind::Answered;
  Answer reply;
  std::vector<std::string> caps{"base"};
  std::vector<Request> seen;

  std::string name() const override { return "fake"; }
  std::vector<std::string> capabilities() const override { return caps; }
  Reply answer(const Request& r) override {
    seen.push_back(r);
    return Reply{kind, reply, "the fake says no", {}};
  }
};

}  // namespace

TEST_CASE("Globs match ids and ruling ids", "[runner][select]") {
  CHECK(glob_match("FM-*", "FM-13"));
  CHECK(glob_match("BR-0?-a", "BR-03-a"));
  CHECK(glob_match("*", ""));
  CHECK(glob_match("*-b", "BR-03-b"));
  CHECK_FALSE(glob_match("FM-*", "BR-13"));
  CHECK_FALSE(glob_match("BR-03", "BR-03-a"));
}

TEST_CASE("A shard is K/N with 1 <= K <= N", "[runner][select]") {
  CHECK(parse_shard("2/4").ok());
  CHECK(parse_shard("2/4").value() == std::pair{2, 4});
  for (const char* bad : {"0/4", "5/4", "1", "a/b", "1/0", "1/2/3", ""}) CHECK_FALSE(parse_shard(bad).ok());
}

TEST_CASE("Ruleset aliases resolve and unknown rulesets are refused", "[runner][select]") {
  Selection s;
  s.rulesets = {"zmg", "hig"};
  auto r = resolve(s);
  REQUIRE(r);
  CHECK(r->rulesets == std::vector<std::string>{"zmg-c2", "hig-c3"});
  s.rulesets = {"hig-c9"};
  CHECK_FALSE(resolve(s).ok());
}

TEST_CASE("Our engine passes the passing fixtures", "[runner][engine]") {
  const Corpus c = load_corpus({data("runner/pass"), data("runner/limited")});
  REQUIRE(c.valid());
  EngineSubject engine;
  const RunReport r = run_corpus(c, Selection{}, engine);
  INFO(r.results.size());
  CHECK(r.counts()[static_cast<std::size_t>(Outcome::Passed)] == 11);
  CHECK(r.results.size() == 11);
  CHECK_FALSE(r.any_failure());
  CHECK_FALSE(r.any_invalid());
}

TEST_CASE("A subject lacking a capability reports the scenario unsupported and is never asked", "[runner][states]") {
  const Corpus c = load_corpus({data("runner/limited")});
  FakeSubject fake;  // capabilities: base only
  const RunReport r = run_corpus(c, Selection{}, fake);
  CHECK(fake.seen.empty());
  REQUIRE(r.results.size() == 1);
  CHECK(r.results.front().outcome == Outcome::Unsupported);
  CHECK(r.results.front().message == "needs flier");
  CHECK_FALSE(r.any_failure());
}

TEST_CASE("Results come sorted by id, then in preset order", "[runner][engine]") {
  EngineSubject engine;
  const RunReport r = run_corpus(load_corpus({data("runner/pass")}), Selection{}, engine);
  std::vector<std::pair<std::string, std::string>> order;
  for (const auto& x : r.results) order.emplace_back(x.id, x.ruleset);
  CHECK(order.front() == std::pair<std::string, std::string>{"BR-03-t", "hig-c3"});
  CHECK(order[1] == std::pair<std::string, std::string>{"BR-03-t", "zmg-c2"});
  CHECK(order[5] == std::pair<std::string, std::string>{"BR-05-t", "hig-c1-2000"});
  CHECK(order.back() == std::pair<std::string, std::string>{"BR-05-u", "zmg-c2"});
}

TEST_CASE("A failing scenario reports its differences in canonical notation", "[runner][engine]") {
  EngineSubject engine;
  const RunReport r = run_corpus(load_corpus({data("runner/fail")}), Selection{}, engine);
  REQUIRE(r.results.size() == 1);
  const RunResult& x = r.results.front();
  CHECK(x.outcome == Outcome::Failed);
  REQUIRE(x.diffs.size() == 3);
  CHECK(x.diffs[0].key == "moves");
  CHECK(x.diffs[0].expected == std::vector<std::string>{"deploy follower 1,0:road{E,W}"});
  CHECK(x.diffs[0].actual ==
        std::vector<std::string>{"deploy follower 1,0:field{ER,SL,SR,WL}", "deploy follower 1,0:field{NL,NR,EL,WR}"});
  CHECK(x.diffs[1].key == "count");
  CHECK(x.diffs[2].key == "scores");
  CHECK(x.diffs[2].expected == std::vector<std::string>{"red 1"});
  CHECK(x.diffs[2].actual == std::vector<std::string>{"red 0"});
  CHECK(r.any_failure());
}

TEST_CASE("Filters select by id glob, tag, ruling and ruleset", "[runner][select]") {
  const Corpus c = load_corpus({data("runner/pass"), data("runner/limited")});
  EngineSubject engine;
  Selection by_id;
  by_id.ids = {"BR-05-*"};
  CHECK(run_corpus(c, by_id, engine).results.size() == 5);
  Selection by_ruling;
  by_ruling.rulings = {"FM-*"};
  CHECK(run_corpus(c, by_ruling, engine).results.size() == 1);
  Selection by_switch;
  by_switch.rulings = {"V-BG-*"};
  CHECK(run_corpus(c, by_switch, engine).results.size() == 5);
  Selection by_tag;
  by_tag.tags = {"scoring"};
  CHECK(run_corpus(c, by_tag, engine).results.size() == 1);
  Selection by_ruleset;
  by_ruleset.rulesets = {"zmg-c2"};
  for (const auto& x : run_corpus(c, by_ruleset, engine).results) CHECK(x.ruleset == "zmg-c2");
}

TEST_CASE("Shards partition the results, stably by id", "[runner][select]") {
  const Corpus c = load_corpus({data("runner/pass"), data("runner/fail")});
  EngineSubject engine;
  const std::size_t all = run_corpus(c, Selection{}, engine).results.size();
  std::set<std::pair<std::string, std::string>> seen;
  std::size_t total = 0;
  for (int k = 1; k <= 3; ++k) {
    Selection s;
    s.shard = k;
    s.shards = 3;
    const RunReport r = run_corpus(c, s, engine);
    const RunReport again = run_corpus(c, s, engine);
    CHECK(r.results.size() == again.results.size());
    for (const auto& x : r.results) seen.emplace(x.id, x.ruleset);
    total += r.results.size();
  }
  CHECK(total == all);
  CHECK(seen.size() == all);
}

TEST_CASE("Subject replies map onto result states", "[runner][states]") {
  const Corpus c = load_corpus({data("runner/pass/placement.yaml")});
  const std::vector<std::pair<ReplyKind, Outcome>> cases{{ReplyKind::Skipped, Outcome::Skipped},
                                                         {ReplyKind::Errored, Outcome::Errored},
                                                         {ReplyKind::Crashed, Outcome::Crashed},
                                                         {ReplyKind::TimedOut, Outcome::TimedOut}};
  for (const auto& [kind, outcome] : cases) {
    FakeSubject fake;
    fake.kind = kind;
    const RunReport r = run_corpus(c, Selection{}, fake);
    REQUIRE_FALSE(r.results.empty());
    CHECK(r.results.front().outcome == outcome);
    CHECK(r.results.front().message == "the fake says no");
  }
  CHECK(is_failure(Outcome::Errored));
  CHECK(is_failure(Outcome::XPass));
  CHECK_FALSE(is_failure(Outcome::XFail));
  CHECK_FALSE(is_failure(Outcome::Unsupported));
}

TEST_CASE("The subject is asked about the legal probes and never sees the expectations", "[runner][states]") {
  const Corpus c = load_corpus({data("runner/pass/placement.yaml")});
  FakeSubject fake;
  Selection one;
  one.ids = {"BR-03-t"};
  one.rulesets = {"hig-c3"};
  run_corpus(c, one, fake);
  REQUIRE(fake.seen.size() == 1);
  CHECK(fake.seen.front().probes ==
        std::vector<std::string>{"deploy follower 1,0:road{E,W}", "deploy follower 1,0:field{NL,NR,EL,WR}"});
  CHECK(fake.seen.front().rules.name == "hig-c3");
}

TEST_CASE("Placements answered in a redundant rotation are canonicalised before comparison", "[runner][states]") {
  const Corpus c = load_corpus({data("runner/pass/placement.yaml")});
  FakeSubject fake;
  fake.reply.moves = {"place U 1,0 r180", "place   U -1,0 r0"};
  fake.reply.legal = {{"place U 1,0 r180", "ok"}, {"place U 1,0 r90", "edges-mismatch"}};
  Selection one;
  one.ids = {"BR-03-w"};
  const RunReport r = run_corpus(c, one, fake);
  REQUIRE(r.results.size() == 1);
  INFO(r.results.front().message);
  CHECK(r.results.front().outcome == Outcome::Passed);
}

TEST_CASE("A refused move the scenario did not expect fails with an apply difference", "[runner][states]") {
  const Corpus c = load_corpus({data("runner/pass/placement.yaml")});
  FakeSubject fake;
  fake.reply.rejected = std::pair{1, std::string("edges-mismatch")};
  Selection one;
  one.ids = {"BR-03-t"};
  one.rulesets = {"hig-c3"};
  const RunReport r = run_corpus(c, one, fake);
  REQUIRE(r.results.size() == 1);
  CHECK(r.results.front().outcome == Outcome::Failed);
  CHECK(r.results.front().diffs.front().key == "apply");
  CHECK(r.results.front().message.find("refused") != std::string::npos);
}

TEST_CASE("An invalid scenario is one invalid result and is never sent", "[runner][states]") {
  const Corpus c = load_corpus({data("invalid/bad-id.yaml"), data("invalid/yaml-syntax.yaml")});
  FakeSubject fake;
  const RunReport r = run_corpus(c, Selection{}, fake);
  CHECK(fake.seen.empty());
  REQUIRE(r.results.size() == 2);
  for (const auto& x : r.results) {
    CHECK(x.outcome == Outcome::Invalid);
    CHECK(x.ruleset.empty());
  }
  CHECK(r.any_invalid());
}

// ResultExtras::board_views: our engine draws its boards from the states it
// answered with; any other subject's results get them from scenario_views,
// which plays the moves again. Both must draw the same picture, on every
// scenario of the corpus (flights, crashes, refused moves, final scoring).
TEST_CASE("the boards the engine subject draws are those scenario_views draws, over the corpus", "[runner][views]") {
  const Corpus corpus = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios"});
  EngineSubject engine;
  const RunReport with = run_corpus(corpus, Selection{}, engine, ResultExtras{true});
  const RunReport without = run_corpus(corpus, Selection{}, engine);
  REQUIRE(with.results.size() == without.results.size());
  std::size_t drawn = 0, flights = 0, refused = 0;
  for (std::size_t i = 0; i < with.results.size(); ++i) {
    const RunResult& r = with.results[i];
    CHECK_FALSE(without.results[i].views);  // only when asked
    CHECK(r.outcome == without.results[i].outcome);
    if (r.ruleset.empty()) continue;
    REQUIRE(r.views);
    const ScenarioViews again = scenario_views(*r.scenario, r.ruleset);
    INFO(r.id << " under " << r.ruleset);
    CHECK(render_svg(r.views->before) == render_svg(again.before));
    CHECK(render_svg(r.views->after) == render_svg(again.after));
    CHECK(r.views->applied == again.applied);
    CHECK(r.views->problem == again.problem);
    ++drawn;
    flights += r.views->after.flight ? 1u : 0u;
    refused += r.views->problem.empty() ? 0u : 1u;
  }
  CHECK(drawn > 2000);
  CHECK(flights > 50);  // the comparison covered flights and crashes
  CHECK(refused > 10);  // and moves the engine refused
}

TEST_CASE("a result carries the ledger area of its scenario's first ruling", "[runner]") {
  const Corpus c = load_corpus({data("runner/pass")});
  EngineSubject engine;
  const RunReport r = run_corpus(c, Selection{}, engine);
  REQUIRE_FALSE(r.results.empty());
  for (const auto& each : r.results) CHECK(each.area == "base");
}

TEST_CASE("legal false is met by any refusal and by no legal move", "[runner][engine][legal]") {
  EngineSubject engine;
  const RunReport r = run_corpus(load_corpus({data("legal-false")}), Selection{}, engine);
  REQUIRE(r.results.size() == 2);
  const RunResult& refused = r.results[0];
  INFO(refused.id << ": " << refused.message);
  CHECK(refused.id == "BR-03-lfa");
  CHECK(refused.outcome == Outcome::Passed);  // feature-occupied and not-on-placed-tile both meet false
  const RunResult& legal = r.results[1];
  CHECK(legal.id == "BR-03-lfb");
  CHECK(legal.outcome == Outcome::Failed);
  REQUIRE(legal.diffs.size() == 1);
  CHECK(legal.diffs[0].key == "legal");
  CHECK(legal.diffs[0].expected == std::vector<std::string>{"deploy follower 1,0:field{NL,NR,EL,WR}: illegal"});
  CHECK(legal.diffs[0].actual == std::vector<std::string>{"deploy follower 1,0:field{NL,NR,EL,WR}: ok"});
  // true is not a verdict: a legal move is written ok; a quoted 'false' is no reason code either.
  const std::string base = R"(id: BR-03-lfc
title: t
rulings: [BR-03]
source: s
position: {players: [red, blue], active: red, phase: tile, tiles: [D 0,0 r0], in_hand: U}
expect:
  legal:
)";
  const auto problems = [](const ScenarioFile& f) {
    std::string all;
    for (const auto& s : f.scenarios)
      for (const auto& d : s.problems) all += d.message + "\n";
    return all;
  };
  const ScenarioFile t = load_scenario_text(base + "    \"place U 1,0 r0\": true\n", "true.yaml");
  CHECK(contains(problems(t), "a legal move is written 'ok'"));
  const ScenarioFile q = load_scenario_text(base + "    \"place U 1,0 r0\": 'false'\n", "quoted.yaml");
  CHECK(contains(problems(q), "'false'"));
}
