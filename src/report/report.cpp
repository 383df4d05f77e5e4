#include "report/report.hpp"

#include <algorithm>

#include "scenario/ledger.hpp"
#include "scenario/oracle_data.hpp"

namespace carc {

std::unique_ptr<Reporter> make_text_reporter(const ReportOptions& o);
std::unique_ptr<Reporter> make_json_reporter();
std::unique_ptr<Reporter> make_junit_reporter();
std::unique_ptr<Reporter> make_markdown_reporter();
std::unique_ptr<Reporter> make_html_reporter();

namespace {
constexpr std::array<std::string_view, 5> kFormatNames{"text", "json", "junit", "markdown", "html"};
constexpr std::array<std::string_view, 5> kFileNames{"results.txt", "results.jsonl", "junit.xml", "summary.md", "report.html"};

std::string shell_quote(const std::string& s) {
  if (s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:+=@") == std::string::npos)
    return s;
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}
}  // namespace

bool parse_format(std::string_view name, Format& out) {
  for (std::size_t i = 0; i < kFormatNames.size(); ++i) {
    if (kFormatNames[i] != name) continue;
    out = static_cast<Format>(i);
    return true;
  }
  return false;
}

std::string_view format_name(Format f) { return kFormatNames[static_cast<std::size_t>(f)]; }
std::string_view report_file_name(Format f) { return kFileNames[static_cast<std::size_t>(f)]; }

std::unique_ptr<Reporter> make_reporter(Format f, const ReportOptions& options) {
  switch (f) {
    case Format::Text: return make_text_reporter(options);
    case Format::Json: return make_json_reporter();
    case Format::Junit: return make_junit_reporter();
    case Format::Markdown: return make_markdown_reporter();
    case Format::Html: return make_html_reporter();
  }
  return make_text_reporter(options);
}

std::string rerun_command(const RunResult& r) {
  if (r.ruleset.empty()) return "carc-oracle check " + shell_quote(r.file);
  const bool transformed = r.id.find('@') != std::string::npos;  // a run --metamorphic result, id@r90
  return "carc-oracle run " + shell_quote(r.file) + " --id " + shell_quote(r.id) + " --ruleset " + shell_quote(r.ruleset) +
         (transformed ? " --metamorphic" : "");
}

std::string area_of(const RunResult& r) {
  if (!r.scenario || r.scenario->rulings.empty()) return "(invalid)";
  const LedgerRuling* l = ruling_for(r.scenario->rulings.front());
  return l ? l->area : "(invalid)";
}

std::string counts_line(const RunReport& report) {
  const auto counts = report.counts();
  std::string out;
  int total = 0;
  for (std::size_t i = 0; i < kOutcomes; ++i) {
    total += counts[i];
    if (counts[i] > 0)
      out += (out.empty() ? "" : ", ") + std::to_string(counts[i]) + " " + std::string(outcome_name(static_cast<Outcome>(i)));
  }
  if (total == 0) return "no results";
  return std::to_string(total) + " result" + (total == 1 ? "" : "s") + ": " + out;
}

std::vector<std::string> position_lines(const Scenario& s) {
  const Position& p = s.position;
  const TileCatalog& cat = builtin_catalog();
  std::vector<std::string> out;
  std::string players;
  for (const auto c : p.players) players += (players.empty() ? "" : ", ") + std::string(colour_name(c));
  std::string turn = "players " + players + "; " + std::string(colour_name(p.active)) + " to act, phase " + p.phase;
  if (p.placed) turn += ", placed " + to_string(*p.placed);
  if (p.in_hand != kNoTile) turn += ", in hand " + cat[p.in_hand].id;
  out.push_back(turn);
  for (const auto& t : p.tiles) out.push_back("tile " + cat[t.tile].id + " " + to_string(t.pos) + " " + rotation_name(t.rot));
  for (const auto& f : p.figures) out.push_back("figure " + to_string(f));
  for (const auto& [c, score] : p.scores) out.push_back("score " + std::string(colour_name(c)) + " " + std::to_string(score));
  if (!p.pile.empty()) {
    std::string pile;
    for (const auto t : p.pile) pile += (pile.empty() ? "" : ", ") + cat[t].id;
    out.push_back("pile " + pile + (p.last_tile ? " (last tiles)" : ""));
  }
  if (!p.rolls.empty()) {
    std::string rolls;
    for (const int r : p.rolls) rolls += (rolls.empty() ? "" : ", ") + std::to_string(r);
    out.push_back("rolls " + rolls);
  }
  if (p.second_tile) out.push_back("the builder's second tile");
  for (const auto& m : s.apply) out.push_back("apply " + m.text);
  if (s.final_scoring) out.push_back("then final scoring");
  return out;
}

namespace {
void add_areas(std::vector<std::string>& areas, const RunReport& report) {
  for (const auto& r : report.results)
    if (std::find(areas.begin(), areas.end(), area_of(r)) == areas.end()) areas.push_back(area_of(r));
}

std::vector<std::string> ledger_areas() {
  std::vector<std::string> out;
  for (const auto& l : builtin_ledger())
    if (std::find(out.begin(), out.end(), l.area) == out.end()) out.push_back(l.area);
  return out;
}
}  // namespace

std::vector<std::string> area_order(const RunReport& report) {
  std::vector<std::string> out = ledger_areas();
  add_areas(out, report);
  return out;
}

std::vector<std::string> ruleset_order(const RunReport& report) {
  std::vector<std::string> out;
  for (const auto& p : builtin_presets())
    if (std::any_of(report.results.begin(), report.results.end(), [&](const RunResult& r) { return r.ruleset == p.name; }))
      out.push_back(p.name);
  return out;
}

std::string counts_cell(const Counts& c) {
  int total = 0;
  for (const int n : c) total += n;
  if (total == 0) return "";
  std::string out = std::to_string(c[0]) + "/" + std::to_string(total);
  std::string rest;
  for (std::size_t i = 1; i < kOutcomes; ++i)
    if (c[i] > 0) rest += (rest.empty() ? "" : ", ") + std::to_string(c[i]) + " " + std::string(outcome_name(static_cast<Outcome>(i)));
  return rest.empty() ? out : out + " (" + rest + ")";
}

Comparison compare_runs(const std::vector<RunReport>& runs) {
  Comparison c;
  c.areas = ledger_areas();
  for (const auto& run : runs) add_areas(c.areas, run);
  c.by_area.resize(runs.size());
  // Results keyed by id and ruleset, in the order they first appear.
  std::vector<std::pair<std::string, std::string>> keys;
  std::map<std::pair<std::string, std::string>, Disagreement> cases;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    for (const auto& r : runs[k].results) {
      const std::string area = area_of(r);
      ++c.by_area[k][area][static_cast<std::size_t>(r.outcome)];
      if (r.ruleset.empty()) continue;  // invalid: not run by anyone
      auto [it, fresh] = cases.try_emplace({r.id, r.ruleset});
      if (fresh) {
        keys.push_back(it->first);
        it->second = Disagreement{r.id, r.ruleset, area, std::vector<std::optional<Outcome>>(runs.size())};
      }
      it->second.outcomes[k] = r.outcome;
    }
  }
  // Only the areas some implementation has results in.
  c.areas.erase(std::remove_if(c.areas.begin(), c.areas.end(),
                               [&](const std::string& area) {
                                 return std::none_of(c.by_area.begin(), c.by_area.end(),
                                                     [&](const auto& m) { return m.count(area) > 0; });
                               }),
                c.areas.end());
  for (const auto& key : keys) {
    const Disagreement& d = cases[key];
    bool passes = false, fails = false;
    for (const auto& o : d.outcomes) {
      passes = passes || o == Outcome::Passed || o == Outcome::XPass;
      fails = fails || o == Outcome::Failed || o == Outcome::XFail;
    }
    if (passes && fails) c.disagreements.push_back(d);
  }
  return c;
}

}  // namespace carc
