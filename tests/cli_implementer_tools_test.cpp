// Implementers' tools (issue 19): `request ID` prints the exact messages a scenario
// sends, `run --trace FILE` records every message exchanged with timing, and
// `--version` says which oracle and data judged a run.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "protocol/codec.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;
using Json = nlohmann::json;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

struct Printed {
  int code = 0;
  std::string out, err;
};

Printed request(RequestOptions o) {
  if (o.paths.empty()) o.paths = {data("runner/pass")};
  std::ostringstream out, err;
  const int code = run_request(o, out, err);
  return {code, out.str(), err.str()};
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

}  // namespace

TEST_CASE("request prints the start then run then stop messages of a scenario", "[cli][request]") {
  RequestOptions o;
  o.id = "BR-03-v";
  const Printed p = request(o);
  INFO(p.err);
  REQUIRE(p.code == kExitOk);
  const auto lines = lines_of(p.out);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0] == proto::encode_start());
  CHECK(lines[2] == proto::encode_stop());
  auto cmd = proto::decode_command(lines[1]);
  REQUIRE(cmd.ok());
  REQUIRE(cmd->kind == proto::Command::Kind::Run);
  CHECK(cmd->run.scenario == "BR-03-v");
  CHECK(cmd->run.ruleset.name == "hig-c3");
  CHECK(cmd->run.query.apply == std::vector<std::string>{"place U 1,0 r0", "deploy follower 1,0:road{E,W}"});
  // --run-only: the run message alone.
  o.run_only = true;
  CHECK(lines_of(request(o).out) == std::vector<std::string>{lines[1]});
}

TEST_CASE("request's output piped into serve is answered as the scenario expects", "[cli][request][protocol]") {
  const Child c = run_child({"sh", "-c",
                             quoted(CARC_BINARY) + " request BR-03-v " + quoted(data("runner/pass")) + " | " +
                                 quoted(CARC_BINARY) + " serve"});
  INFO(c.out << c.err);
  REQUIRE(c.code == 0);
  const auto lines = lines_of(c.out);
  REQUIRE(lines.size() == 2);  // the handshake, the answer
  auto reply = proto::decode_reply(lines[1]);
  REQUIRE(reply.ok());
  REQUIRE(reply->answer.rejected.has_value());
  CHECK(reply->answer.rejected->first == 2);
  CHECK(reply->answer.rejected->second == "feature-occupied");
  CHECK(reply->answer.phase == "figure");
}

TEST_CASE("request under an older protocol version leaves out what came later", "[cli][request][protocol]") {
  RequestOptions o;
  o.id = "BR-01-g";
  o.paths = {std::string(CARC_SOURCE_DIR) + "/scenarios/base/br-01-roads.yaml"};
  o.ruleset = "hig-c1-prebigbox";  // sets tower-capture-targets (version 3) away from its default
  const auto run_line = [&](int version) {
    o.protocol_version = version;
    const Printed p = request(o);
    INFO(p.err);
    REQUIRE(p.code == kExitOk);
    return lines_of(p.out);
  };
  const auto v3 = run_line(3);
  const auto v2 = run_line(2);
  CHECK(v2[0] == proto::encode_start(2));
  CHECK(contains(v3[1], "\"tower-capture-targets\":\"all-figures\""));
  CHECK_FALSE(contains(v2[1], "tower-capture-targets"));
  CHECK(contains(v2[1], "\"farmer-scoring\""));
}

TEST_CASE("request refuses what it cannot print and says why", "[cli][request]") {
  RequestOptions o;
  o.id = "BR-03-vv";  // no such scenario: the closest are named
  Printed p = request(o);
  CHECK(p.code == kExitInvalidInput);
  CHECK(contains(p.err, "no scenario has the id 'BR-03-vv' (closest: BR-03-v"));
  o.id = "BR-03-v";  // applies to hig-c3 only
  o.ruleset = "zmg";
  p = request(o);
  CHECK(p.code == kExitInvalidInput);
  CHECK(contains(p.err, "BR-03-v does not apply under zmg-c2 (it applies to hig-c3)"));
  o.ruleset = "nonesuch";
  CHECK(request(o).code == kExitInvalidInput);
  o.ruleset.clear();
  o.protocol_version = 12;
  p = request(o);
  CHECK(p.code == kExitInvalidInput);
  CHECK(contains(p.err, "--protocol-version: 12 is not a version this runner speaks (1 to 11)"));
  CHECK(p.out.empty());
}

TEST_CASE("run --trace records every message and process event with its time", "[cli][trace][protocol]") {
  const auto dir = fresh_dir("trace");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "trace.jsonl").string();
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.impl = {std::string("'") + CARC_BINARY + "' serve"};
  o.trace = file;
  const Run r = run(o);
  INFO(r.out << r.err);
  REQUIRE(r.code == kExitOk);
  std::ifstream in(file);
  std::vector<Json> records;
  for (std::string line; std::getline(in, line);) records.push_back(Json::parse(line));
  REQUIRE(records.size() >= 4);
  CHECK(records.front()["dir"] == "event");
  CHECK(records.front()["event"] == "started");
  CHECK(records.back()["dir"] == "event");
  CHECK(records[1]["dir"] == "sent");
  CHECK(records[1]["line"] == proto::encode_start());
  int runs_sent = 0, answers = 0;
  double last = 0;
  for (const auto& j : records) {
    CHECK(j["impl"] == 1);
    CHECK(j["t"].get<double>() >= last);
    last = j["t"].get<double>();
    if (j["dir"] == "sent" && contains(j["line"].get<std::string>(), "\"cmd\":\"run\"")) ++runs_sent;
    if (j["dir"] == "received" && contains(j["line"].get<std::string>(), "\"answer\"")) ++answers;
  }
  // One run message and one answer per result of the run (10: see "run --impl with our own engine").
  CHECK(runs_sent == 10);
  CHECK(answers == 10);
  std::filesystem::remove_all(dir);
}

TEST_CASE("run --trace names the implementation and keeps a crash and needs --impl", "[cli][trace][protocol]") {
  const auto dir = fresh_dir("trace-crash");
  std::filesystem::create_directories(dir);
  const std::string file = (dir / "trace.jsonl").string();
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.impl = {std::string("'") + CARC_BINARY + "' serve",
            "python3 " + std::string(CARC_SOURCE_DIR) + "/tests/adapters/crash.py " + CARC_BINARY + " 3"};
  o.trace = file;
  o.timeout = 5;
  const Run r = run(o);
  INFO(r.out << r.err);
  std::ifstream in(file);
  int second_started = 0, second_ended = 0;
  for (std::string line; std::getline(in, line);) {
    const Json j = Json::parse(line);
    if (j["impl"] != 2 || j["dir"] != "event") continue;
    second_started += j["event"] == "started" ? 1 : 0;
    second_ended += j["event"] == "ended" || j["event"] == "stopped" ? 1 : 0;
  }
  CHECK(second_started >= 2);  // it crashed and was restarted
  CHECK(second_ended >= 2);
  std::filesystem::remove_all(dir);

  RunOptions engine;
  engine.paths = {data("runner/pass")};
  engine.trace = file;
  const Run e = run(engine);
  CHECK(e.code == kExitInvalidInput);
  CHECK(contains(e.err, "--trace needs --impl"));
  engine.impl = {std::string("'") + CARC_BINARY + "' serve"};
  engine.trace = "/nonexistent-dir/trace.jsonl";
  const Run bad = run(engine);
  CHECK(bad.code == kExitInvalidInput);
  CHECK(contains(bad.err, "--trace /nonexistent-dir/trace.jsonl: cannot be written"));
}

TEST_CASE("The version flag names the tool and protocol versions and digests the data and scenarios",
          "[cli][version]") {
  const auto dir = fresh_dir("version");
  std::filesystem::create_directories(dir / "scenarios" / "sub");
  std::ofstream(dir / "scenarios" / "sub" / "a.yaml") << "id: X\n";
  const auto version = [&] {
    const Child c = run_child({"sh", "-c", "cd " + quoted(dir.string()) + " && " + quoted(CARC_BINARY) + " --version"});
    INFO(c.err);
    REQUIRE(c.code == 0);
    return c.out;
  };
  const std::string first = version();
  CHECK(contains(first, "carc-oracle "));
  CHECK(contains(first, "adapter protocol: versions 1 to 11 (sends 11)"));
  CHECK(contains(first, "rulings ledger: version 2, "));
  CHECK(contains(first, "scenarios/ (current directory): 1 scenario file, digest "));
  CHECK(version() == first);  // deterministic
  std::ofstream(dir / "scenarios" / "sub" / "a.yaml") << "id: Y\n";
  const std::string changed = version();
  CHECK(changed != first);  // the digest follows the files' content
  std::filesystem::remove_all(dir / "scenarios");
  CHECK(contains(version(), "scenarios/: not found in the current directory"));
  std::filesystem::remove_all(dir);
}
