#pragma once
// One tile drawn as a grid of characters (kCellHeight rows of kCellWidth
// columns), the inside of a terminal board cell; terminal_board.cpp puts the
// cells into the board's grid. Internal to src/render.
#include <array>
#include <string>
#include <vector>

#include "render/board_view.hpp"
#include "render/terminal_board.hpp"

namespace carc {

// What a character of a cell shows.
enum class Ink : std::uint8_t { Field, City, Road, Marker, Figure };

// One display column: its text (one code point), an ANSI tone or null, and what it shows.
struct Glyph {
  std::string text = " ";
  const char* tone = nullptr;
  Ink ink = Ink::Field;
};
using Cell = std::array<std::array<Glyph, kCellWidth>, kCellHeight>;

// The symbols of one style (src/render/README.md lists them).
struct Symbols {
  std::string city, pennant, princess, cloister, garden, tower, portal, crop, crash, flight, volcano, dragon, festival,
      circus, acrobat;
  std::array<std::string, 8> arrows;  // flier arrow per compass point, after "F"
};
const Symbols& symbols(bool unicode);

// The ANSI tone of a player's figures.
const char* figure_tone(Colour c);

// Paints a tile (in board orientation) with the figures standing on it.
Cell paint_cell(const TileDef& def, int rot, const std::vector<ViewFigure>& figures, bool unicode);

}  // namespace carc
