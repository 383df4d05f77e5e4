#pragma once
// The game a `play` or `explore` command line describes (src/cli/play.cpp).
#include <array>
#include <string>

#include "cli/commands.hpp"
#include "engine/game.hpp"
#include "engine/result.hpp"

namespace carc {

// "follower=7,abbot=1": figures per player; empty: the edition's default.
Result<std::array<int, kFigureKinds>> parse_figures(const std::string& spec, const std::string& edition);
// Seats, edition (the ruleset's unless given), figures, tile sets and seed of o; an error names a bad option.
Result<GameSetup> game_setup_of(const PlayOptions& o);

}  // namespace carc
