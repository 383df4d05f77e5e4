#pragma once
// The board as an SVG picture: fields as the tile's background, cities as
// polygons toward their edges, roads as strokes to their edges, cloisters,
// gardens, flying machines with their (rotated) arrows, crop circles with
// their symbols, portals, pennants and the princess; figures in player
// colours; the tile just placed framed; a flight drawn as an arrow from the
// placed tile to its target (a cross where it crashed). Output is
// deterministic: the same view gives the same bytes. Every element carries a
// <title> (tile id and rotation, figure in notation) for tooltips.
#include <string>

#include "render/board_view.hpp"

namespace carc {

struct SvgOptions {
  int tile = 64;           // pixels per tile side
  bool xml_header = true;  // false when the SVG is inlined into HTML
  std::string caption;     // optional line of text under the board
};

std::string render_svg(const BoardView& v, const SvgOptions& options = {});

// Escapes &, <, >, " and ' for XML (and HTML) text and attributes; control characters
// XML 1.0 forbids become '?'. Shared by the SVG, HTML and JUnit writers.
std::string xml_escape(std::string_view s);

}  // namespace carc
