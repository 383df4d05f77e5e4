// Protocol versions 2 to 4 (oracle/PROTOCOL.md "Limits", "Versions"): a position
// beyond the limits is refused with its JSON path and the bound, by the decoder and
// by `serve`; scores near the bound are answered without wrapping; the handshake
// works in versions 1 to 5, and a peer of an older version is never shown what came
// later (the Tower, the dragon and the fairy).
#include <fcntl.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/oracle_data.hpp"
#include "engine/limits.hpp"
#include "protocol/codec.hpp"
#include "protocol/engine_adapter.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"
#include "test_support.hpp"

using namespace carc;
using Json = nlohmann::json;

using namespace carc::test;

namespace {
// The switches of version 8's expansions (the Festival: 1; Little Buildings: 2; the castles: 1).
constexpr std::size_t kVersion8Switches = 4;
// Version 9 brought Under the Big Top's four (V-BT-1, V-BT-2, V-FM-4, V-PH-2) and the castles' V-BC-4; version 10 (the
// bridges) none.
constexpr std::size_t kVersion9Switches = 5;
// Version 11 (issue 47) brought V-PD-12 (dragon-eats-tower-top) and V-TO-6 (exchange-chooser).
constexpr std::size_t kVersion11Switches = 2;

proto::TileDefinition def(const std::string& id) {
  return proto::definition_of(builtin_catalog()[*builtin_catalog().lookup(id)]);
}

// A closed road of n tiles to be completed by the query: A at 0,0, U up to n-2,0, the
// closing A in hand; red's follower on the road and red's score as given.
proto::RunRequest road_request(int n, int red_score) {
  proto::RunRequest r;
  r.seq = "7";
  r.ruleset = wire_ruleset(RuleSet{});
  proto::Position& p = r.position;
  p.players = {"red", "blue"};
  p.active = "red";
  p.tiles.push_back({"A", 0, 0, 270});
  for (int x = 1; x < n - 1; ++x) p.tiles.push_back({"U", x, 0, 0});
  p.in_hand = "A";
  p.figures.push_back({"red", "follower", 1, 0, "road{E,W}"});
  p.supply = {{"red", {{"follower", 6}}}, {"blue", {{"follower", 7}}}};
  p.scores = {{"red", red_score}, {"blue", 0}};
  p.definitions = {def("A"), def("U")};
  r.query.apply = {"place A " + std::to_string(n - 1) + ",0 r90", "pass"};
  return r;
}

// The run message of road_request(n, 0) with one value replaced (a JSON pointer), as a line.
std::string with(int n, const std::string& pointer, const Json& value) {
  Json j = Json::parse(proto::encode_run(road_request(n, 0)));
  j[Json::json_pointer(pointer)] = value;
  return j.dump();
}

struct Served {
  int code = 0;
  std::vector<std::string> lines;
  std::string err;
};

// Runs serve on the given input lines (through a file: the input may exceed a pipe's buffer).
Served serve(const std::vector<std::string>& input) {
  const auto path = std::filesystem::temp_directory_path() / ("carc-limits-test-" + std::to_string(getpid()));
  {
    std::ofstream f(path);
    for (const auto& l : input) f << l << "\n";
  }
  const int fd = ::open(path.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  std::ostringstream out, err;
  Served s;
  s.code = run_serve(fd, out, err);
  ::close(fd);
  std::filesystem::remove(path);
  std::istringstream lines(out.str());
  for (std::string l; std::getline(lines, l);) s.lines.push_back(l);
  s.err = err.str();
  return s;
}

std::string start(int version) { return "{\"cmd\":\"start\",\"protocol_version\":" + std::to_string(version) + "}"; }

// The message of the decoding error of a run line.
std::string refusal(const std::string& line) {
  auto cmd = proto::decode_command(line);
  REQUIRE_FALSE(cmd.ok());
  return cmd.error();
}

}  // namespace

TEST_CASE("A position beyond the limits is refused by the decoder, with its JSON path and the bound",
          "[protocol][limits]") {
  REQUIRE(proto::decode_command(with(10, "/position/tiles/3/x", 100000)).ok());
  CHECK(
      refusal(with(10, "/position/tiles/3/x", 2147483647)) ==
      "position.tiles[3]: square 2147483647,0 is outside the bounds of a position: x and y lie within -100000..100000");
  CHECK(
      refusal(with(10, "/position/figures/0/y", -100001)) ==
      "position.figures[0]: square 1,-100001 is outside the bounds of a position: x and y lie within -100000..100000");
  CHECK(refusal(with(10, "/position/tiles/0/x", Json::parse("18446744073709551615"))) ==
        "position.tiles[0].x: 18446744073709551615 is beyond 64-bit signed integers");
  CHECK(refusal(with(10, "/position/tiles/0/x", Json::parse("99999999999999999999"))) ==
        "position.tiles[0].x: expected an integer, got number");  // JSON parses it as a float
  CHECK(refusal(with(10, "/position/scores/red", 2147483646)) ==
        "position.scores.red: score 2147483646 is outside -1000000..1000000");
  CHECK(refusal(with(10, "/position/supply/blue/follower", 100)) ==
        "position.supply.blue.follower: figures in hand 100 is outside 0..99");
  CHECK(refusal(with(10, "/position/rolls", Json::array({1, 4}))) == "position.rolls[1]: die result 4 is outside 1..3");
  CHECK(
      contains(refusal(with(10, "/position/placed", Json{{"x", 0}, {"y", -2147483648LL}})), "position.placed: square"));
  // The tile count: 9 on the board, 1 in hand and a pile up to 4,096 together.
  const Json pile_ok(std::vector<std::string>(kMaxTiles - 10, "U"));
  REQUIRE(proto::decode_command(with(10, "/position/pile", pile_ok)).ok());
  const Json pile_over(std::vector<std::string>(kMaxTiles - 9, "U"));
  CHECK(refusal(with(10, "/position/pile", pile_over)) ==
        "position.pile[4086]: a position holds at most 4096 tiles (on the board, in hand and in the pile together); "
        "this one holds 4097");
  // Version 4: set-aside tiles count among them (the error points at the first one over), the
  // dragon's and the fairy's squares and the dragon's path are bounded like every square.
  const Json half(std::vector<std::string>((kMaxTiles - 10) / 2, "U"));
  const Json rest(std::vector<std::string>(kMaxTiles - 10 - (kMaxTiles - 10) / 2 + 1, "U"));
  Json j = Json::parse(with(10, "/position/pile", half));
  j["position"]["set_aside"] = rest;
  CHECK(refusal(j.dump()) == "position.set_aside[" + std::to_string(kMaxTiles - 10 - (kMaxTiles - 10) / 2) +
                                 "]: a position holds at most 4096 tiles (on the board, in hand and in the pile "
                                 "together); this one holds 4097");
  CHECK(refusal(with(10, "/position/dragon", Json{{"x", 100001}, {"y", 0}})) ==
        "position.dragon.x: 100001 is outside -100000..100000");
  CHECK(refusal(with(10, "/position/fairy", Json{{"x", 0}, {"y", -2147483648LL}})) ==
        "position.fairy.y: -2147483648 is outside -100000..100000");
  CHECK(
      contains(refusal(with(10, "/position/fairy",
                            Json{{"next_to", Json{{"owner", "red"}, {"kind", "follower"}, {"feature", "cloister"}}}})),
               "position.fairy.next_to: a host needs the fairy's tile"));
  const Json seven = Json::array({Json{{"x", 0}, {"y", 0}}, Json{{"x", 1}, {"y", 0}}, Json{{"x", 2}, {"y", 0}},
                                  Json{{"x", 3}, {"y", 0}}, Json{{"x", 4}, {"y", 0}}, Json{{"x", 5}, {"y", 0}},
                                  Json{{"x", 6}, {"y", 0}}});
  CHECK(refusal(with(10, "/position/dragon_path", seven)) ==
        "position.dragon_path: at most 6 entries (the sixth step ends the move)");
}

TEST_CASE("serve answers a request beyond the limits errored, with the path and the bound, and goes on",
          "[protocol][limits][serve]") {
  const Served s =
      serve({start(2), with(10, "/position/tiles/3/x", 2147483647), proto::encode_run(road_request(10, 0))});
  CHECK(s.code == kExitOk);
  REQUIRE(s.lines.size() == 3);
  const auto bad = proto::decode_reply(s.lines[1]);
  REQUIRE(bad.ok());
  CHECK(bad->state == proto::ReplyState::Errored);
  CHECK(
      bad->message ==
      "invalid request: position.tiles[3]: square 2147483647,0 is outside the bounds of a position: x and y lie within "
      "-100000..100000");
  const auto good = proto::decode_reply(s.lines[2]);
  REQUIRE(good.ok());
  CHECK(good->answer.scores.at("red") == 10);
}

TEST_CASE("Scores at the bound are answered exactly, and beyond it refused instead of wrapped",
          "[protocol][limits][serve]") {
  // Before the bound: a score of 2147483646 plus this 10-tile road was answered -2147483640.
  const Served s = serve(
      {start(2), proto::encode_run(road_request(10, kMaxScore)), proto::encode_run(road_request(10, 2147483646))});
  REQUIRE(s.lines.size() == 3);
  const auto at_bound = proto::decode_reply(s.lines[1]);
  REQUIRE(at_bound.ok());
  REQUIRE(at_bound->state == proto::ReplyState::Answered);
  CHECK(at_bound->answer.scores.at("red") == kMaxScore + 10);
  const auto beyond = proto::decode_reply(s.lines[2]);
  REQUIRE(beyond.ok());
  CHECK(beyond->state == proto::ReplyState::Errored);
  CHECK(contains(beyond->message, "position.scores.red: score 2147483646 is outside -1000000..1000000"));
}

TEST_CASE("The largest position through serve: a closed road of 4,096 tiles scores 4,096",
          "[protocol][limits][serve]") {
  // Before the bound, 21,900 tiles scored 0 here (16-bit node indexes); now such a position is refused.
  const Served s = serve(
      {start(2), proto::encode_run(road_request(kMaxTiles, 0)), with(kMaxTiles, "/position/pile", Json::array({"U"}))});
  REQUIRE(s.lines.size() == 3);
  const auto r = proto::decode_reply(s.lines[1]);
  REQUIRE(r.ok());
  REQUIRE(r->state == proto::ReplyState::Answered);
  CHECK(r->answer.scores.at("red") == kMaxTiles);
  CHECK(r->answer.returned == std::vector<std::string>{"red follower 1,0:road{E,W}"});
  const auto over = proto::decode_reply(s.lines[2]);
  REQUIRE(over.ok());
  CHECK(over->state == proto::ReplyState::Errored);
  CHECK(contains(over->message, "this one holds 4097"));
}

TEST_CASE("The handshake: the runner sends version 11 and accepts 1 to 11, serve answers 1 to 11 in kind",
          "[protocol][limits][handshake]") {
  CHECK(proto::encode_start() == start(11));
  const std::string caps = R"("capabilities":{"expansions":["base"],"figures":["follower"],"queries":["moves"]})";
  for (const int v : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}) {
    auto h =
        proto::decode_hello(R"({"name":"x","version":"1","protocol_version":)" + std::to_string(v) + "," + caps + "}");
    REQUIRE(h.ok());
    CHECK(h->protocol_version == v);
  }
  CHECK(proto::decode_hello(R"({"name":"x","version":"1",)" + caps + "}").ok());  // the key is optional
  for (const int v : {0, 12}) {
    auto h =
        proto::decode_hello(R"({"name":"x","version":"1","protocol_version":)" + std::to_string(v) + "," + caps + "}");
    REQUIRE_FALSE(h.ok());
    CHECK(contains(h.error(), "this runner speaks versions 1 to 11, not " + std::to_string(v)));
  }
  for (const int v : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}) {
    const Served s = serve({start(v), proto::encode_run(road_request(10, 0))});
    CHECK(s.code == kExitOk);
    REQUIRE(s.lines.size() == 2);
    auto h = proto::decode_hello(s.lines[0]);
    REQUIRE(h.ok());
    CHECK(h->protocol_version == v);
    auto reply = proto::decode_reply(s.lines[1]);
    REQUIRE(reply.ok());
    CHECK(reply->answer.scores.at("red") == 10);
    // The Tower is version 3: before it, neither the capability, its switches nor the answer's keys.
    const auto& e = h->capabilities.expansions;
    CHECK((std::find(e.begin(), e.end(), "tower") != e.end()) == (v >= 3));
    CHECK(h->capabilities.switches.count("ransom-timing") == (v >= 3 ? 1U : 0U));
    CHECK(h->capabilities.switches.count("farmer-scoring") == 1);
    // Floors are answered with the Tower in play only (issue 45), and named only from version 3:
    // none for this base-game request in any version, a player's floors in hand from 3 on.
    CHECK_FALSE(contains(s.lines[1], "\"floors\""));
    if (v >= 3) {
      const Served tower = serve({start(v), with(10, "/position/floors", Json{{"red", 9}})});
      REQUIRE(tower.lines.size() == 2);
      CHECK(contains(tower.lines[1], "\"floors\":{\"blue\":10,\"red\":9}"));
    }
    // The dragon and the fairy are version 4.
    CHECK((std::find(e.begin(), e.end(), "dragon") != e.end()) == (v >= 4));
    CHECK((std::find(e.begin(), e.end(), "fairy") != e.end()) == (v >= 4));
    CHECK(h->capabilities.switches.count("dragon-move") == (v >= 4 ? 1U : 0U));
    // Version 6: six switches and one value are new.
    CHECK(h->capabilities.switches.count("phantom-flier-same-turn-feature") == (v >= 6 ? 1U : 0U));
    const auto& where = h->capabilities.switches.at("crop-add-where");
    CHECK((std::find(where.begin(), where.end(), "own-segment") != where.end()) == (v >= 6));
    CHECK(std::find(where.begin(), where.end(), "same-tile-next-to") != where.end());
    // Version 7: the query kind events and the answer key scored (the road scored 10 is no event:
    // the position states the score).
    const auto& q = h->capabilities.queries;
    CHECK((std::find(q.begin(), q.end(), "events") != q.end()) == (v >= 7));
    // Version 8: new expansions (the Festival, Little Buildings) and their switches.
    CHECK((std::find(e.begin(), e.end(), "festival") != e.end()) == (v >= 8));
    CHECK((std::find(e.begin(), e.end(), "little-buildings") != e.end()) == (v >= 8));
    CHECK(h->capabilities.switches.count("festival-return") == (v >= 8 ? 1U : 0U));
    CHECK((std::find(e.begin(), e.end(), "castles") != e.end()) == (v >= 8));
    CHECK(h->capabilities.switches.count("castle-converters") == (v >= 8 ? 1U : 0U));
    // Version 9: Under the Big Top (the big top, the acrobats, the ringmaster).
    CHECK((std::find(e.begin(), e.end(), "big-top") != e.end()) == (v >= 9));
    const auto& f = h->capabilities.figures;  // the ringmaster is a figure kind of version 9
    CHECK((std::find(f.begin(), f.end(), "ringmaster") != f.end()) == (v >= 9));
    CHECK(h->capabilities.switches.count("acrobat-reach") == (v >= 9 ? 1U : 0U));
    // Version 10: the bridges.
    CHECK((std::find(e.begin(), e.end(), "bridges") != e.end()) == (v >= 10));
    // Version 11 (issue 47): the switch dragon-eats-tower-top is new; flier-as-acrobat keeps its values.
    CHECK(h->capabilities.switches.count("dragon-eats-tower-top") == (v >= 11 ? 1U : 0U));
    CHECK(h->capabilities.switches.count("exchange-chooser") == (v >= 11 ? 1U : 0U));
  }
  const Served s = serve({start(12), proto::encode_run(road_request(10, 0))});
  CHECK(s.code == kExitFailures);
  CHECK(s.lines.empty());
  CHECK(contains(s.err, "protocol version 12 is not supported (this serves versions 1 to 11)"));
}

TEST_CASE("A switch or expansion of a later version is neither sent to nor required of an older implementation",
          "[protocol][handshake]") {
  for (const auto& spec : switch_specs()) {
    // The Tower's switches (ledger V-TO-*) came with version 3; the dragon's and the fairy's
    // (V-PD-3, V-PD-5 and later; V-PD-1, 2 and 4 are the portal's and the princess's) with
    // version 4; every other one with version 1.
    INFO(spec.ruling);
    const bool tower = spec.ruling.substr(0, 5) == "V-TO-";
    const bool pd = spec.ruling.substr(0, 5) == "V-PD-";
    const int pd_number = pd ? std::stoi(std::string(spec.ruling.substr(5))) : 0;
    const bool dragon_fairy = pd && (pd_number == 3 || pd_number >= 5);
    // Version 6's new switches (proto::switch_history).
    const bool six = spec.ruling == "V-FM-10" || spec.ruling == "V-CC-5" || spec.ruling == "V-CC-6" ||
                     spec.ruling == "V-TB-3" || spec.ruling == "V-FM-11" || spec.ruling == "V-FM-12";
    // Version 8's expansions: the Festival (V-FE-*), Little Buildings (V-LB-*) and the castles (V-BC-*).
    const bool eight = spec.ruling.substr(0, 5) == "V-FE-" || spec.ruling.substr(0, 5) == "V-LB-" ||
                       spec.ruling.substr(0, 5) == "V-BC-";
    // Version 9: Under the Big Top's (V-BT-1, V-BT-2, and V-FM-4, V-PH-2 of its acrobats).
    const bool nine = spec.ruling == "V-BT-1" || spec.ruling == "V-BT-2" || spec.ruling == "V-FM-4" ||
                      spec.ruling == "V-PH-2" || spec.ruling == "V-BC-4";
    // Version 11: the second truth pass's switches (issue 47).
    const bool eleven = spec.ruling == "V-PD-12" || spec.ruling == "V-TO-6";
    CHECK(proto::switch_introduced_in(spec.key) == (eleven         ? 11
                                                    : nine         ? 9
                                                    : eight        ? 8
                                                    : six          ? 6
                                                    : tower        ? 3
                                                    : dragon_fairy ? 4
                                                                   : 1));
  }
  CHECK(proto::expansion_introduced_in("big-top") == 9);
  CHECK(proto::expansion_introduced_in("ringmaster") == 9);
  CHECK(proto::expansion_introduced_in("tower") == 3);
  CHECK(proto::expansion_introduced_in("dragon") == 4);
  CHECK(proto::expansion_introduced_in("fairy") == 4);
  CHECK(proto::expansion_introduced_in("flier") == 1);
  CHECK(proto::expansion_introduced_in("castles") == 8);
  CHECK(proto::expansion_introduced_in("bridges") == 10);
  RuleSet rules;
  REQUIRE(rules.set("tower-capture-targets", "all-figures").ok());
  const auto has = [](const proto::Ruleset& r, std::string_view key) {
    return std::any_of(r.switches.begin(), r.switches.end(), [&](const auto& kv) { return kv.first == key; });
  };
  CHECK(has(wire_ruleset(rules, 3), "tower-capture-targets"));
  CHECK_FALSE(has(wire_ruleset(rules, 2), "tower-capture-targets"));
  CHECK(has(wire_ruleset(rules, 2), "farmer-scoring"));
  CHECK(wire_ruleset(rules, 2).switches.size() + 5 == wire_ruleset(rules, 3).switches.size());
  CHECK(wire_ruleset(rules, 3).switches.size() + 8 == wire_ruleset(rules, 4).switches.size());
  CHECK_FALSE(has(wire_ruleset(rules, 3), "dragon-move"));
  CHECK(has(wire_ruleset(rules, 4), "dragon-move"));
  CHECK(wire_ruleset(rules, 5).switches.size() + 6 == wire_ruleset(rules, 6).switches.size());
  CHECK_FALSE(has(wire_ruleset(rules, 5), "crop-rake-without-farmers"));
  CHECK(has(wire_ruleset(rules, 6), "crop-rake-without-farmers"));
}

TEST_CASE("Version 6 changed defaults: an older implementation is taken to play the value before",
          "[protocol][handshake][switches]") {
  // A switch new in 6 whose default is not the behaviour before.
  CHECK(proto::default_in_version("phantom-flier-same-turn-feature", 6) == "forbidden");
  CHECK(proto::default_in_version("phantom-flier-same-turn-feature", 5) == "allowed");
  CHECK(proto::default_in_version("crop-rake-without-farmers", 5) == "no-op");
  CHECK(proto::default_in_version("crop-rake-without-farmers", 6) == "ask");
  // A new value that became the default of an older switch.
  CHECK(proto::default_in_version("crop-add-where", 6) == "own-segment");
  CHECK(proto::default_in_version("crop-add-where", 1) == "same-tile-next-to");
  CHECK(proto::value_in_version("crop-add-where", "own-segment", 6));
  CHECK_FALSE(proto::value_in_version("crop-add-where", "own-segment", 5));
  CHECK(proto::value_in_version("crop-add-where", "anywhere-in-feature", 1));
  CHECK_FALSE(proto::value_in_version("builder-on-completed-feature", "allowed", 5));
  CHECK(proto::value_in_version("builder-on-completed-feature", "forbidden", 6));
  CHECK_FALSE(proto::value_in_version("crop-add-where", "no-such-value", 6));
  // Every change names a switch and values of the engine's table, and a value before that exists.
  for (const auto& c : proto::switch_history()) {
    INFO(c.key);
    const SwitchSpec* spec = find_switch(c.key);
    REQUIRE(spec);
    CHECK(std::find(spec->values.begin(), spec->values.end(), c.before) != spec->values.end());
    for (const auto v : c.new_values)
      CHECK(std::find(spec->values.begin(), spec->values.end(), v) != spec->values.end());
    CHECK(c.version <= proto::kProtocolVersion);
  }
  // serve asked in 5 plays a switch it is not sent at its value before.
  auto five = proto::ruleset_of(proto::Ruleset{"hig-c3", {}}, 5);
  REQUIRE(five.ok());
  CHECK(five->get("crop-add-where") == "same-tile-next-to");
  CHECK(five->get("crop-rake-without-farmers") == "no-op");
  CHECK(five->get("phantom-flier-same-turn-feature") == "allowed");
  auto six = proto::ruleset_of(proto::Ruleset{"hig-c3", {}}, 6);
  REQUIRE(six.ok());
  CHECK(six->get("crop-add-where") == "own-segment");
  // What is sent is played, whatever the version.
  auto sent = proto::ruleset_of(proto::Ruleset{"hig-c3", {{"crop-add-where", "anywhere-in-feature"}}}, 5);
  REQUIRE(sent.ok());
  CHECK(sent->get("crop-add-where") == "anywhere-in-feature");
  CHECK(sent->get("crop-rake-without-farmers") == "no-op");
  // Version 11 (issue 47): a flier is no acrobat by default (fn 5, C3.1); an implementation
  // answering 9 or 10 was promised `allowed`, and the dragon eating a tower's top before V-PD-12.
  auto ten = proto::ruleset_of(proto::Ruleset{"hig-c3", {}}, 10);
  REQUIRE(ten.ok());
  CHECK(ten->get("flier-as-acrobat") == "allowed");
  CHECK(ten->get("dragon-eats-tower-top") == "yes");
  auto eleven = proto::ruleset_of(proto::Ruleset{"hig-c3", {}}, 11);
  REQUIRE(eleven.ok());
  CHECK(eleven->get("flier-as-acrobat") == "forbidden");
  CHECK(proto::default_in_version("flier-as-acrobat", 10) == "allowed");
  CHECK(proto::default_in_version("flier-as-acrobat", 11) == "forbidden");
  CHECK_FALSE(proto::value_in_version("dragon-eats-tower-top", "no", 10));
  CHECK(proto::value_in_version("dragon-eats-tower-top", "no", 11));
  CHECK(ten->get("exchange-chooser") == "capturer");
  CHECK_FALSE(proto::value_in_version("exchange-chooser", "holder", 10));
  CHECK(proto::value_in_version("exchange-chooser", "holder", 11));
}

TEST_CASE("From version 5 a request carries only the switches that can matter to its scenario",
          "[protocol][handshake][switches]") {
  const RuleSet rules;
  const auto keys = [&](int version, std::vector<std::string> caps) {
    std::vector<std::string> out;
    for (const auto& [k, v] : wire_ruleset(rules, version, &caps).switches) out.push_back(k);
    return out;
  };
  const auto has = [](const std::vector<std::string>& list, const char* key) {
    return std::find(list.begin(), list.end(), key) != list.end();
  };
  // A base scenario: the three base switches only, whatever else the ruleset sets.
  const auto base = keys(5, {"base"});
  CHECK(base.size() == 3);
  CHECK(has(base, "farmers"));
  CHECK(has(base, "farmer-scoring"));
  CHECK(has(base, "tiny-city-scoring"));
  // Before version 5 every switch of the version, whatever the scenario (version 6 added six).
  CHECK(keys(4, {"base"}).size() + 6 + kVersion8Switches + kVersion9Switches + kVersion11Switches ==
        switch_specs().size());
  CHECK(keys(3, {"base"}).size() + 8 + 6 + kVersion8Switches + kVersion9Switches + kVersion11Switches ==
        switch_specs().size());
  // A switch of two rooms: sent when its scenario needs both (and_with), or either (or_with).
  CHECK(has(keys(5, {"base", "phantom"}), "phantom-after-non-follower-action"));
  CHECK_FALSE(has(keys(5, {"base", "phantom"}), "phantom-after-crashed-flight"));
  CHECK_FALSE(has(keys(5, {"base", "flier"}), "phantom-after-crashed-flight"));
  CHECK(has(keys(5, {"base", "flier", "phantom"}), "phantom-after-crashed-flight"));
  CHECK(has(keys(5, {"base", "flier", "phantom"}), "phantom-flier-occupied"));
  CHECK(has(keys(5, {"base", "pig"}), "builder-pig-are-followers"));
  CHECK(has(keys(5, {"base", "builder"}), "builder-pig-are-followers"));
  CHECK_FALSE(has(keys(5, {"base", "tower"}), "portal-to-tower"));
  CHECK(has(keys(5, {"base", "portal", "tower"}), "portal-to-tower"));
  CHECK_FALSE(has(keys(5, {"base", "fairy"}), "fairy-protects-from-tower"));
  CHECK(has(keys(5, {"base", "fairy", "tower"}), "fairy-protects-from-tower"));
  CHECK_FALSE(has(keys(5, {"base", "princess"}), "princess-large-follower"));
  CHECK(has(keys(5, {"base", "large", "princess"}), "princess-large-follower"));
  // Every switch matters once its scenario needs every capability there is.
  std::vector<std::string> all;
  for (const auto c : capability_names()) all.emplace_back(c);
  CHECK(keys(11, all).size() == switch_specs().size());
  CHECK(keys(10, all).size() + kVersion11Switches == switch_specs().size());
  CHECK(keys(9, all).size() + kVersion11Switches == switch_specs().size());
  CHECK(keys(8, all).size() + kVersion9Switches + kVersion11Switches == switch_specs().size());
  CHECK(keys(6, all).size() + kVersion8Switches + kVersion9Switches + kVersion11Switches == switch_specs().size());
  CHECK(keys(5, all).size() + 6 + kVersion8Switches + kVersion9Switches + kVersion11Switches == switch_specs().size());
  // Whatever the combination, a switch of version 5 is never sent without its own capability.
  for (const auto& spec : switch_specs()) {
    INFO(spec.key);
    if (spec.capability != "base" && spec.or_with.empty()) CHECK_FALSE(switch_matters(spec, {"base"}));
    CHECK(switch_matters(spec, all));
  }
}

TEST_CASE("not-last-knight came with version 5 and reads as no-knight-there in earlier versions",
          "[protocol][handshake]") {
  CHECK(proto::reason_in_version("not-last-knight", 5) == "not-last-knight");
  CHECK(proto::reason_in_version("not-last-knight", 4) == "no-knight-there");
  CHECK(proto::reason_in_version("no-knight-there", 1) == "no-knight-there");
  CHECK(proto::reason_in_version("feature-occupied", 2) == "feature-occupied");
  Expect e;
  e.legal = std::vector<std::pair<MoveText, std::string>>{{MoveText{}, "not-last-knight"}, {MoveText{}, "ok"}};
  e.rejected = Rejection{1, "not-last-knight", {}};
  const Expect old = expect_in_version(e, 4);
  CHECK((*old.legal)[0].second == "no-knight-there");
  CHECK((*old.legal)[1].second == "ok");
  CHECK(old.rejected->reason == "no-knight-there");
  CHECK((*expect_in_version(e, 5).legal)[0].second == "not-last-knight");
}
