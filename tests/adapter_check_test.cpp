// `carc-oracle adapter-check` (issue 19): the handshake and a few real scenarios
// per declared item, a verdict each with the command that reproduces it, and the
// table of what each undeclared item would unlock, against our engine behind
// `serve`, the toy adapter, and hostile adapters.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/corpus.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {

struct Checked {
  int code = 0;
  std::string out, err;
};

Checked check(AdapterCheckOptions o) {
  std::ostringstream out, err;
  const int code = run_adapter_check(o, out, err);
  return {code, out.str(), err.str()};
}

std::string q(const std::string& s) { return "'" + s + "'"; }
std::string adapter(const std::string& script) { return std::string(CARC_SOURCE_DIR) + "/tests/adapters/" + script; }
std::string toy() { return "python3 " + q(std::string(CARC_SOURCE_DIR) + "/oracle/adapters/toy_adapter.py"); }

// The unlock table as printed: item -> (alone, with others).
std::map<std::string, std::pair<int, int>> unlock_rows(const std::string& out) {
  std::map<std::string, std::pair<int, int>> rows;
  const std::regex row(R"(^  (\S.*?)\s+(\d+)\s+(\d+)$)");
  std::istringstream in(out.substr(out.find("not declared:")));
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_match(line, m, row)) rows[m[1]] = {std::stoi(m[2]), std::stoi(m[3])};
  }
  return rows;
}

}  // namespace

TEST_CASE("adapter-check against serve: every check ok and nothing left to unlock", "[cli][adapter-check]") {
  AdapterCheckOptions o;
  o.impl = q(CARC_BINARY) + " serve";
  o.paths = {corpus_dir()};
  const Checked c = check(o);
  INFO(c.out << c.err);
  CHECK(c.code == kExitOk);
  CHECK(c.out.find("FAILED") == std::string::npos);
  CHECK(c.out.find("nothing: the adapter declares every capability") != std::string::npos);
  CHECK(c.out.find("unsupported: 0;") != std::string::npos);
  // Every capability the corpus uses gets one to three checks, each from a different scenario.
  for (const std::string cap : {"base", "flier", "crop-circles", "abbot", "phantom", "wagon", "tower"}) {
    const int n = count_of(c.out, "\n  ok              " + cap + ": ");
    INFO(cap);
    CHECK(n >= 1);
    CHECK(n <= 3);
  }
  // Non-default switch values are checked too, and each check says how to reproduce it.
  CHECK(c.out.find("ok              switch farmers=off: ") != std::string::npos);
  CHECK(count_of(c.out, "reproduce: carc-oracle request ") == count_of(c.out, " under "));
  CHECK(count_of(c.out, "reproduce: carc-oracle request ") > 40);
}

TEST_CASE(
    "adapter-check --protocol-version 2: serve answers 2 and the Tower, the dragon and the fairy are what it would "
    "unlock",
    "[cli][adapter-check]") {
  AdapterCheckOptions o;
  o.impl = q(CARC_BINARY) + " serve";
  o.paths = {corpus_dir()};
  o.protocol_version = 2;
  o.per_item = 1;
  const Checked c = check(o);
  INFO(c.out << c.err);
  CHECK(c.code == kExitOk);
  CHECK(c.out.find("protocol version 2 answered to a start with 2") != std::string::npos);
  CHECK(c.out.find("--protocol-version 2 | ") != std::string::npos);
  const auto rows = unlock_rows(c.out);
  // The capabilities of versions 3 (tower) and 4 (dragon, fairy); their switches belong to those
  // versions too: neither sent nor required, so none of their switch values is listed.
  REQUIRE(rows.count("tower"));
  REQUIRE(rows.count("dragon"));
  REQUIRE(rows.count("fairy"));
  CHECK(rows.at("tower").first > 0);
  CHECK(rows.at("dragon").first > 0);
  CHECK(rows.at("fairy").first + rows.at("fairy").second > 0);
  // And version 9's Under the Big Top (big-top, and ringmaster where a scenario needs it).
  REQUIRE(rows.count("big-top"));
  CHECK(rows.at("big-top").first > 0);
  // Besides them only values of version 6 (new switches, changed defaults) that change a verdict,
  // each named with its version: version 2 cannot declare them.
  std::size_t later = 0;
  for (const auto& [item, counts] : rows)
    if (item.ends_with("(protocol 6)")) {
      INFO(item);
      CHECK(item.starts_with("switch "));
      CHECK(counts.first + counts.second > 0);
      ++later;
    }
  CHECK(later > 0);
  // Version 8's expansions (the Festival, Little Buildings, the castles) are capabilities version 2 cannot declare.
  CHECK(rows.count("festival"));
  CHECK(rows.count("little-buildings"));
  REQUIRE(rows.count("castles"));
  CHECK(rows.at("castles").first > 0);
  // Version 10's bridges likewise.
  REQUIRE(rows.count("bridges"));
  CHECK(rows.at("bridges").first > 0);
  CHECK(rows.size() == 3 + 3 + 1 + 1 + rows.count("ringmaster") + later);
}

TEST_CASE("adapter-check against the toy adapter: its subset checked, unlock counts as run decides",
          "[cli][adapter-check]") {
  AdapterCheckOptions o;
  o.impl = toy();
  o.paths = {corpus_dir()};
  const Checked c = check(o);
  INFO(c.out << c.err);
  CHECK(c.code == kExitOk);
  CHECK(c.out.find("capabilities: base") != std::string::npos);
  CHECK(c.out.find("switches: none declared") != std::string::npos);
  // Only `base` is declared: every request check is a base one.
  CHECK(count_of(c.out, " under ") == 3);
  CHECK(count_of(c.out, " base: ") == 3);

  // The counts derived here from the corpus, apart from adapter-check's code: the toy declares
  // base with followers, no switch (defaults only), and the `moves` query.
  const Corpus corpus = load_corpus({corpus_dir()});
  std::map<std::string, int> alone, with_others;
  int unsupported = 0, several = 0;
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios) {
      if (!s.valid()) continue;
      for (const auto& preset : scenario_rulesets(s)) {
        auto rules = scenario_rules(s, preset);
        REQUIRE(rules.ok());
        // A variant with its own query.apply is asked its moves (scenarios/README.md "Moves per branch").
        const std::optional<Scenario> branch = branch_scenario(s, *rules);
        const Scenario& asked = branch ? *branch : s;
        std::vector<std::string> missing;
        for (const auto& cap : required_capabilities(s))
          if (cap != "base") missing.push_back(cap);
        // Protocol version 5: only the switches that can matter to the scenario are sent and
        // required; and a value the toy does not play (it plays the defaults) only where, played at
        // its default on top of those already replaced, our engine no longer meets the expectation
        // of the final state or of a checkpoint, each request on its own (PROTOCOL.md §4). The toy
        // does not answer score events: they are left out of what must hold.
        const auto switch_items = [&](const Scenario& part, Expect want) {
          for (const auto key : kEventKeys) want.remove(key);
          const Request req = request_of(part, *rules, want);
          RuleSet running = *rules;
          for (const auto& [key, value] : rules->effective()) {
            const SwitchSpec* spec = find_switch(key);
            if (spec->values.front() == value || !switch_matters(*spec, required_capabilities(s))) continue;
            RuleSet trial = running;
            REQUIRE(trial.set(key, spec->values.front()));
            const std::string item = "switch " + std::string(key) + "=" + std::string(value);
            if (engine_meets(req, trial, want))
              running = trial;
            else if (std::find(missing.begin(), missing.end(), item) == missing.end())
              missing.push_back(item);
          }
        };
        switch_items(asked, asked.resolved_expect(*rules));
        for (std::size_t i = 0; i < asked.checkpoints.size(); ++i) {
          const Scenario cut = checkpoint_scenario(asked, i);
          switch_items(cut, cut.resolved_expect(*rules));
        }
        const Expect e = asked.resolved_expect(*rules);
        if (!asked.apply.empty()) missing.emplace_back("query apply");
        if (asked.final_scoring) missing.emplace_back("query final-scoring");
        bool legal = e.legal && !e.legal->empty();
        for (const auto& cp : asked.resolved_checkpoints(*rules))  // a checkpoint's request asks legal too
          legal = legal || (cp.second.legal && !cp.second.legal->empty());
        if (legal) missing.emplace_back("query legal");
        if (missing.empty()) continue;
        ++unsupported;
        several += missing.size() > 1 ? 1 : 0;
        for (const auto& m : missing) ++(missing.size() == 1 ? alone[m] : with_others[m]);
      }
    }
  REQUIRE(unsupported > 1000);
  CHECK(c.out.find("unsupported: " + std::to_string(unsupported) +
                   "; missing one item: " + std::to_string(unsupported - several) +
                   "; missing several: " + std::to_string(several)) != std::string::npos);
  const auto rows = unlock_rows(c.out);
  for (const auto& [item, n] : alone) {
    INFO(item);
    REQUIRE(rows.count(item));
    CHECK(rows.at(item).first == n);
  }
  for (const auto& [item, n] : with_others) {
    INFO(item);
    REQUIRE(rows.count(item));
    CHECK(rows.at(item).second == n);
  }
  // Items nothing in the corpus needs are listed with zeros; every printed count is one derived here.
  for (const auto& [item, counts] : rows) {
    INFO(item);
    CHECK(counts.first == (alone.count(item) ? alone.at(item) : 0));
    CHECK(counts.second == (with_others.count(item) ? with_others.at(item) : 0));
  }
  CHECK(rows.count("query final-scoring"));
  CHECK(rows.count("phantom"));

  // And run --impl with the toy reports exactly that many results unsupported.
  RunOptions r;
  r.paths = {corpus_dir()};
  r.impl = {toy()};
  r.format = "json";
  r.no_progress = true;
  const Run run_out = run(r);
  CHECK(count_of(run_out.out, R"("state":"unsupported")") == unsupported);
}

TEST_CASE("adapter-check names malformed replies, crashes and wrong answers, each with its reproduction",
          "[cli][adapter-check]") {
  AdapterCheckOptions o;
  o.paths = {data("runner/pass")};
  o.per_item = 10;
  o.timeout = 20;
  SECTION("garbage instead of replies") {
    o.impl = "python3 " + q(adapter("garbage.py")) + " " + q(CARC_BINARY);
    const Checked c = check(o);
    INFO(c.out << c.err);
    CHECK(c.code == kExitFailures);
    CHECK(count_of(c.out, "FAILED malformed reply") >= 3);
    CHECK(c.out.find("FAILED malformed reply base: BR-03-v under ") != std::string::npos);
    CHECK(c.out.find("reproduce: carc-oracle request BR-03-v " + data("runner/pass") + " --ruleset ") !=
          std::string::npos);
    CHECK(c.out.find("ok              base: BR-03-t under ") != std::string::npos);  // the others answered
  }
  SECTION("a crash after each answer") {
    o.impl = "python3 " + q(adapter("crash.py")) + " " + q(CARC_BINARY) + " 1";
    const Checked c = check(o);
    INFO(c.out << c.err);
    CHECK(c.code == kExitFailures);
    CHECK(c.out.find("FAILED crash") != std::string::npos);
    CHECK(c.out.find("killed by signal 11") != std::string::npos);
    CHECK(c.out.find("\n  ok ") != std::string::npos);
  }
  SECTION("no reply in time") {
    o.impl = "python3 " + q(adapter("hang.py")) + " " + q(CARC_BINARY) + " BR-03-t";
    o.timeout = 1;
    const Checked c = check(o);
    INFO(c.out << c.err);
    CHECK(c.code == kExitFailures);
    CHECK(c.out.find("FAILED timeout  base: BR-03-t under ") != std::string::npos);
    CHECK(c.out.find("ok              base: BR-03-v under ") != std::string::npos);  // restarted for the others
  }
  SECTION("wrong answers") {
    o.impl = "python3 " + q(adapter("wrong.py")) + " " + q(CARC_BINARY);
    const Checked c = check(o);
    INFO(c.out << c.err);
    CHECK(c.code == kExitFailures);
    CHECK(c.out.find("FAILED wrong answer") != std::string::npos);
    CHECK(c.out.find("moves: missing ") != std::string::npos);
  }
  SECTION("a handshake declaring beyond its version, and names this runner does not know") {
    const auto dir = fresh_dir("adapter-check-hello");
    std::filesystem::create_directories(dir);
    const auto script = dir / "odd_hello.py";
    std::ofstream(script)
        << "import sys\nsys.path.insert(0, " << q(std::string(CARC_SOURCE_DIR) + "/tests/adapters")
        << ")\nimport fakelib\n"
           "def hello(r):\n"
           "    r['protocol_version'] = 2\n"
           "    r['capabilities']['expansions'].append('tower')\n"
           "    r['capabilities']['expansions'].append('dragon-v9')\n"
           "    r['capabilities']['switches'] = {'no-such-switch': ['x'], 'farmers': ['on', 'sometimes']}\n"
           "    return r\n"
           "fakelib.serve_loop(fakelib.forward, hello)\n";
    o.impl = "python3 " + q(script.string()) + " " + q(CARC_BINARY);
    const Checked c = check(o);
    INFO(c.out << c.err);
    CHECK(c.code == kExitFailures);
    CHECK(c.out.find("declared beyond the version answered: tower (version 3)") != std::string::npos);
    // The same warnings as run's: closest names only for what reads as a misspelling.
    CHECK(c.out.find("warning: unknown switch 'no-such-switch' (ignored)\n") != std::string::npos);
    CHECK(c.out.find("warning: unknown value of switch 'farmers': 'sometimes' (ignored)\n") != std::string::npos);
    CHECK(c.out.find("warning: unknown expansion 'dragon-v9' (ignored; closest: dragon)") != std::string::npos);
    CHECK(c.out.find("warning: expansion 'tower' came with protocol version 3, and the handshake answers 2") !=
          std::string::npos);
    std::filesystem::remove_all(dir);
  }
  SECTION("a handshake that is not one") {
    o.impl = "python3 " + q(adapter("bad_handshake.py")) + " garbage";
    const Checked c = check(o);
    CHECK(c.code == kExitImplStart);
    CHECK(c.err.find("not a valid handshake") != std::string::npos);
  }
  SECTION("bad arguments") {
    o.impl = q(CARC_BINARY) + " serve";
    AdapterCheckOptions bad = o;
    bad.protocol_version = 12;
    CHECK(check(bad).code == kExitInvalidInput);
    bad = o;
    bad.timeout = 0;
    CHECK(check(bad).code == kExitInvalidInput);
    bad = o;
    bad.impl = "  ";
    CHECK(check(bad).code == kExitInvalidInput);
    bad = o;
    bad.impl = "'unclosed";
    CHECK(check(bad).code == kExitInvalidInput);
  }
}
