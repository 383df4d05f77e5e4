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
