#pragma once
// New games: the start tile at 0,0 r0, a shuffled draw pile, starting supplies.
// Shuffling uses the engine's own SplitMix64 so a seed names the same game on
// every platform (std::shuffle differs between standard libraries).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/state.hpp"

namespace carc {

class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (s_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n) for n > 0 (rejection sampling, no modulo bias).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = ~0ull - (~0ull % n);
    std::uint64_t v;
    do v = next();
    while (v >= limit);
    return v % n;
  }

 private:
  std::uint64_t s_;
};

struct GameSetup {
  std::vector<Colour> seats;
  std::string edition = "C3";               // tile edition of the base set
  std::vector<std::string> sets{"base"};    // tile sets shuffled into the pile
  std::array<int, kFigureKinds> figures{};  // per player, e.g. follower 7, abbot 1
  std::uint64_t seed = 1;
  bool little_buildings = false;  // Little Buildings in the game: tokens dealt per V-LB-2
  bool bridges = false;           // the bridges of Bridges, Castles & Bazaars: 3 each, 2 with 5-6 (BC-15)
};
// The default figures of an edition (DESIGN.md "Starting supply"): 7 followers, plus the abbot from C2 on.
std::array<int, kFigureKinds> default_figures(const std::string& edition);

Result<State> new_game(const TileCatalog& catalog, const RuleSet& rules, const GameSetup& setup);

// Fisher-Yates with the engine's generator (new_game's shuffle).
void shuffle(std::vector<TileTypeId>& tiles, SplitMix64& rng);

// A game driver's part of PD-16: the rules shuffle the set-aside dragon tiles back into the pile
// when the first volcano brings the dragon into play; the engine puts them at the pile's end in the
// order they were set aside (PROTOCOL.md §13.3: the order is an input, like the dice), so a driver
// that owns a seed shuffles the tiles still to come itself. Call after each move with the number of
// set-aside tiles before it: true when they came back and the rest of the pile was shuffled.
bool shuffle_returned_tiles(State& s, std::size_t set_aside_before, SplitMix64& rng);

}  // namespace carc
