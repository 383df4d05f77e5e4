#include "lookup/cards_text.hpp"

#include <sstream>

#include "report/report.hpp"

namespace carc {

std::string join(const std::vector<std::string>& v, const std::string& sep) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : sep) + s;
  return out;
}

void write_board(std::ostream& out, const BoardView& v, const TextOptions& o, const std::string& indent) {
  std::istringstream board(render_terminal(v, o.board));
  for (std::string line; std::getline(board, line);) out << indent << line << "\n";
  std::istringstream legend(terminal_legend(v, o.board));
  for (std::string line; std::getline(legend, line);) out << indent << paint(o, kToneDim, line) << "\n";
}

namespace {

std::string ok_mark(const TextOptions& o, bool ok) {
  if (o.board.unicode) return paint(o, ok ? kToneGood : kToneBad, ok ? "✓" : "✗");
  return paint(o, ok ? kToneGood : kToneBad, ok ? "[ok]" : "[differs]");
}

std::string rule(const TextOptions& o) { return o.board.unicode ? "━━" : "=="; }

void write_compact_section(std::ostream& out, const AnswerSection& s, const TextOptions& o, bool compared,
                           const std::string& indent) {
  std::vector<std::string> items;
  int agreeing = 0;
  for (const auto& l : s.lines) {
    if (l.mark != ' ') continue;
    items.push_back(l.text);
    ++agreeing;
  }
  std::string head = indent + s.key + " (" + s.what + "): ";
  if (s.agrees || !compared) {
    const std::string listed = items.empty() ? std::string("(none)") : join(items, ", ");
    const std::string body = listed.size() + head.size() <= o.width ? listed : std::to_string(items.size()) + " as listed in the scenario";
    out << head << body << (compared ? " " + ok_mark(o, true) : "") << "\n";
    return;
  }
  out << head << "differs " << ok_mark(o, false) << "\n";
  for (const auto& l : s.lines) {
    if (l.mark == ' ') continue;
    out << indent << "  " << paint(o, l.mark == '-' ? kToneBad : kToneGood, std::string(1, l.mark) + " " + l.text) << "\n";
  }
  if (agreeing > 0) out << indent << "  " << paint(o, kToneDim, "(" + std::to_string(agreeing) + " more as expected)") << "\n";
}

}  // namespace

std::string paint(const TextOptions& o, const char* tone, const std::string& text) {
  if (!o.board.colour || tone == nullptr) return text;
  return std::string(tone) + text + "\033[0m";
}

std::string wrap(std::string_view text, std::size_t width, const std::string& indent) {
  std::istringstream words{std::string(text)};
  std::string out, line = indent, word;
  bool empty = true;
  while (words >> word) {
    if (!empty && line.size() + 1 + word.size() > width) {
      out += line + "\n";
      line = indent;
      empty = true;
    }
    line += (empty ? "" : " ") + word;
    empty = false;
  }
  if (!empty) out += line + "\n";
  return out;
}

std::string verdict_text(const TextOptions& o, Outcome outcome) {
  const char* tone = outcome == Outcome::Passed ? kToneGood : is_failure(outcome) || outcome == Outcome::Invalid ? kToneBad : kToneWarn;
  return paint(o, tone, verdict_word(outcome));
}

void write_sources_text(std::ostream& out, const std::vector<SourceLine>& sources, const TextOptions& o) {
  for (const auto& s : sources) {
    std::string head = "  " + s.ref + (s.date.empty() ? " (undated)" : " (" + s.date + ")");
    out << head << "  " << s.title << "\n";
    if (!s.locator.empty()) out << wrap("at: " + s.locator, o.width, "      ");
    if (!s.where.empty()) out << paint(o, kToneDim, wrap("where: " + s.where, o.width, "      "));
  }
}

void write_variant_text(std::ostream& out, const VariantCard& card, const TextOptions& o) {
  const LedgerSwitch& s = *card.ledger;
  out << "  " << paint(o, kToneBold, s.id) << "  " << s.key << ": " << s.title
      << (s.disputed ? " " + paint(o, kToneWarn, "[disputed]") : "") << "\n";
  out << wrap(s.statement, o.width, "    ");
  for (const auto& v : card.values) {
    out << "    " << (o.board.unicode ? "• " : "* ") << paint(o, kToneBold, v.value) << (v.is_default ? " (default)" : "");
    out << (v.who.empty() ? "\n" : "\n" + wrap("who: " + v.who, o.width, "        "));
    if (card.engine_switch)
      out << wrap("presets: " + (v.presets.empty() ? std::string("none") : join(v.presets, ", ")), o.width, "        ");
  }
  if (!s.rulings.empty()) out << wrap("rulings: " + join(s.rulings, ", "), o.width, "    ");
  if (card.engine_switch) out << "    under " << card.ruleset << ": " << paint(o, kToneBold, card.effective) << "\n";
  else out << "    (not an engine switch: scenarios state the answer it gives)\n";
}

void write_sections_text(std::ostream& out, const std::vector<AnswerSection>& sections, const TextOptions& o,
                         bool compact, const std::string& indent, bool compared) {
  for (const auto& s : sections) {
    if (compact) {
      write_compact_section(out, s, o, compared, indent);
      continue;
    }
    out << indent << paint(o, kToneBold, s.key) << " (" << s.what << ")" << (compared ? " " + ok_mark(o, s.agrees) : "") << "\n";
    for (const auto& l : s.lines) {
      const char* tone = l.mark == '-' ? kToneBad : l.mark == '+' ? kToneGood : nullptr;
      out << indent << "  " << paint(o, tone, std::string(1, l.mark) + " " + l.text) << "\n";
    }
  }
}

void write_scenario_text(std::ostream& out, const ScenarioCard& card, const TextOptions& o, bool full) {
  const Scenario& s = *card.scenario;
  if (!card.not_run.empty()) {
    out << "  " << s.id << "  " << paint(o, kToneDim, card.not_run) << "\n";
    return;
  }
  const Outcome outcome = card.result.outcome;
  out << "  " << paint(o, kToneBold, s.id) << " [" << card.ruleset << "] " << verdict_text(o, outcome) << "  " << s.title
      << "\n";
  if (!full) return;
  const auto question = question_lines(s);
  for (std::size_t i = 0; i < question.size(); ++i) out << (i == 0 ? "    question: " : "              ") << question[i] << "\n";
  if (!card.result.message.empty() && !answered(card.result)) out << wrap(card.result.message, o.width, "    ");
  write_sections_text(out, card.sections, o, true, "    ", answered(card.result));
  if (o.boards && !card.views.after.tiles.empty()) {
    out << "    board" << (s.apply.empty() ? "" : " after the moves") << ":\n";
    write_board(out, card.views.after, o, "    ");
  }
  out << paint(o, kToneDim, "    more: carc-oracle explain " + s.id + " --ruleset " + card.ruleset) << "\n";
}

void write_ruling_text(std::ostream& out, const RulingCard& card, const TextOptions& o) {
  const LedgerRuling& r = *card.ruling;
  out << paint(o, kToneBold, rule(o) + " " + r.id + "  " + r.title) << "\n";
  out << "  area " << r.area << " · status " << r.status << " · "
      << (r.disputed ? paint(o, kToneWarn, "DISPUTED") : std::string("not disputed")) << "\n";
  out << wrap("editions " + join(r.editions, ", ") + " · publishers " + join(r.publishers, ", ") + " · expansions " +
                  join(r.expansions, ", "),
              o.width, "  ");
  out << "\n" << wrap(r.statement, o.width, "  ");
  if (!r.notes.empty()) out << "\n" << wrap("Notes: " + r.notes, o.width, "  ");
  out << "\n" << paint(o, kToneBold, "Sources") << "\n";
  write_sources_text(out, card.sources, o);
  out << "\n" << paint(o, kToneBold, "Where publishers and editions differ") << "\n";
  if (card.variants.empty()) out << "  No switch: every publisher and edition the ledger covers agrees.\n";
  for (const auto& v : card.variants) write_variant_text(out, v, o);
  out << "\n" << paint(o, kToneBold, "The engine's answer") << "\n";
  if (card.scenarios.empty())
    out << "  " << (r.encodable ? "No scenario pins this ruling yet (a gap in the corpus)." : "Not encodable: " + r.not_encodable) << "\n";
  for (std::size_t i = 0; i < card.scenarios.size(); ++i)
    write_scenario_text(out, card.scenarios[i], o, static_cast<int>(i) < o.full_scenarios);
}

}  // namespace carc
