// The reporters (src/report): text, JSON lines, JUnit XML and Markdown over a
// run with passed, failed, unsupported and invalid results.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/oracle_data.hpp"
#include "report/report.hpp"
#include "runner/engine_subject.hpp"
#include "runner/runner.hpp"
#include "test_support.hpp"

using namespace carc;

using namespace carc::test;

namespace {

// Our engine without the flying machines, so that a result can be `unsupported`.
class EngineWithoutFlier final : public Subject {
 public:
  std::string name() const override { return "engine without flier"; }
  std::vector<std::string> capabilities() const override {
    auto caps = engine_.capabilities();
    caps.erase(std::remove(caps.begin(), caps.end(), "flier"), caps.end());
    return caps;
  }
  Reply answer(const Request& r) override { return engine_.answer(r); }

 private:
  EngineSubject engine_;
};

// A corpus with passed, failed, unsupported and invalid results.
const RunReport& mixed_report() {
  static const Corpus corpus = load_corpus({data("runner/pass"), data("runner/limited"), data("runner/fail"),
                                            data("invalid/bad-id.yaml"), data("invalid/yaml-syntax.yaml")});
  static const RunReport report = [] {
    EngineWithoutFlier subject;
    return run_corpus(corpus, Selection{}, subject);
  }();
  return report;
}

std::string render(Format f, bool colour = false) {
  std::ostringstream out;
  make_reporter(f, ReportOptions{colour})->write(mixed_report(), out);
  return out.str();
}

// A small well-formedness check: balanced tags, quoted attributes, known entities only.
std::string xml_problem(const std::string& xml) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while ((i = xml.find_first_of("<&", i)) != std::string::npos) {
    if (xml[i] == '&') {
      const auto semi = xml.find(';', i);
      const std::string entity = semi == std::string::npos ? "" : xml.substr(i, semi - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" && entity != "&apos;")
        return "bad entity at " + std::to_string(i);
      i = semi;
      continue;
    }
    const auto end = xml.find('>', i);
    if (end == std::string::npos) return "unclosed tag";
    const std::string tag = xml.substr(i + 1, end - i - 1);
    i = end;
    if (tag.empty() || tag.front() == '?') continue;
    if (tag.find('<') != std::string::npos) return "'<' inside a tag";
    if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) return "unbalanced quotes in <" + tag + ">";
    const std::string name =
        tag.substr(tag.front() == '/' ? 1 : 0, tag.find_first_of(" />", 1) - (tag.front() == '/' ? 1 : 0));
    if (tag.front() == '/') {
      if (open.empty() || open.back() != name) return "mismatched </" + name + ">";
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(name);
    }
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

}  // namespace

TEST_CASE("Every JSON line parses and the summary carries every state", "[report][json]") {
  std::istringstream in(render(Format::Json));
  std::string line;
  std::vector<nlohmann::json> records;
  while (std::getline(in, line)) REQUIRE_NOTHROW(records.push_back(nlohmann::json::parse(line)));
  REQUIRE(records.size() == mixed_report().results.size() + 1);
  const auto& summary = records.back();
  CHECK(summary["type"] == "summary");
  CHECK(summary["total"] == mixed_report().results.size());
  int sum = 0;
  for (std::size_t i = 0; i < kOutcomes; ++i) {
    const std::string state(outcome_name(static_cast<Outcome>(i)));
    REQUIRE(summary.contains(state));
    sum += summary[state].get<int>();
  }
  CHECK(sum == summary["total"].get<int>());
  CHECK(summary["failed"] == 1);
  CHECK(summary["invalid"] == 2);
  CHECK(summary["xpass"] == 0);
  for (std::size_t i = 0; i + 1 < records.size(); ++i) {
    CHECK(records[i]["type"] == "result");
    if (!records[i]["ruleset"].is_null()) CHECK(records[i]["rules"].contains("farmer-scoring"));
  }
}

TEST_CASE("JUnit XML is well formed, escaped, and counts per ruleset", "[report][junit]") {
  const std::string xml = render(Format::Junit);
  INFO(xml);
  CHECK(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", 0) == 0);
  CHECK(xml_problem(xml).empty());
  CHECK(xml.find("<testsuite name=\"invalid\" tests=\"2\" failures=\"0\" errors=\"2\" skipped=\"0\">") !=
        std::string::npos);
  CHECK(xml.find("<failure type=\"failed\"") != std::string::npos);
  CHECK(xml.find("<skipped message=\"unsupported: needs flier\"/>") != std::string::npos);
  CHECK(xml.find("<property name=\"farmers\" value=\"on\"/>") != std::string::npos);
  CHECK(xml.find("&apos;br-3&apos;") != std::string::npos);
}

TEST_CASE("The Markdown summary has the state counts, the area x ruleset table and the failures",
          "[report][markdown]") {
  const std::string md = render(Format::Markdown);
  CHECK(md.find("| state | results |") != std::string::npos);
  CHECK(md.find("| failed | 1 |") != std::string::npos);
  CHECK(md.find("| area | hig-c1-2000 | hig-c3 | zmg-c2 | (not run) |") != std::string::npos);
  CHECK(md.find("| base | 1/1 · 1/1 | 6/7 · 7/7 (1 failed) | 3/3 · 3/3 | 0/0 · 0/1 (1 invalid) |") !=
        std::string::npos);
  CHECK(md.find("| flying-machines |  | 0/0 · 0/1 (1 unsupported) |  |  |") != std::string::npos);
  CHECK(md.find("| (invalid) |  |  |  | 0/0 · 0/1 (1 invalid) |") != std::string::npos);
  CHECK(md.find("### BR-03-u under hig-c3: failed") != std::string::npos);
  CHECK(md.find("Rerun: `carc-oracle run") != std::string::npos);
  // The rulings behind the failures, with each source's link, date and quoted passage.
  const auto behind = md.find("## The rulings behind them");
  REQUIRE(behind != std::string::npos);
  CHECK(md.find("- **BR-03** (RULE)", behind) != std::string::npos);
  CHECK(md.find("](<https://yumpu.com/", behind) != std::string::npos);
  CHECK(md.find("    > English: ", behind) != std::string::npos);
}

TEST_CASE("The text report shows the board, a +/- diff and the rerun command", "[report][text]") {
  const std::string text = render(Format::Text);
  CHECK(text.find("FAILED BR-03-u [hig-c3]") != std::string::npos);
  CHECK(text.find("    tile D 0,0 r0\n") != std::string::npos);
  CHECK(text.find("    figure blue follower 0,0:road{E,W}\n") != std::string::npos);
  CHECK(text.find("    seats red blue\n") != std::string::npos);  // the position's text form
  CHECK(text.find("    - deploy follower 1,0:road{E,W}\n") != std::string::npos);
  CHECK(text.find("    + deploy follower 1,0:field{ER,SL,SR,WL}\n") != std::string::npos);
  CHECK(text.find("rerun: carc-oracle run ") != std::string::npos);
  CHECK(text.find("--id BR-03-u --ruleset hig-c3") != std::string::npos);
  CHECK(text.find("UNSUPPORTED FM-13-t: needs flier [hig-c3]") != std::string::npos);
  CHECK(text.find('\033') == std::string::npos);
  CHECK(render(Format::Text, true).find("\033[31m") != std::string::npos);
}

namespace {
// A run made by hand: `passed` results that passed and `unsupported` that did not run.
RunReport coverage_report(const std::string& subject, int passed, int unsupported, Outcome other = Outcome::Passed) {
  RunReport r{subject, {"base"}, {}};
  for (int i = 0; i < passed + unsupported; ++i) {
    RunResult x;
    x.id = "CV-" + std::to_string(i);
    x.ruleset = "hig-c3";
    x.file = "scenarios/cv.yaml";
    x.area = "base";
    x.outcome = i < passed ? (i == 0 ? other : Outcome::Passed) : Outcome::Unsupported;
    if (x.outcome == Outcome::Unsupported) x.message = "needs flier";
    r.results.push_back(std::move(x));
  }
  return r;
}

std::string render_run(Format f, const RunReport& r, bool colour = false) {
  std::ostringstream out;
  make_reporter(f, ReportOptions{colour})->write(r, out);
  return out.str();
}

std::string render_runs(Format f, const std::vector<RunReport>& runs) {
  std::ostringstream out;
  make_reporter(f, ReportOptions{})->write_many(runs, out);
  return out.str();
}
}  // namespace

// Issue 19: a report said "every scenario passes" when 6 of 2590 results ran.
// Coverage (ran of applicable) stands beside the pass rate in every format, and
// nothing reads as all green unless every applicable result ran and passed.
TEST_CASE("Every format shows coverage beside the pass rate and calls nothing green that did not all run",
          "[report][coverage]") {
  const RunReport few = coverage_report("few", 2, 5);
  const RunReport all = coverage_report("all", 7, 0);
  CHECK(coverage_line(few.counts()) == "2 of 7 ran; 2 passed; 5 unsupported");
  CHECK(coverage_line(all.counts()) == "7 of 7 ran; 7 passed");
  CHECK(counts_cell(few.counts()) == "2/2 · 2/7 (5 unsupported)");
  CHECK_FALSE(coverage_of(few.counts()).complete());
  CHECK(coverage_of(all.counts()).complete());
  CHECK_FALSE(coverage_of(coverage_report("xfail", 7, 0, Outcome::XFail).counts()).complete());

  const std::string text = render_run(Format::Text, few, true);
  CHECK(
      text.find(
          "\033[33m7 results: 2 passed, 5 unsupported\033[0m\n\033[33mcoverage: 2 of 7 ran; 2 passed; 5 unsupported") !=
      std::string::npos);  // yellow, not green
  CHECK(render_run(Format::Text, all, true)
            .find("\033[32m7 results: 7 passed\033[0m\n\033[32mcoverage: 7 of 7 ran; 7 passed") != std::string::npos);

  const auto summary =
      nlohmann::json::parse(render_run(Format::Json, few).substr(render_run(Format::Json, few).rfind("{\"type\"")));
  CHECK(summary["type"] == "summary");
  CHECK(summary["applicable"] == 7);
  CHECK(summary["ran"] == 2);
  CHECK(summary["passed"] == 2);

  const std::string xml = render_run(Format::Junit, few);
  CHECK(xml_problem(xml).empty());
  CHECK(xml.find("<property name=\"carc-oracle.coverage\" value=\"2 of 7 ran; 2 passed; 5 unsupported\"/>") !=
        std::string::npos);
  CHECK(xml.find("<property name=\"carc-oracle.ran\" value=\"2\"/>") != std::string::npos);
  CHECK(xml.find("<property name=\"carc-oracle.applicable\" value=\"7\"/>") != std::string::npos);

  const std::string md = render_run(Format::Markdown, few);
  CHECK(md.find("Coverage: 2 of 7 ran; 2 passed; 5 unsupported.\n") != std::string::npos);
  CHECK(md.find("| **ran** (all but unsupported, skipped, invalid) | 2 of 7 |") != std::string::npos);
  CHECK(md.find("| base |  | 2/2 · 2/7 (5 unsupported) |") == std::string::npos);  // one ruleset only: no empty column
  CHECK(md.find("| base | 2/2 · 2/7 (5 unsupported) |") != std::string::npos);
  CHECK(md.find("ran and passed") == std::string::npos);
  CHECK(render_run(Format::Markdown, all)
            .find("Coverage: 7 of 7 ran; 7 passed (every applicable result ran and passed).") != std::string::npos);

  const std::string html = render_run(Format::Html, few);
  CHECK(html.find("Every scenario passes") == std::string::npos);
  CHECK(
      html.find("<p class=\"attention partial\">Nothing that ran needs attention, but not every result ran and passed: "
                "2 of 7 ran; 2 passed; 5 unsupported.</p>") != std::string::npos);
  CHECK(html.find("<p class=\"coverage\">coverage: 2 of 7 ran; 2 passed; 5 unsupported</p>") != std::string::npos);
  CHECK(html.find("<td class=\"unsup\" title=\"2 passed, 5 unsupported\">2/2 · 2/7</td>") != std::string::npos);
  CHECK(html.find("<td class=\"bad\"") == std::string::npos);
  CHECK(html.find("<span class=\"badge unsupported\"") != std::string::npos);
  CHECK(render_run(Format::Html, all).find("<p class=\"attention clear\">Every scenario passes") != std::string::npos);
}

// Issue 19: the comparison table coloured `unsupported` like a failure.
TEST_CASE("The comparison of implementations shows unsupported apart, never as a failure",
          "[report][coverage][compare]") {
  // A passes CV-0, B fails it, C does not support it: a disagreement between A and B only.
  const std::vector<RunReport> runs{coverage_report("A", 2, 0), coverage_report("B", 2, 0, Outcome::Failed),
                                    coverage_report("C", 0, 2)};
  const std::string html = render_runs(Format::Html, runs);
  CHECK(html.find("<th>all</th><th>unsupported</th>") != std::string::npos);
  CHECK(html.find("<td class=\"unsup\"><a href=\"#i3-s-CV-0\">unsupported</a></td>") != std::string::npos);
  CHECK(html.find("<td class=\"bad\"><a href=\"#i2-s-CV-0\">failed</a></td>") != std::string::npos);
  CHECK(html.find("<td class=\"unsup\" title=\"2 unsupported\">0/0 · 0/2</td><td class=\"unsup\">2</td>") !=
        std::string::npos);
  const std::string text = render_runs(Format::Text, runs);
  INFO(text);
  CHECK(text.find("implementation  base         all          unsupported\n") != std::string::npos);
  CHECK(text.find("\nC               0/0 · 0/2    0/0 · 0/2    2\n") != std::string::npos);
  CHECK(text.find("\nB               1/2 · 2/2 !  1/2 · 2/2 !  0\n") != std::string::npos);
  const std::string md = render_runs(Format::Markdown, runs);
  CHECK(md.find("| implementation | base | all | unsupported |") != std::string::npos);
  CHECK(md.find("| C | 0/0 · 0/2 (2 unsupported) | 0/0 · 0/2 (2 unsupported) | 2 |") != std::string::npos);
}

TEST_CASE("Reports are deterministic and hold no absolute paths", "[report]") {
  for (const Format f : {Format::Text, Format::Json, Format::Junit, Format::Markdown}) {
    const std::string a = render(f);
    CHECK(a == render(f));
    CHECK(a.find(CARC_SOURCE_DIR) == std::string::npos);
  }
}

TEST_CASE("Format names and report file names", "[report]") {
  Format f;
  CHECK(parse_format("junit", f));
  CHECK(f == Format::Junit);
  CHECK_FALSE(parse_format("pdf", f));
  CHECK(report_file_name(Format::Markdown) == "summary.md");
  CHECK(report_file_name(Format::Json) == "results.jsonl");
}

// Issue 15 (low): a report must never carry the source path, wherever the
// build (and so the current directory of the tests) lies. Before, a build
// outside the source tree turned the absolute fixture paths into
// "../../work/<checkout>/tests/data/...".
TEST_CASE("Reports hold no absolute path when the current directory is outside the source tree", "[report]") {
  const auto here = std::filesystem::current_path();
  const auto elsewhere = std::filesystem::temp_directory_path() / ("carc-elsewhere-" + std::to_string(::getpid()));
  std::filesystem::create_directories(elsewhere);
  std::filesystem::current_path(elsewhere);
  const Corpus corpus = load_corpus({data("runner/pass"), data("runner/fail"), data("invalid/bad-id.yaml")});
  EngineSubject engine;
  const RunReport report = run_corpus(corpus, Selection{}, engine);
  std::filesystem::current_path(here);
  std::filesystem::remove_all(elsewhere);
  for (const Format f : {Format::Text, Format::Json, Format::Junit, Format::Markdown, Format::Html}) {
    std::ostringstream out;
    make_reporter(f, ReportOptions{})->write(report, out);
    INFO(format_name(f));
    CHECK(out.str().find(CARC_SOURCE_DIR) == std::string::npos);
    if (f != Format::Html) CHECK(out.str().find("../") == std::string::npos);
    CHECK(out.str().find("fail/wrong.yaml") != std::string::npos);  // shown from the folder given
  }
}

// Issue 15 (low): terminal escape sequences and raw HTML from a scenario are
// escaped in the text and Markdown reports, as HTML already escaped them.
TEST_CASE("Control characters and markup from a scenario are escaped in every report", "[report]") {
  const Corpus corpus = load_corpus({data("hostile/escapes.yaml")});
  REQUIRE(corpus.valid());
  EngineSubject engine;
  const RunReport report = run_corpus(corpus, Selection{}, engine);
  REQUIRE(report.results.size() == 1);
  REQUIRE(report.results.front().outcome == Outcome::Failed);
  std::ostringstream text, markdown, html;
  make_reporter(Format::Text, ReportOptions{false})->write(report, text);
  make_reporter(Format::Markdown, ReportOptions{})->write(report, markdown);
  make_reporter(Format::Html, ReportOptions{})->write(report, html);
  for (const std::string& out : {text.str(), markdown.str()}) {
    CHECK(out.find('\033') == std::string::npos);
    CHECK(out.find('\a') == std::string::npos);
    CHECK(out.find("\\x1b[2J") != std::string::npos);
  }
  CHECK(markdown.str().find("<script>") == std::string::npos);
  CHECK(markdown.str().find("&lt;script&gt;alert(1)&lt;/script&gt; &amp; \\| pipe `tick`") != std::string::npos);
  CHECK(html.str().find("<script>alert") == std::string::npos);
  CHECK(terminal_safe("ok \xc2\x9b"
                      "2J \xff") == "ok \\xc2\\x9b2J \\xff");  // a C1 CSI and a stray byte
}

// Issue 15 (low): the comparison of several implementations has a row for one
// that could not start, in every format.
TEST_CASE("The comparison has a row for an implementation that could not start", "[report][cli]") {
  for (const char* format : {"text", "json", "junit", "markdown", "html"}) {
    RunOptions o;
    o.paths = {data("runner/pass")};
    o.format = format;
    o.impl = {"/nonexistent/engine --serve", std::string(CARC_BINARY) + " serve"};
    std::ostringstream out, err;
    CHECK(run_run(o, out, err) == kExitImplStart);
    INFO(format << "\n" << out.str().substr(0, 3000));
    const std::string s = out.str();
    if (std::string(format) == "text")
      CHECK(s.find("\n/nonexistent/engine --serve  0/10 · 10/10 !") != std::string::npos);
    if (std::string(format) == "json")
      CHECK(s.find("\"implementations\":[\"/nonexistent/engine --serve\",") != std::string::npos);
    if (std::string(format) == "junit")
      CHECK(s.find("name=\"/nonexistent/engine --serve / hig-c3\"") != std::string::npos);
    if (std::string(format) == "markdown")
      CHECK(s.find("| /nonexistent/engine --serve | 0/10 · 10/10 (10 errored) |") != std::string::npos);
    if (std::string(format) == "html")
      CHECK(s.find("<a href=\"#impl-1\">/nonexistent/engine --serve</a>") != std::string::npos);
  }
}

// The position a failure shows (and explain, and lookup's JSON) is the engine's
// text form: parse_setup reads it back to the very position the scenario states.
TEST_CASE("position_lines is the text form of the scenario's position, over the corpus", "[report][position]") {
  const Corpus corpus = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios"});
  std::size_t checked = 0;
  for (const auto& f : corpus.files)
    for (const auto& sc : f.scenarios) {
      if (!sc.valid()) continue;
      const auto setup = scenario_setup(sc);
      REQUIRE(setup);
      std::string text;
      std::size_t moves = 0;
      for (const auto& line : position_lines(sc)) {
        if (line.rfind("apply ", 0) == 0 || line.rfind("then ", 0) == 0) {
          ++moves;
          continue;
        }
        text += line + "\n";
      }
      INFO(sc.id << "\n" << text);
      const auto parsed = parse_setup(text, builtin_catalog());
      REQUIRE(parsed);
      CHECK(*parsed == *setup);
      CHECK(moves == sc.apply.size() + (sc.final_scoring ? 1u : 0u));
      ++checked;
    }
  CHECK(checked > 250);
}

// Issue 19: a rerun hint reproduces the failing case: with --impl it names the
// implementation and the timeout, in every format, quoted for a POSIX shell.
TEST_CASE("Rerun hints of an implementation's run name --impl and --timeout", "[report][cli][rerun]") {
  const std::string impl = std::string(CARC_BINARY) + " serve";
  const std::string hint = "--id BR-03-u --ruleset hig-c3 --impl '" + impl + "' --timeout 2.5";
  for (const char* format : {"text", "junit", "markdown", "html"}) {
    RunOptions o;
    o.paths = {data("runner/fail")};
    o.format = format;
    o.impl = {impl};
    o.timeout = 2.5;
    std::ostringstream out, err;
    CHECK(run_run(o, out, err) == kExitFailures);
    INFO(format << "\n" << out.str().substr(0, 4000));
    const bool xml = std::string(format) == "junit" || std::string(format) == "html";
    std::string wanted = hint;  // XML and HTML escape the quotes
    for (std::size_t at = 0; xml && (at = wanted.find('\'', at)) != std::string::npos; at += 6)
      wanted.replace(at, 1, "&apos;");
    CHECK(out.str().find(wanted) != std::string::npos);
  }
  // Our own engine's run: no --impl in the hint.
  RunOptions own;
  own.paths = {data("runner/fail")};
  std::ostringstream out, err;
  CHECK(run_run(own, out, err) == kExitFailures);
  CHECK(out.str().find("rerun: carc-oracle run ") != std::string::npos);
  CHECK(out.str().find("--impl") == std::string::npos);
}

TEST_CASE("A rerun hint quotes an implementation command with spaces and quotes", "[report][rerun]") {
  RunResult r;
  r.id = "BR-03-u";
  r.ruleset = "hig-c3";
  r.file = "scenarios/base/x.yaml";
  const RunHeader h{"it", {}, {"--impl", "python3 'my adapter.py'", "--timeout", "10"}, {}, {}, {}};
  CHECK(rerun_command(r, h) ==
        "carc-oracle run scenarios/base/x.yaml --id BR-03-u --ruleset hig-c3 --impl 'python3 '\\''my adapter.py'\\''' "
        "--timeout 10");
  CHECK(rerun_command(r, RunHeader{}) == "carc-oracle run scenarios/base/x.yaml --id BR-03-u --ruleset hig-c3");
}

// Issue 19: a filter that selects nothing exits 2 and says which; the report
// is still written (an invalid file in the paths is reported whatever the filters).
TEST_CASE("run exits 2 naming each filter that selects nothing", "[cli][selection]") {
  auto run_with = [](auto setup) {
    RunOptions o;
    o.paths = {data("runner/pass")};
    setup(o);
    std::ostringstream out, err;
    const int code = run_run(o, out, err);
    return std::tuple{code, out.str(), err.str()};
  };
  {
    const auto [code, out, err] = run_with([](RunOptions& o) { o.ids = {"BR-99*"}; });
    CHECK(code == kExitInvalidInput);
    CHECK(err.find("carc-oracle run: --id BR-99* selects no scenario") != std::string::npos);
    CHECK(out.find("no results") != std::string::npos);  // the report is written all the same
  }
  {
    const auto [code, out, err] = run_with([](RunOptions& o) {
      o.ids = {"BR-03-*", "BR-3-*"};  // one typo among good filters is still an error
      o.tags = {"no-such-tag"};
      o.rulings = {"XX-*"};
    });
    CHECK(code == kExitInvalidInput);
    CHECK(err.find("--id BR-3-* selects no scenario") != std::string::npos);
    CHECK(err.find("--tag no-such-tag selects no scenario") != std::string::npos);
    CHECK(err.find("--ruling XX-* selects no scenario") != std::string::npos);
    CHECK(err.find("--id BR-03-* selects") == std::string::npos);
  }
  {
    // Each filter finds something, but not together.
    const auto [code, out, err] = run_with([](RunOptions& o) {
      o.ids = {"BR-03-*"};
      o.rulings = {"BR-04"};
    });
    CHECK(code == kExitInvalidInput);
    CHECK(err.find("the filters together select no scenario under any ruleset") != std::string::npos);
  }
  {
    const auto [code, out, err] = run_with([](RunOptions& o) { o.ids = {"BR-03-*"}; });
    CHECK(code == kExitOk);
    CHECK(err.empty());
  }
  // An empty shard is not an error: one scenario selected, so one of two shards is empty.
  for (const char* shard : {"1/2", "2/2"}) {
    const auto [code, out, err] = run_with([&](RunOptions& o) {
      o.ids = {"BR-04-*"};
      o.shard = shard;
    });
    CHECK(code == kExitOk);
    CHECK(err.empty());
  }
}
