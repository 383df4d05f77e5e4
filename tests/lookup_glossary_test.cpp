// lookup's glossary (oracle/lookup/glossary.yaml) and the issue-48 reading of queries: the
// glossary's strict reader and its located errors, every printed name read as its concept, the
// Snowball stemmers for inflections the light stemmer misses, German and Dutch compounds, and the
// matched form shown back as the query wrote it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "lookup/glossary.hpp"
#include "lookup/search.hpp"
#include "lookup/text_search.hpp"
#include "lookup/words.hpp"

using namespace carc;
using Strings = std::vector<std::string>;

namespace {

std::string glossary_problems(const std::string& yaml) {
  Diagnostics diags;
  read_glossary(yaml, "g.yaml", builtin_vocabulary(), diags);
  std::string out;
  for (const auto& d : diags) out += d.to_string() + "\n";
  return out;
}

Strings read_in(const std::string& query, int language) {
  Strings out;
  for (const auto& t : read_query(query, TextWords{}, language).terms) out.push_back(t.term);
  return out;
}

bool holds(const Strings& v, const std::string& s) { return std::find(v.begin(), v.end(), s) != v.end(); }

}  // namespace

TEST_CASE("the built-in glossary reads without a problem and lookup reads every printed name", "[lookup][glossary]") {
  Diagnostics diags;
  const Glossary g = builtin_glossary(diags);
  for (const auto& d : diags) FAIL(d.to_string());
  REQUIRE(g.terms.size() >= 10);
  REQUIRE(g.sources.size() >= 5);
  int names = 0;
  for (const auto& t : g.terms)
    for (const auto& n : t.names) {
      INFO(t.concept_id << " " << kLanguages[static_cast<std::size_t>(n.language)] << ": " << n.name);
      CHECK(holds(read_in(n.name, n.language), t.concept_id));
      ++names;
    }
  CHECK(names >= 30);
}

TEST_CASE("the glossary reader reports every problem at its file:line:col", "[lookup][glossary]") {
  const std::string text =
      "version: 1\n"
      "sources:\n"
      "  a: {title: T, url: U, tier: RULE}\n"
      "  b: {title: T, url: U, tier: GOSSIP}\n"
      "terms:\n"
      "  tower:\n"
      "    de: {name: Turm, source: a}\n"
      "    nl: {name: Windmolen, source: a}\n"
      "    xx: {name: tower, source: a}\n"
      "  floor:\n"
      "    de: {name: Turmteil, source: nowhere}\n"
      "  unicorn:\n"
      "    en: {name: unicorn, source: a}\n";
  const std::string p = glossary_problems(text);
  INFO(p);
  CHECK(p.find("g.yaml:4:31: source 'b': unknown tier 'GOSSIP'") != std::string::npos);
  CHECK(p.find("g.yaml:8:16: term 'tower' nl: 'Windmolen' is not a nl word of concept 'tower'") != std::string::npos);
  CHECK(p.find("g.yaml:9:5: term 'tower': unknown language 'xx'") != std::string::npos);
  CHECK(p.find("g.yaml:11:34: term 'floor' de: unknown source 'nowhere'") != std::string::npos);
  CHECK(p.find("g.yaml:12:3: term 'unicorn': no such concept") != std::string::npos);
  CHECK(glossary_problems("version: 1\nsources: {}\nterms: {}\nextra: 1\n").find("g.yaml:4:1") != std::string::npos);
}

TEST_CASE("Snowball stems the inflections the light stemmers miss, in seven languages", "[lookup][glossary]") {
  // Issue 48: a verb form the vocabulary does not list matched nothing ("capturaron").
  REQUIRE(snowball_available());  // libstemmer is opened on first use; a broken install must show here
  CHECK(snowball_covers(language_index("fr")));
  CHECK_FALSE(snowball_covers(language_index("pl")));
  CHECK(snowball_stem("capturer", language_index("fr")) == snowball_stem("capture", language_index("fr")));
  CHECK(snowball_stem("catturare", language_index("it")) == snowball_stem("catturato", language_index("it")));
  CHECK(snowball_stem("wieża", language_index("pl")).empty());
  CHECK(holds(read_in("la torre capturaron a mi seguidor", language_index("es")), "capture"));
  CHECK(holds(read_in("il drago divorerà il mio seguace", language_index("it")), "eat"));
}

TEST_CASE("German and Dutch compounds of two vocabulary words read as both", "[lookup][glossary]") {
  const Strings de = read_in("darf man auf das Drachenplättchen setzen", language_index("de"));
  CHECK(holds(de, "dragon"));
  CHECK(holds(de, "tile"));
  const Strings nl = read_in("mag een horige op een vulkaantegel", language_index("nl"));
  CHECK(holds(nl, "volcano"));
  CHECK(holds(nl, "tile"));
  // Not every long word splits: "Reihenfolge" is one concept word.
  CHECK(read_in("Reihenfolge", language_index("de")) == Strings{"order"});
}

TEST_CASE("a query word is shown as it matched, not as another word of its concept", "[lookup][glossary]") {
  // Issue 48: the matched-terms line showed "arrow" for a question that said "straight".
  const QueryReading r = read_query("does a flier fly straight", TextWords{}, 0);
  for (const auto& t : r.terms) CHECK(t.shown != "arrow");
  const auto straight =
      std::find_if(r.terms.begin(), r.terms.end(), [](const QueryTerm& t) { return t.typed == "straight"; });
  REQUIRE(straight != r.terms.end());
  CHECK(straight->shown == "straight");
}
