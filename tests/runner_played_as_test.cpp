// An implementation that plays one value of a switch is sent every request that value cannot
// decide, with that value in place of the scenario's, and only those (PROTOCOL.md §4, runner.hpp
// settle_lacks). The subject here is our engine behind a handshake declaring one value: it
// records every request it is sent under another value, which must never happen.
#include <catch2/catch.hpp>

#include <set>

#include "cli/game_options.hpp"
#include "data/oracle_data.hpp"
#include "protocol/engine_adapter.hpp"
#include "runner/engine_subject.hpp"
#include "runner/explore.hpp"
#include "runner/process_subject.hpp"
#include "runner/runner.hpp"
#include "scenario/capabilities.hpp"
#include "test_support.hpp"

namespace carc {
using namespace carc::test;
namespace {

// Our engine, declaring only `value` of switch `key` (every other switch as serve declares it).
class OneValue final : public Subject {
 public:
  OneValue(std::string key, std::string value) : key_(std::move(key)), value_(std::move(value)) {
    hello_.name = "one-value";
    hello_.protocol_version = proto::kProtocolVersion;
    hello_.capabilities = proto::engine_protocol_capabilities();
    hello_.capabilities.switches[key_] = {value_};
  }
  std::string name() const override { return "one-value"; }
  std::vector<std::string> capabilities() const override { return capability_names_of(hello_); }
  std::vector<std::string> lacks(const Request& r) const override { return lacking_items(hello_, r); }
  std::vector<std::string> plays(std::string_view key) const override { return played_values(hello_, key); }
  Reply answer(const Request& r) override {
    const SwitchSpec* spec = find_switch(key_);
    const auto caps = r.scenario ? required_capabilities(*r.scenario) : std::vector<std::string>{};
    if (r.rules.get(key_) != value_ && spec && switch_matters(*spec, caps))
      wrongly_sent.push_back(r.scenario ? r.scenario->id : "?");
    return engine_.answer(r);
  }
  std::vector<std::string> wrongly_sent;

 private:
  std::string key_, value_;
  proto::Hello hello_;
  EngineSubject engine_;
};

}  // namespace

TEST_CASE(
    "A request is sent with a declared value in place of the scenario's only where our engine's verdict is the same",
    "[runner][played-as]") {
  const Corpus c = load_corpus({corpus_dir()});
  // The Tower's ransom floor (the case: 444 of 3,108 unsupported before) and a base switch.
  const auto [key, value] = GENERATE(std::pair<std::string, std::string>{"ransom-score-floor", "needs-3-points"},
                                     std::pair<std::string, std::string>{"farmer-scoring", "fs1-city-4"});
  CAPTURE(key, value);
  OneValue subject(key, value);
  const RunReport r = run_corpus(c, Selection{}, subject);
  CHECK(subject.wrongly_sent.empty());
  int played = 0, unsupported_by_it = 0;
  for (const RunResult& x : r.results) {
    CAPTURE(x.id, x.ruleset, x.message);
    // Sent under the declared value, the verdict stands: our engine, behind it, passes.
    CHECK(x.outcome != Outcome::Failed);
    if (!x.played_as.empty()) {
      ++played;
      REQUIRE(x.played_as.size() == 1);
      CHECK(x.played_as.front().key == key);
      CHECK(x.played_as.front().sent == value);
      CHECK(x.played_as.front().asked != value);
      CHECK(x.outcome == Outcome::Passed);
    }
    if (x.outcome != Outcome::Unsupported || !contains(x.message, "switch " + key + "=")) continue;
    ++unsupported_by_it;
    // Not sent: under the declared value our engine does not meet the expectation (checked here
    // without the runner: the request under the scenario's rules, the switch set to the value).
    REQUIRE(x.scenario);
    auto req = request_for(*x.scenario, x.ruleset);
    REQUIRE(req);
    RuleSet other = req->rules;
    REQUIRE(other.set(key, value));
    const Expect e = x.scenario->resolved_expect(req->rules);
    bool meets = engine_meets(*req, other, e);
    for (std::size_t i = 0; meets && i < x.scenario->checkpoints.size(); ++i) {
      const Scenario cut = checkpoint_scenario(*x.scenario, i);
      const Expect ce = cut.resolved_expect(req->rules);
      meets = engine_meets(request_of(cut, req->rules, ce), other, ce);
    }
    CHECK_FALSE(meets);
  }
  // Both switches decide some of the corpus and leave much more of it alone.
  CHECK(played > 100);
  CHECK(unsupported_by_it > 0);
  CHECK(played > unsupported_by_it);
}

TEST_CASE("explore asks an implementation that plays another value when our engine's whole answer is the same",
          "[explore][played-as]") {
  OneValue subject("ransom-score-floor", "needs-3-points");
  PlayOptions play;
  play.players = 2;
  play.sets = "base,tower";
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c3");
  config.game = *setup;
  config.games = 2;
  config.seed = 7;
  config.shrink = false;
  Explorer explorer(config, {&subject});
  const auto stats = explorer.run();
  REQUIRE(stats);
  const ImplTally& t = stats->impls.front();
  CHECK(subject.wrongly_sent.empty());
  CHECK(explorer.findings().empty());
  // Before, every question of a Tower game carried ransom-score-floor=none and none was asked.
  CHECK(t.asked > 0);
  REQUIRE(t.played_as.count("ransom-score-floor=needs-3-points for none") == 1);
  CHECK(t.played_as.at("ransom-score-floor=needs-3-points for none") > 0);
}

}  // namespace carc
