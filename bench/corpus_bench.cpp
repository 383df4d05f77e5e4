// The corpus in process (README "Speed"): load every scenario file and run
// every scenario x ruleset against our engine, as `carc-oracle run scenarios`
// does minus the report. Counters: results per iteration and the time per
// result (target < 1 ms). BM_CorpusRun excludes loading; BM_CorpusLoadAndRun
// includes it; the metamorphic run adds five transforms of every scenario.
#include <benchmark/benchmark.h>

#include "data/oracle_data.hpp"
#include "runner/engine_subject.hpp"
#include "runner/metamorphic.hpp"
#include "runner/runner.hpp"
#include "scenario/corpus.hpp"

namespace {
using namespace carc;

const std::string kCorpus = std::string(CARC_SOURCE_DIR) + "/scenarios";

void report(benchmark::State& st, std::size_t results) {
  st.counters["results"] = static_cast<double>(results);
  st.counters["per_result"] = benchmark::Counter(static_cast<double>(results) * static_cast<double>(st.iterations()),
                                                 benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_CorpusLoadAndRun(benchmark::State& st) {
  builtin_catalog();  // the embedded catalog, presets and ledger load once per process
  std::size_t results = 0;
  for (auto _ : st) {
    const Corpus c = load_corpus({kCorpus});
    EngineSubject engine;
    results = run_corpus(c, Selection{}, engine).results.size();
  }
  report(st, results);
}
BENCHMARK(BM_CorpusLoadAndRun)->Unit(benchmark::kMillisecond);

void BM_CorpusRun(benchmark::State& st) {
  const Corpus c = load_corpus({kCorpus});
  std::size_t results = 0;
  for (auto _ : st) {
    EngineSubject engine;
    results = run_corpus(c, Selection{}, engine).results.size();
  }
  report(st, results);
}
BENCHMARK(BM_CorpusRun)->Unit(benchmark::kMillisecond);

void BM_CorpusRunMetamorphic(benchmark::State& st) {
  const Corpus c = with_transforms(load_corpus({kCorpus}), metamorphic_transforms());
  std::size_t results = 0;
  for (auto _ : st) {
    EngineSubject engine;
    results = run_corpus(c, Selection{}, engine).results.size();
  }
  report(st, results);
}
BENCHMARK(BM_CorpusRunMetamorphic)->Unit(benchmark::kMillisecond);

}  // namespace
