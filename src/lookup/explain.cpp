#include "lookup/explain.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <sstream>

#include "data/oracle_data.hpp"
#include "render/svg_board.hpp"
#include "report/report.hpp"
#include "runner/runner.hpp"

namespace carc {
namespace {

void heading(std::ostream& out, const TextOptions& o, const std::string& text) {
  fmt::print(out, "\n{}\n", paint(o, kToneBold, text));
}

void write_metadata(std::ostream& out, const Scenario& s, const TextOptions& o) {
  fmt::print(out, "{}\n", paint(o, kToneBold, (o.board.unicode ? "━━ " : "== ") + s.id + "  " + s.title));
  fmt::print(out, "  file {}:{}:{}\n", printable(s.file), s.loc.line, s.loc.column);
  std::vector<std::string> rulings;
  for (const auto& id : s.rulings) {
    const LedgerRuling* r = ruling_for(id);
    rulings.push_back(id + (r ? " (" + r->status + (r->disputed ? ", disputed" : "") + ")" : ""));
  }
  out << wrap("rulings " + join(rulings, ", ") + " · status " + s.status + (s.disputed ? " · DISPUTED" : ""), o.width,
              "  ");
  if (!s.disputed_reason.empty())
    out << wrap((s.disputed ? "disputed: " : "not disputed: ") + printable(s.disputed_reason), o.width, "  ");
  if (!s.tags.empty()) fmt::print(out, "  tags {}\n", printable(join(s.tags, ", ")));
  fmt::print(out, "  requires {}\n", printable(join(s.required, ", ")));
  out << wrap("source: " + s.source, o.width, "  ");
  if (!s.notes.empty()) out << wrap("notes: " + s.notes, o.width, "  ");
}

void write_position(std::ostream& out, const ExplainCard& e, const TextOptions& o) {
  const Scenario& s = *e.card.scenario;
  heading(out, o, "Position");
  if (!e.card.views.before.tiles.empty()) write_board(out, e.card.views.before, o, "  ");
  // The position's text form (parse_setup reads it back); the moves are the question's.
  for (const auto& line : position_lines(s))
    if (line.rfind("apply ", 0) != 0 && line.rfind("then ", 0) != 0) fmt::print(out, "  {}\n", printable(line));
}

void write_question(std::ostream& out, const ExplainCard& e, const TextOptions& o) {
  heading(out, o, "Question");
  for (const auto& line : question_lines(*e.card.scenario)) fmt::print(out, "  {}\n", printable(line));
  std::vector<std::string> asks;
  for (const auto& sec : e.card.sections) asks.push_back(sec.key + " (" + sec.what + ")");
  out << wrap("checks: " + join(asks, "; "), o.width, "  ");
}

void write_ruleset(std::ostream& out, const ExplainCard& e, const TextOptions& o) {
  const Scenario& s = *e.card.scenario;
  const Preset* p = find_preset(e.card.ruleset);
  heading(out, o, "Ruleset " + e.card.ruleset + (p ? " (" + p->title + ")" : ""));
  std::vector<std::string> switches;
  for (const auto& [k, v] : e.card.result.rules) {
    bool overridden = false;
    for (const auto& [sk, sv] : s.rules) overridden = overridden || sk == k;
    switches.push_back(k + "=" + v + (overridden ? "*" : ""));
  }
  out << wrap(join(switches, " · "), o.width, "  ");
  if (!s.rules.empty())
    out << (s.combination.empty() ? "  (* set by the scenario's rules:)\n"
                                  : "  (* set by the scenario's rules: or its also_with combination)\n");
  std::vector<std::string> others;
  for (const auto& [r, outcome] : e.others) others.push_back(r + " " + std::string(outcome_name(outcome)));
  out << wrap("under each ruleset it applies to: " + join(others, ", "), o.width, "  ");
}

// The rulings cited; a switch with its value under the ruleset explained and the scenario's
// rules: (the effective rules of the result shown).
void write_rulings(std::ostream& out, const ExplainCard& e, const TextOptions& o) {
  const Scenario& s = *e.card.scenario;
  heading(out, o, "Rulings");
  for (const auto& id : s.rulings) {
    const LedgerSwitch* sw = find_ledger_switch(id);
    const LedgerRuling* r = sw ? nullptr : find_ruling(id);
    if (sw) {
      VariantCard card = variant_card(*sw, e.card.ruleset);
      if (card.engine_switch)
        if (auto rules = scenario_rules(s, e.card.ruleset)) {
          card.effective = std::string(rules->get(sw->key));
          const auto sets = [&](const SwitchValues& values) {
            return std::any_of(values.begin(), values.end(), [&](const auto& kv) { return kv.first == sw->key; });
          };
          if (sets(s.combination))
            card.ruleset += " (its also_with combination sets it)";
          else if (sets(s.rules))
            card.ruleset += " (the scenario's rules: set it)";
        }
      write_variant_text(out, card, o);
      continue;
    }
    if (!r) continue;
    fmt::print(out, "  {}  {}  [{}{}]\n", paint(o, kToneBold, r->id), printable(r->title), printable(r->status),
               (r->disputed ? ", disputed" : ""));
    out << wrap(r->statement, o.width, "    ");
    write_sources_text(out, source_lines(r->sources), o);
  }
}

}  // namespace

ExplainCard explain_card(const Scenario& s, const std::string& requested, Subject& subject) {
  ExplainCard e;
  e.card = scenario_card(s, requested, subject);
  for (const auto& r : scenario_rulesets(s)) e.others.emplace_back(r, run_one(s, r, subject).outcome);
  return e;
}

void write_explain(std::ostream& out, const ExplainCard& e, const TextOptions& o) {
  const Scenario& s = *e.card.scenario;
  write_metadata(out, s, o);
  write_position(out, e, o);
  write_question(out, e, o);
  write_ruleset(out, e, o);
  if (!s.apply.empty()) {
    heading(out, o, "After the moves");
    if (!e.card.views.problem.empty()) fmt::print(out, "  ({})\n", printable(e.card.views.problem));
    write_board(out, e.card.views.after, o, "  ");
  }
  heading(out, o, "Expected vs actual under " + e.card.ruleset + ": " + verdict_text(o, e.card.result.outcome));
  if (!answered(e.card.result) && !e.card.result.message.empty()) out << wrap(e.card.result.message, o.width, "  ");
  fmt::print(out, "  ({} the engine agrees; - expected but not answered; + answered but not expected)\n",
             (o.board.unicode ? "✓" : "[ok]"));
  write_sections_text(out, e.card.sections, o, false, "  ", answered(e.card.result));
  write_rulings(out, e, o);
}

std::string explain_svg(const ExplainCard& e) {
  const Scenario& s = *e.card.scenario;
  SvgOptions options;
  options.caption = s.id + " [" + e.card.ruleset + "] " + std::string(outcome_name(e.card.result.outcome)) +
                    (s.apply.empty() ? ": the position" : ": after the moves");
  return render_svg(s.apply.empty() ? e.card.views.before : e.card.views.after, options);
}

}  // namespace carc
