#pragma once
// Cards written for people: wrapped text, boards drawn for the terminal,
// colour only when TextOptions says so.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "lookup/cards.hpp"
#include "render/terminal_board.hpp"

namespace carc {

struct TextOptions {
  TerminalStyle board;  // Unicode or ASCII, colour or not
  std::size_t width = 80;
  int full_scenarios = 1;  // scenarios shown with question, answer and board; the rest one line each
  bool boards = true;
};

// ANSI tones the writers use.
inline constexpr const char* kToneBold = "\033[1m";
inline constexpr const char* kToneDim = "\033[2m";
inline constexpr const char* kToneGood = "\033[32m";
inline constexpr const char* kToneBad = "\033[31m";
inline constexpr const char* kToneWarn = "\033[33m";
std::string paint(const TextOptions& o, const char* tone, const std::string& text);

// Text from scenarios, the ledger or the user made safe for a terminal: control characters
// (C0 but newline and tab, DEL, C1: ESC among them) written as \xNN, so no escape sequence
// reaches the terminal; invalid UTF-8 bytes too. The report's terminal_safe under the name the
// lookup cards use. wrap() and paint() apply it to the text they are given.
std::string printable(std::string_view text);

// Words wrapped at width, each line starting with indent and ending in '\n'.
std::string wrap(std::string_view text, std::size_t width, const std::string& indent);

// The items joined with sep.
std::string join(const std::vector<std::string>& v, const std::string& sep);

// A board drawn for the terminal and its legend, every line starting with indent.
void write_board(std::ostream& out, const BoardView& v, const TextOptions& o, const std::string& indent);

void write_ruling_text(std::ostream& out, const RulingCard& card, const TextOptions& o);
void write_variant_text(std::ostream& out, const VariantCard& card, const TextOptions& o);
void write_sources_text(std::ostream& out, const std::vector<SourceLine>& sources, const TextOptions& o);
// A scenario: one line (id, ruleset, verdict, title), and in full its question, answer and board.
void write_scenario_text(std::ostream& out, const ScenarioCard& card, const TextOptions& o, bool full);
// Expected against actual, key by key; compact folds agreeing keys into one line each.
void write_sections_text(std::ostream& out, const std::vector<AnswerSection>& sections, const TextOptions& o,
                         bool compact, const std::string& indent, bool compared = true);
// The verdict word, coloured.
std::string verdict_text(const TextOptions& o, Outcome outcome);

}  // namespace carc
