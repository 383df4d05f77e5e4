// Bounded numbers in positions (engine/limits.hpp): check_position_bounds, the
// notation's coordinate range, and the engine at the limits: the board's 16-bit
// indexes hold the largest position, merged counters do not wrap, scores do not
// wrap. The positions are generated: too large for the scenario corpus.
#include <catch2/catch.hpp>

#include <array>
#include <climits>
#include <cstdint>
#include <tuple>

#include "engine/legality.hpp"
#include "engine/limits.hpp"
#include "engine/movegen.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A position within every bound, each list at its edge.
PositionNumbers within_bounds() {
  PositionNumbers p;
  p.tiles = {{0, 0}, {kMaxCoord, 0}, {-kMaxCoord, -kMaxCoord}};
  p.figures = {{kMaxCoord, kMaxCoord}};
  p.placed = WideCoord{-kMaxCoord, kMaxCoord};
  p.in_hand = true;
  p.pile = kMaxTiles - 4;
  p.rolls = {1, 2, 3};
  p.supply = {0, kMaxFiguresOfKind};
  p.scores = {0, kMaxScore};
  return p;
}

// The only problem of p (the test fails when there is not exactly one).
BoundsProblem only_problem(const PositionNumbers& p) {
  const auto problems = check_position_bounds(p);
  REQUIRE(problems.size() == 1);
  return problems.front();
}

// A state with the given seats and tiles set up directly (no text), red to act.
State board_of(const TileCatalog& catalog, int players, const std::vector<std::tuple<TileTypeId, Pos, int>>& tiles) {
  std::vector<Colour> seats;
  for (int i = 0; i < players; ++i) seats.push_back(static_cast<Colour>(i));
  auto s = State::create(catalog, RuleSet{}, seats);
  REQUIRE(s.ok());
  for (const auto& [type, at, rot] : tiles) {
    auto ok = s->setup_tile(type, at, rot);
    INFO(to_string(at) << ": " << (ok ? std::string() : ok.error()));
    REQUIRE(ok.ok());
  }
  return std::move(*s);
}

// A closed road of n tiles along y = 0: A (road ending at its cloister) at 0,0, U from 1,0
// to n-2,0, and the closing A at n-1,0 still in hand; red's follower on 1,0.
State open_road(int n, int red_score) {
  std::vector<std::tuple<TileTypeId, Pos, int>> tiles{{tile("A"), Pos{0, 0}, 3}};
  for (int x = 1; x < n - 1; ++x) tiles.emplace_back(tile("U"), Pos{x, 0}, 0);
  State s = board_of(cat(), 2, tiles);
  REQUIRE(s.setup_owned(0, FigureKind::Follower, 7).ok());
  REQUIRE(s.setup_figure(0, FigureKind::Follower, Pos{1, 0}, addr("road{E,W}")).ok());
  s.setup_score(0, red_score);
  REQUIRE(s.setup_turn(0, Phase::Tile, tile("A"), std::nullopt).ok());
  return s;
}

}  // namespace

TEST_CASE("A position within every bound has no problem, and each number beyond its bound has one stating the bound",
          "[engine][limits]") {
  CHECK(check_position_bounds(within_bounds()).empty());
  PositionNumbers p = within_bounds();
  SECTION("a tile at the int limit (it was taken as the neighbour of -2147483648)") {
    p.tiles[1] = {INT_MAX, 0};
    const auto b = only_problem(p);
    CHECK(b.item == BoundsItem::Tile);
    CHECK(b.index == 1);
    CHECK(b.message == "square 2147483647,0 is outside the bounds of a position: x and y lie within -100000..100000");
  }
  SECTION("a tile one square beyond, and 64-bit extremes") {
    p.tiles[2] = {0, -kMaxCoord - 1};
    CHECK(only_problem(p).index == 2);
    p.tiles[2] = {INT64_MIN, INT64_MAX};
    CHECK(contains(only_problem(p).message, "-9223372036854775808,9223372036854775807"));
  }
  SECTION("a figure and the placed tile") {
    p.figures[0] = {kMaxCoord + 1, 0};
    CHECK(only_problem(p).item == BoundsItem::Figure);
    p.figures[0] = {0, 0};
    p.placed = WideCoord{0, -kMaxCoord - 1};
    CHECK(only_problem(p).item == BoundsItem::Placed);
  }
  SECTION("one tile too many, counted over the board, the hand and the pile") {
    p.pile += 1;
    const auto b = only_problem(p);
    CHECK(b.item == BoundsItem::Pile);
    CHECK(b.index == p.pile - 1);  // the last pile tile is the 4097th
    CHECK(contains(b.message, "at most 4096 tiles"));
    CHECK(contains(b.message, "this one holds 4097"));
  }
  SECTION("die results and their number") {
    p.rolls = {1, 4, 0};
    const auto problems = check_position_bounds(p);
    REQUIRE(problems.size() == 2);
    CHECK(problems[0].index == 1);
    CHECK(problems[0].message == "die result 4 is outside 1..3");
    CHECK(problems[1].index == 2);
    p.rolls.assign(static_cast<std::size_t>(kMaxRolls) + 1, 2);
    CHECK(only_problem(p).index == static_cast<std::size_t>(kMaxRolls));
  }
  SECTION("figures in hand and scores") {
    p.supply[0] = 100;
    CHECK(only_problem(p).message == "figures in hand 100 is outside 0..99");
    p.supply[0] = -1;
    CHECK(only_problem(p).item == BoundsItem::Supply);
    p.supply[0] = 0;
    p.scores[1] = INT_MAX;
    CHECK(only_problem(p).message == "score 2147483647 is outside -1000000..1000000");
    p.scores[1] = -kMaxScore - 1;
    CHECK(only_problem(p).index == 1);
    p.scores[1] = -3;  // a ransom paid under ransom-score-floor: none (V-TO-4)
    CHECK(check_position_bounds(p).empty());
  }
}

TEST_CASE("The 21,900-tile road and the 40,000-tile grid that wrapped the board's 16-bit indexes are refused",
          "[engine][limits]") {
  // Before the bound, the road scored 0 (its feature nodes wrapped past 65,535) and the
  // grid's 32,768th tile was 'touching no tile' (int16 position index).
  PositionNumbers road;
  for (int x = 0; x < 21900; ++x) road.tiles.push_back({x, 0});
  auto b = only_problem(road);
  CHECK(b.item == BoundsItem::Tile);
  CHECK(b.index == static_cast<std::size_t>(kMaxTiles));
  CHECK(contains(b.message, "this one holds 21900"));
  PositionNumbers grid;
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 200; ++x) grid.tiles.push_back({x, y});
  CHECK(contains(only_problem(grid).message, "this one holds 40000"));
}

TEST_CASE("A closed road of 4,096 tiles, the most a position holds, scores 4,096 and returns its follower",
          "[engine][limits]") {
  State s = open_road(kMaxTiles, 0);
  std::vector<Event> events;
  REQUIRE(s.apply(move("place A 4095,0 r90"), &events) == Reason::Ok);
  REQUIRE(s.apply(move("pass"), &events) == Reason::Ok);
  CHECK(s.board().tile_count() == kMaxTiles);
  CHECK(s.player(0).score == kMaxTiles);
  CHECK(s.figures().empty());
  CHECK(s.player(0).supply[0] == 7);
  CHECK(s.check_invariants().empty());
  // The State refuses a tile beyond the bound on its own.
  auto more = s.setup_tile(tile("U"), Pos{0, 1}, 1);
  REQUIRE_FALSE(more.ok());
  CHECK(contains(more.error(), "at most 4096 tiles"));
}

TEST_CASE("Scores near the bound add without wrapping", "[engine][limits][scoring]") {
  // serve used to answer -2147483640 for a score of 2147483646 plus a 10-tile road.
  State s = open_road(10, kMaxScore);
  REQUIRE(s.apply(move("place A 9,0 r90")) == Reason::Ok);
  REQUIRE(s.apply(move("pass")) == Reason::Ok);
  CHECK(s.player(0).score == kMaxScore + 10);
}

TEST_CASE("The board's feature indexes hold 4,096 tiles of 16 features each: 65,536 nodes", "[engine][limits][board]") {
  // The tile with the most features a definition may have: four road ends, four corner
  // fields, every tile-wide feature and two inner fields.
  auto t =
      make_tile("X16", {"road{N} ends junction", "road{E} ends junction", "road{S} ends junction",
                        "road{W} ends junction", "field{NR,EL}", "field{ER,SL}", "field{SR,WL}", "field{NL,WR}",
                        "cloister", "garden", "flier NE", "crop-circle club", "portal", "tower", "field{}", "field{}"});
  INFO((t ? std::string() : t.error()));
  REQUIRE(t.ok());
  REQUIRE(t->features.size() == static_cast<std::size_t>(kMaxTileFeatures));
  TileCatalog catalog;
  const auto x16 = catalog.add(*t);
  REQUIRE(x16.ok());
  std::vector<std::tuple<TileTypeId, Pos, int>> tiles;
  for (int y = 0; y < 64; ++y)
    for (int x = 0; x < 64; ++x) tiles.emplace_back(*x16, Pos{x, y}, 0);
  State s = board_of(catalog, 2, tiles);
  const Board& b = s.board();
  CHECK(b.node_count() == 65536);
  CHECK(b.check_invariants().empty());
  // The last tile's last feature is node 65535 and merged like any other: the road across row 63.
  const auto last = b.node(kMaxTiles - 1, 3);  // road{W} of 63,63
  CHECK(last == 65520 + 3);
  CHECK(b.node_pos(last) == Pos{63, 63});
  CHECK(b.find(last) == b.find(b.node(kMaxTiles - 2, 1)));  // road{E} of 62,63
  CHECK_FALSE(s.setup_tile(*x16, Pos{64, 0}, 0).ok());
}

TEST_CASE("A city of 256 pennants keeps its count (the merged counter had 8 bits)", "[engine][limits][scoring]") {
  // 16 x 16 of C (a four-sided city with a pennant): one open city of 256 tiles and 256
  // pennants, worth 512 at game end. With an 8-bit counter the pennants wrapped to 0: 256.
  std::vector<std::tuple<TileTypeId, Pos, int>> tiles;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) tiles.emplace_back(tile("C"), Pos{x, y}, 0);
  State s = board_of(cat(), 2, tiles);
  REQUIRE(s.setup_owned(0, FigureKind::Follower, 7).ok());
  REQUIRE(s.setup_figure(0, FigureKind::Follower, Pos{0, 0}, addr("city{N,E,S,W}")).ok());
  REQUIRE(s.setup_turn(0, Phase::Tile, tile("C"), std::nullopt).ok());
  CHECK(s.board().at(s.board().find(s.figures().front().node)).pennants == 256);
  s.end_game();
  CHECK(s.player(0).score == 512);
}

TEST_CASE("256 followers on one road still occupy it (the occupant counter had 8 bits)", "[engine][limits]") {
  // 99 figures of a kind per player are allowed; three players' followers on one long road.
  // With an 8-bit counter 256 occupants read as none, and a follower could join the road.
  std::vector<std::tuple<TileTypeId, Pos, int>> tiles;
  for (int x = 0; x < 256; ++x) tiles.emplace_back(tile("U"), Pos{x, 0}, 0);
  State s = board_of(cat(), 3, tiles);
  const std::array<int, 3> on_road{98, 99, 59};  // red keeps one follower in hand
  int x = 0;
  for (int p = 0; p < 3; ++p) {
    REQUIRE(s.setup_owned(p, FigureKind::Follower, kMaxFiguresOfKind).ok());
    for (int i = 0; i < on_road[static_cast<std::size_t>(p)]; ++i, ++x)
      REQUIRE(s.setup_figure(p, FigureKind::Follower, Pos{x, 0}, addr("road{E,W}")).ok());
  }
  REQUIRE(x == 256);
  REQUIRE(s.setup_turn(0, Phase::Tile, tile("U"), std::nullopt).ok());
  REQUIRE(s.apply(move("place U 256,0 r0")) == Reason::Ok);
  // legal_moves reads the counter (is_legal counts figure by figure and was always right).
  CHECK(move_strings(s) == std::vector<std::string>{"deploy follower 256,0:field{ER,SL,SR,WL}",
                                                    "deploy follower 256,0:field{NL,NR,EL,WR}", "pass"});
  CHECK(is_legal(s, move("deploy follower 256,0:road{E,W}")) == Reason::FeatureOccupied);
  CHECK(s.board().at(s.board().find(s.figures().front().node)).occupants == 256);
}

TEST_CASE("Positions in the notation stop at +-1,000,000, and every square a bounded board reaches is writable",
          "[engine][limits][notation]") {
  Pos p;
  CHECK(parse_pos("1000000,-1000000", p));
  CHECK(p == Pos{kMaxNotationCoord, -kMaxNotationCoord});
  CHECK(parse_pos("+5,-0", p));
  for (const char* bad :
       {"1000001,0", "0,-1000001", "2147483647,0", "-2147483648,0", "99999999999999999999,0", "1,2,3"})
    CHECK_FALSE(parse_pos(bad, p));
  WideCoord w;
  CHECK(parse_wide_pos("2147483648,-9223372036854775808", w));
  CHECK(w.x == 2147483648LL);
  CHECK(w.y == INT64_MIN);
  CHECK_FALSE(parse_wide_pos("9223372036854775808,0", w));
  auto m = parse_move("place U 2147483647,0 r0", cat());
  REQUIRE_FALSE(m.ok());
  CHECK(contains(m.error(), "integers within -1000000..1000000"));
  // A tile at the edge of a position: the placements beyond it print and parse back.
  State s = board_of(cat(), 2, {{tile("U"), Pos{kMaxCoord, -kMaxCoord}, 0}});
  REQUIRE(s.setup_turn(0, Phase::Tile, tile("U"), std::nullopt).ok());
  const auto moves = move_strings(s);
  CHECK(std::find(moves.begin(), moves.end(), "place U 100001,-100000 r0") != moves.end());
  for (const auto& text : moves) {
    INFO(text);
    auto back = parse_move(text, cat());
    REQUIRE(back.ok());
    CHECK(to_string(*back, cat()) == text);
  }
}

TEST_CASE("A city segment holds at most three pennants", "[engine][limits][tiles]") {
  const std::string field = "field{EL,ER,SL,SR,WL,WR} touches city{N}";
  CHECK(make_tile("P3", {"city{N} pennant pennant pennant", field}).ok());
  auto four = make_tile("P4", {"city{N} pennant pennant pennant pennant", field});
  REQUIRE_FALSE(four.ok());
  CHECK(contains(four.error(), "at most 3 pennants"));
}
