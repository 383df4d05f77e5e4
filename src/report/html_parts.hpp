#pragma once
// Pieces of HTML the report (html_report.cpp) and the rulings book (book.cpp) both write, so
// the two share one look: a board picture with its caption, and a result's answer key by key.
#include <ostream>
#include <string>

#include "render/board_view.hpp"
#include "runner/runner.hpp"
#include "scenario/scenario.hpp"

namespace carc {

// <figure class="board"> with the board as inline SVG (src/render) and a caption; empty for an empty board.
std::string board_figure_html(const BoardView& v, const std::string& caption);
// The answer of a result, key by key: each expectation's lines (✓, − expected, + actual) as
// <div class="sec"> blocks.
void write_answer_sections_html(const Scenario& s, const RunResult& r, std::ostream& out);

}  // namespace carc
