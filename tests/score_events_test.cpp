// Score events (protocol 7, query kind `events`; oracle/PROTOCOL.md sections 7 and 8): their
// text, our engine's events, the expectation key `scored`, and implementations that lack the
// query kind or pay a tie wrongly.
#include <catch2/catch.hpp>

#include <string>

#include "answer/answer.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "data/oracle_data.hpp"
#include "engine/score_event.hpp"
#include "runner/evaluate.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario.hpp"
#include "scenario/scenario_transform.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {

std::string events_adapter(const std::string& name) { return std::string(CARC_SOURCE_DIR) + "/tests/adapters/" + name; }

bool has_text(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

RunOptions events_run(const std::string& impl) {
  RunOptions o;
  o.paths = {data("events")};
  o.impl = {impl};
  o.timeout = 10;
  return o;
}

// The tie of tests/data/events/tie.yaml (BR-04-a's board): our engine's answer under hig-c3.
Answer tie_answer() {
  const ScenarioFile f = load_scenario_file(data("events/tie.yaml"));
  REQUIRE(f.valid());
  const Scenario& s = f.scenarios.front();
  auto rules = scenario_rules(s, "hig-c3");
  REQUIRE(rules.ok());
  auto state = build_state(s, *rules);
  REQUIRE(state.ok());
  Query q;
  for (const auto& m : s.apply) q.apply.push_back(m.text);
  auto a = answer_query(std::move(*state), q);
  REQUIRE(a.ok());
  return *a;
}

}  // namespace

TEST_CASE("A score event is read into canonical order and written back the same", "[events]") {
  auto e = parse_score_event("final city 8 red blue at 1,1:city{W} -1,1:city{E} with red follower -1,1:city{E}");
  REQUIRE(e.ok());
  CHECK(e->final_scoring);
  CHECK(e->points == 8);
  CHECK(e->players == std::vector<std::string>{"blue", "red"});
  CHECK(to_string(*e) == "final city 8 blue red at -1,1:city{E} 1,1:city{W} with red follower -1,1:city{E}");
  auto fairy = parse_score_event("fairy 1 red at 2,3");
  REQUIRE(fairy.ok());
  CHECK(to_string(*fairy) == "fairy 1 red at 2,3");
}

TEST_CASE("A malformed score event is refused with what is wrong", "[events]") {
  CHECK_THAT(parse_score_event("castle 8 red at 0,0:city{N}").error(), Catch::Contains("unknown scored kind 'castle'"));
  CHECK_THAT(parse_score_event("city 8 purple at 0,0:city{N}").error(), Catch::Contains("unknown colour 'purple'"));
  CHECK_THAT(parse_score_event("city eight red at 0,0:city{N}").error(), Catch::Contains("points 'eight'"));
  CHECK_THAT(parse_score_event("city 8 red at 0,0:road{E,W}").error(), Catch::Contains("is not a city"));
  CHECK_THAT(parse_score_event("city 8 red at 0,0:city{N} with red meeple 0,0:city{N}").error(),
             Catch::Contains("unknown figure kind 'meeple'"));
  CHECK_FALSE(parse_score_event("city 8 red").ok());
}

TEST_CASE("An expected event naming one part meets the answered event of the whole feature", "[events]") {
  const auto got = *parse_score_event(
      "city 8 blue red at -1,1:city{E} 0,1:city{E,W} 1,1:city{W} with "
      "blue follower 1,1:city{W}, red follower -1,1:city{E}");
  CHECK(score_event_meets(*parse_score_event("city 8 blue red at 0,1:city{E,W}"), got));
  CHECK_FALSE(score_event_meets(*parse_score_event("city 8 blue at 0,1:city{E,W}"), got));
  CHECK_FALSE(score_event_meets(*parse_score_event("final city 8 blue red at 0,1:city{E,W}"), got));
  CHECK_FALSE(score_event_meets(*parse_score_event("city 8 blue red at 0,0:city{N}"), got));
  CHECK_FALSE(
      score_event_meets(*parse_score_event("city 8 blue red at 0,1:city{E,W} with blue follower 1,1:city{W}"), got));
}

TEST_CASE("Our engine answers a tie as one score event with every part and both knights", "[events][answer]") {
  const Answer a = tie_answer();
  CHECK(a.scored == std::vector<std::string>{"city 8 blue red at -1,1:city{E} 0,1:city{E,W} 1,1:city{W} with "
                                             "blue follower 1,1:city{W}, red follower -1,1:city{E}"});
}

TEST_CASE("The scored key compares as a multiset and names what is missing and extra", "[events][evaluate]") {
  Answer a = tie_answer();
  Expect e;
  e.scored = std::vector<std::string>{"city 8 blue red at 0,1:city{E,W}"};
  CHECK(compare(e, a, builtin_catalog()).empty());
  e.scored = std::vector<std::string>{"city 8 blue red at 0,1:city{E,W}", "city 8 blue red at 0,1:city{E,W}"};
  auto twice = compare(e, a, builtin_catalog());
  REQUIRE(twice.size() == 1);
  CHECK(twice.front().expected == std::vector<std::string>{"city 8 blue red at 0,1:city{E,W}"});
  e.scored = std::vector<std::string>{};
  auto none = compare(e, a, builtin_catalog());
  REQUIRE(none.size() == 1);
  CHECK(none.front().key == "scored");
  CHECK(none.front().actual == a.scored);
}

TEST_CASE("A turned board turns the parts and figures of an expected score event", "[events][metamorphic]") {
  const ScenarioFile f = load_scenario_file(data("events/tie.yaml"));
  REQUIRE(f.valid());
  BoardTransform r90;
  r90.quarter = 1;
  const Scenario turned = transform_scenario(f.scenarios.front(), r90, builtin_catalog());
  REQUIRE(turned.expect.scored);
  CHECK(turned.expect.scored->front() ==
        "city 8 blue red at -1,0:city{N,S} with blue follower -1,1:city{N}, red follower -1,-1:city{S}");
}

TEST_CASE("An implementation without query events gets the other keys checked and scored not asked",
          "[events][protocol][cli]") {
  for (const int version : {6, 7}) {
    INFO("partial.py answering version " << version);
    RunOptions o =
        events_run("python3 " + events_adapter("partial.py") + " '" + CARC_BINARY + "' " + std::to_string(version));
    o.format = "json";
    const Run r = run(o);
    INFO(r.out << r.err);
    CHECK(r.code == kExitOk);
    CHECK(has_text(r.out, R"("id":"BR-04-tie","ruleset":"hig-c3","state":"passed")"));
    CHECK(has_text(r.out, R"x("message":"not asked: scored (needs query events)")x"));
    CHECK(has_text(r.out, R"("id":"BR-04-tiescored","ruleset":"hig-c3","state":"unsupported")"));
    CHECK(has_text(r.out, R"("message":"needs query events")"));
  }
}

TEST_CASE("A tie paid to one player only fails on scored with the expected and answered events",
          "[events][protocol][cli]") {
  const Run r = run(events_run("python3 " + events_adapter("tie_one.py") + " '" + CARC_BINARY + "'"));
  INFO(r.out << r.err);
  CHECK(r.code == kExitFailures);
  CHECK(has_text(r.out, "FAILED BR-04-tie [hig-c3]  "));
  CHECK(has_text(r.out, "tie.yaml:3:1"));
  CHECK(has_text(r.out, "the answer differs from the expectation in: scored\n"));
  CHECK(has_text(r.out,
                 "    - city 8 blue red at 0,1:city{E,W} with blue follower 1,1:city{W}, red follower -1,1:city{E}\n"));
  CHECK(has_text(r.out,
                 "    + city 8 blue at -1,1:city{E} 0,1:city{E,W} 1,1:city{W} with blue follower 1,1:city{W}, "
                 "red follower -1,1:city{E}\n"));
  CHECK(has_text(r.out, "2 results: 2 failed"));
}
