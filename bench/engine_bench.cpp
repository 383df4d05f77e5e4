// Engine speed on late-game positions (README "Speed"): legal placements of one
// tile, all placement x step-2 options of a turn, a full state copy, and a whole
// random game. Run: build/release/bench/carc_bench --benchmark_repetitions=9
//   --benchmark_report_aggregates_only=true  (quote medians; the machine is shared).
#include <benchmark/benchmark.h>

#include "data/oracle_data.hpp"
#include "engine/game.hpp"
#include "engine/movegen.hpp"
#include "engine/perft.hpp"

namespace {
using namespace carc;

// A seeded random game stopped in the tile phase once `tiles` tiles lie on the
// board. Players pass three times in four so followers remain in supply late.
State late_game(std::uint64_t seed, int tiles) {
  GameSetup setup;
  setup.seats = {Colour::Red, Colour::Blue, Colour::Green, Colour::Yellow};
  setup.figures = default_figures("C3");
  setup.figures[static_cast<std::size_t>(FigureKind::Large)] = 1;
  setup.seed = seed;
  State s = *new_game(builtin_catalog(), RuleSet{}, setup);
  SplitMix64 rng(seed);
  MoveList moves;
  while (s.phase() != Phase::GameOver) {
    if (s.phase() == Phase::Tile && s.board().tile_count() >= tiles) break;
    legal_moves(s, moves);
    const bool pass = s.phase() == Phase::Figure && rng.below(4) != 0;
    s.apply(pass ? Move::pass() : moves[rng.below(moves.size())]);
  }
  return s;
}

// Counters: the placements found, the candidates tried (frontier positions x
// distinct rotations of the tile in hand) and the time per candidate, which
// should stay flat as the board fills (issue 14).
void BM_LegalPlacements(benchmark::State& st) {
  const State s = late_game(42, static_cast<int>(st.range(0)));
  MoveList moves;
  moves.reserve(256);
  for (auto _ : st) {
    legal_moves(s, moves);
    benchmark::DoNotOptimize(moves.data());
  }
  const TileDef& d = s.catalog()[s.in_hand()];
  const double candidates = static_cast<double>(s.board().frontier().size()) * d.distinct_orientations();
  st.counters["tiles"] = s.board().tile_count();
  st.counters["moves"] = static_cast<double>(moves.size());
  st.counters["frontier"] = static_cast<double>(s.board().frontier().size());
  st.counters["candidates"] = candidates;
  st.counters["per_candidate"] = benchmark::Counter(candidates * static_cast<double>(st.iterations()),
                                                    benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_LegalPlacements)->Arg(30)->Arg(40)->Arg(55)->Arg(60)->Arg(70);

void BM_LegalTurns(benchmark::State& st) {
  const State s = late_game(42, static_cast<int>(st.range(0)));
  std::vector<TurnOption> turns;
  turns.reserve(1024);
  for (auto _ : st) {
    legal_turns(s, turns);
    benchmark::DoNotOptimize(turns.data());
  }
  st.counters["tiles"] = s.board().tile_count();
  st.counters["options"] = static_cast<double>(turns.size());
}
BENCHMARK(BM_LegalTurns)->Arg(60)->Arg(70);

void BM_StateCopy(benchmark::State& st) {
  const State s = late_game(42, 70);
  for (auto _ : st) {
    State copy = s;
    benchmark::DoNotOptimize(&copy);
  }
}
BENCHMARK(BM_StateCopy);

void BM_RandomGame(benchmark::State& st) {
  std::uint64_t seed = 1;
  for (auto _ : st) {
    State s = late_game(seed++, 1000);
    benchmark::DoNotOptimize(s.player(0).score);
  }
}
BENCHMARK(BM_RandomGame)->Unit(benchmark::kMillisecond);

// Perft throughput from a mid-game position of a game with every expansion and
// figure: nodes per second is the items-per-second counter.
void BM_Perft(benchmark::State& st) {
  GameSetup setup;
  setup.seats = {Colour::Red, Colour::Blue, Colour::Green};
  setup.edition = "C2";
  setup.sets = {"base", "flier", "crop-circles", "princess-dragon"};
  setup.figures = default_figures("C2");
  for (const FigureKind k : {FigureKind::Large, FigureKind::Mayor, FigureKind::Wagon, FigureKind::Builder,
                             FigureKind::Pig, FigureKind::Phantom})
    setup.figures[static_cast<std::size_t>(k)] = 1;
  setup.seed = 7;
  State s = *new_game(builtin_catalog(), RuleSet{}, setup);
  SplitMix64 rng(7);
  MoveList moves;
  while (s.board().tile_count() < 30 || s.phase() != Phase::Tile) {
    legal_moves(s, moves);
    s.apply(moves[rng.below(moves.size())]);
  }
  std::uint64_t nodes = 0;
  for (auto _ : st) nodes += perft(s, static_cast<int>(st.range(0)));
  st.SetItemsProcessed(static_cast<std::int64_t>(nodes));
}
BENCHMARK(BM_Perft)->Arg(4)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
