#include "lookup/cards_text.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

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
  for (std::string line; std::getline(board, line);) fmt::print(out, "{}{}\n", indent, line);
  std::istringstream legend(terminal_legend(v, o.board));
  for (std::string line; std::getline(legend, line);) fmt::print(out, "{}{}\n", indent, paint(o, kToneDim, line));
}

namespace {

std::string ok_mark(const TextOptions& o, bool ok) {
  if (o.board.unicode) return paint(o, ok ? kToneGood : kToneBad, ok ? "✓" : "✗");
  return paint(o, ok ? kToneGood : kToneBad, ok ? "[ok]" : "[differs]");
}

std::string rule(const TextOptions& o) { return o.board.unicode ? "━━" : "=="; }

// Items joined with ", ", broken into lines between items only, each line starting with indent.
std::string wrap_items(const std::vector<std::string>& items, std::size_t width, const std::string& indent) {
  std::string out, line = indent;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string item = printable(items[i]) + (i + 1 < items.size() ? "," : "");
    if (line.size() > indent.size() && line.size() + 1 + item.size() > width) {
      out += line + "\n";
      line = indent;
    }
    line += (line.size() > indent.size() ? " " : "") + item;
  }
  return line.size() > indent.size() ? out + line + "\n" : out;
}

// One expect key: its items on the key's line when they fit, else listed below it, every
// one shown (the engine's moves themselves, never a count); a difference as - and + lines.
void write_compact_section(std::ostream& out, const AnswerSection& s, const TextOptions& o, bool compared,
                           const std::string& indent) {
  std::vector<std::string> items;
  for (const auto& l : s.lines)
    if (l.mark == ' ') items.push_back(l.text);
  const std::string head = indent + printable(s.key) + " (" + printable(s.what) + "):";
  if (s.agrees || !compared) {
    const std::string mark = compared ? " " + ok_mark(o, true) : "";
    const std::string listed = items.empty() ? std::string("(none)") : printable(join(items, ", "));
    if (head.size() + 1 + listed.size() + 5 <= o.width) {
      fmt::print(out, "{} {}{}\n", head, listed, mark);
      return;
    }
    fmt::print(out, "{}{}\n{}", head, mark, wrap_items(items, o.width, indent + "  "));
    return;
  }
  fmt::print(out, "{} differs {}\n", head, ok_mark(o, false));
  for (const auto& l : s.lines) {
    if (l.mark == ' ') continue;
    fmt::print(out, "{}  {}\n", indent,
               paint(o, l.mark == '-' ? kToneBad : kToneGood, std::string(1, l.mark) + " " + l.text));
  }
  if (!items.empty()) {
    fmt::print(out, "{}  {}\n", indent, paint(o, kToneDim, "as expected:"));
    out << paint(o, kToneDim, wrap_items(items, o.width, indent + "    "));
  }
}

}  // namespace

std::string printable(std::string_view text) { return terminal_safe(text); }

std::string paint(const TextOptions& o, const char* tone, const std::string& text) {
  if (!o.board.colour || tone == nullptr) return printable(text);
  return std::string(tone) + printable(text) + "\033[0m";
}

std::string wrap(std::string_view text, std::size_t width, const std::string& indent) {
  std::istringstream words{printable(text)};
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
  const char* tone = outcome == Outcome::Passed ? kToneGood : needs_attention(outcome) ? kToneBad : kToneWarn;
  return paint(o, tone, verdict_word(outcome));
}

std::string citation_date(const SourceLine& s) {
  if (s.date.empty()) return "undated";
  if (s.date_kind == "accessed") return "undated, read " + s.date;
  return s.date_kind.empty() ? s.date : s.date + ", " + s.date_kind;
}

void write_sources_text(std::ostream& out, const std::vector<SourceLine>& sources, const TextOptions& o) {
  for (const auto& s : sources) {
    const LedgerSource* src = s.source;
    std::string head = "  " + s.ref + " (" + citation_date(s) + ")";
    fmt::print(out, "{}  {}{}\n", printable(head), printable(src ? src->title : "(unknown source)"),
               src ? "  [" + printable(src->tier) + "]" : "");
    if (!s.locator.empty()) out << wrap("at: " + s.locator, o.width, "      ");
    if (src) out << paint(o, kToneDim, wrap(src->link(), o.width, "      "));
    for (const LedgerPassage* p : s.passages) {
      std::string tag = p->key + " [" + p->tier + (p->date.empty() ? "" : ", " + p->date) + "]";
      if (!p->quoted()) {
        out << wrap(tag + " " + p->where + ": not read (" + p->checked + ")", o.width, "      ");
        continue;
      }
      out << wrap(tag + " " + p->where + ": \"" + p->original + "\"", o.width, "      ");
      if (!p->english.empty()) out << paint(o, kToneDim, wrap("English: \"" + p->english + "\"", o.width, "        "));
    }
    if (s.supports != "yes")
      out << paint(o, kToneWarn,
                   wrap("supports: " + s.supports + (s.note.empty() ? "" : " - " + s.note), o.width, "      "));
  }
}

void write_variant_text(std::ostream& out, const VariantCard& card, const TextOptions& o) {
  const LedgerSwitch& s = *card.ledger;
  fmt::print(out, "  {}  {}: {}{}\n", paint(o, kToneBold, s.id), printable(s.key), printable(s.title),
             (s.disputed ? " " + paint(o, kToneWarn, "[disputed]") : ""));
  out << wrap(s.statement, o.width, "    ");
  for (const auto& v : card.values) {
    fmt::print(out, "    {}{}{}", (o.board.unicode ? "• " : "* "), paint(o, kToneBold, v.value),
               (v.is_default ? " (default)" : ""));
    out << (v.who.empty() ? "\n" : "\n" + wrap("who: " + v.who, o.width, "        "));
    if (card.engine_switch)
      out << wrap("presets: " + (v.presets.empty() ? std::string("none") : join(v.presets, ", ")), o.width, "        ");
  }
  if (!s.rulings.empty()) out << wrap("rulings: " + join(s.rulings, ", "), o.width, "    ");
  if (card.engine_switch)
    fmt::print(out, "    under {}: {}\n", printable(card.ruleset), paint(o, kToneBold, card.effective));
  else
    out << "    (not an engine switch: scenarios state the answer it gives)\n";
}

void write_sections_text(std::ostream& out, const std::vector<AnswerSection>& sections, const TextOptions& o,
                         bool compact, const std::string& indent, bool compared) {
  for (const auto& s : sections) {
    if (compact) {
      write_compact_section(out, s, o, compared, indent);
      continue;
    }
    fmt::print(out, "{}{} ({}){}\n", indent, paint(o, kToneBold, s.key), printable(s.what),
               (compared ? " " + ok_mark(o, s.agrees) : ""));
    for (const auto& l : s.lines) {
      const char* tone = l.mark == '-' ? kToneBad : l.mark == '+' ? kToneGood : nullptr;
      fmt::print(out, "{}  {}\n", indent, paint(o, tone, std::string(1, l.mark) + " " + l.text));
    }
  }
}

void write_scenario_text(std::ostream& out, const ScenarioCard& card, const TextOptions& o, bool full) {
  const Scenario& s = *card.scenario;
  if (!card.not_run.empty()) {
    fmt::print(out, "  {}  {}\n", printable(s.id), paint(o, kToneDim, card.not_run));
    return;
  }
  const Outcome outcome = card.result.outcome;
  fmt::print(out, "  {} [{}] {}  {}\n", paint(o, kToneBold, s.id), card.ruleset, verdict_text(o, outcome),
             printable(s.title));
  if (!full) return;
  const auto question = question_lines(s);
  for (std::size_t i = 0; i < question.size(); ++i)
    fmt::print(out, "{}{}\n", (i == 0 ? "    question: " : "              "), printable(question[i]));
  if (!card.result.message.empty() && !answered(card.result)) out << wrap(card.result.message, o.width, "    ");
  write_sections_text(out, card.sections, o, true, "    ", answered(card.result));
  if (o.boards && !card.views.after.tiles.empty()) {
    fmt::print(out, "    board{}:\n", (s.apply.empty() ? "" : " after the moves"));
    write_board(out, card.views.after, o, "    ");
  }
  fmt::print(out, "{}\n", paint(o, kToneDim, "    more: carc-oracle explain " + s.id + " --ruleset " + card.ruleset));
}

void write_ruling_text(std::ostream& out, const RulingCard& card, const TextOptions& o) {
  const LedgerRuling& r = *card.ruling;
  fmt::print(out, "{}\n", paint(o, kToneBold, rule(o) + " " + r.id + "  " + r.title));
  fmt::print(out, "  area {} · status {} · {}\n", printable(r.area), printable(r.status),
             (r.disputed ? paint(o, kToneWarn, "DISPUTED") : std::string("not disputed")));
  out << wrap("editions " + join(r.editions, ", ") + " · publishers " + join(r.publishers, ", ") + " · expansions " +
                  join(r.expansions, ", "),
              o.width, "  ");
  fmt::print(out, "\n{}", wrap(r.statement, o.width, "  "));
  if (!r.notes.empty()) fmt::print(out, "\n{}", wrap("Notes: " + r.notes, o.width, "  "));
  fmt::print(out, "\n{}\n", paint(o, kToneBold, "Sources"));
  write_sources_text(out, card.sources, o);
  if (!r.checks.empty()) out << wrap("Checks: " + r.checks, o.width, "  ");  // what the scenarios below check
  fmt::print(out, "\n{}\n", paint(o, kToneBold, "Where publishers and editions differ"));
  if (card.variants.empty()) out << "  No switch: every publisher and edition the ledger covers agrees.\n";
  for (const auto& v : card.variants) write_variant_text(out, v, o);
  fmt::print(out, "\n{}\n", paint(o, kToneBold, "The engine's answer"));
  if (card.scenarios.empty())
    fmt::print(out, "  {}\n",
               (r.encodable ? "No scenario pins this ruling yet (a gap in the corpus)."
                            : "Not encodable: " + printable(r.not_encodable)));
  for (std::size_t i = 0; i < card.scenarios.size(); ++i)
    write_scenario_text(out, card.scenarios[i], o, static_cast<int>(i) < o.full_scenarios);
}

}  // namespace carc
