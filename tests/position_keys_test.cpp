// The rooms' position flags and per-seat counts (engine/position_keys.hpp, issue 51) above
// the engine: the scenario reader, the protocol codec both ways and capability inference each
// take every declared key from its declaration, so a room's key needs no code of its own here;
// a count's bounds (one player's, the seats', the box's) are checked while it is read.
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

namespace {

const char* const kColours[] = {"red", "blue", "green", "yellow", "black", "pink"};

// A scenario requiring the count's capability, of `seats` players, whose position states one more line.
std::string scenario_counting(const SeatCountKey& k, std::size_t seats, const std::string& position_line) {
  std::string players;
  for (std::size_t i = 0; i < seats; ++i) players += std::string(i ? ", " : "") + kColours[i];
  std::string text = scenario_with(position_line);
  const std::string source = "source: test fixture\n";
  text.insert(text.find(source) + source.size(), "requires: [" + std::string(k.capability) + "]\n");
  const std::string two = "players: [red, blue]";
  text.replace(text.find(two), two.size(), "players: [" + players + "]");
  return text;
}

// A YAML flow map giving each of the first `seats` colours n.
std::string each_seat(const SeatCountKey& k, std::size_t seats, int n) {
  std::string map = std::string(k.key) + ": {";
  for (std::size_t i = 0; i < seats; ++i) map += std::string(i ? ", " : "") + kColours[i] + ": " + std::to_string(n);
  return map + "}";
}

// A run request of `seats` players where the count k gives each of them n.
proto::RunRequest request_counting(const SeatCountKey& k, std::size_t seats, int n) {
  proto::RunRequest r = request_with(nullptr);
  r.position.players.clear();
  for (std::size_t i = 0; i < seats; ++i) {
    r.position.players.push_back(kColours[i]);
    r.position.counts[k][kColours[i]] = n;
  }
  return r;
}

}  // namespace

TEST_CASE("The scenario reader reads each declared per-seat count and checks it while reading",
          "[position-keys][scenario]") {
  for (const SeatCountKey* k : seat_count_keys()) {
    const std::string key(k->key);
    INFO(key);
    const ScenarioFile ok = load_scenario_text(scenario_counting(*k, 2, key + ": {blue: 2}"), "count.yaml");
    REQUIRE(ok.scenarios.size() == 1);
    CHECK(problems_of(ok).empty());
    for (const SeatCountKey* g : seat_count_keys())
      CHECK(ok.scenarios[0].position.counts[*g] ==
            (g == k ? std::map<Colour, int>{{Colour::Blue, 2}} : std::map<Colour, int>{}));
    // One player's bound (read on main too).
    CHECK(contains(problems_of(load_scenario_text(scenario_with(key + ": {red: " + std::to_string(k->max + 1) + "}"),
                                                  "count.yaml")),
                   key + ": " + std::string(k->what) + " lie within 0.." + std::to_string(k->max)));
    // A colour not seated: main dropped it without a word.
    CHECK(contains(problems_of(load_scenario_text(scenario_with(key + ": {green: 1}"), "count.yaml")),
                   key + ": green is not one of the players"));
    // More entries than seats: refused whole, before an entry is read.
    const std::string three = problems_of(load_scenario_text(scenario_with(each_seat(*k, 3, 0)), "count.yaml"));
    CHECK(contains(three, key + ": 3 entries for 2 players"));
    CHECK_FALSE(contains(three, "green is not one of the players"));
    // The box: every player at the most one holds, one player more than the box allows.
    const std::size_t seats = static_cast<std::size_t>(k->box / k->max) + 1;
    REQUIRE(seats <= 6);
    CHECK(problems_of(
              load_scenario_text(scenario_counting(*k, seats - 1, each_seat(*k, seats - 1, k->max)), "count.yaml"))
              .empty());
    CHECK(contains(
        problems_of(load_scenario_text(scenario_counting(*k, seats, each_seat(*k, seats, k->max)), "count.yaml")),
        key + ": " + std::string(k->what) + " add up to " + std::to_string(static_cast<int>(seats) * k->max) +
            ", but the box holds " + std::to_string(k->box)));
  }
}

TEST_CASE("Capability inference names each declared per-seat count's capability", "[position-keys][capabilities]") {
  for (const SeatCountKey* k : seat_count_keys()) {
    const std::string key(k->key);
    INFO(key);
    const ScenarioFile file = load_scenario_text(scenario_with(key + ": {red: 1}"), "count.yaml");
    REQUIRE(file.scenarios.size() == 1);
    bool found = false;
    for (const Use& u : inferred_uses(file.scenarios[0]))
      if (u.capability == k->capability) {
        found = true;
        CHECK(contains(u.what, key + " (position." + key + ")"));
      }
    CHECK(found);
  }
}

TEST_CASE("The protocol writes each declared per-seat count only with its room in play, from its version on",
          "[position-keys][protocol]") {
  const std::string none = proto::encode_run(request_with(nullptr));
  for (const SeatCountKey* k : seat_count_keys()) {
    const std::string key = "\"" + std::string(k->key) + "\":";
    INFO(key);
    CHECK_FALSE(contains(none, key));  // no player named: the room's key is not sent
    // Sent only to a peer that plays the room, which no peer before this version can.
    CHECK(proto::expansion_introduced_in(k->capability) == k->version);
    const std::string line = proto::encode_run(request_counting(*k, 2, 1));
    CHECK(contains(line, key + "{\"blue\":1,\"red\":1}"));
    auto cmd = proto::decode_command(line);
    REQUIRE(cmd.ok());
    for (const SeatCountKey* g : seat_count_keys())
      CHECK(cmd->run.position.counts[*g] ==
            (g == k ? std::map<std::string, int>{{"red", 1}, {"blue", 1}} : std::map<std::string, int>{}));
  }
}

TEST_CASE("The protocol reader checks each declared per-seat count before keeping it", "[position-keys][protocol]") {
  for (const SeatCountKey* k : seat_count_keys()) {
    const std::string key(k->key);
    INFO(key);
    const std::string path = "position." + key;
    auto refused = [&](const std::string& line) {
      auto cmd = proto::decode_command(line);
      return cmd.ok() ? std::string("accepted") : cmd.error();
    };
    // One player's bound (checked on main too).
    CHECK(contains(refused(proto::encode_run(request_counting(*k, 2, k->max + 1))),
                   path + ".blue"));  // the first of the two
    // A colour not seated, at its own path (main decoded it and left it to the engine adapter).
    proto::RunRequest unseated = request_counting(*k, 2, 1);
    unseated.position.counts[*k]["green"] = 1;
    const std::string three = refused(proto::encode_run(unseated));
    CHECK(contains(three, path + ": 3 entries for 2 players"));
    unseated.position.counts[*k].erase("red");
    CHECK(contains(refused(proto::encode_run(unseated)), path + ".green: green is not one of the players"));
    // The box (main accepted it).
    const std::size_t seats = static_cast<std::size_t>(k->box / k->max) + 1;
    CHECK(refused(proto::encode_run(request_counting(*k, seats - 1, k->max))) == "accepted");
    CHECK(contains(refused(proto::encode_run(request_counting(*k, seats, k->max))),
                   path + ": " + std::string(k->what) + " add up to " +
                       std::to_string(static_cast<int>(seats) * k->max) + ", but the box holds " +
                       std::to_string(k->box)));
  }
}

namespace {

// An entry of each room's list, in YAML and in JSON (any entry will do: the length comes first).
struct ListSample {
  const EntryListKey* key;
  std::string yaml, json;
};
std::vector<ListSample> list_samples() {
  return {{&kTowersKey, "0,0 1", R"({"x":0,"y":0,"height":1})"},
          {&kCastlesKey, "red 0,0:city{N}", R"("red 0,0:city{N}")"},
          {&kBridgesKey, "0,0:road{N,S}", R"("0,0:road{N,S}")"},
          {&kBuildingsKey, "house 0,0", R"({"kind":"house","x":0,"y":0})"}};
}

std::string repeated(const std::string& item, int n, const std::string& open, const std::string& close) {
  std::string out = open;
  for (int i = 0; i < n; ++i) out += (i ? ", " : "") + item;
  return out + close;
}

}  // namespace

TEST_CASE("The scenario reader refuses an entry list longer than the box before reading an entry",
          "[position-keys][scenario]") {
  for (const ListSample& s : list_samples()) {
    const std::string key(s.key->key);
    INFO(key);
    const std::string item = "'" + s.yaml + "'";
    const std::string at_most =
        problems_of(load_scenario_text(scenario_with(key + ": " + repeated(item, s.key->max, "[", "]")), "list.yaml"));
    CHECK_FALSE(contains(at_most, "entries, but"));
    const std::string over = problems_of(
        load_scenario_text(scenario_with(key + ": " + repeated(item, s.key->max + 1, "[", "]")), "list.yaml"));
    CHECK(contains(over, key + ": " + std::to_string(s.key->max + 1) + " entries, but a position holds at most " +
                             std::to_string(s.key->max) + ": " + std::string(s.key->why)));
  }
}

TEST_CASE("The protocol reader refuses an entry list longer than the box before reading an entry",
          "[position-keys][protocol]") {
  const std::string base = proto::encode_run(request_with(nullptr));
  const std::string tiles = "\"tiles\":";
  for (const ListSample& s : list_samples()) {
    const std::string key(s.key->key);
    INFO(key);
    auto with_list = [&](int n) {
      std::string line = base;
      line.insert(line.find(tiles), "\"" + key + "\":" + repeated(s.json, n, "[", "]") + ",");
      return proto::decode_command(line);
    };
    CHECK(with_list(s.key->max).ok());  // as many as the box holds: decoded (the engine judges them)
    auto over = with_list(s.key->max + 1);
    REQUIRE_FALSE(over.ok());
    CHECK(contains(over.error(), "position." + key + ": " + std::to_string(s.key->max + 1) +
                                     " entries, but a position holds at most " + std::to_string(s.key->max)));
  }
}
