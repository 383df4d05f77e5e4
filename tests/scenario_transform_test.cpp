// Metamorphic transforms (issue 10): a scenario rotated about 0,0 and
// translated keeps its answer. The whole corpus runs under every transform in
// the ctest `corpus-metamorphic`; these tests pin the mapping itself.
#include <catch2/catch.hpp>

#include "data/oracle_data.hpp"
#include "runner/engine_subject.hpp"
#include "runner/metamorphic.hpp"
#include "runner/runner.hpp"
#include "scenario/scenario_transform.hpp"

using namespace carc;

namespace {

const BoardTransform kR90{1, {}}, kR180{2, {}}, kR270{3, {}}, kShift{0, {11, -7}};

std::string text_of(FeatureAddr a) { return to_string(a); }

FeatureAddr addr(const std::string& text) {
  auto a = parse_feature_addr(text);
  REQUIRE(a.ok());
  return *a;
}

// The README's worked example plus a figure on a field addressed by half-edges.
const char* kScenario = R"(id: BR-03-z
title: Fixture
rulings: [BR-03]
source: test fixture
position:
  players: [red, blue]
  active: red
  phase: tile
  tiles:
    - D 0,0 r0
    - U 1,0 r0
  figures:
    - blue follower 0,0:road{E,W}
    - red follower 1,0:field{NL,NR,EL,WR}
  in_hand: U
query:
  apply:
    - place U -1,0 r180
expect:
  excludes:
    - deploy follower -1,0:road{E,W}
  includes:
    - deploy follower -1,0:field{ER,SL,SR,WL}
  legal:
    "deploy follower -1,0:road{E,W}": feature-occupied
  figures:
    - blue follower 0,0:road{E,W}
    - red follower 1,0:field{NL,NR,EL,WR}
)";

Scenario fixture() {
  ScenarioFile f = load_scenario_text(kScenario, "fixture.yaml");
  INFO((f.scenarios.empty() || f.scenarios.front().problems.empty() ? ""
                                                                    : f.scenarios.front().problems.front().message));
  REQUIRE(f.valid());
  return f.scenarios.front();
}

}  // namespace

TEST_CASE("A quarter turn maps north to east about the origin, then the shift applies", "[metamorphic]") {
  CHECK(kR90.apply(Pos{0, -1}) == Pos{1, 0});
  CHECK(kR90.apply(Pos{1, 0}) == Pos{0, 1});
  CHECK(kR180.apply(Pos{2, -1}) == Pos{-2, 1});
  CHECK(kR270.apply(Pos{0, -1}) == Pos{-1, 0});
  CHECK(kShift.apply(Pos{1, 2}) == Pos{12, -5});
  CHECK(BoardTransform{1, {-5, 3}}.apply(Pos{0, -1}) == Pos{-4, 3});
  CHECK(kR90.name() == "r90");
  CHECK(kShift.name() == "t11,-7");
  CHECK(BoardTransform{1, {-5, 3}}.name() == "r90+t-5,3");
}

TEST_CASE("Feature addresses turn with the board: N to E, NL to EL, tile-wide unchanged", "[metamorphic]") {
  CHECK(text_of(kR90.apply(addr("city{N}"))) == "city{E}");
  CHECK(text_of(kR90.apply(addr("road{E,W}"))) == "road{N,S}");
  CHECK(text_of(kR90.apply(addr("city{N,W}"))) == "city{N,E}");
  CHECK(text_of(kR90.apply(addr("field{NL}"))) == "field{EL}");
  CHECK(text_of(kR180.apply(addr("field{NL,NR,EL,WR}"))) == "field{ER,SL,SR,WL}");
  CHECK(text_of(kR270.apply(addr("field{SL}"))) == "field{EL}");
  CHECK(text_of(kR90.apply(addr("cloister"))) == "cloister");
  CHECK(text_of(kShift.apply(addr("road{E,W}"))) == "road{E,W}");
}

TEST_CASE("A transformed scenario maps its board, moves and expectations", "[metamorphic]") {
  const Scenario s = fixture();
  const Scenario t = transform_scenario(s, kR90, builtin_catalog());
  CHECK(t.id == "BR-03-z@r90");
  REQUIRE(t.position.tiles.size() == 2);
  CHECK(t.position.tiles[1].pos == Pos{0, 1});
  CHECK(t.position.tiles[1].rot == 1);
  CHECK(to_string(t.position.figures[0]) == "blue follower 0,0:road{N,S}");
  CHECK(to_string(t.position.figures[1]) == "red follower 0,1:field{NR,EL,ER,SL}");
  // query.apply keeps the mapped rotation (r180 + r90 = r270) ...
  CHECK(t.apply.front().text == "place U 0,-1 r270");
  // ... expected sets are canonical again: U (straight road) at r270 is the layout of r90.
  const Scenario t2 = transform_scenario(s, kR180, builtin_catalog());
  CHECK(t2.apply.front().text == "place U 1,0 r0");
  CHECK(t.expect.excludes->front().text == "deploy follower 0,-1:road{N,S}");
  CHECK(t.expect.includes->front().text == "deploy follower 0,-1:field{NL,SR,WL,WR}");
  CHECK(t.expect.legal->front().first.text == "deploy follower 0,-1:road{N,S}");
  CHECK(t.expect.legal->front().second == "feature-occupied");
  CHECK(to_string(t.expect.figures->front()) == "blue follower 0,0:road{N,S}");
  CHECK(t.position.in_hand == s.position.in_hand);
}

TEST_CASE("Four quarter turns give the scenario back", "[metamorphic]") {
  const Scenario s = fixture();
  Scenario t = s;
  for (int i = 0; i < 4; ++i) t = transform_scenario(t, kR90, builtin_catalog());
  for (std::size_t i = 0; i < s.position.tiles.size(); ++i) {
    CHECK(t.position.tiles[i].pos == s.position.tiles[i].pos);
    CHECK(t.position.tiles[i].rot == s.position.tiles[i].rot);
  }
  for (std::size_t i = 0; i < s.position.figures.size(); ++i)
    CHECK(to_string(t.position.figures[i]) == to_string(s.position.figures[i]));
  CHECK(t.apply.front().text == s.apply.front().text);
  CHECK(t.expect.includes->front().text == s.expect.includes->front().text);
}

TEST_CASE("Placements in expected move sets are canonical after the turn", "[metamorphic]") {
  const Scenario s = fixture();
  Scenario with_place = s;
  auto m = parse_move("place U 2,0 r0", builtin_catalog());
  REQUIRE(m.ok());
  with_place.expect.moves = std::vector<MoveText>{MoveText{"place U 2,0 r0", *m, {}}};
  // U (straight road, symmetric under a half turn): r0 + r180 is the layout of r0.
  const Scenario t = transform_scenario(with_place, kR180, builtin_catalog());
  CHECK(t.expect.moves->front().text == "place U -2,0 r0");
  const Scenario t90 = transform_scenario(with_place, kR270, builtin_catalog());
  CHECK(t90.expect.moves->front().text == "place U 0,-2 r90");
}

TEST_CASE("Every transform of a scenario reaches the subject as its own result", "[metamorphic][runner]") {
  Corpus c;
  ScenarioFile f = load_scenario_text(kScenario, "fixture.yaml");
  f.scenarios.front().applies_to = {"hig-c3"};
  c.files.push_back(f);
  ScenarioFile broken = load_scenario_text("id: BR-03-y\n", "broken.yaml");
  c.files.push_back(broken);
  const Corpus all = with_transforms(c, metamorphic_transforms());
  REQUIRE(all.files[0].scenarios.size() == 1 + metamorphic_transforms().size());
  REQUIRE(all.files[1].scenarios.size() == 1);  // invalid: reported once, never transformed
  EngineSubject engine;
  const RunReport r = run_corpus(all, Selection{}, engine);
  std::vector<std::string> ids;
  for (const auto& res : r.results) {
    INFO(res.id << ": " << res.message);
    if (res.id == "BR-03-y")
      CHECK(res.outcome == Outcome::Invalid);
    else
      CHECK(res.outcome == Outcome::Passed);
    ids.push_back(res.id);
  }
  CHECK(ids == std::vector<std::string>{"BR-03-y", "BR-03-z", "BR-03-z@r180", "BR-03-z@r270", "BR-03-z@r90",
                                        "BR-03-z@r90+t-5,3", "BR-03-z@t11,-7"});
}
