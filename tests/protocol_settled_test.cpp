// The protocol questions of issue 18, settled in oracle/PROTOCOL.md (version 5:
// §5.6 flights, §5.8 reason orders and the supply codes, §6 drawing and the end of
// the pile, §7 figures and final scoring, §8 what is compared, §9 several --impl):
// each test pins what the runner and our engine do, through the fixtures of tests/data/settled/ run in process and
// behind `carc-oracle serve`, the runner's comparison (runner/evaluate) on crafted answers, and the fake adapter
// tests/adapters/settled_stateless.py.
#include <unistd.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "answer/answer.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "data/oracle_data.hpp"
#include "protocol/codec.hpp"
#include "runner/evaluate.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/corpus.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {

using SettledJson = nlohmann::ordered_json;  // keys in the order written

std::string settled_fixture(const std::string& file) { return data("settled/" + file); }

std::string settled_serve() { return "'" + std::string(CARC_BINARY) + "' serve"; }

std::string settled_stateless() {
  return "python3 '" + std::string(CARC_SOURCE_DIR) + "/tests/adapters/settled_stateless.py' '" + CARC_BINARY + "'";
}

// `run --format json` over the fixture files, in process (no impl) or through each impl in turn.
Run settled_run(const std::vector<std::string>& files, const std::vector<std::string>& impls) {
  RunOptions o;
  for (const auto& f : files) o.paths.push_back(settled_fixture(f));
  o.impl = impls;
  o.format = "json";
  o.timeout = 30;
  o.no_progress = true;
  return run(o);
}

std::vector<SettledJson> settled_lines(const std::string& out) {
  std::vector<SettledJson> lines;
  std::istringstream in(out);
  for (std::string l; std::getline(in, l);) lines.push_back(SettledJson::parse(l));
  return lines;
}

// id -> state of the result records (of one implementation, when named).
std::map<std::string, std::string> settled_states(const std::vector<SettledJson>& lines,
                                                  const std::string& implementation = "") {
  std::map<std::string, std::string> out;
  for (const auto& j : lines)
    if (j["type"] == "result" && (implementation.empty() || j.value("implementation", "") == implementation))
      out[j["id"].get<std::string>()] = j["state"].get<std::string>();
  return out;
}

// id -> the keys of its differences, each once (a key has one difference per player, e.g. scores).
std::map<std::string, std::vector<std::string>> settled_diff_keys(const std::vector<SettledJson>& lines) {
  std::map<std::string, std::vector<std::string>> out;
  for (const auto& j : lines)
    if (j["type"] == "result")
      for (const auto& d : j["diffs"]) {
        auto& keys = out[j["id"].get<std::string>()];
        if (std::find(keys.begin(), keys.end(), d["key"]) == keys.end()) keys.push_back(d["key"].get<std::string>());
      }
  return out;
}

// Every result of the fixtures passes, in process and behind serve: the fixtures state what our engine does.
void settled_all_pass(const std::vector<std::string>& files, std::size_t results) {
  for (const bool served : {false, true}) {
    INFO((served ? "through serve" : "in process"));
    const Run r = settled_run(files, served ? std::vector<std::string>{settled_serve()} : std::vector<std::string>{});
    INFO(r.out << r.err);
    CHECK(r.code == kExitOk);
    const auto states = settled_states(settled_lines(r.out));
    CHECK(states.size() == results);
    for (const auto& [id, state] : states) {
      INFO(id);
      CHECK(state == "passed");
    }
  }
}

struct SettledScenario {
  Corpus corpus;
  const Scenario* scenario = nullptr;
};

SettledScenario settled_scenario(const std::string& file, const std::string& id) {
  SettledScenario out{load_corpus({settled_fixture(file)}), nullptr};
  for (const auto& f : out.corpus.files)
    for (const auto& s : f.scenarios)
      if (s.id == id) out.scenario = &s;
  REQUIRE(out.scenario);
  return out;
}

// The run message the runner sends for a fixture scenario (hig-c3, seq 1).
SettledJson settled_request(const std::string& file, const std::string& id) {
  const SettledScenario s = settled_scenario(file, id);
  auto req = request_for(*s.scenario, "hig-c3");
  REQUIRE(req.ok());
  return SettledJson::parse(proto::encode_run(wire_request(*req, "1")));
}

// `carc-oracle serve` in process on these input lines (through a pipe): its exit code.
int settled_serve_lines(const std::vector<std::string>& input, std::ostream& out, std::ostream& err) {
  int fds[2];
  REQUIRE(::pipe(fds) == 0);
  std::string text;
  for (const auto& l : input) text += l + "\n";
  REQUIRE(text.size() < 60000);  // within a pipe's buffer: written whole before serve reads
  REQUIRE(::write(fds[1], text.data(), text.size()) == static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  const int code = run_serve(fds[0], out, err);
  ::close(fds[0]);
  return code;
}

std::vector<std::string> settled_keys(const std::vector<Diff>& diffs) {
  std::vector<std::string> keys;
  for (const auto& d : diffs) keys.push_back(d.key);
  return keys;
}

}  // namespace

TEST_CASE(
    "Settled 1: an answer without the state fields meets only the expectations that do not name them or ask "
    "for nothing",
    "[protocol][settled]") {
  // The control: our engine behind serve passes every fixture.
  settled_all_pass({"state-fields.yaml"}, 8);
  // The same answers with scores, figures, supply, phase and active removed.
  const Run r = settled_run({"state-fields.yaml"}, {settled_stateless()});
  INFO(r.out << r.err);
  CHECK(r.code == kExitFailures);
  const auto lines = settled_lines(r.out);
  const auto states = settled_states(lines);
  const auto keys = settled_diff_keys(lines);
  // Passed: an expectation that names none of the five (moves only), or asks for what absence is:
  // no figure on the board, a supply count of 0.
  CHECK(states.at("BR-03-st1") == "passed");
  CHECK(states.at("BR-03-st2") == "passed");
  CHECK(states.at("BR-03-st3") == "passed");
  // Failed, each on the key it names.
  CHECK(states.at("BR-03-st4") == "failed");
  CHECK(keys.at("BR-03-st4") == std::vector<std::string>{"scores"});
  CHECK(states.at("BR-03-st5") == "failed");
  CHECK(keys.at("BR-03-st5") == std::vector<std::string>{"phase"});
  CHECK(states.at("BR-03-st6") == "failed");
  CHECK(keys.at("BR-03-st6") == std::vector<std::string>{"active"});
  CHECK(states.at("BR-03-st7") == "failed");
  CHECK(keys.at("BR-03-st7") == std::vector<std::string>{"figures"});
  CHECK(states.at("BR-03-st8") == "failed");
  CHECK(keys.at("BR-03-st8") == std::vector<std::string>{"supply"});
  // What an absent key reads as: a missing score is "(none)", a missing supply count 0.
  const SettledJson* scores = nullptr;
  const SettledJson* supply = nullptr;
  for (const auto& j : lines) {
    if (j["type"] != "result") continue;
    if (j["id"] == "BR-03-st4") scores = &j;
    if (j["id"] == "BR-03-st8") supply = &j;
  }
  REQUIRE(scores);
  REQUIRE(supply);
  CHECK((*scores)["diffs"][0]["actual"][0] == "red (none)");
  CHECK((*supply)["diffs"][0]["actual"][0] == "red follower 0");

  // `rejected` is the one key compared whatever the scenario expects: absent or null means every
  // move of query.apply was accepted, and a refusal the scenario does not expect fails it.
  const SettledScenario s = settled_scenario("state-fields.yaml", "BR-03-st1");
  Answer a;
  a.moves = {"pass", "deploy follower 1,0:field{NL,NR,EL,WR}", "deploy follower 1,0:field{ER,SL,SR,WL}"};
  CHECK(compare(s.scenario->expect, a, builtin_catalog()).empty());
  a.rejected = std::pair{1, std::string("edges-mismatch")};
  CHECK(settled_keys(compare(s.scenario->expect, a, builtin_catalog())) == std::vector<std::string>{"apply"});
}

TEST_CASE("Settled 2: figures and returned are compared as multisets of exact strings in any order",
          "[protocol][settled]") {
  settled_all_pass({"figures.yaml"}, 1);
  const SettledScenario s = settled_scenario("figures.yaml", "BR-03-sq1");
  const Expect& e = s.scenario->expect;
  const TileCatalog& cat = builtin_catalog();
  Answer a;
  a.figures = {"blue follower 0,0:city{N}", "red follower 1,0:road{E,W}"};
  CHECK(compare(e, a, cat).empty());
  // Any order.
  a.figures = {"red follower 1,0:road{E,W}", "blue follower 0,0:city{N}"};
  CHECK(compare(e, a, cat).empty());
  // A figure listed twice is two figures: the extra copy is a difference.
  a.figures = {"red follower 1,0:road{E,W}", "blue follower 0,0:city{N}", "red follower 1,0:road{E,W}"};
  auto diffs = compare(e, a, cat);
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].key == "figures");
  CHECK(diffs[0].expected.empty());
  CHECK(diffs[0].actual == std::vector<std::string>{"red follower 1,0:road{E,W}"});
  // And two identical figures expected need two in the answer (crop circles can put a second
  // follower of the same player beside the first: the same text twice).
  Expect twice = e;
  twice.figures->push_back(twice.figures->front());
  a.figures = {"red follower 1,0:road{E,W}", "blue follower 0,0:city{N}"};
  diffs = compare(twice, a, cat);
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].expected == std::vector<std::string>{"red follower 1,0:road{E,W}"});
  CHECK(diffs[0].actual.empty());
  // The text is compared as written: a feature address out of canonical order is another figure.
  a.figures = {"red follower 1,0:road{W,E}", "blue follower 0,0:city{N}"};
  diffs = compare(e, a, cat);
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].expected == std::vector<std::string>{"red follower 1,0:road{E,W}"});
  CHECK(diffs[0].actual == std::vector<std::string>{"red follower 1,0:road{W,E}"});
  // `returned` the same way: the scenario expects [] and a figure listed there fails it.
  a.figures = {"red follower 1,0:road{E,W}", "blue follower 0,0:city{N}"};
  a.returned = {"blue follower 0,0:city{N}"};
  CHECK(settled_keys(compare(e, a, cat)) == std::vector<std::string>{"returned"});
}

TEST_CASE("Settled 3: one reason code per refusal - the first failing check in a fixed order - compared exactly",
          "[protocol][settled]") {
  // Each probe of the fixtures fails more than one check; the expected code is the first in the
  // order of PROTOCOL.md §5.8 (return abbot, pass, fly, land, portal, phantom, crop, princess).
  settled_all_pass({"reasons.yaml"}, 12);
  // The runner compares the code exactly: another code that also applies fails, so does no answer.
  const SettledScenario s = settled_scenario("reasons.yaml", "BR-03-sr4");
  const Expect& e = s.scenario->expect;
  const TileCatalog& cat = builtin_catalog();
  Answer a;
  a.legal = {{"fly large 1", "no-flier"},
             {"fly follower 2", "no-flier"},
             {"deploy large 5,5:road{E,W} portal", "figure-not-in-game"},
             {"deploy follower 5,5:road{E,W} portal", "no-portal"}};
  CHECK(compare(e, a, cat).empty());
  a.legal["fly large 1"] = "figure-not-in-game";  // true as well, but not the first check
  auto diffs = compare(e, a, cat);
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].key == "legal");
  CHECK(diffs[0].expected == std::vector<std::string>{"fly large 1: no-flier"});
  CHECK(diffs[0].actual == std::vector<std::string>{"fly large 1: figure-not-in-game"});
  a.legal.erase("fly large 1");
  diffs = compare(e, a, cat);
  REQUIRE(diffs.size() == 1);
  CHECK(diffs[0].actual == std::vector<std::string>{"fly large 1: (no answer)"});
  // A refused move of query.apply: its index and its code, both exactly.
  Expect refused;
  refused.rejected = Rejection{2, "feature-occupied", {}};
  Answer b;
  b.rejected = std::pair{2, std::string("feature-occupied")};
  CHECK(compare(refused, b, cat).empty());
  b.rejected = std::pair{2, std::string("not-on-placed-tile")};
  CHECK(settled_keys(compare(refused, b, cat)) == std::vector<std::string>{"rejected"});
}

TEST_CASE(
    "Settled 4: a flight's target is the placed tile plus the roll times the turned arrow - or the roll-th tile "
    "under existing-tiles",
    "[protocol][settled]") {
  settled_all_pass({"flight.yaml"}, 5);
  // Nothing in the request names the target: the adapter computes it from the flier tile's
  // definition (its arrow at rotation 0), the tile's rotation, the roll and flier-distance.
  const SettledJson req = settled_request("flight.yaml", "FM-05-sf1");
  bool arrow = false;
  for (const auto& d : req["position"]["definitions"])
    if (d["id"] == "fl-F.o")
      for (const auto& f : d["features"]) arrow = arrow || f == "flier W";
  CHECK(arrow);
  bool turned = false;
  for (const auto& t : req["position"]["tiles"])
    if (t["id"] == "fl-F.o") turned = t["rotation"] == 90 && t["x"] == 2 && t["y"] == 1;
  CHECK(turned);
  CHECK(req["position"]["rolls"] == SettledJson::array({1}));
  CHECK(req["query"]["apply"] == SettledJson::array({"fly follower 1"}));
  const SettledJson existing = settled_request("flight.yaml", "FM-06-sf4");
  CHECK(existing["ruleset"]["switches"]["flier-distance"] == "existing-tiles");
}

TEST_CASE("Settled 5: figures stay listed on the board after final scoring and none is returned",
          "[protocol][settled]") {
  settled_all_pass({"final.yaml"}, 1);
  // serve's answer itself: the follower scored by final scoring is still in `figures`, not in
  // `returned`, and not back in supply.
  const SettledScenario s = settled_scenario("final.yaml", "BR-04-sg1");
  auto req = request_for(*s.scenario, "hig-c3");
  REQUIRE(req.ok());
  std::ostringstream out, err;
  const int code = settled_serve_lines(
      {R"({"cmd":"start","protocol_version":5})", proto::encode_run(wire_request(*req, "1")), R"({"cmd":"stop"})"}, out,
      err);
  CHECK(code == 0);
  const auto lines = settled_lines(out.str());
  REQUIRE(lines.size() == 2);
  const SettledJson& answer = lines[1]["answer"];
  CHECK(answer["phase"] == "game-over");
  CHECK(answer["figures"] == SettledJson::array({"red follower 0,0:road{E,W}"}));
  CHECK(answer["returned"] == SettledJson::array());
  CHECK(answer["supply"]["red"]["follower"] == 6);
  CHECK(answer["scores"]["red"] == 1);
  CHECK(answer["moves"] == SettledJson::array());
}

TEST_CASE("Settled 6: final scoring asked in the figure phase ends the game at once - without step 2 or step 3",
          "[protocol][settled]") {
  // sg2: nothing applied, final_scoring: the closed city is scored by final scoring (4, as step 3
  // would), its knight stays listed and returns nothing. sg3: pass first, so step 3 scores the
  // city and returns the knight, and the empty closed pile ends the game. sg4: a farmer deployed
  // in step 2, step 3, then final scoring scores the farmer. All pass in process and behind serve.
  settled_all_pass({"lasttile.yaml"}, 3);
  const SettledScenario now = settled_scenario("lasttile.yaml", "BR-04-sg2");
  CHECK(now.scenario->apply.empty());
  CHECK(now.scenario->expect.returned->empty());
  const SettledScenario after_pass = settled_scenario("lasttile.yaml", "BR-04-sg3");
  CHECK(after_pass.scenario->expect.returned->size() == 1);
  CHECK(after_pass.scenario->expect.figures->empty());
  CHECK(now.scenario->expect.scores == after_pass.scenario->expect.scores);
}

TEST_CASE("Settled 7: a drawn tile that fits nowhere is discarded silently and the next one drawn",
          "[protocol][settled]") {
  settled_all_pass({"discard.yaml"}, 3);
  // The position sent keeps the unplaceable tile in the pile: the implementation draws and discards.
  const SettledJson req = settled_request("discard.yaml", "BR-01-sd2");
  CHECK(req["position"]["phase"] == "tile");
  CHECK_FALSE(req["position"].contains("in_hand"));
  CHECK(req["position"]["pile"] == SettledJson::array({"C", "V"}));
  // The same tile stated in hand is a position that cannot arise: refused (serve: errored, check:
  // an error at in_hand, tests/data/invalid/in-hand-fits-nowhere.yaml). Regression: the engine kept
  // it and answered phase tile with no move.
  SettledJson held = req;
  held["position"]["in_hand"] = "C";
  held["position"]["pile"] = SettledJson::array({"V"});
  std::ostringstream out, err;
  CHECK(settled_serve_lines({R"({"cmd":"start","protocol_version":5})", held.dump()}, out, err) == kExitOk);
  std::istringstream replies(out.str());
  std::string hello, reply;
  std::getline(replies, hello);
  std::getline(replies, reply);
  const SettledJson r = SettledJson::parse(reply);
  CHECK(r["errored"] == true);
  CHECK(contains(r["message"].get<std::string>(), "in_hand: C fits nowhere on this board"));
}

TEST_CASE("Settled 8: an empty pile with last_tile false leaves phase tile with no moves and no final scoring",
          "[protocol][settled]") {
  settled_all_pass({"openpile.yaml"}, 3);
  const SettledJson open = settled_request("openpile.yaml", "BR-01-sd5");
  CHECK(open["position"]["last_tile"] == false);
  CHECK(open["position"]["pile"] == SettledJson::array());
  const SettledJson closed = settled_request("openpile.yaml", "BR-01-sd6");
  CHECK(closed["position"]["last_tile"] == true);
  // The fixtures' answers differ only by last_tile: phase tile, no moves, 0 points; or game-over, 2 points.
  const SettledScenario a = settled_scenario("openpile.yaml", "BR-01-sd5");
  const SettledScenario b = settled_scenario("openpile.yaml", "BR-01-sd6");
  CHECK(*a.scenario->expect.phase == "tile");
  CHECK(*a.scenario->expect.count == 0);
  CHECK(*b.scenario->expect.phase == "game-over");
}

TEST_CASE(
    "Settled 9: figure-not-in-game when the kind is absent from the player's supply - no-figure-in-supply when "
    "listed with 0 in hand",
    "[protocol][settled]") {
  settled_all_pass({"supply.yaml"}, 2);
  // What is sent: a kind the player owns (in hand + board + prisoners) is listed, with its count
  // in hand, 0 included; a kind it owns none of is not listed.
  const SettledJson owned = settled_request("supply.yaml", "BR-03-sp1");
  CHECK(owned["position"]["supply"]["red"] == SettledJson{{"follower", 0}});
  CHECK(owned["position"]["figures"].size() == 1);
  const SettledJson none = settled_request("supply.yaml", "BR-03-sp2");
  CHECK_FALSE(none["position"]["supply"].contains("red"));
  CHECK(none["position"]["supply"]["blue"] == SettledJson{{"follower", 7}, {"large", 1}});
  // serve's answer lists every kind for every player (0 when not owned), so the answer's supply
  // cannot tell the two apart: only the probes' reasons do, and the runner reads an absent count as 0.
  const SettledScenario s = settled_scenario("supply.yaml", "BR-03-sp2");
  Answer a;
  a.moves = {"pass"};
  a.legal = {{"deploy follower 1,0:road{E,W}", "figure-not-in-game"},
             {"deploy large 1,0:road{E,W}", "figure-not-in-game"},
             {"deploy follower 9,9:road{E,W}", "figure-not-in-game"}};
  CHECK(compare(s.scenario->expect, a, builtin_catalog()).empty());
  a.legal["deploy follower 1,0:road{E,W}"] = "no-figure-in-supply";
  CHECK(settled_keys(compare(s.scenario->expect, a, builtin_catalog())) == std::vector<std::string>{"legal"});
}

TEST_CASE(
    "Settled 10: run --format json with several --impl - results then summary per implementation then one "
    "comparison",
    "[protocol][settled]") {
  const Run r = settled_run({"state-fields.yaml"}, {settled_serve(), settled_stateless()});
  INFO(r.out << r.err);
  CHECK(r.code == kExitFailures);
  const auto lines = settled_lines(r.out);
  REQUIRE(lines.size() == 8 + 1 + 8 + 1 + 1);
  const std::string first = "carc-oracle 0.1.0", second = "carc-oracle 0.1.0 #2";  // same handshake: #2
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO(i);
    const auto& j = lines[i];
    const std::string type = i < 8 || (i > 8 && i < 17) ? "result" : i == 8 || i == 17 ? "summary" : "comparison";
    CHECK(j["type"] == type);
    if (type == "comparison") {
      CHECK_FALSE(j.contains("implementation"));
      continue;
    }
    CHECK(j["implementation"] == (i <= 8 ? first : second));
    // `type` first, then `implementation`.
    CHECK(j.begin().key() == "type");
    CHECK(std::next(j.begin()).key() == "implementation");
  }
  // Results in the same order (by id) for each implementation.
  for (std::size_t i = 0; i < 8; ++i) CHECK(lines[i]["id"] == lines[9 + i]["id"]);
  CHECK(lines[8]["passed"] == 8);
  CHECK(lines[17]["passed"] == 3);
  CHECK(lines[17]["failed"] == 5);
  const auto& cmp = lines.back();
  CHECK(cmp["implementations"] == SettledJson::array({first, second}));
  std::vector<std::string> ids;
  for (const auto& d : cmp["disagreements"]) {
    ids.push_back(d["id"].get<std::string>());
    CHECK(d["ruleset"] == "hig-c3");
    CHECK(d["states"] == SettledJson{{first, "passed"}, {second, "failed"}});
    CHECK(d.contains("area"));
  }
  CHECK(ids == std::vector<std::string>{"BR-03-st4", "BR-03-st5", "BR-03-st6", "BR-03-st7", "BR-03-st8"});
  // With one implementation: no `implementation` key and no comparison line.
  const Run one = settled_run({"state-fields.yaml"}, {settled_serve()});
  const auto single = settled_lines(one.out);
  REQUIRE(single.size() == 9);
  for (const auto& j : single) CHECK_FALSE(j.contains("implementation"));
  CHECK(single.back()["type"] == "summary");
}
