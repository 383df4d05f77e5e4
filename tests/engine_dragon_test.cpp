// The dragon-and-fairy room (issue 25): the position value's dragon and fairy lines, the
// load checks, the draw that sets dragon tiles aside, the volcano, the dragon's move with its
// reason codes and what it eats, and the fairy's move and points under both V-PD-5 values.
// Expected answers come from the rulings (oracle/rulings.yaml PD-*, oracle/PROTOCOL.md §13),
// with the arithmetic next to each check.
#include <catch2/catch.hpp>

#include <algorithm>

#include "engine/game.hpp"
#include "engine/legality.hpp"
#include "engine/movegen.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// Board V: D at 0,0 (city N, road E-W), the volcano pd-F.v at 0,1 with the dragon on it, the
// cloister B at 1,1. Blue's knight is in D's city. Red holds pd-RFr.d (a dragon tile: straight
// road E-W), which fits at 1,0 r0 (W road onto D's road, S field onto B's field).
const char* kV =
    "seats red blue\n"
    "tile D 0,0 r0\ntile pd-F.v 0,1 r0\ntile B 1,1 r0\n"
    "figure blue follower 0,0:city{N}\n"
    "supply red follower=7\nsupply blue follower=6\n"
    "turn red tile\nin-hand pd-RFr.d\npile V V\n"
    "dragon 0,1\n";

Reason why(const State& s, const std::string& text) { return is_legal(s, move(text)); }

int followers_in_hand(const State& s, int player) {
  return s.player(player).supply[static_cast<std::size_t>(FigureKind::Follower)];
}

}  // namespace

TEST_CASE("Dragon and fairy lines of the position value round-trip, and impossible ones are refused",
          "[engine][dragon][setup]") {
  const std::string text = std::string(kV) + "fairy blue follower 0,0:city{N}\n";
  auto parsed = parse_setup(text, cat());
  REQUIRE(parsed.ok());
  CHECK(parsed->dragon == Pos{0, 1});
  REQUIRE(parsed->fairy.host.has_value());
  CHECK(parsed->fairy.pos == Pos{0, 0});
  auto again = parse_setup(to_string(*parsed, cat()), cat());
  REQUIRE(again.ok());
  CHECK(*again == *parsed);
  State s = must_build(text);
  auto snap = snapshot(s);
  REQUIRE(snap.has_value());
  CHECK(to_string(*snap, cat()) == to_string(*parsed, cat()));
  for (const char* line : {"fairy beside\n", "fairy 0,0\n"}) {
    auto p = parse_setup(std::string(kV) + line, cat());
    REQUIRE(p.ok());
    CHECK(*parse_setup(to_string(*p, cat()), cat()) == *p);
  }

  const std::string base =
      "seats red blue\ntile D 0,0 r0\ntile pd-F.v 0,1 r0\nsupply red follower=7\nsupply blue follower=7\n";
  auto refused = [&](const std::string& extra, const std::string& words) {
    INFO(extra);
    auto st = build(base + extra);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().find(words) != std::string::npos);
  };
  refused("", "a volcano tile is on the board");  // PD-17: the volcano brought the dragon
  refused("dragon 5,5\n", "no tile at 5,5");
  refused("dragon 0,1\nset-aside pd-Rr.d\n", "only while the dragon is not in play");  // PD-16
  refused("dragon 0,1\nfairy red follower 0,0:city{N}\n", "the host is a figure of figures");
  refused("dragon 0,1\nfairy 9,9\n", "no tile at 9,9");
  refused("dragon 0,1\ndragon-path 0,1\n", "only in phase dragon");
  auto no_volcano = [&](const std::string& extra, const std::string& words) {
    INFO(extra);
    auto st = build("seats red blue\ntile D 0,0 r0\n" + extra);
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().find(words) != std::string::npos);
  };
  no_volcano("set-aside V\n", "is no dragon tile");
  no_volcano("in-hand pd-RFr.d\n", "it would have been set aside");
  no_volcano("dragon 0,0\n", "no volcano tile is on the board");
}

TEST_CASE("A dragon tile drawn before the volcano is set aside, and the volcano brings it back (PD-16, PD-17)",
          "[engine][dragon]") {
  // Red places V south of D and passes; the draw for blue meets pd-Rr.d first: set aside, blue gets U.
  State s = must_build(
      "seats red blue\ntile D 0,0 r0\nsupply red follower=7\nsupply blue follower=7\n"
      "turn red tile\nin-hand V\npile pd-Rr.d pd-F.v\nfairy beside\n");
  play(s, {"place V 1,0 r0"});
  play(s, {"pass"});
  CHECK(s.dragon_fairy().set_aside == std::vector<TileTypeId>{*cat().lookup("pd-Rr.d")});
  REQUIRE(s.in_hand() == *cat().lookup("pd-F.v"));
  CHECK_FALSE(s.dragon_fairy().dragon_in_play);
  // Blue places the volcano at 0,1: the dragon jumps onto it, the set-aside tile goes to the pile's end.
  play(s, {"place pd-F.v 0,1 r0"});
  CHECK(s.dragon_fairy().dragon_in_play);
  CHECK(s.dragon_fairy().dragon == Pos{0, 1});
  CHECK(s.dragon_fairy().set_aside.empty());
  CHECK(s.pile_remaining() == 1);
  CHECK(s.pile().back() == *cat().lookup("pd-Rr.d"));
  // PD-12: no figure on the volcano in its turn, by any route; the fairy may still move (V-PD-6 default),
  // but blue has no follower on the board.
  CHECK(why(s, "deploy follower 0,1:field{NL,NR,EL,ER,SL,SR,WL,WR}") == Reason::VolcanoTile);
  const MoveList moves = legal_moves(s);
  CHECK(moves == MoveList{Move::pass()});
}

TEST_CASE("The dragon's move: seat order, orthogonal steps, no revisits, eating, dead end (PD-18 … PD-23)",
          "[engine][dragon]") {
  State s = must_build(kV);
  play(s, {"place pd-RFr.d 1,0 r0"});
  play(s, {"deploy follower 1,0:road{E,W}"});
  // Before scoring (V-PD-3 default): step 1 by red, the active player.
  REQUIRE(s.phase() == Phase::Dragon);
  CHECK(s.actor() == 0);
  CHECK(s.dragon_fairy().dragon_path == std::vector<Pos>{{0, 1}});
  CHECK(legal_moves(s) == MoveList{Move::dragon({0, 0}), Move::dragon({1, 1})});  // N and E of 0,1
  CHECK(why(s, "dragon 1,0") == Reason::NotADragonStep);                          // diagonal
  CHECK(why(s, "dragon 0,2") == Reason::NotADragonStep);                          // no tile
  CHECK(why(s, "dragon 0,1") == Reason::NotADragonStep);                          // its own tile is no step
  CHECK(why(s, "pass") == Reason::WrongPhase);                                    // no pass (PD-18)
  CHECK(why(s, "fairy 0,0") == Reason::WrongPhase);
  play(s, {"dragon 1,1"});                                // red; nothing on B
  CHECK(s.actor() == 1);                                  // step 2: blue
  CHECK(why(s, "dragon 0,1") == Reason::AlreadyVisited);  // the start tile counts (PD-20)
  std::vector<Event> ev;
  play(s, {"dragon 1,0"}, &ev);  // blue eats red's highwayman
  CHECK(followers_in_hand(s, 0) == 7);
  CHECK(std::count_if(ev.begin(), ev.end(), [](const Event& e) { return e.kind == EventKind::FigureReturned; }) == 1);
  CHECK(s.actor() == 0);    // step 3: red again
  play(s, {"dragon 0,0"});  // red eats blue's knight
  CHECK(followers_in_hand(s, 1) == 7);
  // From 0,0 every neighbour is empty or visited: the move ends after three steps (PD-21).
  CHECK(s.phase() == Phase::Tile);
  CHECK(s.active() == 1);
  CHECK(s.dragon_fairy().dragon == Pos{0, 0});
  CHECK(s.dragon_fairy().dragon_path.empty());
  CHECK(s.figures().empty());
  CHECK(s.player(0).score == 0);  // eaten figures score nothing
}

TEST_CASE("The fairy keeps the dragon off its tile and earns its turn-start point (PD-22, PD-35, V-PD-5, V-PD-9)",
          "[engine][dragon][fairy]") {
  // next-to-follower: the fairy stands by blue's knight on D.
  State s = must_build(std::string(kV) + "fairy blue follower 0,0:city{N}\n");
  play(s, {"place pd-RFr.d 1,0 r0"});
  play(s, {"pass"});
  CHECK(why(s, "dragon 0,0") == Reason::FairyProtected);
  CHECK(legal_moves(s) == MoveList{Move::dragon({1, 1})});
  play(s, {"dragon 1,1"});
  play(s, {"dragon 1,0"});  // blue; from 1,0 only 0,0 is left, the fairy's: the move ends (PD-21)
  CHECK(s.phase() == Phase::Tile);
  CHECK(s.active() == 1);
  CHECK(s.figures().size() == 1);  // blue's knight survives
  CHECK(s.player(1).score == 1);   // blue's turn starts next to the fairy: +1 (PD-35)
  CHECK(s.player(0).score == 0);

  // on-tile: the same square written as a tile; blue has a knight and a farmer there.
  const std::string on_tile = std::string(kV) + "figure blue follower 0,0:field{ER,SL,SR,WL}\nfairy 0,0\n";
  const std::string fixed = [&] {
    std::string t = on_tile;
    t.replace(t.find("supply blue follower=6"), 22, "supply blue follower=5");
    return t;
  }();
  for (const auto& [value, points] : {std::pair{"one", 1}, std::pair{"per-figure", 2}}) {
    INFO(value);
    State t = must_build(fixed, rules_with({{"fairy-placement", "on-tile"}, {"fairy-on-tile-turn-points", value}}));
    play(t, {"place pd-RFr.d 1,0 r0"});
    play(t, {"pass"});
    play(t, {"dragon 1,1"});
    play(t, {"dragon 1,0"});
    CHECK(t.phase() == Phase::Tile);
    CHECK(t.player(1).score == points);  // one: +1; per-figure (JCZ): +1 per blue figure on the tile = 2
  }
}

TEST_CASE("The fairy move: both forms and every refusal in order (PD-31, PD-33, V-PD-5, V-PD-6)", "[engine][fairy]") {
  // Red has just placed the volcano pd-F.v at 0,1 (the dragon is on it); red's knight is in D's city,
  // red's highwayman and builder on D's road; the fairy is beside the board.
  const std::string text =
      "seats red blue\ntile D 0,0 r0\ntile pd-F.v 0,1 r0\n"
      "figure red follower 0,0:city{N}\nfigure red follower 0,0:road{E,W}\nfigure red builder 0,0:road{E,W}\n"
      "supply red follower=5\nsupply blue follower=7\n"
      "turn red figure 0,1\ndragon 0,1\nfairy beside\n";
  State s = must_build(text);
  CHECK(why(s, "fairy follower 0,0:city{N}") == Reason::Ok);
  CHECK(why(s, "fairy follower 0,0:field{EL,WR}") == Reason::NoSuchFigure);
  CHECK(why(s, "fairy builder 0,0:road{E,W}") == Reason::FigureNotAllowed);  // PD-33
  CHECK(why(s, "fairy 0,0") == Reason::NotAllowedNow);                       // the on-tile form
  CHECK(why(s, "deploy follower 0,1:field{NL,NR,EL,ER,SL,SR,WL,WR}") == Reason::VolcanoTile);
  MoveList moves = legal_moves(s);
  CHECK(std::count_if(moves.begin(), moves.end(), [](const Move& m) { return m.kind == MoveKind::Fairy; }) == 2);
  play(s, {"fairy follower 0,0:city{N}"});
  CHECK(s.dragon_fairy().has_host);
  CHECK(s.phase() == Phase::Tile);  // red has no phantom to follow the fairy (PH-28): blue's turn

  // V-PD-6 forbidden: no fairy move in a volcano's turn; on-tile: only the tile form.
  State f = must_build(text, rules_with({{"fairy-after-volcano", "forbidden"}}));
  CHECK(why(f, "fairy follower 0,0:city{N}") == Reason::NotAllowedNow);
  State t = must_build(text + "", rules_with({{"fairy-placement", "on-tile"}}));
  CHECK(why(t, "fairy follower 0,0:city{N}") == Reason::NotAllowedNow);
  CHECK(why(t, "fairy 0,0") == Reason::Ok);
  CHECK(why(t, "fairy 0,1") == Reason::NoSuchFigure);  // no red follower on the volcano
  play(t, {"fairy 0,0"});
  CHECK_FALSE(t.dragon_fairy().has_host);
  // It must change place (PD-31): next turn's red fairy move onto 0,0 again is fairy-already-there.
  State again =
      must_build(std::string("seats red blue\ntile D 0,0 r0\ntile pd-F.v 0,1 r0\ntile V 1,0 r90\n"
                             "figure red follower 0,0:city{N}\nsupply red follower=6\nsupply blue follower=7\n"
                             "turn red figure 1,0\ndragon 0,1\nfairy red follower 0,0:city{N}\n"));
  CHECK(why(again, "fairy follower 0,0:city{N}") == Reason::FairyAlreadyThere);
}

TEST_CASE("The fairy's 3 points when its host's feature scores, under both V-PD-5 values (PD-36)", "[engine][fairy]") {
  // Red's knight in D's city with the fairy; red closes the city with E at 0,-1 r180:
  // a 2-tile city = 4 points (BG-08) + the fairy's 3 = 7.
  for (const auto& [value, fairy] :
       {std::pair{"next-to-follower", "fairy red follower 0,0:city{N}\n"}, std::pair{"on-tile", "fairy 0,0\n"}}) {
    INFO(value);
    State s =
        must_build(std::string("seats red blue\ntile D 0,0 r0\nfigure red follower 0,0:city{N}\n"
                               "supply red follower=6\nsupply blue follower=7\nturn red tile\nin-hand E\npile V\n") +
                       fairy,
                   rules_with({{"fairy-placement", value}}));
    play(s, {"place E 0,-1 r180"});
    play(s, {"pass"});
    CHECK(s.player(0).score == 7);
    CHECK(followers_in_hand(s, 0) == 7);     // the knight came home after the points
    CHECK_FALSE(s.dragon_fairy().has_host);  // PD-37: the fairy stays, with no host
    CHECK(s.dragon_fairy().fairy_pos == Pos{0, 0});
  }
}

TEST_CASE("A game driver shuffles the tiles still to come when the set-aside dragon tiles return",
          "[engine][dragon][game]") {
  // PD-16: the rules shuffle them back in; the engine appends them in order (the protocol's
  // choice), and play shuffles the rest of the pile with its own seed.
  State s = must_build(
      "seats red blue\ntile D 0,0 r0\nsupply red follower=7\nsupply blue follower=7\n"
      "turn red tile\nin-hand pd-F.v\npile U V U V U V\nset-aside pd-Rr.d pd-RFr.d\nfairy beside\n");
  const std::size_t before = s.dragon_fairy().set_aside.size();
  REQUIRE(before == 2);
  const auto rest = [](const State& st) {
    std::vector<std::string> out;
    for (std::size_t i = st.pile_next(); i < st.pile().size(); ++i) out.push_back(st.catalog()[st.pile()[i]].id);
    return out;
  };
  SplitMix64 rng(7);
  CHECK_FALSE(shuffle_returned_tiles(s, before, rng));  // nothing came back yet
  play(s, {"place pd-F.v 0,1 r0"});
  REQUIRE(s.dragon_fairy().set_aside.empty());
  const std::vector<std::string> appended = rest(s);
  CHECK(appended == std::vector<std::string>{"U", "V", "U", "V", "U", "V", "pd-Rr.d", "pd-RFr.d"});
  CHECK(shuffle_returned_tiles(s, before, rng));
  std::vector<std::string> shuffled = rest(s), sorted_before = appended;
  CHECK(shuffled != appended);  // this seed moves them (a fixed generator: deterministic)
  std::sort(shuffled.begin(), shuffled.end());
  std::sort(sorted_before.begin(), sorted_before.end());
  CHECK(shuffled == sorted_before);
  CHECK(s.check_invariants().empty());
  CHECK_FALSE(shuffle_returned_tiles(s, 0, rng));  // a move that set nothing aside: no shuffle
}
