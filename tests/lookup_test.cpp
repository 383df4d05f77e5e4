// Rules-lawyer lookups (src/lookup): search terms, ranking over the real
// ledger and corpus, `lookup --format json`, and `explain` with its diff.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "lookup/search.hpp"
#include "lookup/text_search.hpp"
#include "report/answer.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"

using namespace carc;
using Strings = std::vector<std::string>;

namespace {

std::string corpus_dir() { return std::string(CARC_SOURCE_DIR) + "/scenarios"; }
std::string data(const std::string& rel) { return std::string(CARC_SOURCE_DIR) + "/tests/data/" + rel; }

const Corpus& corpus() {
  static const Corpus c = load_corpus({corpus_dir()});
  return c;
}

const SearchIndex& index() {
  static const SearchIndex i(corpus());
  return i;
}

// The first hit of a kind.
std::string top(const std::string& query, HitKind kind = HitKind::Ruling) {
  for (const auto& h : index().search(query).hits)
    if (h.kind == kind) return h.id;
  return "";
}

struct Out {
  int code = 0;
  std::string out, err;
};

Out lookup(LookupOptions o) {
  if (o.paths.empty()) o.paths = {corpus_dir()};
  o.ascii = true;
  std::ostringstream out, err;
  const int code = run_lookup(o, out, err);
  return {code, out.str(), err.str()};
}

LookupOptions words(Strings w) {
  LookupOptions o;
  o.words = std::move(w);
  return o;
}

Out explain(ExplainOptions o) {
  o.ascii = true;
  std::ostringstream out, err;
  const int code = run_explain(o, out, err);
  return {code, out.str(), err.str()};
}

ExplainOptions explain_id(const std::string& id, Strings paths) {
  ExplainOptions o;
  o.id = id;
  o.paths = std::move(paths);
  return o;
}

}  // namespace

TEST_CASE("search terms fold plurals, phrases and synonyms to one form", "[lookup][terms]") {
  CHECK(search_terms("Flying Machines") == Strings{"flier"});
  CHECK(search_terms("the flyers flew") == Strings{"flier", "flier"});
  CHECK(search_terms("meeples on monasteries") == Strings{"follower", "cloister"});
  CHECK(search_terms("Hans im Glück vs Z-Man") == Strings{"hig", "zmg"});
  CHECK(search_terms("1st edition thieves in a meadow") == Strings{"c1", "highwayman", "field"});
  CHECK(search_terms("robber crop-circles") == Strings{"highwayman", "cropcircle"});
  CHECK(search_terms("C3.1") == Strings{"c3.1"});
  CHECK(stem("scoring") == stem("scores"));
  CHECK(stem("occupied") == "occupy");
  CHECK(stem("abbots") == "abbot");
}

TEST_CASE("ids are read in the forms people type them", "[lookup][terms]") {
  CHECK(ids_in("what does fm13 say") == Strings{"FM-13"});
  CHECK(ids_in("v-cc-2, FM-13-a and br-7") == Strings{"V-CC-2", "FM-13-a", "BR-07"});
  CHECK(ids_in("abbot garden").empty());
  CHECK(without_ids("FM-13 landing") == " landing");
}

TEST_CASE("lookup ranks the abbot-and-garden rulings first", "[lookup][ranking]") {
  const std::string first = top("abbot garden");
  CHECK((first == "BR-07" || first == "FM-20"));
  const auto hits = index().search("abbot garden").hits;
  REQUIRE(hits.size() >= 2);
  CHECK((hits[1].id == "BR-07" || hits[1].id == "FM-20"));
}

TEST_CASE("lookup finds rulings, switches and scenarios by id", "[lookup][ranking]") {
  CHECK(index().search("FM-13").hits.front().id == "FM-13");
  CHECK(index().search("fm13").hits.front().id == "FM-13");
  CHECK(index().search("V-CC-2").hits.front().id == "V-CC-2");
  CHECK(index().search("V-CC-2").hits.front().kind == HitKind::Switch);
  CHECK(index().search("FM-13-a").hits.front().id == "FM-13-a");
  CHECK(top("FM-13", HitKind::Scenario).rfind("FM-13-", 0) == 0);
}

TEST_CASE("lookup understands words in the forms users type", "[lookup][ranking]") {
  const std::string phantom = top("phantom flying machine");
  CHECK((phantom == "PH-22" || phantom == "FM-24"));
  CHECK(top("crop circle ZMG").rfind("CC-", 0) == 0);
  CHECK(top("can the phantom fly after my follower flew?") == "FM-24");
  const auto mayor = index().search("mayor").hits;
  REQUIRE(mayor.size() >= 3);
  CHECK(mayor.front().title.find("ayor") != std::string::npos);
  CHECK(top("farmer scoring 1st edition", HitKind::Switch) == "V-BG-1");
}

TEST_CASE("lookup orders its matches deterministically", "[lookup][ranking]") {
  const auto a = index().search("follower"), b = index().search("follower");
  REQUIRE(a.hits.size() == b.hits.size());
  for (std::size_t i = 0; i < a.hits.size(); ++i) CHECK(a.hits[i].id == b.hits[i].id);
  for (std::size_t i = 1; i < a.hits.size(); ++i) CHECK(a.hits[i - 1].score >= a.hits[i].score);
}

TEST_CASE("lookup prints the ruling, its sources, its variants and the engine's answer", "[lookup][cli]") {
  const Out r = lookup(words({"V-CC-2"}));
  INFO(r.out << r.err);
  CHECK(r.code == kExitOk);
  CHECK(r.out.find("switch   V-CC-2") != std::string::npos);
  CHECK(r.out.find("anywhere-in-feature") != std::string::npos);
  CHECK(r.out.find("presets: zmg-c2") != std::string::npos);
  CHECK(r.out.find("== CC-06") != std::string::npos);
  CHECK(r.out.find("Sources") != std::string::npos);
  CHECK(r.out.find("[hig-c3] PASSED") != std::string::npos);
  CHECK(r.out.find("+-----------+") != std::string::npos);  // the board, in ASCII
}

TEST_CASE("lookup --format json emits one object with matches and ruling cards", "[lookup][cli][json]") {
  LookupOptions o = words({"abbot", "garden"});
  o.format = "json";
  o.ruleset = "hig-c2";
  const Out r = lookup(o);
  INFO(r.out << r.err);
  REQUIRE(r.code == kExitOk);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["query"] == "abbot garden");
  CHECK(j["terms"] == nlohmann::json::array({"abbot", "garden"}));
  CHECK(j["ruleset"] == "hig-c2");
  CHECK(j["found"] == true);
  const auto& m = j["matches"][0];
  for (const char* key : {"kind", "id", "title", "score", "matched"}) CHECK(m.contains(key));
  REQUIRE(j["rulings"].size() == 1);
  const auto& ruling = j["rulings"][0];
  for (const char* key : {"id", "area", "title", "statement", "status", "disputed", "encodable", "expansions", "editions",
                          "publishers", "sources", "variants", "scenarios"})
    CHECK(ruling.contains(key));
  for (const char* key : {"ref", "title", "where", "locator", "date"}) CHECK(ruling["sources"][0].contains(key));
  REQUIRE_FALSE(ruling["scenarios"].empty());
  const auto& s = ruling["scenarios"][0];
  CHECK(s["ruleset"] == "hig-c2");
  CHECK(s["verdict"] == "passed");
  for (const char* key : {"id", "title", "file", "question", "answer", "position", "rules"}) CHECK(s.contains(key));
  const auto& section = s["answer"][0];
  for (const char* key : {"key", "what", "agrees", "lines"}) CHECK(section.contains(key));
}

TEST_CASE("lookup exits 1 with a hint when nothing matches, 2 on bad arguments", "[lookup][cli]") {
  const Out none = lookup(words({"zzqx", "wvvk"}));
  CHECK(none.code == kExitFailures);
  CHECK(none.out.find("no ruling, switch or scenario matches") != std::string::npos);
  LookupOptions json = words({"zzqx"});
  json.format = "json";
  const Out none_json = lookup(json);
  CHECK(none_json.code == kExitFailures);
  CHECK(nlohmann::json::parse(none_json.out)["matches"].empty());
  CHECK(lookup(words({"  "})).code == kExitInvalidInput);
  LookupOptions bad = words({"abbot"});
  bad.ruleset = "hig-c9";
  CHECK(lookup(bad).code == kExitInvalidInput);
}

TEST_CASE("answer sections mark what is expected but missing and what is answered instead", "[lookup][explain]") {
  const Corpus c = load_corpus({data("runner/fail")});
  const Scenario& s = c.files.at(0).scenarios.at(0);
  EngineSubject subject;
  const RunResult r = run_one(s, "hig-c3", subject);
  REQUIRE(r.outcome == Outcome::Failed);
  const auto sections = answer_sections(s, r);
  REQUIRE(sections.size() == 3);
  CHECK(sections[0].key == "moves");
  CHECK_FALSE(sections[0].agrees);
  const auto has = [&](const AnswerSection& sec, char mark, const std::string& text) {
    return std::any_of(sec.lines.begin(), sec.lines.end(), [&](const AnswerLine& l) { return l.mark == mark && l.text == text; });
  };
  CHECK(has(sections[0], '-', "deploy follower 1,0:road{E,W}"));
  CHECK(has(sections[0], ' ', "pass"));
  CHECK(sections[1].key == "count");
  CHECK(sections[2].key == "scores");
  CHECK(has(sections[2], '-', "red 1"));
  CHECK(has(sections[2], '+', "red 0"));
}

TEST_CASE("explain shows the board, the question, the ruleset and the diff", "[lookup][explain][cli]") {
  const Out r = explain(explain_id("BR-03-u", {data("runner/fail")}));
  INFO(r.out << r.err);
  CHECK(r.code == kExitFailures);
  for (const char* part : {"== BR-03-u", "Position", "Question", "move 1: place U 1,0 r0", "Ruleset hig-c3",
                           "After the moves", "Expected vs actual under hig-c3: FAILED", "  - deploy follower 1,0:road{E,W}",
                           "  - red 1", "  + red 0", "Rulings", "BR-03"})
    CHECK(r.out.find(part) != std::string::npos);
}

TEST_CASE("explain passes on a corpus scenario and writes its SVG", "[lookup][explain][cli]") {
  const auto svg = std::filesystem::temp_directory_path() / ("carc-explain-" + std::to_string(getpid()) + ".svg");
  ExplainOptions o = explain_id("fm-13-b", {corpus_dir()});  // ids match in any case
  o.svg = svg.string();
  o.ruleset = "zmg";
  const Out r = explain(o);
  INFO(r.out << r.err);
  CHECK(r.code == kExitOk);
  CHECK(r.out.find("under zmg-c2: PASSED") != std::string::npos);
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(text.find("class=\"flight\"") != std::string::npos);
  std::filesystem::remove(svg);
}

TEST_CASE("explain names an unknown id with the closest ones and exits 2", "[lookup][explain][cli]") {
  const Out r = explain(explain_id("FM-13-z", {corpus_dir()}));
  CHECK(r.code == kExitInvalidInput);
  CHECK(r.err.find("error: no scenario has the id 'FM-13-z' (closest: FM-13-a") != std::string::npos);
  ExplainOptions bad = explain_id("FM-13-a", {corpus_dir()});
  bad.ruleset = "nope";
  CHECK(explain(bad).code == kExitInvalidInput);
}
