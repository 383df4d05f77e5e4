// The rulings book (src/lookup/book.cpp, `carc-oracle book`): a page per ruling and switch and an
// index over the real ledger and corpus, the search's data, and the command's errors.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/ledger.hpp"
#include "lookup/book.hpp"
#include "runner/engine_subject.hpp"
#include "test_support.hpp"

using namespace carc;
using carc::test::contains;

namespace {

const std::vector<BookFile>& book(BookStats* stats_out = nullptr) {
  static BookStats stats;
  static const std::vector<BookFile> files = [] {
    static const Corpus corpus = load_corpus({carc::test::corpus_dir()});
    static const SearchIndex index(corpus);
    EngineSubject subject;
    return make_book(index, subject, stats);
  }();
  if (stats_out) *stats_out = stats;
  return files;
}

const BookFile* file(const std::string& path) {
  for (const auto& f : book())
    if (f.path == path) return &f;
  return nullptr;
}

// The search data embedded in index.html.
nlohmann::json search_data() {
  const std::string& text = file("index.html")->text;
  const std::string open = "<script type=\"application/json\" id=\"book-data\">";
  const auto from = text.find(open) + open.size();
  std::string json = text.substr(from, text.find("</script>", from) - from);
  for (auto at = json.find("<\\/"); at != std::string::npos; at = json.find("<\\/", at)) json.erase(at + 1, 1);
  return nlohmann::json::parse(json);
}

}  // namespace

TEST_CASE("the book has a page per ruling and per switch of the ledger and an index linking each ruling", "[book]") {
  BookStats stats;
  book(&stats);
  CHECK(stats.rulings == builtin_ledger().size());
  CHECK(stats.switches == builtin_ledger_switches().size());
  CHECK(stats.pages == stats.rulings + stats.switches + 1);
  REQUIRE(file("index.html") != nullptr);
  REQUIRE(file("book.css") != nullptr);
  for (const auto& r : builtin_ledger()) {
    INFO(r.id);
    REQUIRE(file("rulings/" + r.id + ".html") != nullptr);
    CHECK(contains(file("index.html")->text, "href=\"rulings/" + r.id + ".html\""));
  }
  for (const auto& s : builtin_ledger_switches()) CHECK(file("switches/" + s.id + ".html") != nullptr);
  // Every scenario citing a ruling is on its page with its boards; the style is the report's.
  CHECK(stats.scenarios > 400);
  CHECK(stats.boards > stats.scenarios);
  CHECK(contains(file("book.css")->text, ".board"));
}

TEST_CASE("a ruling's page shows its statement, sources, variants and every scenario's boards and answer", "[book]") {
  const std::string& page = file("rulings/FM-20.html")->text;
  CHECK(contains(page, "A flying abbot lands on an open monastery or a garden"));
  CHECK(contains(page, "<ul class=\"sources\">"));
  CHECK(contains(page, "V-FM-1"));  // its switch, with the presets playing each value
  CHECK(contains(page, "hig-c3.1"));
  CHECK(contains(page, "id=\"s-FM-20-a\""));
  CHECK(contains(page, "before: the position"));
  CHECK(contains(page, "after the moves (1 applied)"));
  CHECK(contains(page, "<svg"));
  CHECK(contains(page, "Answer under hig-c3: <span class=\"verdict passed\">"));
  CHECK_FALSE(contains(page, "verdict failed"));
  // A ruling no scenario can pin says why.
  const auto not_encodable = std::find_if(builtin_ledger().begin(), builtin_ledger().end(),
                                          [](const LedgerRuling& r) { return !r.encodable; });
  REQUIRE(not_encodable != builtin_ledger().end());
  CHECK(contains(file("rulings/" + not_encodable->id + ".html")->text, "Not encodable:"));
}

TEST_CASE("a switch's page lists the value every preset plays", "[book]") {
  const std::string& page = file("switches/V-FM-1.html")->text;
  CHECK(contains(page, "flier-eligible-figures"));
  CHECK(contains(page, "<td>hig-c3.1</td><td>C3.1</td><td><code>standard-and-large-only</code></td>"));
  CHECK(contains(page, "<td>hig-c3</td><td>C3</td><td><code>any-follower</code></td>"));
}

TEST_CASE("the book's search data reads every language's words as the ledger's concepts", "[book]") {
  const nlohmann::json data = search_data();
  const auto concept_of = [&](const std::string& form) -> std::string {
    for (const auto& c : data["concepts"])
      for (const auto& f : c["forms"])
        if (f == form) return c["id"];
    return "";
  };
  CHECK(concept_of("abt") == "abbot");      // de
  CHECK(concept_of("abat") == "abbot");     // ca
  CHECK(concept_of("jardi") == "garden");   // ca, folded
  CHECK(concept_of("garten") == "garden");  // de
  const auto doc = std::find_if(data["docs"].begin(), data["docs"].end(),
                                [](const nlohmann::json& d) { return d["id"] == "BR-07"; });
  REQUIRE(doc != data["docs"].end());
  const auto& concepts = (*doc)["title_concepts"];
  CHECK(std::find(concepts.begin(), concepts.end(), "abbot") != concepts.end());
  CHECK(std::find(concepts.begin(), concepts.end(), "garden") != concepts.end());
  // "die" is a German article and the English dice: a concept word is never dropped as a stop word.
  for (const auto& s : data["stop"]) CHECK(concept_of(s.get<std::string>()).empty());
}

TEST_CASE("book refuses a missing scenario folder with exit 2 and writes nothing", "[book]") {
  BookOptions o;
  o.paths = {"/nonexistent/scenarios"};
  o.out_dir = (std::filesystem::temp_directory_path() / "carc-book-missing").string();
  std::ostringstream out, err;
  CHECK(run_book(o, out, err) == kExitInvalidInput);
  CHECK(contains(err.str(), "/nonexistent/scenarios: no such file or folder"));
  CHECK_FALSE(std::filesystem::exists(o.out_dir));
}

// Issue 45: an invalid scenario vanished from its ruling page with exit 0 ("99 scenarios").
TEST_CASE("book names each invalid scenario, writes the book of the valid ones and exits 2", "[book]") {
  const auto dir = std::filesystem::temp_directory_path() / "carc-book-invalid";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "in");
  std::filesystem::copy_file(carc::test::data("runner/pass/apply.yaml"), dir / "in" / "apply.yaml");
  std::filesystem::copy_file(carc::test::data("invalid/bad-id.yaml"), dir / "in" / "bad-id.yaml");
  BookOptions o;
  o.paths = {(dir / "in").string()};
  o.out_dir = (dir / "book").string();
  std::ostringstream out, err;
  CHECK(run_book(o, out, err) == kExitInvalidInput);
  INFO(err.str());
  // Located: file:line:col of the problem, and the count in the closing line.
  CHECK(contains(err.str(), "bad-id.yaml:3:5: id 'br-3'"));
  CHECK(contains(err.str(), "carc-oracle book: 1 invalid scenario or unreadable file left out of the book"));
  CHECK(std::filesystem::exists(dir / "book" / "index.html"));  // the valid scenarios still make their book
  CHECK(contains(out.str(), "wrote the book into"));

  // The valid file alone: exit 0, nothing on stderr.
  std::filesystem::remove(dir / "in" / "bad-id.yaml");
  std::ostringstream out2, err2;
  CHECK(run_book(o, out2, err2) == kExitOk);
  CHECK(err2.str().empty());
  std::filesystem::remove_all(dir);
}
