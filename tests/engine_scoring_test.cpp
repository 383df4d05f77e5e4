// Scoring during play and at the end (rules-reference.md §1–§4): roads, cities,
// cloisters, gardens, fields under each farmer-scoring variant, majority and ties.
#include <catch2/catch.hpp>

#include "engine/legality.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

RuleSet rules_with(const std::string& key, const std::string& value) {
  RuleSet r;
  REQUIRE(r.set(key, value).ok());
  return r;
}

int sum_scored(const std::vector<Event>& ev, int player) {
  int n = 0;
  for (const Event& e : ev)
    if (e.kind == EventKind::FeatureScored && e.player == player) n += e.points;
  return n;
}

// A 4-tile city around R r180 at 0,-1 once placed: D's cap, two E caps east and west.
State four_tile_city(const std::vector<Figure>& figures, const std::string& middle = "R") {
  State s = position({"D 0,0 r0", "U 1,0 r0", "U -1,0 r0", "E 1,-1 r270", "E -1,-1 r90"}, 2, figures, RuleSet{},
                     {FigureKind::Large, FigureKind::Mayor});
  in_hand(s, middle);
  return s;
}
}  // namespace

TEST_CASE("A follower on the road the placed tile completes scores and returns at once (BR-02, BG-01)", "[scoring]") {
  State s = position({"D 0,0 r0", "W -1,0 r180"});
  in_hand(s, "W");
  std::vector<Event> ev;
  play(s, {"place W 1,0 r0", "deploy follower 1,0:road{W}"}, &ev);
  CHECK(s.player(kRed).score == 3);  // BG-06: 3 tiles
  CHECK(s.player(kRed).supply[0] == 7);
  CHECK(s.figures().empty());
}

TEST_CASE("A completed city scores 2 per tile and 2 per pennant (BG-08)", "[scoring]") {
  // D's cap + M r180 (city{E,S}, pennant) + E r270 cap: 3 tiles, 1 pennant = 8.
  State s = position({"D 0,0 r0", "M 0,-1 r180"}, 2, {{kRed, F, "0,-1:city{E,S}"}});
  in_hand(s, "E");
  play(s, {"place E 1,-1 r270", "pass"});
  CHECK(s.player(kRed).score == 8);
  CHECK(s.figures().empty());
}

TEST_CASE("An incomplete city scores 1 per tile and pennant at game end (BG-09)", "[scoring]") {
  State s = position({"D 0,0 r0", "M 0,-1 r180"}, 2, {{kRed, F, "0,-1:city{E,S}"}});
  s.setup_pile({}, false);
  in_hand(s, "U");
  play(s, {"place U 1,0 r0", "pass"});
  CHECK(s.phase() == Phase::GameOver);
  CHECK(s.player(kRed).score == 3);  // 2 tiles + 1 pennant
}

TEST_CASE("The 2-tile city scores 4, or 2 under the small-city rule (BG-10, V-BG-2)", "[scoring][variants]") {
  for (const auto& [value, points] : {std::pair{"4", 4}, std::pair{"2", 2}}) {
    State s = position({"D 0,0 r0"}, 2, {{kRed, F, "0,0:city{N}"}}, rules_with("tiny-city-scoring", value));
    in_hand(s, "E");
    play(s, {"place E 0,-1 r180", "pass"});
    CHECK(s.player(kRed).score == points);
  }
}

TEST_CASE("Majority: two knights beat one, the loser scores nothing but its knight returns (BR-04)",
          "[scoring][majority]") {
  State s = four_tile_city({{kRed, F, "0,0:city{N}"}, {kRed, F, "1,-1:city{W}"}, {kBlue, F, "-1,-1:city{E}"}});
  play(s, {"place R 0,-1 r180", "pass"});
  CHECK(s.player(kRed).score == 8);  // 4 tiles, no pennant
  CHECK(s.player(kBlue).score == 0);
  CHECK(s.player(kBlue).supply[0] == 7);
}

TEST_CASE("A tie scores the full value for every tied player (BG-04)", "[scoring][majority]") {
  State s = four_tile_city({{kRed, F, "0,0:city{N}"}, {kBlue, F, "-1,-1:city{E}"}});
  play(s, {"place R 0,-1 r180", "pass"});
  CHECK(s.player(kRed).score == 8);
  CHECK(s.player(kBlue).score == 8);
}

TEST_CASE("A large follower counts 2 for majority and earns no extra points (LF-02)", "[scoring][majority]") {
  State s = four_tile_city(
      {{kRed, FigureKind::Large, "0,0:city{N}"}, {kBlue, F, "-1,-1:city{E}"}, {kBlue, F, "1,-1:city{W}"}});
  play(s, {"place R 0,-1 r180", "pass"});
  CHECK(s.player(kRed).score == 8);
  CHECK(s.player(kBlue).score == 8);
}

TEST_CASE("A mayor's strength is the city's pennant count (AM-02)", "[scoring][majority]") {
  // Q r180 brings one pennant: the mayor counts 1 and ties one knight; 4 tiles + 1 pennant = 10.
  State s = four_tile_city({{kRed, FigureKind::Mayor, "0,0:city{N}"}, {kBlue, F, "-1,-1:city{E}"}}, "Q");
  play(s, {"place Q 0,-1 r180", "pass"});
  CHECK(s.player(kRed).score == 10);
  CHECK(s.player(kBlue).score == 10);
}

TEST_CASE("A mayor alone in a city without pennants scores nobody, and returns (BG-05, AM-03)", "[scoring][majority]") {
  State s = four_tile_city({{kRed, FigureKind::Mayor, "0,0:city{N}"}});
  play(s, {"place R 0,-1 r180", "pass"});
  CHECK(s.player(kRed).score == 0);
  CHECK(s.figures().empty());
}

TEST_CASE("Joining two occupied cities is legal, the new tile's part is then occupied (BR-03)",
          "[placement][occupancy]") {
  State s = four_tile_city({{kRed, F, "1,-1:city{W}"}, {kBlue, F, "-1,-1:city{E}"}});
  play(s, {"place R 0,-1 r180"});
  CHECK(is_legal(s, move("deploy follower 0,-1:city{E,S,W}")) == Reason::FeatureOccupied);
  CHECK(is_legal(s, move("deploy follower 0,-1:field{NL,NR}")) == Reason::Ok);
  CHECK_FALSE(has_move(s, "deploy follower 0,-1:city{E,S,W}"));
}

TEST_CASE("A road occupied further along refuses a follower across the new tile (BR-03)", "[placement][occupancy]") {
  State s = position({"D 0,0 r0"}, 2, {{kBlue, F, "0,0:road{E,W}"}});
  in_hand(s, "U");
  play(s, {"place U 1,0 r0"});
  CHECK(is_legal(s, move("deploy follower 1,0:road{E,W}")) == Reason::FeatureOccupied);
  CHECK(is_legal(s, move("deploy follower 1,0:field{NL,NR,EL,WR}")) == Reason::Ok);  // the field north of the road
  CHECK(is_legal(s, move("deploy follower 0,0:city{N}")) == Reason::NotOnPlacedTile);
  CHECK(is_legal(s, move("deploy follower 1,0:city{N}")) == Reason::NoSuchFeature);
}

TEST_CASE("A completed cloister scores 9 in step 3, an incomplete one 1 + neighbours at the end (BG-11)", "[scoring]") {
  const std::vector<std::string> ring{"D 0,0 r0",  "U 1,0 r0",  "U -1,0 r0", "B 0,1 r0",
                                      "B -1,1 r0", "B -1,2 r0", "B 0,2 r0",  "B 1,2 r0"};
  State s = position(ring, 2, {{kRed, F, "0,1:cloister"}, {kBlue, F, "-1,1:cloister"}});
  s.setup_pile({}, false);
  in_hand(s, "B");
  std::vector<Event> ev;
  play(s, {"place B 1,1 r0", "pass"}, &ev);
  CHECK(sum_scored(ev, kRed) == 9);
  // Blue's cloister at -1,1 has 0,0 -1,0 0,1 -1,2 0,2 around it: 1 + 5 = 6 at game end.
  CHECK(s.player(kBlue).score == 6);
}

TEST_CASE("Farmer scoring variants on one board (rules-reference.md §1.10)", "[scoring][fields][variants]") {
  // City A: E 0,0 + E r180 0,-1; city B: E r180 0,1 + E 0,2. F1 (south of A) touches A and B; F2 (north of A) touches
  // A.
  const std::vector<std::string> tiles{"E 0,0 r0", "E 0,-1 r180", "E 0,1 r180", "E 0,2 r0"};
  const std::vector<Figure> farmers{{kRed, F, "0,0:field{EL,ER,SL,SR,WL,WR}"},
                                    {kRed, F, "0,-1:field{NL,NR,EL,ER,WL,WR}"},
                                    {kBlue, F, "0,-1:field{NL,NR,EL,ER,WL,WR}"},
                                    {kBlue, F, "0,-1:field{NL,NR,EL,ER,WL,WR}"}};
  struct Case {
    const char* mode;
    int red, blue;
  };
  for (const Case c : {Case{"fs3-field-3", 6, 3}, Case{"fs2-field-3-once", 6, 3}, Case{"fs1-city-4", 8, 4}}) {
    INFO(c.mode);
    State s = position(tiles, 2, farmers, rules_with("farmer-scoring", c.mode));
    s.setup_pile({}, false);
    REQUIRE(s.setup_turn(0, Phase::Figure, kNoTile, Pos{0, 2}).ok());
    play(s, {"pass"});
    CHECK(s.phase() == Phase::GameOver);
    CHECK(s.player(kRed).score == c.red);
    CHECK(s.player(kBlue).score == c.blue);
  }
}

TEST_CASE("FS2 counts a city once per player, FS3 once per field, FS1 per city (rules-reference.md §1.10)",
          "[scoring][fields][variants]") {
  const std::vector<std::string> tiles{"E 0,0 r0", "E 0,-1 r180", "E 0,1 r180", "E 0,2 r0"};
  const std::vector<Figure> farmers{{kRed, F, "0,0:field{EL,ER,SL,SR,WL,WR}"},
                                    {kRed, F, "0,-1:field{NL,NR,EL,ER,WL,WR}"}};
  for (const auto& [mode, red] :
       {std::pair{"fs3-field-3", 9}, std::pair{"fs2-field-3-once", 6}, std::pair{"fs1-city-4", 8}}) {
    INFO(mode);
    State s = position(tiles, 2, farmers, rules_with("farmer-scoring", mode));
    s.setup_pile({}, false);
    REQUIRE(s.setup_turn(0, Phase::Figure, kNoTile, Pos{0, 2}).ok());
    play(s, {"pass"});
    CHECK(s.player(kRed).score == red);
  }
}

TEST_CASE("With farmers off no follower may go into a field (BG-19, V-BG-3)", "[fields][variants]") {
  State s = position({"D 0,0 r0"}, 2, {}, rules_with("farmers", "off"));
  in_hand(s, "U");
  play(s, {"place U 1,0 r0"});
  CHECK(is_legal(s, move("deploy follower 1,0:field{NL,NR,EL,WR}")) == Reason::FarmersOff);
  CHECK_FALSE(has_move(s, "deploy follower 1,0:field{NL,NR,EL,WR}"));
  CHECK(has_move(s, "deploy follower 1,0:road{E,W}"));
}

TEST_CASE("A road that closes a loop is complete (BG-06)", "[scoring]") {
  // Four curves: V r0 (S,W) at 1,0... built as a 2x2 ring.
  State s = position({"V 1,0 r0", "V 0,0 r270", "V 0,1 r180"}, 2, {{kRed, F, "1,0:road{S,W}"}});
  in_hand(s, "V");
  play(s, {"place V 1,1 r90", "pass"});
  CHECK(s.player(kRed).score == 4);
}
