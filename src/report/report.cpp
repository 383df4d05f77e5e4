#include "report/report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdint>

#include "data/ledger.hpp"
#include "data/oracle_data.hpp"

namespace carc {

std::unique_ptr<ReportWriter> make_text_writer(const ReportOptions& o, bool several);
std::unique_ptr<ReportWriter> make_json_writer(const ReportOptions& o, bool several);
std::unique_ptr<ReportWriter> make_junit_writer(const ReportOptions& o, bool several);
std::unique_ptr<ReportWriter> make_markdown_writer(bool several);
std::unique_ptr<ReportWriter> make_html_writer(bool several);

namespace {
constexpr std::array<std::string_view, 5> kFormatNames{"text", "json", "junit", "markdown", "html"};
constexpr std::array<std::string_view, 5> kFileNames{"results.txt", "results.jsonl", "junit.xml", "summary.md",
                                                     "report.html"};

}  // namespace

std::string shell_quote(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:+=@") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

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

std::string format_choices() {
  const std::vector<std::string_view> names(kFormatNames.begin(), kFormatNames.end() - 1);
  return fmt::format("{} or {}", fmt::join(names, ", "), kFormatNames.back());
}

std::string report_file_names() { return fmt::format("{}", fmt::join(kFileNames, ", ")); }

std::unique_ptr<ReportWriter> make_report_writer(Format f, const ReportOptions& options, bool several) {
  switch (f) {
    case Format::Text:
      return make_text_writer(options, several);
    case Format::Json:
      return make_json_writer(options, several);
    case Format::Junit:
      return make_junit_writer(options, several);
    case Format::Markdown:
      return make_markdown_writer(several);
    case Format::Html:
      return make_html_writer(several);
  }
  return make_text_writer(options, several);
}

bool parse_formats(std::string_view list, std::vector<Format>& out, std::string& error) {
  out.clear();
  for (std::size_t at = 0; at <= list.size();) {
    const std::size_t comma = std::min(list.find(',', at), list.size());
    const std::string_view name = list.substr(at, comma - at);
    Format f{};
    if (!parse_format(name, f)) {
      error =
          fmt::format("unknown format '{}' (text, json, junit, markdown or html, several separated by commas)", name);
      return false;
    }
    if (std::find(out.begin(), out.end(), f) != out.end()) {
      error = fmt::format("format '{}' is given twice", name);
      return false;
    }
    out.push_back(f);
    at = comma + 1;
  }
  return true;
}

ReportSet::ReportSet(const std::vector<Format>& formats, const ReportOptions& options, bool several)
    : formats_(formats) {
  for (const Format f : formats_) {
    writers_.push_back(make_report_writer(f, options, several));
    if (!several) writers_.back()->single_run();
  }
}

void ReportSet::begin_run(const RunHeader& header) {
  for (auto& w : writers_) w->begin_run(header);
}

void ReportSet::add(const std::vector<RunResult>& results) {
  for (auto& w : writers_) w->add(results);
}

void ReportSet::end_run() {
  for (auto& w : writers_) w->end_run();
}

bool ReportSet::has(Format f) const { return std::find(formats_.begin(), formats_.end(), f) != formats_.end(); }

namespace {
// A collected run into a writer, one scenario (results sharing id and file) at a time.
void feed(ReportWriter& w, const RunReport& report) {
  w.begin_run(RunHeader{report.subject, report.capabilities, {}, {}, {}, {}});
  std::vector<RunResult> group;
  for (const auto& r : report.results) {
    if (!group.empty() && (group.front().id != r.id || group.front().file != r.file)) {
      w.add(group);
      group.clear();
    }
    group.push_back(r);
  }
  if (!group.empty()) w.add(group);
  w.end_run();
}
}  // namespace

void Reporter::write(const RunReport& report, std::ostream& out) const {
  const auto w = make_report_writer(format_, options_, false);
  feed(*w, report);
  if (const std::string error = w->finish(out); !error.empty()) out.setstate(std::ios::badbit);
}

void Reporter::write_many(const std::vector<RunReport>& runs, std::ostream& out) const {
  const auto w = make_report_writer(format_, options_, true);
  for (const auto& r : runs) feed(*w, r);
  if (const std::string error = w->finish(out); !error.empty()) out.setstate(std::ios::badbit);
}

std::unique_ptr<Reporter> make_reporter(Format f, const ReportOptions& options) {
  return std::make_unique<Reporter>(f, options);
}

void RunTally::add(const RunResult& r) {
  const auto o = static_cast<std::size_t>(r.outcome);
  const std::string area = area_of(r);
  ++counts[o];
  ++cells[{area, r.ruleset}][o];
  ++areas[area][o];
  if (cut_short.empty() && r.outcome == Outcome::Skipped && r.message.rfind(kCutShortPrefix, 0) == 0)
    cut_short = r.message.substr(kCutShortPrefix.size());
  for (const auto& p : r.played_as) ++played_as[played_as_text(p)];
}

std::string played_as_line(const RunTally& t) {
  if (t.played_as.empty()) return {};
  std::vector<std::string> items;
  for (const auto& [text, n] : t.played_as) items.push_back(fmt::format("{} ({})", text, n));
  return fmt::format(
      "sent with a switch value the implementation plays in place of the scenario's (our engine finds the verdict the "
      "same under both): {}",
      fmt::join(items, ", "));
}

std::string cut_short_line(const RunTally& t) {
  if (t.cut_short.empty()) return {};
  return fmt::format("the run was cut short: {}; the {} skipped results include those not run", t.cut_short,
                     t.counts[static_cast<std::size_t>(Outcome::Skipped)]);
}

int RunTally::total() const {
  int n = 0;
  for (const int c : counts) n += c;
  return n;
}

bool RunTally::any_invalid() const { return counts[static_cast<std::size_t>(Outcome::Invalid)] > 0; }

bool RunTally::any_failure() const {
  for (std::size_t i = 0; i < kOutcomes; ++i)
    if (counts[i] > 0 && is_failure(static_cast<Outcome>(i))) return true;
  return false;
}

std::string rerun_command(const RunResult& r, const RunHeader& run) { return rerun_command(r, run, {r.ruleset}); }

std::string rerun_command(const RunResult& r, const RunHeader& run, const std::vector<std::string>& rulesets) {
  if (r.ruleset.empty()) return fmt::format("carc-oracle check {}", shell_quote(r.file));
  const bool transformed = r.id.find('@') != std::string::npos;  // a run --metamorphic result, id@r90
  std::string out = fmt::format("carc-oracle run {} --id {}", shell_quote(r.file), shell_quote(r.id));
  for (const auto& ruleset : rulesets) out += " --ruleset " + shell_quote(ruleset);
  if (transformed) out += " --metamorphic";
  for (const auto& option : run.rerun_options) out += " " + shell_quote(option);
  return out;
}

std::string area_of(const RunResult& r) { return r.area.empty() ? "(invalid)" : r.area; }

namespace {
// "N STATE" for every state with results (all of them, or only those that did not run), in state order.
std::vector<std::string> state_counts(const Counts& counts, bool only_not_run = false, std::size_t from = 0) {
  std::vector<std::string> out;
  for (std::size_t i = from; i < kOutcomes; ++i)
    if (counts[i] > 0 && !(only_not_run && ran(static_cast<Outcome>(i))))
      out.push_back(fmt::format("{} {}", counts[i], outcome_name(static_cast<Outcome>(i))));
  return out;
}
}  // namespace

std::string counts_line(const Counts& counts) {
  int total = 0;
  for (const int n : counts) total += n;
  if (total == 0) return "no results";
  return fmt::format("{} result{}: {}", total, total == 1 ? "" : "s", fmt::join(state_counts(counts), ", "));
}

std::string counts_line(const RunReport& report) { return counts_line(report.counts()); }

std::string omitted_note(const Diff& d) {
  if (d.omitted == 0) return {};
  return fmt::format("... {} more not kept (the difference was too long; its signature covers all of it)", d.omitted);
}

std::string diff_text(const RunResult& r) {
  std::string text = r.message + "\n";
  auto out = std::back_inserter(text);
  for (const auto& d : r.diffs) {
    fmt::format_to(out, "{} (- expected, + actual):\n", d.label());
    for (const auto& e : d.expected) fmt::format_to(out, "  - {}\n", e);
    for (const auto& a : d.actual) fmt::format_to(out, "  + {}\n", a);
    if (d.omitted > 0) fmt::format_to(out, "  {}\n", omitted_note(d));
  }
  return text;
}

namespace {
// Decodes one UTF-8 sequence at s[i]; its length, or 0 when the byte does not start a valid one.
std::size_t utf8_length(std::string_view s, std::size_t i, std::uint32_t& cp) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : (b & 0xF8) == 0xF0 ? 4 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  cp = n == 1 ? b : n == 2 ? b & 0x1Fu : n == 3 ? b & 0x0Fu : b & 0x07u;
  for (std::size_t k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(s[i + k]);
    if ((c & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (c & 0x3Fu);
  }
  const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

void hex_byte(std::string& out, unsigned char b) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += "\\x";
  out += kHex[b >> 4];
  out += kHex[b & 15];
}
}  // namespace

std::string terminal_safe(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t cp = 0;
    const std::size_t n = utf8_length(text, i, cp);
    const bool control = n > 0 && ((cp < 0x20 && cp != '\n' && cp != '\t') || (cp >= 0x7F && cp <= 0x9F));
    if (n == 0 || control) {
      hex_byte(out, static_cast<unsigned char>(text[i]));
      ++i;
      continue;
    }
    out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

std::string markdown_safe(std::string_view text) {
  std::string out;
  for (const char c : terminal_safe(text)) {
    if (c == '&')
      out += "&amp;";
    else if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else
      out += c;
  }
  return out;
}

std::vector<std::string> position_lines(const Scenario& s, const std::string& ruleset) {
  std::vector<std::string> out;
  const auto setup = scenario_setup(s);
  if (!setup)
    out.push_back(fmt::format("# {}", setup.error()));
  else {
    const std::string text = to_string(*setup, builtin_catalog());
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t end = text.find('\n', at);
      out.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
      at = end == std::string::npos ? text.size() : end + 1;
    }
  }
  // Under a ruleset whose variant gives its own query.apply, the moves asked there.
  std::optional<Scenario> branch;
  if (!ruleset.empty())
    if (auto rules = scenario_rules(s, ruleset)) branch = branch_scenario(s, *rules);
  for (const auto& m : branch ? branch->apply : s.apply) out.push_back(fmt::format("apply {}", m.text));
  if (s.final_scoring) out.push_back("then final scoring");
  return out;
}

std::vector<std::string> branch_move_lines(const Scenario& s) {
  std::vector<std::string> out;
  for (const auto& v : s.variants) {
    if (!v.apply) continue;
    std::vector<std::string> when;
    for (const auto& [key, value] : v.switches) when.push_back(fmt::format("{}: {}", key, value));
    if (!v.rulesets.empty()) when.push_back(fmt::format("ruleset {}", fmt::join(v.rulesets, ", ")));
    std::vector<std::string> moves;
    for (const auto& m : *v.apply) moves.push_back(m.text);
    out.push_back(fmt::format("under {} the moves are instead: {}", fmt::join(when, ", "), fmt::join(moves, "; ")));
  }
  return out;
}

namespace {
std::vector<std::string> ledger_areas() {
  std::vector<std::string> out;
  for (const auto& l : builtin_ledger())
    if (std::find(out.begin(), out.end(), l.area) == out.end()) out.push_back(l.area);
  return out;
}

void add_areas(std::vector<std::string>& areas, const RunTally& tally) {
  for (const auto& [area, counts] : tally.areas)
    if (std::find(areas.begin(), areas.end(), area) == areas.end()) areas.push_back(area);
}
}  // namespace

std::vector<std::string> area_order(const RunTally& tally) {
  std::vector<std::string> out = ledger_areas();
  add_areas(out, tally);
  return out;
}

std::vector<std::string> ruleset_order(const RunTally& tally) {
  std::vector<std::string> out;
  for (const auto& p : builtin_presets())
    if (std::any_of(tally.cells.begin(), tally.cells.end(),
                    [&](const auto& cell) { return cell.first.second == p.name; }))
      out.push_back(p.name);
  return out;
}

bool ran(Outcome o) { return o != Outcome::Unsupported && o != Outcome::Skipped && o != Outcome::Invalid; }

Coverage coverage_of(const Counts& c) {
  Coverage out;
  for (std::size_t i = 0; i < kOutcomes; ++i) {
    out.applicable += c[i];
    if (ran(static_cast<Outcome>(i))) out.ran += c[i];
  }
  out.passed = c[static_cast<std::size_t>(Outcome::Passed)];
  return out;
}

std::string coverage_line(const Counts& c) {
  const Coverage cov = coverage_of(c);
  if (cov.applicable == 0) return "no results";
  std::vector<std::string> parts{fmt::format("{} of {} ran", cov.ran, cov.applicable),
                                 fmt::format("{} passed", cov.passed)};
  for (auto& n : state_counts(c, true)) parts.push_back(std::move(n));
  return fmt::format("{}", fmt::join(parts, "; "));
}

std::string coverage_cell(const Counts& c) {
  const Coverage cov = coverage_of(c);
  return fmt::format("{}/{} · {}/{}", cov.passed, cov.ran, cov.ran, cov.applicable);
}

std::string counts_cell(const Counts& c) {
  if (coverage_of(c).applicable == 0) return "";
  const std::vector<std::string> rest = state_counts(c, false, 1);  // the states other than passed
  return rest.empty() ? coverage_cell(c) : fmt::format("{} ({})", coverage_cell(c), fmt::join(rest, ", "));
}

void ComparisonBuilder::add(const RunResult& r) {
  if (r.ruleset.empty() || !keep_) return;  // invalid: not run by anyone; or a single run
  auto [it, fresh] = cases_.try_emplace({r.id, r.ruleset});
  if (fresh) {
    keys_.push_back(it->first);
    it->second = Disagreement{r.id, r.ruleset, area_of(r), {}};
  }
  it->second.outcomes.resize(runs_);
  it->second.outcomes[runs_ - 1] = r.outcome;
}

Comparison ComparisonBuilder::build(const std::vector<RunTally>& tallies) const {
  Comparison c;
  c.areas = ledger_areas();
  for (const auto& t : tallies) add_areas(c.areas, t);
  for (const auto& t : tallies) c.by_area.push_back(t.areas);
  // Only the areas some implementation has results in.
  c.areas.erase(std::remove_if(c.areas.begin(), c.areas.end(),
                               [&](const std::string& area) {
                                 return std::none_of(c.by_area.begin(), c.by_area.end(),
                                                     [&](const auto& m) { return m.count(area) > 0; });
                               }),
                c.areas.end());
  for (const auto& key : keys_) {
    Disagreement d = cases_.at(key);
    d.outcomes.resize(tallies.size());
    bool passes = false, fails = false;
    for (const auto& o : d.outcomes) {
      passes = passes || o == Outcome::Passed || o == Outcome::XPass;
      fails = fails || o == Outcome::Failed || o == Outcome::XFail;
    }
    if (passes && fails) c.disagreements.push_back(std::move(d));
  }
  return c;
}

Comparison compare_runs(const std::vector<RunReport>& runs) {
  ComparisonBuilder b;
  std::vector<RunTally> tallies;
  for (const auto& run : runs) {
    b.begin_run();
    tallies.emplace_back();
    for (const auto& r : run.results) {
      b.add(r);
      tallies.back().add(r);
    }
  }
  return b.build(tallies);
}

}  // namespace carc
