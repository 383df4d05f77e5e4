// lookup's multilingual vocabulary (oracle/lookup/vocabulary.yaml) and how a
// query is read with it: the strict reader's located errors, folding and the
// per-language stemmers, the guessed language, typos, ids and the JSON export.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "data/oracle_data.hpp"
#include "lookup/search.hpp"
#include "lookup/text_search.hpp"
#include "lookup/vocabulary.hpp"
#include "lookup/words.hpp"

using namespace carc;
using Strings = std::vector<std::string>;

namespace {

std::string problems(const std::string& yaml) {
  Diagnostics diags;
  read_vocabulary(yaml, "v.yaml", diags);
  std::string out;
  for (const auto& d : diags) out += d.to_string() + "\n";
  return out;
}

const char* kHeader =
    "version: 1\n"
    "languages: [en, es, ca, de, fr, it, nl, pl]\n"
    "stop_words:\n"
    "  en: [the, a]\n"
    "  de: [der, die]\n";

// The terms a query reads as, in a language (-1 guesses it), with no text words for typos.
Strings read(const std::string& query, int language = -1) {
  Strings out;
  for (const auto& t : read_query(query, TextWords{}, language).terms) out.push_back(t.term);
  return out;
}

int lang(std::string_view code) { return language_index(code); }

// "file:line:col" of a byte offset in a text (line and column from 1, as diagnostics write them).
std::string located(const std::string& file, const std::string& text, std::size_t at) {
  const std::size_t line_start = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n');
  return file + ":" + std::to_string(line) + ":" + std::to_string(at - line_start + 1);
}

}  // namespace

TEST_CASE("the built-in vocabulary reads without a problem and covers every language", "[lookup][vocabulary]") {
  const Vocabulary& v = builtin_vocabulary();
  REQUIRE(v.concepts.size() >= 60);
  for (std::size_t l = 0; l < kLanguages.size(); ++l) {
    INFO(kLanguages[l]);
    CHECK(v.stop_words.count(static_cast<int>(l)) == 1);
    // Every language names the figures and features the ledger is about.
    for (const char* id : {"abbot", "garden", "phantom", "flier", "cropcircle", "mayor", "wagon", "farmer", "cloister",
                           "field", "land", "die"}) {
      const auto c = std::find_if(v.concepts.begin(), v.concepts.end(), [&](const Concept& k) { return k.id == id; });
      REQUIRE(c != v.concepts.end());
      CHECK(c->words.count(static_cast<int>(l)) == 1);
    }
  }
}

TEST_CASE("the vocabulary reader reports every problem at its file:line:col", "[lookup][vocabulary]") {
  CHECK(problems(std::string(kHeader) + "concepts:\n  abbot:\n    kind: figure\n    en: [abbot]\n    de: [Abt]\n")
            .empty());
  CHECK(problems(std::string(kHeader) + "concepts:\n  abbot:\n    kind: figure\n    en: [abbot]\n    kinds: x\n") ==
        "v.yaml:10:5: concept 'abbot': unknown language 'kinds' (expected one of: en, es, ca, de, fr, it, nl, pl)\n");
  CHECK(problems(std::string(kHeader) + "concepts:\n  abbot:\n    kind: hero\n    en: [abbot]\n") ==
        "v.yaml:8:11: concept 'abbot': unknown kind 'hero' (expected one of: figure, feature, expansion, action, "
        "publisher, edition, term)\n");
  CHECK(problems(std::string(kHeader) + "concepts:\n  abbot:\n    kind: figure\n    de: [Abt]\n") ==
        "v.yaml:8:5: concept 'abbot': needs English words (en)\n");
  CHECK(problems(std::string(kHeader) + "concepts:\n  abbot:\n    kind: figure\n    en: [abbot]\n  monk:\n"
                                        "    kind: figure\n    en: [Abbot]\n") ==
        "v.yaml:12:10: concept 'monk' en: 'Abbot' is already a word of concept 'abbot'\n");
  CHECK(problems(std::string(kHeader) + "concepts:\n  die:\n    kind: term\n    de: [Würfel]\n    en: [die]\n"
                                        "  pig:\n    kind: figure\n    en: [pig]\n    de: [die]\n") ==
        "v.yaml:14:10: concept 'pig' de: 'die' is also a stop word of de\n");
  CHECK(problems(std::string(kHeader) + "concepts:\n  road:\n    kind: feature\n    en: [road]\n    es: [no]\n") ==
        "v.yaml:10:10: concept 'road' es: quote 'no': a YAML 1.1 reader takes it for a boolean, null or number\n");
  // Each problem at its own item, also after an item that was refused.
  CHECK(problems(std::string(kHeader) + "concepts:\n  road:\n    kind: feature\n    en: [road, no, road]\n") ==
        "v.yaml:9:16: concept 'road' en: quote 'no': a YAML 1.1 reader takes it for a boolean, null or number\n"
        "v.yaml:9:20: concept 'road' en: 'road' is listed twice\n");
  CHECK(
      problems("version: 1\nlanguages: [en, es, ca, de, fr, it, nl, pl]\nstop_words:\n  en: [the, 12, off, the, off]\n"
               "concepts:\n  road:\n    kind: feature\n    en: [road]\n") ==
      "v.yaml:4:13: stop_words en: quote '12': a YAML 1.1 reader takes it for a boolean, null or number\n"
      "v.yaml:4:17: stop_words en: quote 'off': a YAML 1.1 reader takes it for a boolean, null or number\n"
      "v.yaml:4:22: stop_words en: 'the' is listed twice\n"
      "v.yaml:4:27: stop_words en: quote 'off': a YAML 1.1 reader takes it for a boolean, null or number\n");
  CHECK(problems(std::string(kHeader) +
                 "concepts:\n  garden:\n    kind: feature\n    en: [garden]\n    es: [jardín, jardin]\n")
            .find("'jardin' is listed twice (as 'jardín': accents and case are folded)") != std::string::npos);
  CHECK(problems(std::string(kHeader) + "concepts:\n  abbot:\n    kind: figure\n    en: [abbot]\n  monk:\n"
                                        "    kind: figure\n    en: [abbots]\n")
            .find("'abbots' stems like 'abbot' of concept 'abbot'") != std::string::npos);
  CHECK(problems("version: 1\nlanguages: [en, de]\nconcepts: {}\nstop_words: {}\nextra: 1\n")
            .find("v.yaml:5:1: unknown key 'extra' in vocabulary") != std::string::npos);
  CHECK(problems("version: 1\nlanguages: [en, de]\nconcepts: {}\n").find("v.yaml:2:12: languages: expected [en, es") !=
        std::string::npos);
  CHECK(problems("version: [1\n").find("v.yaml:") == 0);  // a syntax error, located
}

TEST_CASE("a problem in oracle/lookup/vocabulary.yaml is located at its line and column", "[lookup][vocabulary]") {
  const auto files = embedded_under("oracle/lookup/vocabulary.yaml");
  REQUIRE(files.size() == 1);
  std::string text = files[0].text;
  // The abbot's Spanish words, with a refused item and then a repeated form written in.
  const std::string line = "    es: [abad, abades]\n";
  const std::size_t at = text.find(line);
  REQUIRE(at != std::string::npos);
  text.replace(at, line.size(), "    es: [abad, \"\", abades, Abad]\n");
  Diagnostics diags;
  read_vocabulary(text, files[0].path, diags);
  REQUIRE(diags.size() == 2);
  CHECK(diags[0].to_string() ==
        located(files[0].path, text, text.find("\"\"", at)) + ": concept 'abbot' es: '' has no letters or digits");
  CHECK(diags[1].to_string() ==
        located(files[0].path, text, text.find("Abad]", at)) +
            ": concept 'abbot' es: 'Abad' is listed twice (as 'abad': accents and case are folded)");
  CHECK(diags[0].file == "oracle/lookup/vocabulary.yaml");
  CHECK(diags[0].column == 16);  // columns of the replaced line, counted by hand
  CHECK(diags[1].column == 28);
}

TEST_CASE("the vocabulary exports as JSON with the file's shape", "[lookup][vocabulary]") {
  const auto j = vocabulary_json(builtin_vocabulary());
  CHECK(j["version"] == 1);
  CHECK(j["languages"].size() == 8);
  CHECK(j["concepts"]["abbot"]["kind"] == "figure");
  CHECK(j["concepts"]["abbot"]["de"][0] == "Abt");
  CHECK(j["concepts"]["cropcircle"]["ca"][0] == "agroglif");
  CHECK(j["stop_words"]["pl"].size() > 20);
}

TEST_CASE("words fold accents and stem per language", "[lookup][vocabulary]") {
  CHECK(fold("Fluggeräte, GÄRTEN") == "fluggerate  garten");
  CHECK(fold("łąka ŻÓŁW") == "laka zolw");
  CHECK(words_of(fold("col·locar l'abat")) == Strings{"collocar", "l", "abat"});
  CHECK(words_of(fold("1ª edición, C3.1")) == Strings{"1a", "edicion", "c3.1"});
  CHECK(fold("a\xff\xfe b") == "a   b");  // invalid UTF-8 bytes become spaces
  CHECK(stem_in("jardines", lang("es")) == stem_in("jardin", lang("es")));
  CHECK(stem_in("voladoras", lang("es")) == stem_in("volador", lang("es")));
  CHECK(stem_in("garten", lang("de")) == stem_in("gartens", lang("de")));
  CHECK(stem_in("bauern", lang("de")) == stem_in("bauer", lang("de")));
  CHECK(stem_in("cerchi", lang("it")) == stem_in("cerchio", lang("it")));
  CHECK(stem_in("abati", lang("it")) == stem_in("abate", lang("it")));
  CHECK(stem_in("tuinen", lang("nl")) == stem_in("tuin", lang("nl")));
  CHECK(stem_in("wagens", lang("nl")) == stem_in("wagen", lang("nl")));
  CHECK(stem_in("kregach", lang("pl")) == stem_in("kregi", lang("pl")));
  CHECK(stem_in("zbozowych", lang("pl")) == stem_in("zbozowe", lang("pl")));
  CHECK(stem_in("partisans", lang("fr")) == stem_in("partisan", lang("fr")));
  CHECK(edit_distance("gardn", "garden", 1) == 1);
  CHECK(edit_distance("mnoastery", "monastery", 2) == 1);  // a swap is one edit
  CHECK(edit_distance("abbot", "garden", 2) == 3);         // beyond the limit: limit + 1
}

TEST_CASE("a query's language is guessed from its words and letters", "[lookup][vocabulary]") {
  CHECK(guess_language("can the abbot fly to a garden?") == lang("en"));
  CHECK(guess_language("abad jardín") == lang("es"));
  CHECK(guess_language("Pot l'abat aterrar en un jardí?") == lang("ca"));
  CHECK(guess_language("Fluggerät Abt Garten") == lang("de"));
  CHECK(guess_language("Le fantôme peut-il aller sur un jardin ?") == lang("fr"));
  CHECK(guess_language("Il fantasma si può mettere su un giardino?") == lang("it"));
  CHECK(guess_language("Mag het fantoom op een tuin?") == lang("nl"));
  CHECK(guess_language("Czy opat może wylądować w ogrodzie?") == lang("pl"));
  CHECK(guess_language("zzqx") == lang("en"));  // nothing tells: English
}

TEST_CASE("query words in eight languages read as the ledger's concepts", "[lookup][vocabulary]") {
  CHECK(read("abad jardín") == Strings{"abbot", "garden"});
  CHECK(read("Fluggerät Abt Garten") == Strings{"flier", "abbot", "garden"});
  CHECK(read("Bürgermeister Kloster") == Strings{"mayor", "cloister"});
  CHECK(read("Kornkreise") == Strings{"cropcircle"});
  CHECK(read("cercles de collita") == Strings{"cropcircle"});
  CHECK(read("Czy wóz może latać maszyną latającą?") == Strings{"wagon", "flier", "flier"});
  CHECK(read("les machines volantes", lang("fr")) == Strings{"flier"});
  CHECK(read("Telt het varken als boer bij de graancirkels?") == Strings{"telt", "pig", "farmer", "cropcircle"});
  // A stop word of one language is a concept word of another: German "die" is an article, English "die" the dice.
  CHECK(read("roll the die") == Strings{"die", "die"});
  CHECK(read("die Wiese", lang("de")) == Strings{"field"});
  // Phrases first: "land tile" is a tile, "Z-Man" a publisher, "1st edition" an edition.
  CHECK(read("land tile of Z-Man 1st edition") == Strings{"tile", "zmg", "c1"});
}

TEST_CASE("no English word outside a concept reads as that concept's id", "[lookup][vocabulary]") {
  // A concept's id is also the search term of its words in the texts. A plain English word whose stem is
  // that id would match the concept: "count" (to count) matched the City of Carcassonne while its id was
  // "count", so "the large meeple counts 2" was an answer about the Count. Ids that are no English word of
  // another meaning may coincide with a plain word: the word then names the concept.
  const std::set<std::string> names_the_concept{"wheel", "bigtop", "bigbox"};
  for (const Concept& c : builtin_vocabulary().concepts) {
    INFO(c.id);
    for (const auto& t : read_query(c.id, TextWords{}, lang("en")).terms)
      if (!t.is_concept && t.term == c.id) CHECK(names_the_concept.count(c.id) == 1);
  }
  CHECK(read("does the pig count as a farmer") == Strings{"pig", "count", "farmer"});
  CHECK(read("can a flier land in the City of Carcassonne") == Strings{"flier", "land", "count-of-carcassonne"});
}

TEST_CASE("typos are corrected within one edit (4-7 letters) or two (8 or more)", "[lookup][vocabulary]") {
  const auto t = read_query("abot gardn", TextWords{}).terms;
  REQUIRE(t.size() == 2);
  CHECK(t[0].term == "abbot");
  CHECK(t[0].match == TermMatch::Typo);
  CHECK(t[0].typed == "abot");
  CHECK(t[1].term == "garden");
  CHECK(read("mnoastery") == Strings{"cloister"});     // 9 letters, one swap
  CHECK(read("¿puedo aterizar?") == Strings{"land"});  // 8 letters, one edit, Spanish
  CHECK(read("abx") == Strings{"abx"});                // 3 letters: never corrected
  CHECK(read("pizza") == Strings{"pizza"});            // nothing near it
  CHECK(read("best") == Strings{"best"});              // not corrected across a first letter ("fest")
  // A typo may be corrected to a word of the texts searched (English queries).
  TextWords texts{{"scoring", "score"}};
  CHECK(read_query("scorring", texts).terms.at(0).term == "score");
}

TEST_CASE("ids are read in the forms people type them", "[lookup][terms]") {
  CHECK(ids_in("what does fm13 say") == Strings{"FM-13"});
  CHECK(ids_in("FM 13") == Strings{"FM-13"});
  CHECK(ids_in("fm 13 and FM-13-a") == Strings{"FM-13", "FM-13-a"});
  CHECK(ids_in("fm-13-a") == Strings{"FM-13-a"});
  CHECK(ids_in("V CC 2 or v-cc 2") == Strings{"V-CC-2", "V-CC-2"});
  CHECK(ids_in("v-cc-2, FM-13-a and br-7") == Strings{"V-CC-2", "FM-13-a", "BR-07"});
  CHECK(ids_in("abbot garden").empty());
  CHECK(ids_in("am 13 Mai").empty());  // not a ledger prefix
  CHECK(without_ids("FM-13 landing") == " landing");
  CHECK(without_ids("FM 13 landing") == " landing");
}
