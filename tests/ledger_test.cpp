// The rulings ledger's reader (src/data/ledger.hpp): strict like every data reader,
// so a misspelt key in oracle/rulings.yaml is an error at its line, never a lost value.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "data/ledger.hpp"
#include "scenario/corpus.hpp"
#include "test_support.hpp"

namespace carc {
using namespace carc::test;

namespace {

const char* const kSmallLedger = R"(version: 3
sources:
  S-X: {title: "A page", where: "somewhere"}
rulings:
  - id: XX-01
    area: test
    title: "A ruling"
    statement: "What it says."
    status: RULE
    disputed: false
    expansions: [base]
    editions: [C2]
    publishers: [HiG]
    sources:
      - {ref: S-X, locator: "p. 1", date: "2012"}
    encodable: true
  - id: XX-02
    area: test
    title: "Another"
    statement: "Cannot be asked."
    status: RULE
    disputed: false
    expansions: [base]
    editions: [C2]
    publishers: [HiG]
    sources: [{ref: S-X, locator: "p. 2"}]
    encodable: "needs a concept the engine lacks"
switches:
  - id: V-XX-1
    key: some-switch
    title: "A switch"
    values: [a, b]
    default: a
    statement: "Either."
    disputed: true
    rulings: [XX-01]
    sources: [{ref: S-X, locator: "p. 3"}]
    presets: [{value: b, who: "someone"}]
)";

std::string with_replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("The ledger reader reads every field of a well-formed ledger", "[ledger]") {
  Diagnostics diags;
  const Ledger l = parse_ledger(kSmallLedger, "small.yaml", diags);
  INFO((diags.empty() ? std::string() : diags.front().to_string()));
  REQUIRE(diags.empty());
  CHECK(l.version == 3);
  REQUIRE(l.rulings.size() == 2);
  CHECK(l.rulings[0].statement == "What it says.");
  CHECK(l.rulings[0].encodable);
  REQUIRE(l.rulings[0].sources.size() == 1);
  CHECK(l.rulings[0].sources[0].date == "2012");
  CHECK_FALSE(l.rulings[1].encodable);
  CHECK(l.rulings[1].not_encodable == "needs a concept the engine lacks");
  REQUIRE(l.switches.size() == 1);
  CHECK(l.switches[0].presets.size() == 1);
  REQUIRE(l.sources.size() == 1);
  CHECK(l.sources[0].where == "somewhere");
}

TEST_CASE("The ledger reader reads a ruling's checks line and leaves it empty where there is none", "[ledger]") {
  Diagnostics diags;
  const Ledger l =
      parse_ledger(with_replaced(kSmallLedger, "    encodable: true\n",
                                 "    encodable: true\n    checks: \"The placement set after one move.\"\n"),
                   "checks.yaml", diags);
  INFO((diags.empty() ? std::string() : diags.front().to_string()));
  REQUIRE(diags.empty());
  REQUIRE(l.rulings.size() == 2);
  CHECK(l.rulings[0].checks == "The placement set after one move.");
  CHECK(l.rulings[1].checks.empty());

  Diagnostics typo;
  parse_ledger(with_replaced(kSmallLedger, "    encodable: true\n", "    encodable: true\n    check: \"x\"\n"),
               "typo.yaml", typo);
  REQUIRE(typo.size() == 1);
  CHECK_THAT(typo[0].message, Catch::Contains("unknown key 'check' in a ruling"));
}

TEST_CASE("A misspelt key anywhere in the ledger is an error at its line", "[ledger]") {
  struct Typo {
    std::string from, to, words;
    int line;
  };
  const Typo typos[] = {
      {"    statement: \"What it says.\"", "    statment: \"What it says.\"", "unknown key 'statment' in a ruling", 8},
      {"    default: a", "    defualt: a", "unknown key 'defualt' in a switch", 33},
      {"{ref: S-X, locator: \"p. 2\"}", "{ref: S-X, locater: \"p. 2\"}", "unknown key 'locater' in a citation", 26},
      {"{value: b, who: \"someone\"}", "{value: b, whom: \"someone\"}", "unknown key 'whom' in a presets entry", 38},
      {"{title: \"A page\", where: \"somewhere\"}", "{title: \"A page\", were: \"somewhere\"}",
       "unknown key 'were' in source S-X", 3},
      {"switches:", "switchs:", "unknown key 'switchs' in the ledger", 28},
  };
  for (const auto& t : typos) {
    Diagnostics diags;
    parse_ledger(with_replaced(kSmallLedger, t.from, t.to), "typo.yaml", diags);
    INFO(t.to);
    REQUIRE(diags.size() == 1);
    CHECK_THAT(diags[0].message, Catch::Contains(t.words));
    CHECK(diags[0].line == t.line);
    CHECK(diags[0].file == "typo.yaml");
  }
}

TEST_CASE("The ledger reader refuses wrong shapes with a located message", "[ledger]") {
  Diagnostics diags;
  parse_ledger(
      with_replaced(
          kSmallLedger,
          "    disputed: false\n    expansions: [base]\n    editions: [C2]\n    publishers: [HiG]\n    sources:\n",
          "    disputed: [no]\n    expansions: [base]\n    editions: [C2]\n    publishers: [HiG]\n    sources:\n"),
      "shape.yaml", diags);
  REQUIRE_FALSE(diags.empty());
  CHECK_THAT(diags[0].message, Catch::Contains("disputed"));

  Diagnostics none;
  parse_ledger("version: 1\n", "empty.yaml", none);
  REQUIRE(none.size() == 1);
  CHECK_THAT(none[0].message, Catch::Contains("no rulings"));
}

TEST_CASE("oracle/rulings.yaml reads without a diagnostic", "[ledger]") {
  const std::string path = std::string(CARC_SOURCE_DIR) + "/oracle/rulings.yaml";
  Diagnostics diags;
  const Ledger l = parse_ledger(read_text(path), path, diags);
  for (const auto& d : diags) UNSCOPED_INFO(d.to_string());
  CHECK(diags.empty());
  CHECK(l.rulings.size() == builtin_ledger().size());
  CHECK(l.switches.size() == builtin_ledger_switches().size());
}

TEST_CASE("Every ruling that a scenario cites says in checks what its scenarios check", "[ledger][corpus]") {
  const Corpus corpus = load_corpus({corpus_dir()});
  std::set<std::string> cited;
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios) cited.insert(s.rulings.begin(), s.rulings.end());
  std::string missing;
  for (const auto& r : builtin_ledger())
    if (cited.count(r.id) != 0 && r.checks.empty()) missing += " " + r.id;
  INFO("rulings with scenarios but no `checks:` line in oracle/rulings.yaml:" << missing);
  CHECK(missing.empty());
}

}  // namespace carc
