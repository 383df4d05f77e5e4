// The rulings as players ask them (oracle/lookup/asked.yaml): the strict reader's located errors, the
// real file read without a problem and covering every ledger entry, and lookup finding a ruling
// through words only its asked questions hold.
#include <catch2/catch.hpp>

#include <set>

#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "lookup/asked.hpp"

using namespace carc;

namespace {

std::string asked_problems(const std::string& yaml) {
  Diagnostics diags;
  read_asked(yaml, "a.yaml", diags);
  std::string out;
  for (const auto& d : diags) out += d.to_string() + "\n";
  return out;
}

}  // namespace

TEST_CASE("the built-in asked questions read without a problem and cover every ledger entry", "[lookup][asked]") {
  const auto files = embedded_under("oracle/lookup/asked.yaml");
  REQUIRE(files.size() == 1);
  Diagnostics diags;
  const auto asked = read_asked(files[0].text, files[0].path, diags);
  for (const auto& d : diags) FAIL(d.to_string());
  CHECK(builtin_asked().size() == asked.size());
  std::set<std::string> ids;
  std::map<int, int> per_language;
  for (const auto& q : asked) {
    ids.insert(q.id);
    ++per_language[q.language];
  }
  for (const auto& r : builtin_ledger()) CHECK(ids.count(r.id) == 1);
  for (const auto& s : builtin_ledger_switches()) CHECK(ids.count(s.id) == 1);
  // Every language of the vocabulary asks.
  CHECK(per_language.size() == 8);
  for (const auto& [language, n] : per_language) CHECK(n >= 50);
}

TEST_CASE("asked questions: each problem located at its own line", "[lookup][asked]") {
  CHECK(asked_problems("version: 1\nasked:\n  BR-01:\n    - {lang: en, q: \"fine\"}\n").empty());
  CHECK(asked_problems("version: 2\nasked: {}\n") == "a.yaml:1:1: expected version: 1\n");
  CHECK(asked_problems("version: 1\nasked:\n  XX-99:\n    - {lang: en, q: \"what?\"}\n") ==
        "a.yaml:3:3: asked 'XX-99': no ruling or switch with this id in oracle/rulings.yaml\n");
  CHECK(asked_problems("version: 1\nasked:\n  BR-01:\n    - {lang: xx, q: \"what?\"}\n") ==
        "a.yaml:4:14: asked 'BR-01': unknown language 'xx' (expected en, es, ca, de, fr, it, nl or pl)\n");
  CHECK(asked_problems("version: 1\nasked:\n  BR-01:\n    - {lang: en, q: \"What?\"}\n  BR-02:\n    - {lang: de, "
                       "q: \"what?\"}\n") ==
        "a.yaml:6:21: asked 'BR-02': this question is already listed (each question answers one ruling)\n");
  CHECK(asked_problems("version: 1\nasked:\n  BR-01:\n    - {lang: en, q: \"\"}\n") ==
        "a.yaml:4:21: asked 'BR-01': a question of 1 to 400 bytes, not 0\n");
  CHECK(asked_problems("version: 1\nasked:\n  BR-01:\n    - {lang: en, q: \"" + std::string(401, 'a') + "\"}\n") ==
        "a.yaml:4:21: asked 'BR-01': a question of 1 to 400 bytes, not 401\n");
  CHECK(asked_problems("version: 1\nasked:\n  BR-01: \"one question\"\n") ==
        "a.yaml:3:10: asked 'BR-01': expected a list of {lang: CODE, q: \"QUESTION\"}\n");
  CHECK(asked_problems("version: 1\nasked:\n  BR-01:\n    - {lang: en}\n") ==
        "a.yaml:4:7: asked 'BR-01': each question needs lang and q\n");
  // A problem does not hide the next one.
  const std::string two =
      asked_problems("version: 1\nasked:\n  XX-1:\n    - {lang: en, q: \"a\"}\n  BR-01:\n    - {lang: zz, q: \"b\"}\n");
  CHECK(two.find("a.yaml:3:3:") != std::string::npos);
  CHECK(two.find("a.yaml:6:14:") != std::string::npos);
}
