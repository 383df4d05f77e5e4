// The rooms' position flags (engine/position_keys.hpp, issue 51) above the engine: the
// scenario reader, the protocol codec both ways and capability inference each take every
// declared flag from its declaration, so a room's flag needs no code of its own here.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/codec.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/scenario.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {

// A scenario file whose position states one more line (indented under position:).
std::string scenario_with(const std::string& position_line) {
  return "id: BR-03-z\ntitle: Fixture\nrulings: [BR-03]\nsource: test fixture\nposition:\n"
         "  players: [red, blue]\n  active: red\n  phase: tile\n  tiles:\n    - D 0,0 r0\n  in_hand: U\n  " +
         position_line +
         "\nquery:\n  apply:\n    - place U 1,0 r0\nexpect:\n  excludes:\n    - deploy follower 1,0:road{E,W}\n";
}

proto::RunRequest request_with(const FlagKey* set) {
  proto::RunRequest r;
  r.seq = "3";
  proto::Position& p = r.position;
  p.players = {"red", "blue"};
  p.active = "red";
  p.tiles.push_back({"D", 0, 0, 0});
  if (set) p.flags[*set] = true;
  return r;
}

}  // namespace

TEST_CASE("The scenario reader reads each declared flag, and names it in its error", "[position-keys][scenario]") {
  for (const FlagKey* f : position_flags()) {
    const std::string key(f->key);
    INFO(key);
    const ScenarioFile yes = load_scenario_text(scenario_with(key + ": true"), "flag.yaml");
    REQUIRE(yes.scenarios.size() == 1);
    for (const FlagKey* g : position_flags()) CHECK(yes.scenarios[0].position.flags[*g] == (g == f));
    const ScenarioFile bad = load_scenario_text(scenario_with(key + ": 3"), "flag.yaml");
    CHECK(contains(problems_of(bad), key + ": expected true or false"));
  }
}

TEST_CASE("Capability inference names each declared flag's capability", "[position-keys][capabilities]") {
  for (const FlagKey* f : position_flags()) {
    INFO(f->key);
    const ScenarioFile file = load_scenario_text(scenario_with(std::string(f->key) + ": true"), "flag.yaml");
    REQUIRE(file.scenarios.size() == 1);
    bool found = false;
    for (const Use& u : inferred_uses(file.scenarios[0]))
      if (u.capability == f->capability) {
        found = true;
        CHECK(contains(u.what, "position." + std::string(f->key)));
      }
    CHECK(found);
  }
}

TEST_CASE("The protocol writes and reads each declared flag as its declaration says", "[position-keys][protocol]") {
  const std::string none = proto::encode_run(request_with(nullptr));
  for (const FlagKey* f : position_flags()) {
    const std::string key = "\"" + std::string(f->key) + "\":";
    INFO(key);
    // At its default, only a version 1 key is written.
    CHECK(contains(none, key + "false") == f->always_sent);
    const std::string line = proto::encode_run(request_with(f));
    CHECK(contains(line, key + "true"));
    auto cmd = proto::decode_command(line);
    REQUIRE(cmd.ok());
    for (const FlagKey* g : position_flags()) CHECK(cmd->run.position.flags[*g] == (g == f));
    std::string wrong = line;
    wrong.replace(wrong.find(key + "true"), key.size() + 4, key + "1");
    auto bad = proto::decode_command(wrong);
    REQUIRE_FALSE(bad.ok());
    CHECK(contains(bad.error(), "position." + std::string(f->key)));
  }
}
