// `carc-oracle play` with The Princess & the Dragon: the dragon tiles drawn before the first
// volcano are set aside and shuffled back into the tiles still to draw when it comes (PD-16);
// the game stays complete (every tile is played or the pile ends it) and a seed names one game.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"

using namespace carc;

namespace {
std::string play_game(std::uint64_t seed) {
  PlayOptions p;
  p.seed = seed;
  p.ruleset = "hig-c2";
  p.sets = "base,princess-dragon";
  std::ostringstream out, err;
  const int code = run_play(p, out, err);
  INFO(err.str());
  REQUIRE(code == kExitOk);
  return out.str();
}
}  // namespace

TEST_CASE("play shuffles the set-aside dragon tiles back into the pile with its seed", "[cli][play][dragon]") {
  int reshuffled = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    const std::string game = play_game(seed);
    CHECK(game == play_game(seed));  // a seed names one game
    const auto set_aside = game.find("set aside");
    const auto shuffled = game.find("the set-aside tiles are shuffled into the");
    if (shuffled != std::string::npos) {
      ++reshuffled;
      CHECK(set_aside < shuffled);  // only after something was set aside
    }
    CHECK(game.find("final scores:") != std::string::npos);
  }
  CHECK(reshuffled > 0);  // measured: seeds 1-4 each set a dragon tile aside before the first volcano
}

TEST_CASE("play in a C3 game takes the Tower's C2 tiles and refuses The Princess and the Dragon",
          "[cli][play][editions]") {
  // The tile sets say which printing an edition without its own plays (oracle/tiles, played_in):
  // the Tower names C2 for C3 (TO-T1); The Princess & the Dragon names none, so it is not in a C3 box.
  PlayOptions p;
  p.seed = 3;
  p.ruleset = "hig-c3";
  p.sets = "base,tower";
  std::ostringstream out, err;
  CHECK(run_play(p, out, err) == kExitOk);
  CHECK(out.str().find("final scores:") != std::string::npos);
  p.sets = "base,princess-dragon";
  std::ostringstream out2, err2;
  CHECK(run_play(p, out2, err2) != kExitOk);
  CHECK(err2.str().find("tile set 'princess-dragon' has no edition 'C3' (printed for C1, C2)") != std::string::npos);
}
