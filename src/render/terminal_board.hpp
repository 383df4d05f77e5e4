#pragma once
// The board drawn for a terminal: each tile a cell of 11 x 5 characters inside
// box-drawing borders, x coordinates above and y coordinates on the left, the
// tile just placed framed in heavy lines. src/render/README.md shows the
// symbols; terminal_legend() lists those a drawing uses.
#include <string>

#include "render/board_view.hpp"

namespace carc {

struct TerminalStyle {
  bool unicode = true;  // box drawing and symbols; false: plain ASCII
  bool colour = false;  // ANSI colour (the CLI decides: a TTY and no NO_COLOR)
};

inline constexpr int kCellWidth = 11;
inline constexpr int kCellHeight = 5;

// The board as lines of text, each ending in '\n'; "(no tiles)\n" for an empty board.
std::string render_terminal(const BoardView& v, const TerminalStyle& style);

// One tile's cell without borders (kCellHeight lines of kCellWidth columns), for tests and legends.
std::string render_tile_cell(const TileDef& def, int rot, const TerminalStyle& style);

// The legend of the symbols a board uses, as lines ending in '\n'.
std::string terminal_legend(const BoardView& v, const TerminalStyle& style);

// Whether an environment's locale is UTF-8: the first set of LC_ALL, LC_CTYPE, LANG names UTF-8.
bool locale_is_utf8(const char* lc_all, const char* lc_ctype, const char* lang);

}  // namespace carc
