// Writes the protocol fuzzer's seed corpus: for every valid scenario under the
// given paths, one file of JSON lines as a run would exchange them (start, the
// run request, our engine's reply, hello, stop). Used by scripts/fuzz.sh:
//   fuzz_seeds OUT_DIR scenarios perft
#include <filesystem>
#include <fstream>
#include <iostream>

#include "protocol/codec.hpp"
#include "protocol/engine_adapter.hpp"
#include "runner/engine_subject.hpp"
#include "runner/evaluate.hpp"
#include "runner/wire.hpp"
#include "scenario/corpus.hpp"

namespace {

using namespace carc;

// The lines of one exchange about scenario s under its first ruleset.
std::string exchange(const Scenario& s, int n) {
  auto rules = scenario_rules(s, scenario_rulesets(s).front());
  if (!rules) return {};
  const Expect e = s.resolved_expect(*rules);
  Request req;
  req.scenario = &s;
  req.rules = *rules;
  req.probes = probes_of(e);
  req.queries = query_kinds(s, e, req.probes);
  const std::string seq = std::to_string(n);
  EngineSubject engine;
  const Reply answered = engine.answer(req);
  proto::RunReply reply;
  reply.seq = seq;
  reply.answer = answered.answer;
  const proto::Hello hello{"carc-oracle", "0", proto::engine_protocol_capabilities()};
  return proto::encode_start() + "\n" + proto::encode_run(wire_request(req, seq)) + "\n" + proto::encode_reply(reply) +
         "\n" + proto::encode_hello(hello) + "\n" + proto::encode_stop() + "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: fuzz_seeds OUT_DIR PATHS...\n";
    return 2;
  }
  const std::filesystem::path out(argv[1]);
  std::filesystem::create_directories(out);
  const Corpus corpus = load_corpus(std::vector<std::string>(argv + 2, argv + argc));
  int n = 0;
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios) {
      if (!s.valid() || scenario_rulesets(s).empty()) continue;
      const std::string lines = exchange(s, n);
      if (lines.empty()) continue;
      std::ofstream(out / (s.id + ".jsonl"), std::ios::binary) << lines;
      ++n;
    }
  std::cout << "wrote " << n << " protocol seeds to " << out.string() << "\n";
  return n > 0 ? 0 : 1;
}
