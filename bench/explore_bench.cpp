// explore's throughput: decision points checked per second against `carc-oracle serve` (one
// seeded 2-player base game per iteration, every decision asked over the protocol and compared
// with our engine's answer). Needs the carc-oracle binary beside the bench (CARC_BINARY).
#include <benchmark/benchmark.h>

#include "data/oracle_data.hpp"
#include "runner/explore.hpp"
#include "runner/process_subject.hpp"

namespace {

void BM_ExploreServe(benchmark::State& st) {
  carc::ProcessOptions o;
  o.argv = {CARC_BINARY, "serve"};
  auto impl = carc::ProcessSubject::start(o);
  if (!impl) {
    st.SkipWithError(impl.error().c_str());
    return;
  }
  carc::ExploreConfig config;
  config.rules = *carc::ruleset_named("hig-c3");
  config.game.seats = {carc::Colour::Red, carc::Colour::Blue};
  config.game.figures = carc::default_figures("C3");
  config.games = 1;
  long long decisions = 0;
  std::uint64_t seed = 1;
  for (auto _ : st) {
    config.seed = seed++;
    carc::Explorer explorer(config, {impl->get()});
    auto stats = explorer.run();
    if (!stats || !explorer.findings().empty()) {
      st.SkipWithError("serve disagreed with our engine");
      return;
    }
    decisions += stats->decisions;
  }
  st.counters["decisions"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ExploreServe)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
