// The HTML report: one self-contained page (inline CSS, JS and SVG, nothing
// fetched) with the counts, a table of ruling area x ruleset, the scenarios
// needing attention, and every scenario as an expandable <details> with its
// board, question and expected/actual answer; failures first and open.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "data/oracle_data.hpp"
#include "render/svg_board.hpp"
#include "report/answer.hpp"
#include "report/html_assets.hpp"
#include "report/html_parts.hpp"
#include "report/report.hpp"
#include "report/ruling_html.hpp"
#include "report/writer_base.hpp"

namespace carc {
namespace {

constexpr std::size_t kMaxLines = 40;

std::string esc(std::string_view s) { return xml_escape(s); }

struct Group {
  std::string id, area;
  const Scenario* scenario = nullptr;
  std::vector<const RunResult*> results;
  bool failing = false, other = false;

  const RunResult& shown() const {
    for (const RunResult* r : results)
      if (needs_attention(r->outcome)) return *r;
    for (const RunResult* r : results)
      if (r->ruleset == "hig-c3") return *r;
    return *results.front();
  }
};

// One scenario's results (one add() of the writer) as a group.
Group group_of(const std::vector<RunResult>& results) {
  Group g{results.front().id, area_of(results.front()), results.front().scenario, {}, false, false};
  for (const auto& r : results) {
    g.results.push_back(&r);
    g.failing = g.failing || needs_attention(r.outcome);
    g.other = g.other || (r.outcome != Outcome::Passed && !needs_attention(r.outcome));
  }
  return g;
}

// A table cell's class: bad when anything needs attention; ok when every result
// passed; unsup when the rest did not run because the subject lacks what they need
// (never coloured as a failure); part otherwise (skipped, xfail).
const char* cell_class(const Counts& c) {
  const Coverage cov = coverage_of(c);
  int bad = 0;
  for (std::size_t i = 0; i < kOutcomes; ++i)
    if (needs_attention(static_cast<Outcome>(i))) bad += c[i];
  if (bad > 0) return "bad";
  if (cov.passed == cov.applicable) return "ok";
  return cov.passed + c[static_cast<std::size_t>(Outcome::Unsupported)] == cov.applicable ? "unsup" : "part";
}

std::string cell(const Counts& c) {
  if (coverage_of(c).applicable == 0) return "<td class=\"none\">-</td>";
  std::vector<std::string> title;
  for (std::size_t i = 0; i < kOutcomes; ++i)
    if (c[i] > 0) title.push_back(fmt::format("{} {}", c[i], outcome_name(static_cast<Outcome>(i))));
  return fmt::format("<td class=\"{}\" title=\"{}\">{}</td>", cell_class(c),
                     esc(fmt::format("{}", fmt::join(title, ", "))), esc(coverage_cell(c)));
}

// One result's state in the disagreements table, classed as a cell of that state alone.
std::string state_cell(const std::optional<Outcome>& o, const std::string& href) {
  if (!o) return "<td class=\"none\">-</td>";
  Counts c{};
  c[static_cast<std::size_t>(*o)] = 1;
  return fmt::format("<td class=\"{}\"><a href=\"{}\">{}</a></td>", cell_class(c), href, esc(outcome_name(*o)));
}

// `pre` prefixes every element id, so several implementations' sections fit in one page.
void write_matrix(const RunTally& t, const std::string& pre, std::ostream& out) {
  const auto rulesets = ruleset_order(t);
  fmt::print(
      out,
      "<section id=\"{}summary\"><h2>By ruling area and ruleset <span class=\"n\">{}; hover a cell for the other "
      "states</span></h2>\n<table class=\"matrix\"><tr><th class=\"area\">area</th>",
      pre, kCellLegend);
  for (const auto& rs : rulesets) fmt::print(out, "<th>{}</th>", esc(rs));
  out << "<th>all</th></tr>\n";
  for (const auto& area : area_order(t)) {
    const auto total = t.areas.find(area);
    if (total == t.areas.end()) continue;
    fmt::print(out, "<tr><td class=\"area\"><a href=\"#{}area-{}\">{}</a></td>", pre, esc(area), esc(area));
    for (const auto& rs : rulesets) {
      const auto c = t.cells.find({area, rs});
      out << cell(c == t.cells.end() ? Counts{} : c->second);
    }
    out << cell(total->second) << "</tr>\n";
  }
  out << "</table></section>\n";
}

// The scenarios needing attention; when there are none, "every scenario passes" only
// when every applicable result ran and passed, else how many did not run.
void write_attention(const std::vector<std::string>& failing, const Counts& counts, const std::string& pre,
                     std::ostream& out) {
  fmt::print(out, "<section id=\"{}attention\"><h2>Needs attention <span class=\"n\">{} scenarios</span></h2>", pre,
             failing.size());
  if (failing.empty()) {
    if (coverage_of(counts).complete())
      out << "<p class=\"attention clear\">Every scenario passes under every ruleset it applies to.</p></section>\n";
    else
      fmt::print(
          out,
          "<p class=\"attention partial\">Nothing that ran needs attention, but not every result ran and passed: "
          "{}.</p></section>\n",
          esc(coverage_line(counts)));
    return;
  }
  out << "<p class=\"attention\">";
  for (const auto& id : failing) fmt::print(out, "<a href=\"#{0}s-{1}\">{1}</a> ", pre, esc(id));
  out << "</p></section>\n";
}

std::string badge(const RunResult& r) {
  const std::string state(outcome_name(r.outcome));
  std::string title = fmt::format("{}: {}", r.ruleset.empty() ? "not run" : r.ruleset, state);
  if (!r.message.empty()) title += fmt::format(" - {}", r.message);
  return fmt::format("<span class=\"badge {}\" title=\"{}\">{}</span>", state, esc(title),
                     esc(r.ruleset.empty() ? state : r.ruleset));
}

std::string line_class(char mark, bool compared) {
  if (!compared) return "plain";
  return mark == '-' ? "miss" : mark == '+' ? "extra" : "same";
}

// The result's boards come from the runner (ResultExtras::board_views).
void write_board(const Scenario& s, const RunResult& r, std::ostream& out) {
  if (r.ruleset.empty() || !r.views) return;
  const ScenarioViews& views = *r.views;
  out << board_figure_html(
      s.apply.empty() ? views.before : views.after,
      s.apply.empty() ? "the position" : fmt::format("after the moves ({} applied)", views.applied));
}

// The other results needing attention, one line per state and message with their rulesets.
void write_others(const Group& g, const RunResult& shown, std::ostream& out) {
  std::vector<std::pair<std::string, std::string>> lines;  // "state: message" -> rulesets
  for (const RunResult* other : g.results) {
    if (other == &shown || !needs_attention(other->outcome)) continue;
    const std::string key = fmt::format("{}: {}", outcome_name(other->outcome), other->message);
    auto it = std::find_if(lines.begin(), lines.end(), [&](const auto& l) { return l.first == key; });
    if (it == lines.end())
      lines.emplace_back(key, other->ruleset);
    else
      it->second += ", " + other->ruleset;
  }
  for (const auto& [key, rulesets] : lines)
    fmt::print(out, "<p class=\"meta\">also under {} &mdash; {}</p>", esc(rulesets), esc(key));
}

// Switches as KEY=VALUE, separated by `sep`.
template <typename Map>
std::string settings(const Map& switches, std::string_view sep) {
  std::vector<std::string> out;
  for (const auto& [k, v] : switches) out.push_back(fmt::format("{}={}", k, v));
  return fmt::format("{}", fmt::join(out, sep));
}

void write_body(const Group& g, const RunHeader& run, std::ostream& out) {
  const RunResult& r = g.shown();
  out << "<div class=\"body\">";
  if (g.scenario && g.scenario->valid()) write_board(*g.scenario, r, out);
  out << "<div class=\"qa\">";
  if (const Scenario* s = g.scenario) {
    std::vector<std::string> links;  // each ruling links to its card in the "Rulings cited" section
    for (const auto& id : s->rulings)
      links.push_back(fmt::format("<a class=\"ruling-link\" href=\"#{}\">{}</a>", esc(ruling_anchor(id)), esc(id)));
    fmt::print(out, "<p class=\"meta\">{}:{} &middot; rulings {} &middot; status {}{}{}</p>", esc(s->file), s->loc.line,
               fmt::join(links, ", "), esc(s->status),
               s->disputed ? " &middot; disputed" : (s->disputed_reason.empty() ? "" : " &middot; not disputed"),
               s->disputed_reason.empty() ? "" : ": " + esc(s->disputed_reason));
    fmt::print(out, "<p class=\"meta\">source: {}</p>", esc(s->source));
    if (!s->rules.empty())
      fmt::print(out, "<p class=\"meta\">rules set by the scenario on top of each ruleset: {}</p>",
                 esc(settings(s->rules, " ")));
    out << "<h4>Question</h4><ul>";
    for (const auto& line : question_lines(*s)) fmt::print(out, "<li>{}</li>", esc(line));
    out << "</ul>";
  }
  fmt::print(out, "<h4 title=\"{}\">Answer under {}: <span class=\"verdict {}\">{}</span></h4>",
             esc(settings(r.rules, "\n")), esc(r.ruleset.empty() ? "(not run)" : r.ruleset), outcome_name(r.outcome),
             esc(verdict_word(r.outcome)));
  if (!r.message.empty()) fmt::print(out, "<p class=\"meta\">{}</p>", esc(r.message));
  if (g.scenario && g.scenario->valid()) write_answer_sections_html(*g.scenario, r, out);
  write_others(g, r, out);
  fmt::print(out, "<p class=\"rerun\"><code>{}</code>", esc(rerun_command(r, run)));
  if (!r.ruleset.empty())
    fmt::print(out, "<code>carc-oracle explain {} --ruleset {}</code>", esc(r.id), esc(r.ruleset));
  out << "</p></div></div>";
}

std::string group_html(const Group& g, const RunHeader& run, const std::string& pre) {
  std::ostringstream out;
  const Scenario* s = g.scenario;
  std::string text = g.id;
  if (s) {
    text += " " + s->title;
    for (const auto& x : s->rulings) text += " " + x;
    for (const auto& x : s->tags) text += " " + x;
  }
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  int passed = 0, unsupported = 0;
  for (const RunResult* r : g.results) {
    passed += r->outcome == Outcome::Passed ? 1 : 0;
    unsupported += r->outcome == Outcome::Unsupported ? 1 : 0;
  }
  const bool only_unsupported = passed + unsupported == static_cast<int>(g.results.size());
  const char* cls = g.failing ? " fail" : g.other ? (only_unsupported ? " unsup" : " other") : "";
  fmt::print(out,
             "<details class=\"scenario{}\" id=\"{}s-{}\" data-id=\"{}\" data-text=\"{}\"{}><summary><code>{}</code>"
             "<span class=\"title\">{}</span>",
             cls, pre, esc(g.id), esc(g.id), esc(text), g.failing ? " open" : "", esc(g.id),
             esc(s ? s->title : std::string("(unreadable file)")));
  if (s) fmt::print(out, "<span class=\"rulings\">{}</span>", esc(fmt::format("{}", fmt::join(s->rulings, " · "))));
  out << "<span class=\"badges\">";
  if (g.failing || g.other)
    for (const RunResult* r : g.results) out << badge(*r);
  else
    fmt::print(out,
               "<span class=\"badge passed\" title=\"passed under every ruleset it applies to\">{}/{} passed</span>",
               passed, g.results.size());
  out << "</span></summary>";
  write_body(g, run, out);
  out << "</details>\n";
  return out.str();
}

std::string capabilities_text(const RunHeader& h) { return fmt::format("{}", fmt::join(h.capabilities, ", ")); }

// The page around the sections: header with `lines` (already escaped) and the toolbar; main; the script.
template <typename Main>
void write_page(const std::vector<std::string>& lines, Main write_main, std::ostream& out) {
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
         "<title>Carcassonne rules oracle: report</title><style>"
      << html_style() << "</style></head>\n<body>\n<header><h1>Carcassonne rules oracle</h1>";
  for (const auto& l : lines) out << l;
  out << "<div class=\"toolbar\"><input type=\"search\" id=\"filter\" placeholder=\"filter: words; a comma separates "
         "alternatives\">"
         "<button id=\"expand\" type=\"button\">expand all</button><button id=\"collapse\" type=\"button\">collapse "
         "all</button><label><input type=\"checkbox\" id=\"only-failing\"> only scenarios needing attention</label>"
         "<span id=\"shown\"></span></div></header>\n<main>\n";
  write_main(out);
  out << "</main>\n<footer id=\"report-status\" data-state=\"loading\" data-count=\"\">The report's script has not "
         "run.</footer>\n<script>"
      << html_script() << "</script>\n</body></html>\n";
}

void write_comparison(const Comparison& c, const std::vector<RunTally>& runs, std::ostream& out) {
  fmt::print(out,
             "<section id=\"comparison\"><h2>By implementation and ruling area <span class=\"n\">{}; hover a cell for "
             "the other states; unsupported results did not run and are no failure</span></h2>\n"
             "<table class=\"matrix\"><tr><th class=\"area\">implementation</th>",
             kCellLegend);
  for (const auto& area : c.areas) fmt::print(out, "<th>{}</th>", esc(area));
  out << "<th>all</th><th>unsupported</th></tr>\n";
  for (std::size_t k = 0; k < runs.size(); ++k) {
    fmt::print(out, "<tr><td class=\"area\"><a href=\"#impl-{}\">{}</a></td>", k + 1, esc(runs[k].header.subject));
    for (const auto& area : c.areas) {
      const auto it = c.by_area[k].find(area);
      out << cell(it == c.by_area[k].end() ? Counts{} : it->second);
    }
    const int unsupported = runs[k].counts[static_cast<std::size_t>(Outcome::Unsupported)];
    fmt::print(out, "{}<td class=\"{}\">{}</td></tr>\n", cell(runs[k].counts), unsupported ? "unsup" : "none",
               unsupported);
  }
  fmt::print(out,
             "</table>\n<h2>Where the implementations disagree <span class=\"n\">{} results: one implementation "
             "passes, another fails</span></h2>\n",
             c.disagreements.size());
  if (c.disagreements.empty()) {
    out << "<p class=\"attention clear\">None.</p></section>\n";
    return;
  }
  out << "<table class=\"matrix\"><tr><th class=\"area\">scenario</th><th>ruleset</th>";
  for (const auto& r : runs) fmt::print(out, "<th>{}</th>", esc(r.header.subject));
  out << "</tr>\n";
  for (const auto& d : c.disagreements) {
    fmt::print(out, "<tr><td class=\"area\">{}</td><td>{}</td>", esc(d.id), esc(d.ruleset));
    for (std::size_t k = 0; k < runs.size(); ++k)
      out << state_cell(d.outcomes[k], fmt::format("#i{}-s-{}", k + 1, esc(d.id)));
    out << "</tr>\n";
  }
  out << "</table></section>\n";
}

struct HtmlArea {
  int members = 0, failing = 0;
  std::vector<Spool::Part> failing_parts, other_parts;  // each scenario's <details>, failing ones shown first
};
struct HtmlRun {
  RunTally tally;
  std::size_t scenarios = 0;
  std::vector<std::string> failing;  // ids of the scenarios needing attention, in order
  std::map<std::string, HtmlArea> areas;
};

class HtmlWriter final : public TallyingWriter<HtmlRun> {
 public:
  explicit HtmlWriter(bool several) : several_(several) {}

  void add(const std::vector<RunResult>& results) override {
    if (results.empty()) return;
    HtmlRun& run = runs_.back();
    for (const auto& r : results) count(r);
    const Group g = group_of(results);
    ++run.scenarios;
    scenarios_.insert(g.id + "\n" + results.front().file);
    if (g.scenario) cited_.insert(g.scenario->rulings.begin(), g.scenario->rulings.end());
    if (g.failing) run.failing.push_back(g.id);
    HtmlArea& area = run.areas[g.area];
    ++area.members;
    area.failing += g.failing ? 1 : 0;
    spool_.append_to(g.failing ? area.failing_parts : area.other_parts, group_html(g, run.tally.header, prefix()));
  }

  std::string finish(std::ostream& out) override {
    if (!several_) {
      if (runs_.empty()) runs_.emplace_back();
      const HtmlRun& run = runs_.front();
      write_page(
          {fmt::format("<p>subject: {} &middot; capabilities: {}</p>", esc(run.tally.header.subject),
                       esc(capabilities_text(run.tally.header))),
           fmt::format("<p class=\"counts\"><b>{} scenarios</b> &middot; {}</p>", run.scenarios,
                       esc(counts_line(run.tally.counts))),
           fmt::format("<p class=\"coverage\">coverage: {}</p>", esc(coverage_line(run.tally.counts))),
           cut_short_line(run.tally).empty() ? ""
                                             : fmt::format("<p class=\"cut\">{}</p>", esc(cut_short_line(run.tally))),
           played_as_line(run.tally).empty() ? "" : fmt::format("<p>{}</p>", esc(played_as_line(run.tally)))},
          [&](std::ostream& main) {
            write_run(run, "", main);
            write_rulings(main);
          },
          out);
      return spool_.error();
    }
    const std::vector<RunTally> all = tallies();
    const Comparison c = comparison();
    write_page(
        {fmt::format("<p>{} implementations compared</p>", runs_.size()),
         fmt::format("<p class=\"counts\"><b>{} scenarios</b></p>", scenarios_.size())},
        [&](std::ostream& main) {
          write_comparison(c, all, main);
          for (std::size_t k = 0; k < runs_.size(); ++k) {
            const HtmlRun& run = runs_[k];
            fmt::print(main,
                       "<section class=\"impl\" id=\"impl-{}\"><h2 class=\"impl\">{}</h2>\n<p "
                       "class=\"meta\">capabilities: {} &middot; {} &middot; coverage: {}</p>\n",
                       k + 1, esc(run.tally.header.subject), esc(capabilities_text(run.tally.header)),
                       esc(counts_line(run.tally.counts)), esc(coverage_line(run.tally.counts)));
            if (const std::string cut = cut_short_line(run.tally); !cut.empty())
              fmt::print(main, "<p class=\"attention\">{}</p>\n", esc(cut));
            if (const std::string played = played_as_line(run.tally); !played.empty())
              fmt::print(main, "<p>{}</p>\n", esc(played));
            write_run(run, fmt::format("i{}-", k + 1), main);
            main << "</section>\n";
          }
          write_rulings(main);
        },
        out);
    return spool_.error();
  }

 private:
  std::string prefix() const { return several_ ? fmt::format("i{}-", runs_.size()) : ""; }

  void write_run(const HtmlRun& run, const std::string& pre, std::ostream& out) {
    write_matrix(run.tally, pre, out);
    write_attention(run.failing, run.tally.counts, pre, out);
    for (const auto& name : area_order(run.tally)) {
      const auto it = run.areas.find(name);
      if (it == run.areas.end()) continue;
      const HtmlArea& a = it->second;
      fmt::print(out, "<section class=\"area\" id=\"{}area-{}\"><h2>{} <span class=\"n\">{} scenarios{}</span></h2>\n",
                 pre, esc(name), esc(name), a.members,
                 a.failing ? fmt::format(", {} needing attention", a.failing) : "");
      spool_.copy(a.failing_parts, out);
      spool_.copy(a.other_parts, out);
      out << "</section>\n";
    }
  }

  // Every ruling and switch the scenarios cite, in ledger order, with its sources' passages and links.
  void write_rulings(std::ostream& out) const {
    if (cited_.empty()) return;
    fmt::print(out,
               "<section id=\"rulings\"><h2>Rulings cited <span class=\"n\">{}; each with its sources: the link, "
               "the date and the passage quoted</span></h2>\n",
               cited_.size());
    for (const auto& r : builtin_ledger())
      if (cited_.contains(r.id)) out << ruling_card_html(r.id);
    for (const auto& s : builtin_ledger_switches())
      if (cited_.contains(s.id)) out << ruling_card_html(s.id);
    out << "</section>\n";
  }

  bool several_;
  std::set<std::string> scenarios_;  // id and file of every scenario of any run
  std::set<std::string> cited_;      // ruling and switch ids the scenarios cite
};

}  // namespace

std::string board_figure_html(const BoardView& v, const std::string& caption) {
  if (v.tiles.empty()) return {};
  SvgOptions o;
  o.tile = 60;
  o.xml_header = false;
  return fmt::format("<figure class=\"board\">{}<figcaption>{}</figcaption></figure>", render_svg(v, o), esc(caption));
}

void write_answer_sections_html(const Scenario& s, const RunResult& r, std::ostream& out) {
  const bool compared = answered(r);
  for (const auto& sec : answer_sections(s, r)) {
    fmt::print(out, "<div class=\"sec\"><span class=\"key\">{}</span> <span class=\"what\">{}</span>{}<ul>",
               esc(sec.key), esc(sec.what),
               compared ? (sec.agrees ? " <span class=\"verdict passed\">&#10003;</span>"
                                      : " <span class=\"verdict failed\">&#10007;</span>")
                        : "");
    for (std::size_t i = 0; i < sec.lines.size() && i < kMaxLines; ++i)
      fmt::print(out, "<li class=\"{}\">{}</li>", line_class(sec.lines[i].mark, compared), esc(sec.lines[i].text));
    if (sec.lines.size() > kMaxLines)
      fmt::print(out, "<li class=\"plain\">... {} more</li>", sec.lines.size() - kMaxLines);
    if (sec.omitted > 0)
      fmt::print(out, "<li class=\"plain\">... {} more not kept (the difference was too long)</li>", sec.omitted);
    out << "</ul></div>";
  }
}

std::unique_ptr<ReportWriter> make_html_writer(bool several) { return std::make_unique<HtmlWriter>(several); }

}  // namespace carc
