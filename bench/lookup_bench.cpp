// lookup (src/lookup): building the search index over the ledger and the corpus
// (the embedded vocabulary read once per process), and answering one question,
// for an English question, a German one, a typo and junk (README "Speed").
#include <benchmark/benchmark.h>

#include "lookup/search.hpp"
#include "lookup/vocabulary.hpp"
#include "scenario/corpus.hpp"

#include <yaml-cpp/yaml.h>

namespace {
using namespace carc;

const Corpus& corpus() {
  static const Corpus c = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios"});
  return c;
}

void BM_LookupIndex(benchmark::State& st) {
  builtin_vocabulary();
  for (auto _ : st) benchmark::DoNotOptimize(SearchIndex(corpus()));
}
BENCHMARK(BM_LookupIndex)->Unit(benchmark::kMillisecond);

void BM_LookupQuery(benchmark::State& st, const char* query) {
  const SearchIndex index(corpus());
  for (auto _ : st) benchmark::DoNotOptimize(index.search(query));
}
BENCHMARK_CAPTURE(BM_LookupQuery, english, "can my mayor land on a monastery?")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LookupQuery, german, "Darf ich nach dem Zurücknehmen des Abts noch das Phantom einsetzen?")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LookupQuery, typos, "abot gardn mnoastery")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_LookupQuery, junk, "what's the best pizza topping")->Unit(benchmark::kMicrosecond);

// Every question of tests/data/lookup-forum.yaml (issue 48's forum-style set, eight languages),
// one after another: the time per question is the figure issue 48 bounds (< 50 ms).
void BM_LookupForumQuestion(benchmark::State& st) {
  const SearchIndex index(corpus());
  std::vector<std::string> questions;
  const YAML::Node doc = YAML::LoadFile(std::string(CARC_SOURCE_DIR) + "/tests/data/lookup-forum.yaml");
  for (const auto& q : doc["questions"]) questions.push_back(q["q"].as<std::string>());
  for (const auto& q : doc["junk"]) questions.push_back(q["q"].as<std::string>());
  std::size_t i = 0;
  for (auto _ : st) {
    benchmark::DoNotOptimize(index.search(questions[i]));
    i = (i + 1) % questions.size();
  }
  st.SetItemsProcessed(st.iterations());
}
BENCHMARK(BM_LookupForumQuestion)->Unit(benchmark::kMicrosecond);

}  // namespace
