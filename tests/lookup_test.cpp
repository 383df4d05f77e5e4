// Rules-lawyer lookups (src/lookup): search terms, ranking over the real
// ledger and corpus, `lookup --format json`, and `explain` with its diff.
#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "lookup/search.hpp"
#include "lookup/text_search.hpp"
#include "report/answer.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

using namespace carc;
using Strings = std::vector<std::string>;

using namespace carc::test;

namespace {

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
  CHECK(index().search("FM 13").hits.front().id == "FM-13");  // issue 28: it found PH-22
  CHECK(index().search("FM 13").confident);
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

TEST_CASE("lookup shows each source's link and the passage it quotes in both languages", "[lookup][cli][sources]") {
  // FM-06 cites the printed Spanish sheet: its address, the Spanish words and our English.
  const Out r = lookup(words({"FM-06"}));
  INFO(r.out << r.err);
  REQUIRE(r.code == kExitOk);
  CHECK(r.out.find("https://studylib.es/doc/5246291") != std::string::npos);
  CHECK(r.out.find("[RULE]") != std::string::npos);
  CHECK(r.out.find("ninguna pieza de territorio") != std::string::npos);
  CHECK(r.out.find("English: ") != std::string::npos);
  // A source without a date of its own says when it was read, never a bare date.
  const Out jcz = lookup(words({"FM-43"}));
  INFO(jcz.out);
  CHECK(jcz.out.find("undated, read 2026-12-01") != std::string::npos);
  CHECK(jcz.out.find("CountCapability.java") != std::string::npos);
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
  CHECK(j["language"] == "en");
  CHECK(j["suggestions"].empty());
  CHECK(j["ruleset"] == "hig-c2");
  CHECK(j["found"] == true);
  const auto& m = j["matches"][0];
  for (const char* key : {"kind", "id", "title", "score", "coverage", "matched", "shown"}) CHECK(m.contains(key));
  REQUIRE(j["rulings"].size() == 1);
  const auto& ruling = j["rulings"][0];
  for (const char* key : {"id", "area", "title", "statement", "status", "disputed", "encodable", "expansions",
                          "editions", "publishers", "sources", "variants", "scenarios"})
    CHECK(ruling.contains(key));
  const auto& source = ruling["sources"][0];
  for (const char* key : {"ref", "title", "tier", "url", "locator", "date", "date_kind", "supports", "passages"})
    CHECK(source.contains(key));
  REQUIRE_FALSE(source["passages"].empty());
  for (const char* key : {"key", "where", "tier", "lang", "original", "english"})
    CHECK(source["passages"][0].contains(key));
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
  LookupOptions bad_lang = words({"abbot"});
  bad_lang.lang = "xx";
  const Out r = lookup(bad_lang);
  CHECK(r.code == kExitInvalidInput);
  CHECK(r.err.find("unknown --lang 'xx'") != std::string::npos);
}

TEST_CASE("below the minimum confidence lookup shows suggestions, never a card, and exits 1", "[lookup][cli]") {
  // Issue 28: "cercles de collita" matched only "de" and still printed a confident card about the phantom.
  const Out chess = lookup(words({"how", "do", "I", "castle", "in", "chess"}));
  INFO(chess.out);
  CHECK(chess.code == kExitFailures);
  CHECK(chess.out.find("found nothing confident for castle, chess") != std::string::npos);
  CHECK(chess.out.find("Nearest candidates (suggestions, not answers):") != std::string::npos);
  CHECK(chess.out.find("\n== ") == std::string::npos);  // no ruling card
  CHECK(chess.out.find("The engine's answer") == std::string::npos);
  LookupOptions json = words({"how", "do", "I", "castle", "in", "chess"});
  json.format = "json";
  const Out j = lookup(json);
  CHECK(j.code == kExitFailures);
  const auto parsed = nlohmann::json::parse(j.out);
  CHECK(parsed["found"] == false);
  CHECK(parsed["matches"].empty());
  CHECK(parsed["rulings"].empty());
  REQUIRE_FALSE(parsed["suggestions"].empty());
  CHECK(parsed["suggestions"][0]["matched"] == nlohmann::json::array({"castle"}));
  CHECK(parsed["confidence"].get<double>() < kMinConfidenceOneConcept);
  // The same words that name rules concepts get the card.
  const Out ok = lookup(words({"cercles", "de", "collita:", "qui", "comença", "a", "fer", "l'acció?"}));
  CHECK(ok.code == kExitOk);
  CHECK(ok.out.find("== CC-08") != std::string::npos);
}

TEST_CASE("an English word no ruling or scenario uses raises the bar for a confident answer", "[lookup][ranking]") {
  // The second question set's junk "the knight moves in an L shape" names a knight and a move, two rules
  // concepts, and got a confident card at 78% coverage (scenario XR-02-g: the knight in its title, a
  // "move" in its source); "shape" occurs in no ruling or scenario. Such a question is answered only by a
  // hit whose title or statement holds three of its concepts together, or a figure and a feature.
  const SearchResult knight = index().search("the knight moves in an L shape");
  CHECK(knight.unknown == Strings{"shape"});
  CHECK_FALSE(knight.confident);
  const SearchResult farmer = index().search("what does a farmer plant in spring?");
  CHECK(farmer.unknown == Strings{"spring"});
  CHECK_FALSE(farmer.confident);
  // Questions in the ledger's words keep their answer; numbers and words of other languages are not unknown.
  CHECK(index().search("can my mayor land on a monastery?").unknown.empty());
  CHECK(index().search("can my mayor land on a monastery?").confident);
  CHECK(index().search("is a finished two tile city worth 4 points or 17?").unknown.empty());
  const SearchResult de = index().search("Zählt das Schwein beim Kornkreis als Bauer?");
  CHECK(de.unknown.empty());
  CHECK(de.confident);
  // A hit whose title or statement holds the question's concepts together still answers it: FM-20
  // "A flying abbot lands on an open monastery or a garden".
  const SearchResult dog = index().search("can my abbot land on a garden my dog chewed?");
  CHECK(dog.unknown == Strings{"dog", "chewed"});
  CHECK(dog.confident);
  CHECK(dog.hits.at(0).id == "FM-20");
  CHECK(index().search("my wife says the abbot can land on a garden, is she right?").confident);
  LookupOptions o = words({"the", "knight", "moves", "in", "an", "L", "shape"});
  const Out text = lookup(o);
  CHECK(text.code == kExitFailures);
  CHECK(text.out.find("uses words no ruling or scenario uses (shape)") != std::string::npos);
  o.format = "json";
  const auto j = nlohmann::json::parse(lookup(o).out);
  CHECK(j["found"] == false);
  CHECK(j["unknown"] == nlohmann::json::array({"shape"}));
}

TEST_CASE("lookup shows how it read the query, in the query's language", "[lookup][cli]") {
  const Out es = lookup(words({"abad", "jardin"}));  // typed without the accent
  INFO(es.out);
  CHECK(es.code == kExitOk);
  CHECK(es.out.find("lookup \"abad jardin\" (es):") != std::string::npos);
  CHECK(es.out.find("for abad, jardín") != std::string::npos);  // shown as the language writes it
  CHECK(es.out.find("[abad, jardín]") != std::string::npos);
  CHECK(es.out.find("== BR-07  Only the abbot may occupy a garden") != std::string::npos);  // the card stays English
  const Out typo = lookup(words({"abot", "gardn"}));
  CHECK(typo.out.find("for abbot (\"abot\"), garden (\"gardn\")") != std::string::npos);
  LookupOptions forced = words({"die", "Wiese"});
  forced.lang = "de";
  forced.format = "json";
  const auto j = nlohmann::json::parse(lookup(forced).out);
  CHECK(j["language"] == "de");
  CHECK(j["terms"] == nlohmann::json::array({"field"}));  // German "die" is an article
  CHECK(j["understood"][0]["shown"] == "Wiese");
  CHECK(j["understood"][0]["kind"] == "feature");
}

TEST_CASE("lookup lists the engine's moves themselves, not a count", "[lookup][cli]") {
  // Issue 28: a long list showed as "5 as listed in the scenario".
  const Out r = lookup(words({"BR-07"}));
  INFO(r.out);
  CHECK(r.out.find("as listed in the scenario") == std::string::npos);
  CHECK(r.out.find("deploy abbot 1,0:garden") != std::string::npos);
  CHECK(r.out.find("deploy follower 1,0:road{E,W}") != std::string::npos);
  CHECK(r.out.find("% garden") != std::string::npos);  // the board's legend, with the ASCII garden
}

TEST_CASE("lookup and explain escape control characters in scenario text", "[lookup][explain][cli]") {
  // Issue 15 (low): escape sequences in scenario text were echoed by lookup.
  const auto dir = std::filesystem::temp_directory_path() / ("carc-escape-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  std::ifstream in(data("runner/fail/wrong.yaml"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text.replace(text.find("id: BR-03-u"), 11, "id: BR-03-z");
  text.replace(text.find("title: "), 7, "title: \"\\e]0;pwned\\a\\e[2J evil \\x9b title\"\n# ");
  text.replace(text.find("source: test fixture"), 20, "source: \"\\e[31mred\"");
  std::ofstream(dir / "evil.yaml") << text;
  LookupOptions o = words({"BR-03-z"});
  o.paths = {dir.string()};
  const Out r = lookup(o);
  INFO(r.out << r.err);
  CHECK(r.out.find("BR-03-z") != std::string::npos);
  CHECK(r.out.find('\x1b') == std::string::npos);
  CHECK(r.out.find('\x07') == std::string::npos);
  CHECK(r.out.find("\xc2\x9b") == std::string::npos);
  CHECK(r.out.find("\\x1b]0;pwned\\x07\\x1b[2J evil \\xc2\\x9b title") != std::string::npos);
  const Out e = explain(explain_id("BR-03-z", {dir.string()}));
  INFO(e.out << e.err);
  CHECK(e.out.find("BR-03-z") != std::string::npos);
  CHECK(e.out.find('\x1b') == std::string::npos);
  CHECK(e.out.find("\\x1b[31mred") != std::string::npos);
  std::filesystem::remove_all(dir);
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
    return std::any_of(sec.lines.begin(), sec.lines.end(),
                       [&](const AnswerLine& l) { return l.mark == mark && l.text == text; });
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
                           "After the moves", "Expected vs actual under hig-c3: FAILED",
                           "  - deploy follower 1,0:road{E,W}", "  - red 1", "  + red 0", "Rulings", "BR-03"})
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

TEST_CASE("explain's unknown-id error shows the control characters of the closest ids escaped",
          "[lookup][explain][cli]") {
  const auto file =
      std::filesystem::temp_directory_path() / ("explain-escapes-" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(file) << "id: \"\\e[31mX\"\n";
  const Out r = explain(explain_id("X", {file.string()}));
  std::filesystem::remove(file);
  INFO(r.err);
  CHECK(r.code == kExitInvalidInput);
  CHECK(r.err.find("(closest: \\x1b[31mX)") != std::string::npos);
  CHECK(r.err.find('\033') == std::string::npos);
}

TEST_CASE("explain shows each switch of its rulings under the ruleset asked and the scenario's rules",
          "[lookup][explain][cli]") {
  // V-BG-1 (farmer-scoring) under hig-c1-2000 plays fs1-city-4, not hig-c3's fs3-field-3.
  ExplainOptions o = explain_id("BR-05-t", {data("runner/pass/variants.yaml")});
  o.ruleset = "hig-c1-2000";
  const Out asked = explain(o);
  INFO(asked.out << asked.err);
  CHECK(asked.out.find("under hig-c1-2000: fs1-city-4") != std::string::npos);
  CHECK(asked.out.find("under hig-c3: ") == std::string::npos);
  // FM-12-c sets phantom-after-crashed-flight: allowed in rules:, which no preset plays.
  const Out rules = explain(explain_id("FM-12-c", {corpus_dir()}));
  INFO(rules.out << rules.err);
  CHECK(rules.out.find("under hig-c3 (the scenario's rules: set it): allowed") != std::string::npos);
  // An also_with copy: the value its combination sets.
  const Out copy = explain(explain_id("FM-11-b[phantom-after-crashed-flight=allowed]", {corpus_dir()}));
  INFO(copy.out << copy.err);
  CHECK(copy.code == kExitOk);
  CHECK(copy.out.find("under hig-c3 (its also_with combination sets it): allowed") != std::string::npos);
}
