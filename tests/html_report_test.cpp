// The HTML report (src/report/html_report.cpp) as text: self-contained,
// escaped, failures first and open. tests/html_chromium_test.py renders it.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

#include "report/report.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

using namespace carc;

using namespace carc::test;

namespace {

std::string html_of(const std::vector<std::string>& paths) {
  static std::vector<Corpus> keep;  // results point into the corpus
  keep.push_back(load_corpus(paths));
  EngineSubject subject;
  const RunReport report = run_corpus(keep.back(), Selection{}, subject, ResultExtras{true});  // as `run --format html`
  std::ostringstream out;
  make_reporter(Format::Html, ReportOptions{})->write(report, out);
  return out.str();
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace

TEST_CASE("html is a format written to report.html", "[report][html]") {
  Format f;
  REQUIRE(parse_format("html", f));
  CHECK(f == Format::Html);
  CHECK(report_file_name(f) == "report.html");
}

TEST_CASE("the HTML report holds one details element per scenario, failures first and open", "[report][html]") {
  const std::string html = html_of({data("runner/pass"), data("runner/fail")});
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(count(html, "<details class=\"scenario") == 7);
  CHECK(count(html, "<details class=\"scenario fail\"") == 1);
  CHECK(html.find("id=\"s-BR-03-u\" data-id=\"BR-03-u\"") != std::string::npos);
  const auto fail_at = html.find("<details class=\"scenario fail\"");
  const auto base_at = html.find("<section class=\"area\" id=\"area-base\">");
  CHECK(fail_at > base_at);
  CHECK(fail_at < html.find("<details class=\"scenario\"", base_at));  // first in its area
  CHECK(html.find("\" open><summary><code>BR-03-u") != std::string::npos);
  CHECK(html.find("<a href=\"#s-BR-03-u\">BR-03-u</a>") != std::string::npos);  // needs attention
  CHECK(html.find("expectations that do not hold &lt;&amp;&quot;&apos;&gt;") != std::string::npos);
  CHECK(html.find("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\"") != std::string::npos);
  CHECK(html.find("id=\"report-status\" data-state=\"loading\"") != std::string::npos);
}

TEST_CASE("the HTML report fetches nothing: no external scripts, styles, images or fonts", "[report][html]") {
  const std::string html = html_of({data("runner/pass")});
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find(" src=") == std::string::npos);
  CHECK(html.find("@import") == std::string::npos);
  CHECK(html.find("url(") == std::string::npos);
  // Links to the sources (<a href="https://...">) are navigation, not fetches; no other element may point out.
  const std::regex external("<(?!a )[a-z]+ [^>]*(href|src)=\"(https?:)?//");
  CHECK_FALSE(std::regex_search(html, external));
  CHECK(std::regex_search(html, std::regex("<a href=\"https://[^\"]+\" rel=\"noreferrer\">")));
}

TEST_CASE("the HTML report shows every cited ruling once with its sources' links, dates and passages",
          "[report][html][sources]") {
  const std::string html = html_of({data("runner/pass")});
  // Scenario bodies link to the ruling cards; each card is written once, in ledger order.
  CHECK(html.find("<a class=\"ruling-link\" href=\"#r-BR-03\">BR-03</a>") != std::string::npos);
  CHECK(count(html, "<details class=\"ruling\" id=\"r-BR-03\">") == 1);
  CHECK(count(html, "<details class=\"ruling\" id=\"r-V-BG-1\">") == 1);
  CHECK(html.find("<details class=\"ruling\" id=\"r-BR-03\">") <
        html.find("<details class=\"ruling\" id=\"r-BR-04\">"));
  const auto card = html.substr(html.find("id=\"r-BR-03\""));
  const auto end = card.find("</details>");
  const std::string br03 = card.substr(0, end);
  CHECK(br03.find("<blockquote lang=\"de\">") != std::string::npos);  // the German rule book, quoted
  CHECK(br03.find("<p class=\"english\">English: ") != std::string::npos);
  CHECK(br03.find("href=\"https://yumpu.com/") != std::string::npos);
  CHECK(br03.find("<span class=\"tier\">RULE</span>") != std::string::npos);
  // A ruling no scenario of the run cites has no card.
  CHECK(html.find("id=\"r-FM-06\"") == std::string::npos);
}

TEST_CASE("the HTML report is deterministic", "[report][html]") {
  CHECK(html_of({data("runner/pass"), data("runner/fail")}) == html_of({data("runner/pass"), data("runner/fail")}));
}

TEST_CASE("the HTML report shows a scenario's disputed flag with the reason stated for it", "[report][html]") {
  const std::string html = html_of({std::string(CARC_SOURCE_DIR) + "/scenarios/flying-machines/fm-10-12-crash.yaml"});
  // FM-10-a cites the disputed FM-12 and states why its answer does not rest on the open point.
  CHECK(html.find("&middot; not disputed: FM-12 is disputed only on whether the phantom may still be placed after a "
                  "crash (V-FM-5)") != std::string::npos);
}
