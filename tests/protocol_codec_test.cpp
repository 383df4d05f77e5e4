// The protocol library (src/protocol): tile definitions round-trip through
// their feature specs, messages round-trip through JSON, and malformed input of
// any kind is a returned error, never a crash.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <random>
#include <sstream>

#include "cli/commands.hpp"
#include "data/oracle_data.hpp"
#include "protocol/codec.hpp"
#include "protocol/engine_adapter.hpp"
#include "protocol/line_reader.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/corpus.hpp"
#include "test_support.hpp"

using namespace carc;

using namespace carc::test;

namespace {

std::vector<std::string> lines_of(proto::LineReader& r) {
  std::vector<std::string> out;
  proto::Line l;
  while (r.next(l)) out.push_back(l.overlong ? "<overlong " + std::to_string(l.size) + ">" : l.text);
  return out;
}

}  // namespace

TEST_CASE("Every catalog tile rebuilds from the feature specs the protocol sends", "[protocol][tiles]") {
  const TileCatalog& cat = builtin_catalog();
  proto::TileCache cache;
  for (TileTypeId i = 0; i < cat.size(); ++i) {
    const TileDef& t = cat[i];
    INFO(t.id);
    const proto::TileDefinition d = proto::definition_of(t);
    auto back = cache.tile(d);
    REQUIRE(back.ok());
    REQUIRE(back->features.size() == t.features.size());
    for (std::size_t f = 0; f < t.features.size(); ++f) {
      const TileFeature& a = t.features[f];
      const TileFeature& b = back->features[f];
      CHECK((a.kind == b.kind && a.mask == b.mask && a.pennants == b.pennants && a.princess == b.princess &&
             a.arrow == b.arrow && a.symbol == b.symbol && a.adjacent_cities == b.adjacent_cities &&
             a.road_end == b.road_end && a.end_feature == b.end_feature));
    }
    CHECK(back->canonical_rot == t.canonical_rot);
    CHECK(back->edges == t.edges);
  }
}

TEST_CASE("A definition whose edges contradict its features is refused", "[protocol][tiles]") {
  proto::TileCache cache;
  auto t = cache.tile({"X", "CCCC", {"road{E,W}", "field{NL,NR,EL,WR}", "field{ER,SL,SR,WL}"}, "", ""});
  REQUIRE_FALSE(t.ok());
  CHECK(contains(t.error(), "edges say CCCC but the features give FRFR"));
  CHECK_FALSE(proto::catalog_of({{"Y", "FFFF", {"road{"}, "", ""}}, cache).ok());
}

TEST_CASE("A run message round-trips and the position rebuilds the scenario's state", "[protocol][codec]") {
  // The Tower's scenarios carry the version 3 keys (towers, floors, prisoners, ransom_paid),
  // the dragon's and the fairy's the version 4 keys (dragon, fairy, set_aside, dragon_path).
  const Corpus c = load_corpus({data("runner/pass"), std::string(CARC_SOURCE_DIR) + "/scenarios/tower",
                                std::string(CARC_SOURCE_DIR) + "/scenarios/dragon-fairy"});
  REQUIRE(c.all_problems().empty());
  for (const auto& f : c.files)
    for (const auto& s : f.scenarios) {
      INFO(s.id);
      auto rules = scenario_rules(s, scenario_rulesets(s).front());
      REQUIRE(rules.ok());
      const Request req{&s, *rules, {"deploy follower 1,0:road{E,W}"}, {}};
      const std::string line = proto::encode_run(wire_request(req, "17"));
      auto cmd = proto::decode_command(line);
      REQUIRE(cmd.ok());
      REQUIRE(cmd->kind == proto::Command::Kind::Run);
      CHECK(proto::encode_run(cmd->run) == line);
      CHECK(cmd->run.seq == "17");
      CHECK(cmd->run.scenario == s.id);
      proto::TileCache cache;
      auto cat = proto::catalog_of(cmd->run.position.definitions, cache);
      REQUIRE(cat.ok());
      auto ruleset = proto::ruleset_of(cmd->run.ruleset);
      REQUIRE(ruleset.ok());
      CHECK(ruleset->name == rules->name);
      // Version 5 sends the switches that can matter to the scenario; the others are rebuilt at
      // their defaults, which cannot change its answer.
      const auto caps = required_capabilities(s);
      const auto rebuilt = ruleset->effective();
      const auto original = rules->effective();
      REQUIRE(rebuilt.size() == original.size());
      for (std::size_t i = 0; i < rebuilt.size(); ++i) {
        const auto& [key, value] = original[i];
        INFO(key);
        CHECK(rebuilt[i].first == key);
        const SwitchSpec* spec = find_switch(key);
        REQUIRE(spec);
        CHECK(rebuilt[i].second == (switch_matters(*spec, caps) ? value : spec->values.front()));
      }
      auto state = proto::state_of(cmd->run.position, **cat, *ruleset);
      REQUIRE(state.ok());
      auto expected = build_state(s, *rules);
      REQUIRE(expected.ok());
      CHECK(state->phase() == expected->phase());
      CHECK(state->figures().size() == expected->figures().size());
      CHECK(state->board().tile_count() == expected->board().tile_count());
      CHECK(state->tower() == expected->tower());
      // The catalogs differ (one rebuilt from the definitions sent): tile types compare by id.
      const DragonFairyData& got = state->dragon_fairy();
      const DragonFairyData& want = expected->dragon_fairy();
      CHECK(got.dragon_in_play == want.dragon_in_play);
      CHECK(got.dragon == want.dragon);
      CHECK(got.fairy == want.fairy);
      CHECK(got.fairy_pos == want.fairy_pos);
      CHECK(got.has_host == want.has_host);
      CHECK(got.host == want.host);
      CHECK(got.dragon_pending == want.dragon_pending);
      CHECK(got.dragon_path == want.dragon_path);
      const auto ids = [](const State& st) {
        std::vector<std::string> out;
        for (const TileTypeId t : st.dragon_fairy().set_aside) out.push_back(st.catalog()[t].id);
        return out;
      };
      CHECK(ids(*state) == ids(*expected));
      for (int p = 0; p < state->player_count(); ++p) {
        CHECK(state->player(p).score == expected->player(p).score);
        CHECK(state->player(p).supply == expected->player(p).supply);
      }
    }
}

TEST_CASE("Replies round-trip, and a reply with a seq but a bad body is a protocol violation", "[protocol][codec]") {
  proto::RunReply r;
  r.seq = "{\"a\":[1,2]}";
  r.answer.moves = {"pass", "place U 1,0 r0"};
  r.answer.legal = {{"pass", "ok"}};
  r.answer.rejected = std::pair{2, std::string("feature-occupied")};
  r.answer.scores = {{"red", 3}};
  r.answer.supply = {{"red", {{"follower", 6}}}};
  r.answer.phase = "figure";
  r.answer.active = "red";
  auto back = proto::decode_reply(proto::encode_reply(r));
  REQUIRE(back.ok());
  CHECK(back->seq == r.seq);
  CHECK(back->state == proto::ReplyState::Answered);
  CHECK(back->answer.moves == r.answer.moves);
  CHECK(back->answer.rejected == r.answer.rejected);
  CHECK(back->answer.supply == r.answer.supply);

  auto skipped = proto::decode_reply(R"({"seq": 4, "skipped": true, "reason": "no fliers here"})");
  REQUIRE(skipped.ok());
  CHECK(skipped->state == proto::ReplyState::Skipped);
  CHECK(skipped->message == "no fliers here");
  auto violation = proto::decode_reply(R"({"seq": 4, "answer": {"moves": "pass"}})");
  REQUIRE(violation.ok());
  CHECK(violation->state == proto::ReplyState::Errored);
  CHECK(violation->message == "protocol violation: answer.moves: expected a list of strings, got string");
  auto both = proto::decode_reply(R"({"seq": 4, "answer": {}, "errored": true})");
  REQUIRE(both.ok());
  CHECK(contains(both->message, "exactly one of"));
}

TEST_CASE("Malformed lines are errors, never crashes", "[protocol][codec]") {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  for (const std::string& bad :
       {std::string(""), std::string("null"), std::string("[1]"), std::string("{"), std::string("{\"seq\":"),
        std::string("\xff\xfe"), std::string("{\"seq\": \"\xff\"}"), deep, std::string("{\"seq\":") + deep + "}",
        std::string("{\"cmd\": \"run\", \"seq\": 1, \"ruleset\": {\"name\": 1}}"),
        std::string("{\"cmd\": \"start\", \"protocol_version\": 99999999999999999999}"),
        std::string("{\"cmd\": \"launch\"}")}) {
    CHECK_FALSE(proto::decode_command(bad).ok());
    CHECK_FALSE(proto::decode_hello(bad).ok());
  }
  CHECK(contains(proto::decode_command(deep).error(), "nested deeper than 32"));
  // Random corruptions of a valid message never crash the decoders.
  const std::string valid =
      R"({"seq":1,"answer":{"moves":["pass"],"legal":{"pass":"ok"},"rejected":{"move":1,"reason":"x"},"scores":{"red":1}}})";
  std::mt19937 rng(42);
  for (int i = 0; i < 3000; ++i) {
    std::string s = valid;
    for (int k = 0; k < 3; ++k) s[rng() % s.size()] = static_cast<char>(rng() % 256);
    (void)proto::decode_reply(s);
    (void)proto::decode_command(s);
    (void)proto::decode_hello(s);
  }
}

TEST_CASE("Lines are reassembled from fragments, and an overlong one is dropped while the stream goes on",
          "[protocol][lines]") {
  proto::LineReader r(10);
  r.feed("ab");
  CHECK_FALSE(r.has_line());
  r.feed("c\r\nde\n\n0123456789");
  r.feed("0123456789xyz\nok");
  CHECK(lines_of(r) == std::vector<std::string>{"abc", "de", "", "<overlong 23>"});
  CHECK(r.partial_size() == 2);
  r.feed("\n");
  CHECK(lines_of(r) == std::vector<std::string>{"ok"});
}

TEST_CASE("read_line returns a last line without its newline, then end of input", "[protocol][lines]") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const std::string text = "one\ntwo";
  REQUIRE(::write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  proto::LineReader r(100);
  proto::Line l;
  REQUIRE(proto::read_line(fds[0], r, l));
  CHECK(l.text == "one");
  REQUIRE(proto::read_line(fds[0], r, l));
  CHECK(l.text == "two");
  CHECK_FALSE(proto::read_line(fds[0], r, l));
  ::close(fds[0]);
}

TEST_CASE("serve answers on stdout and reports unusable lines", "[protocol][serve]") {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  const std::string input =
      "{\"cmd\":\"start\",\"protocol_version\":1}\nnot json\n{\"cmd\":\"run\",\"seq\":5}\n{\"cmd\":\"stop\"}\n";
  REQUIRE(::write(fds[1], input.data(), input.size()) == static_cast<ssize_t>(input.size()));
  ::close(fds[1]);
  std::ostringstream out, err;
  CHECK(run_serve(fds[0], out, err) == 0);
  ::close(fds[0]);
  std::istringstream lines(out.str());
  std::string hello, reply;
  std::getline(lines, hello);
  std::getline(lines, reply);
  auto h = proto::decode_hello(hello);
  REQUIRE(h.ok());
  CHECK(h->name == "carc-oracle");
  CHECK(reply == R"({"seq":5,"errored":true,"message":"invalid request: run: missing required key 'ruleset'"})");
  CHECK(contains(err.str(), "ignored an invalid line: line: not JSON"));
}
