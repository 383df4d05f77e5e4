// The rulings ledger's reader (src/data/ledger.hpp): strict like every data reader,
// so a misspelt key in oracle/rulings.yaml is an error at its line, never a lost value.
#include <catch2/catch.hpp>

#include <algorithm>
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
  S-X:
    title: "A page"
    kind: wiki-page
    tier: RULE
    url: "https://example.org/page"
    revision: "https://example.org/page?oldid=7"
    date: "2019-03-13"
    date_kind: revision
    passages:
      p1:
        where: "section 1"
        tier: RULE
        date: "2012"
        lang: de
        checked: stored-copy
        original: "Ein Satz."
        english: "A sentence."
      fn:
        where: "footnote 2"
        tier: EDITORIAL
        lang: en
        checked: stored-copy
        original: "The editors read it so."
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
      - {ref: S-X, locator: "p. 1", passages: [p1], date: "2012"}
    encodable: true
  - id: XX-02
    area: test
    title: "Another"
    statement: "Cannot be asked."
    status: DERIVED
    derives_from: [XX-01]
    disputed: false
    expansions: [base]
    editions: [C2]
    publishers: [HiG]
    sources: [{ref: S-X, locator: "p. 2", passages: [fn], date: "2026-12-01", date_kind: accessed}]
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
    sources: [{ref: S-X, locator: "p. 3", passages: [fn], date: "2019-03-13", date_kind: revision}]
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
  CHECK(l.rulings[0].sources[0].passages == std::vector<std::string>{"p1"});
  CHECK(l.rulings[0].sources[0].date_kind.empty());
  CHECK(l.rulings[0].sources[0].supports == "yes");
  CHECK(l.rulings[1].derives_from == std::vector<std::string>{"XX-01"});
  CHECK(l.rulings[1].sources[0].date_kind == "accessed");
  CHECK_FALSE(l.rulings[1].encodable);
  CHECK(l.rulings[1].not_encodable == "needs a concept the engine lacks");
  REQUIRE(l.switches.size() == 1);
  CHECK(l.switches[0].presets.size() == 1);
  REQUIRE(l.sources.size() == 1);
  const LedgerSource& src = l.sources[0];
  CHECK(src.url == "https://example.org/page");
  CHECK(src.link() == "https://example.org/page?oldid=7");
  CHECK(src.tier == "RULE");
  REQUIRE(src.passages.size() == 2);
  REQUIRE(src.passage("p1") != nullptr);
  CHECK(src.passage("p1")->original == "Ein Satz.");
  CHECK(src.passage("p1")->english == "A sentence.");
  CHECK(src.passage("nope") == nullptr);
}

TEST_CASE("A well-sourced ledger has no source problem", "[ledger][sources]") {
  Diagnostics diags;
  const Ledger l = parse_ledger(kSmallLedger, "small.yaml", diags);
  REQUIRE(diags.empty());
  const auto problems = ledger_source_problems(l);
  for (const auto& p : problems) UNSCOPED_INFO(p);
  CHECK(problems.empty());
}

TEST_CASE("Each sourcing rule of the ledger fails on its own defect", "[ledger][sources]") {
  struct Case {
    const char* what;
    const char* from;
    const char* to;
    const char* message;
  };
  const Case cases[] = {
      {"a source without a public address", "url: \"https://example.org/page\"", "url: \"example.org/page\"",
       "source S-X: no public address"},
      {"a source without a date", "    date: \"2019-03-13\"\n    date_kind: revision\n", "    date_kind: revision\n",
       "source S-X: no date"},
      {"a citation without a date", "passages: [p1], date: \"2012\"}", "passages: [p1]}",
       "XX-01: citation of S-X (p. 1): no date"},
      {"a citation without passages", "passages: [p1], date", "date",
       "XX-01: citation of S-X (p. 1): names no passage"},
      {"a citation of a passage the source lacks", "passages: [p1]", "passages: [p9]",
       "XX-01: citation of S-X (p. 1): no passage 'p9' in S-X"},
      {"a status above the best cited passage", "passages: [p1]", "passages: [fn]",
       "XX-01: status RULE ranks above its best cited passage (EDITORIAL)"},
      {"an unverified citation does not count", "passages: [p1], date: \"2012\"}",
       "passages: [p1], date: \"2012\", supports: unverified}",
       "XX-01: status RULE but no cited passage quotes a text"},
      {"a DERIVED ruling that names no ruling", "    derives_from: [XX-01]\n", "",
       "XX-02: DERIVED without derives_from"},
      {"derives_from naming an unknown ruling", "derives_from: [XX-01]", "derives_from: [XX-09]",
       "XX-02: derives_from names 'XX-09', not another ruling"},
      {"a passage outranking its source", "    tier: RULE\n    url:", "    tier: OFFICIAL\n    url:",
       "passage S-X/p1: tier RULE outranks its source's OFFICIAL"},
      {"a translation missing", "        english: \"A sentence.\"\n", "",
       "passage S-X/p1: original in 'de' without an English translation"},
      {"a partial citation that does not say what is missing", "passages: [p1], date: \"2012\"}",
       "passages: [p1], date: \"2012\", supports: partial}",
       "XX-01: citation of S-X (p. 1): partial without a note saying what is missing"},
      {"a malformed date", "date: \"2012\"}", "date: \"2012-13\"}",
       "XX-01: citation of S-X (p. 1): date '2012-13' is not YYYY[-MM[-DD]]"},
      {"an unknown status", "status: RULE", "status: GOSPEL", "XX-01: unknown status 'GOSPEL'"},
      {"an unknown kind", "kind: wiki-page", "kind: blog", "source S-X: unknown kind 'blog'"},
      {"a review rated as printed rules", "kind: wiki-page", "kind: review",
       "source S-X: tier RULE outranks what a source of kind review may carry (COMMUNITY)"},
      {"a ruling resting on a review", "kind: wiki-page", "kind: review",
       "XX-01: status RULE ranks above what its sources' kinds allow (COMMUNITY)"},
      {"a shop's text rated as printed rules", "kind: wiki-page", "kind: shop-page",
       "source S-X: tier RULE outranks what a source of kind shop-page may carry (COMMUNITY)"},
      {"a fan site's paraphrase rated as printed rules", "kind: wiki-page", "kind: fan-site",
       "XX-01: status RULE ranks above what its sources' kinds allow (COMMUNITY)"},
      {"a publisher's page rated as printed rules", "kind: wiki-page", "kind: publisher-page",
       "source S-X: tier RULE outranks what a source of kind publisher-page may carry (OFFICIAL)"},
      {"a translation that does not name its original", "kind: wiki-page", "kind: translation",
       "a translation keeps its original's tier only with `translates`"},
      {"translates on a source that is no translation",
       "    tier: RULE\n    url:", "    tier: RULE\n    translates: \"https://example.org/orig\"\n    url:",
       "source S-X: translates on a source of kind wiki-page, not translation"},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    Diagnostics diags;
    const Ledger l = parse_ledger(with_replaced(kSmallLedger, c.from, c.to), "case.yaml", diags);
    REQUIRE(diags.empty());
    const auto problems = ledger_source_problems(l);
    std::string all;
    for (const auto& p : problems) all += p + "\n";
    INFO(all);
    CHECK(std::any_of(problems.begin(), problems.end(),
                      [&](const std::string& p) { return p.find(c.message) != std::string::npos; }));
  }
}

TEST_CASE("A translation that names its original keeps the original's tier", "[ledger][sources]") {
  Diagnostics diags;
  const Ledger l = parse_ledger(with_replaced(kSmallLedger, "    kind: wiki-page\n",
                                              "    kind: translation\n    translates: \"https://example.org/orig\"\n"),
                                "translation.yaml", diags);
  REQUIRE(diags.empty());
  REQUIRE(l.sources.size() == 1);
  CHECK(l.sources[0].translates == "https://example.org/orig");
  const auto problems = ledger_source_problems(l);
  for (const auto& p : problems) UNSCOPED_INFO(p);
  CHECK(problems.empty());
}

TEST_CASE("oracle/rulings.yaml: public, dated, quoted and tiered sources", "[ledger][sources]") {
  // Every source has a public address and a tier no better than its kind allows, every
  // citation names passages and a date, no passage outranks its source, and no ruling's
  // status ranks above the best passage it cites or what its sources' kinds allow (a
  // DERIVED ruling names the rulings it derives from).
  const auto problems = ledger_source_problems(builtin_ledger_file());
  for (const auto& p : problems) UNSCOPED_INFO(p);
  CHECK(problems.empty());
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
      {"    statement: \"What it says.\"", "    statment: \"What it says.\"", "unknown key 'statment' in a ruling", 30},
      {"    default: a", "    defualt: a", "unknown key 'defualt' in a switch", 56},
      {"{ref: S-X, locator: \"p. 2\"", "{ref: S-X, locater: \"p. 2\"", "unknown key 'locater' in a citation", 49},
      {"{value: b, who: \"someone\"}", "{value: b, whom: \"someone\"}", "unknown key 'whom' in a presets entry", 61},
      {"    kind: wiki-page", "    knid: wiki-page", "unknown key 'knid' in source S-X", 5},
      {"        checked: stored-copy\n        original: \"Ein", "        checkd: stored-copy\n        original: \"Ein",
       "unknown key 'checkd' in passage S-X/p1", 17},
      {"switches:", "switchs:", "unknown key 'switchs' in the ledger", 51},
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
