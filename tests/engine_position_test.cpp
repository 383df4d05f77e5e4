// The position value (engine/setup.hpp, issue 16): the text form round-trips,
// its errors name the line, State::from is the one way in, snapshot goes back.
#include <catch2/catch.hpp>

#include "engine/expansions/builder_pig.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/setup.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

const char* const kExample =
    "seats red blue\n"
    "tile D 0,0 r0\n"
    "tile U 1,0 r180\n"
    "figure red follower 1,0:road{E,W}\n"
    "supply red follower=6 abbot=1\n"
    "supply blue follower=7\n"
    "score blue 12\n"
    "turn blue figure 1,0\n"
    "pile V W\n"
    "pile-end closed\n"
    "rolls 2 1\n"
    "second-tile yes\n";

}  // namespace

TEST_CASE("The text form of a position round-trips in canonical order", "[setup]") {
  auto s = parse_setup(kExample, cat());
  INFO((s ? std::string() : s.error()));
  REQUIRE(s.ok());
  CHECK(s->seats == std::vector<Colour>{Colour::Red, Colour::Blue});
  CHECK(s->tiles.size() == 2);
  CHECK(s->tiles[1].rot == 2);
  CHECK(s->supply[0][static_cast<std::size_t>(FigureKind::Abbot)] == 1);
  CHECK(s->scores == std::vector<int>{0, 12});
  CHECK(s->phase == Phase::Figure);
  CHECK(s->active == 1);
  CHECK(s->placed == Pos{1, 0});
  CHECK(s->last_tile);
  CHECK(s->rolls == std::vector<int>{2, 1});
  CHECK(s->flags[kSecondTileKey]);
  CHECK(to_string(*s, cat()) == kExample);
  auto again = parse_setup(to_string(*s, cat()), cat());
  REQUIRE(again.ok());
  CHECK(*again == *s);
}

TEST_CASE("Bad position text gets an error naming its line", "[setup]") {
  CHECK_THAT(parse_setup("tile D 0,0 r0\n", cat()).error(), Catch::Contains("line 1: the first line is 'seats"));
  CHECK_THAT(parse_setup("seats red\n\ntile Q9 0,0 r0\n", cat()).error(), Catch::Contains("line 3: unknown tile 'Q9'"));
  CHECK_THAT(parse_setup("seats red\ntile D 0,0 r45\n", cat()).error(), Catch::Contains("line 2: 'r45'"));
  CHECK_THAT(parse_setup("seats red\nscore blue 3\n", cat()).error(), Catch::Contains("line 2: blue is not seated"));
  CHECK_THAT(parse_setup("seats red\nsupply red follower=x\n", cat()).error(), Catch::Contains("line 2: 'follower=x'"));
  CHECK_THAT(parse_setup("seats red\nturn red figure\n", cat()).error(),
             Catch::Contains("line 2: expected 'turn COLOUR figure x,y'"));
  CHECK_THAT(parse_setup("seats red\nmeeple red\n", cat()).error(), Catch::Contains("line 2: unknown item 'meeple'"));
  CHECK_THAT(parse_setup("# nothing\n", cat()).error(), Catch::Contains("empty position"));
}

TEST_CASE("State::from applies the supply rule and names the part that fails", "[setup]") {
  auto s = parse_setup(
      "seats red blue\ntile D 0,0 r0\nfigure red follower 0,0:road{E,W}\nsupply red follower=6\nin-hand U\n", cat());
  REQUIRE(s.ok());
  auto st = State::from(cat(), RuleSet{}, *s);
  REQUIRE(st.ok());
  CHECK(st->player(0).owned[0] == 7);  // owned = 6 in hand + 1 on the board
  CHECK(st->player(0).supply[0] == 6);
  CHECK(st->in_hand() == tile("U"));
  s->tiles.push_back({tile("U"), {0, 0}, 0});
  SetupErrorAt where;
  auto bad = State::from(cat(), RuleSet{}, *s, &where);
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.error(), Catch::Contains("tiles: position 0,0 already holds a tile"));
  CHECK(where.part == SetupPart::Tiles);
  CHECK(where.index == 1);
}

TEST_CASE("A snapshot rebuilds a state with the same legal moves", "[setup]") {
  GameSetup g;
  g.seats = {Colour::Red, Colour::Blue, Colour::Green};
  g.figures = default_figures("C3");
  auto game = new_game(cat(), RuleSet{}, g);
  REQUIRE(game.ok());
  State s = std::move(*game);
  SplitMix64 rng(5);
  int checked = 0;
  for (int i = 0; i < 60 && s.phase() != Phase::GameOver; ++i) {
    if (const auto snap = snapshot(s)) {
      auto again = parse_setup(to_string(*snap, cat()), cat());
      REQUIRE(again.ok());
      CHECK(*again == *snap);
      auto rebuilt = State::from(cat(), RuleSet{}, *snap);
      INFO(to_string(*snap, cat()));
      REQUIRE(rebuilt.ok());
      CHECK(move_strings(*rebuilt) == move_strings(s));
      ++checked;
    }
    const MoveList moves = legal_moves(s);
    REQUIRE(s.apply(moves[rng.below(moves.size())]) == Reason::Ok);
  }
  CHECK(checked > 30);
}

TEST_CASE("replay names the first refused move", "[setup]") {
  State s = position({"D 0,0 r0"});
  in_hand(s, "U");
  const auto failure = replay(s, {move("place U 1,0 r0"), move("pass"), move("pass")});
  REQUIRE(failure.has_value());
  CHECK(failure->index == 2);
  CHECK(failure->reason == Reason::WrongPhase);
}
