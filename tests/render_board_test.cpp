// Board pictures (src/render): the terminal cells and board in Unicode and
// ASCII against golden snippets, and the SVG as well-formed, deterministic XML.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "data/oracle_data.hpp"
#include "engine/limits.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "render/svg_board.hpp"
#include "render/terminal_board.hpp"
#include "runner/board_views.hpp"
#include "scenario/corpus.hpp"

using namespace carc;

namespace {

const TileDef& tile(const std::string& id) { return builtin_catalog()[*builtin_catalog().lookup(id)]; }

TerminalStyle style(bool unicode) {
  TerminalStyle s;
  s.unicode = unicode;
  return s;
}

FeatureAddr parsed_addr(const std::string& text) { return *parse_feature_addr(text); }

// The start tile, a cloister south of it (just placed) with red's monk, blue's highwayman on the start tile's road.
BoardView small_board() {
  BoardView v;
  v.catalog = &builtin_catalog();
  v.tiles.push_back({*builtin_catalog().lookup("D"), {0, 0}, 0});
  v.tiles.push_back({*builtin_catalog().lookup("B"), {0, 1}, 0});
  v.figures.push_back({Colour::Blue, FigureKind::Follower, {0, 0}, parsed_addr("road{E,W}")});
  v.figures.push_back({Colour::Red, FigureKind::Follower, {0, 1}, parsed_addr("cloister")});
  v.placed = Pos{0, 1};
  return v;
}

// Checks that text is well-formed XML as far as an SVG of ours goes: balanced
// tags, quoted attributes, no bare & or <. Returns "" when fine.
std::string svg_problem(const std::string& s) {
  std::vector<std::string> stack;
  std::size_t i = 0;
  if (s.rfind("<?xml", 0) == 0) i = s.find("?>") + 2;
  while (i < s.size()) {
    if (s[i] == '&') {
      const auto semi = s.find(';', i);
      if (semi == std::string::npos || semi - i > 6) return "bare & at " + std::to_string(i);
      ++i;
      continue;
    }
    if (s[i] != '<') {
      ++i;
      continue;
    }
    const auto close = s.find('>', i);
    if (close == std::string::npos) return "unclosed tag at " + std::to_string(i);
    std::string tag = s.substr(i + 1, close - i - 1);
    if (std::count(tag.begin(), tag.end(), '"') % 2 != 0) return "odd quotes in <" + tag + ">";
    if (tag.find('<') != std::string::npos) return "< inside a tag at " + std::to_string(i);
    if (tag[0] == '/') {
      const std::string name = tag.substr(1);
      if (stack.empty() || stack.back() != name)
        return "</" + name + "> closes " + (stack.empty() ? "nothing" : stack.back());
      stack.pop_back();
    } else if (tag.back() != '/') {
      stack.push_back(tag.substr(0, tag.find_first_of(" \n")));
    }
    i = close + 1;
  }
  return stack.empty() ? "" : "unclosed <" + stack.back() + ">";
}

}  // namespace

TEST_CASE("a tile cell shows its city cap and road in Unicode and ASCII", "[render][terminal]") {
  CHECK(render_tile_cell(tile("D"), 0, style(true)) ==
        " ▒▒▒▒▒▒▒▒▒ \n"
        "   ▒▒▒▒▒   \n"
        "═══════════\n"
        "           \n"
        "           \n");
  CHECK(render_tile_cell(tile("D"), 0, style(false)) ==
        " ######### \n"
        "   #####   \n"
        "===========\n"
        "           \n"
        "           \n");
}

TEST_CASE("a tile cell turns with its rotation: the cloister road points west at r90", "[render][terminal]") {
  CHECK(render_tile_cell(tile("A"), 0, style(true)) ==
        "           \n"
        "           \n"
        "     ⌂     \n"
        "     ║     \n"
        "     ║     \n");
  CHECK(render_tile_cell(tile("A"), 1, style(false)) ==
        "           \n"
        "           \n"
        "=====+     \n"
        "           \n"
        "           \n");
}

TEST_CASE("tile cells mark the flying machine's rotated arrow and the crop circle's symbol", "[render][terminal]") {
  const std::string flier = render_tile_cell(tile("fl-F.o"), 1, style(true));  // arrow W at r0, N at r90
  CHECK(flier.find("F↑") != std::string::npos);
  CHECK(render_tile_cell(tile("fl-F.o"), 3, style(false)).find("FS") != std::string::npos);
  CHECK(render_tile_cell(tile("cc-CFR"), 0, style(false)).find("Or") != std::string::npos);  // rake
  CHECK(render_tile_cell(tile("cc-CFC"), 0, style(true)).find("◎s") != std::string::npos);   // shield
}

TEST_CASE("the ASCII board has coordinates, figures and the placed tile framed", "[render][terminal]") {
  CHECK(render_terminal(small_board(), style(false)) ==
        "y\\x       0\n"
        "    +-----------+\n"
        "    | ######### |\n"
        "    |   #####   |\n"
        "  0 |Bf=========|\n"
        "    |           |\n"
        "    |           |\n"
        "    *************\n"
        "    *           *\n"
        "    *    Rf     *\n"
        "  1 *     +     *\n"
        "    *           *\n"
        "    *           *\n"
        "    *************\n");
}

TEST_CASE("the Unicode board draws box borders with the placed tile in heavy lines", "[render][terminal]") {
  const std::string board = render_terminal(small_board(), style(true));
  CHECK(board.find("┌───────────┐") != std::string::npos);
  CHECK(board.find("┢━━━━━━━━━━━┪") != std::string::npos);
  CHECK(board.find("┗━━━━━━━━━━━┛") != std::string::npos);
  CHECK(board.find("\033[") == std::string::npos);  // no colour unless asked
  TerminalStyle coloured = style(true);
  coloured.colour = true;
  CHECK(render_terminal(small_board(), coloured).find("\033[1;34mB") != std::string::npos);
}

TEST_CASE("the legend lists only the symbols the board uses", "[render][terminal]") {
  const std::string legend = terminal_legend(small_board(), style(true));
  CHECK(legend.find("city") != std::string::npos);
  CHECK(legend.find("cloister") != std::string::npos);
  CHECK(legend.find("Bf blue follower") != std::string::npos);
  CHECK(legend.find("garden") == std::string::npos);
  CHECK(legend.find("crop circle") == std::string::npos);
}

TEST_CASE("a crashed flight marks its empty target square", "[render][terminal]") {
  BoardView v = small_board();
  v.flight = Flight{{0, 1}, {0, 3}, 2, true};
  const std::string board = render_terminal(v, style(false));
  CHECK(board.find("     x") != std::string::npos);
  CHECK(board.find("flight: roll 2 from 0,1 to 0,3 - no landing there") != std::string::npos);
}

TEST_CASE("the locale decides Unicode: the first of LC_ALL, LC_CTYPE, LANG that is set", "[render][terminal]") {
  CHECK(locale_is_utf8(nullptr, nullptr, "C.UTF-8"));
  CHECK(locale_is_utf8("en_GB.utf8", nullptr, "C"));
  CHECK_FALSE(locale_is_utf8("C", nullptr, "en_US.UTF-8"));
  CHECK_FALSE(locale_is_utf8(nullptr, nullptr, nullptr));
  CHECK_FALSE(locale_is_utf8("", "", "POSIX"));
}

TEST_CASE("the SVG board is well-formed and names its tiles and figures", "[render][svg]") {
  BoardView v = small_board();
  v.flight = Flight{{0, 1}, {2, -1}, 2, false};
  SvgOptions o;
  o.caption = "R&D <test> \"caption\"";
  const std::string svg = render_svg(v, o);
  INFO(svg);
  CHECK(svg_problem(svg).empty());
  CHECK(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
  CHECK(svg.find("<title>D 0,0 r0</title>") != std::string::npos);
  CHECK(svg.find("<title>blue follower 0,0:road{E,W}</title>") != std::string::npos);
  CHECK(svg.find("class=\"placed\"") != std::string::npos);
  CHECK(svg.find("<title>flight: roll 2 from 0,1 to 2,-1, landed</title>") != std::string::npos);
  CHECK(svg.find("R&amp;D &lt;test&gt; &quot;caption&quot;") != std::string::npos);
}

TEST_CASE("every tile of the catalog in every rotation draws as well-formed SVG", "[render][svg]") {
  const TileCatalog& cat = builtin_catalog();
  for (TileTypeId t = 0; t < cat.size(); ++t) {
    BoardView v;
    v.catalog = &cat;
    for (int r = 0; r < 4; ++r) v.tiles.push_back({t, {r, 0}, r});
    const std::string svg = render_svg(v);
    INFO(cat[t].id);
    CHECK(svg_problem(svg).empty());
    CHECK_FALSE(render_terminal(v, style(true)).empty());
  }
}

TEST_CASE("the SVG is deterministic and turns the flier's arrow with the tile", "[render][svg]") {
  BoardView v;
  v.catalog = &builtin_catalog();
  v.tiles.push_back({*builtin_catalog().lookup("fl-F.o"), {0, 0}, 1});  // arrow W at r0 -> N at r90
  SvgOptions o;
  o.xml_header = false;
  const std::string a = render_svg(v, o), b = render_svg(v, o);
  CHECK(a == b);
  CHECK(a.rfind("<svg", 0) == 0);
  CHECK(a.find("rotate(") == std::string::npos);  // N: the plane is drawn unturned
  v.tiles[0].rot = 0;
  CHECK(render_svg(v, o).find("rotate(270)") != std::string::npos);  // W
}

TEST_CASE("A drawing never grows with the board's extent: far-apart tiles give a cropped window and a note",
          "[render][limits]") {
  // Two tiles 200,000 squares apart (a view, not a legal board): the drawing used to
  // allocate the whole rectangle between them.
  BoardView v;
  v.catalog = &builtin_catalog();
  const TileTypeId u = *builtin_catalog().lookup("U");
  v.tiles = {{u, Pos{-kMaxCoord, -kMaxCoord}, 0}, {u, Pos{kMaxCoord, kMaxCoord}, 0}};
  v.placed = Pos{kMaxCoord, kMaxCoord};
  const DrawWindow w = draw_window(v);
  CHECK(w.cropped());
  CHECK(w.shown.width() == kMaxDrawnSquares);
  CHECK(w.shown.height() == kMaxDrawnSquares);
  CHECK(w.shown.contains(*v.placed));  // around the tile just placed
  CHECK(w.hidden == 1);
  const std::string text = render_terminal(v, TerminalStyle{false, false});
  CHECK(text.size() < 100000);
  CHECK(text.find("cropped to 24 squares each way: the board spans x -100000..100000, y -100000..100000; drawn x "
                  "99977..100000, y 99977..100000 (1 tile not drawn)") != std::string::npos);
  const std::string svg = render_svg(v);
  CHECK(svg.size() < 200000);
  CHECK(svg.find("cropped to 24 squares") != std::string::npos);
  CHECK(svg.find("U 100000,100000 r0") != std::string::npos);
  CHECK(svg.find("U -100000,-100000 r0") == std::string::npos);
}

TEST_CASE("No board of the corpus is cropped", "[render][limits][corpus]") {
  const Corpus c = load_corpus({std::string(CARC_SOURCE_DIR) + "/scenarios"});
  int drawn = 0;
  for (const auto& f : c.files)
    for (const auto& s : f.scenarios) {
      if (!s.valid()) continue;
      const ScenarioViews views = scenario_views(s, scenario_rulesets(s).front());
      for (const BoardView* v : {&views.before, &views.after}) {
        if (v->tiles.empty()) continue;
        INFO(s.id);
        CHECK_FALSE(draw_window(*v).cropped());
        ++drawn;
      }
    }
  CHECK(drawn > 100);
}

TEST_CASE("the ASCII board draws a garden with a glyph the placed tile's frame does not use", "[render][terminal]") {
  // Issue 28: the garden and the frame of the tile just placed were both '*'.
  BoardView v;
  v.catalog = &builtin_catalog();
  v.tiles.push_back({*builtin_catalog().lookup("D"), {0, 0}, 0});
  v.tiles.push_back({*builtin_catalog().lookup("Eg"), {1, 0}, 0});
  v.placed = Pos{1, 0};
  const std::string board = render_terminal(v, style(false));
  const std::string legend = terminal_legend(v, style(false));
  INFO(board << legend);
  CHECK(board.find('%') != std::string::npos);
  CHECK(legend.find("% garden") != std::string::npos);
  CHECK(legend.find("*** the tile just placed") != std::string::npos);
  // Inside the frame of the placed tile no '*' is left: the garden is not drawn with it.
  std::size_t stars_inside = 0;
  std::istringstream rows(board);
  for (std::string row; std::getline(rows, row);) {
    const auto first = row.find('*'), last = row.rfind('*');
    if (first != std::string::npos && last > first + 1 && row.find_first_not_of('*', first) < last)
      stars_inside += static_cast<std::size_t>(std::count(row.begin() + static_cast<std::ptrdiff_t>(first) + 1,
                                                          row.begin() + static_cast<std::ptrdiff_t>(last), '*'));
  }
  CHECK(stars_inside == 0);
}

TEST_CASE("towers show their floors and who closed them, in the terminal and the SVG", "[render][tower]") {
  BoardView v;
  v.catalog = &builtin_catalog();
  v.tiles.push_back({*builtin_catalog().lookup("to-L"), {0, 0}, 0});  // a cloister and a foundation on one tile
  v.tiles.push_back({*builtin_catalog().lookup("to-L"), {1, 0}, 0});
  v.tiles.push_back({*builtin_catalog().lookup("to-L"), {2, 0}, 0});
  v.figures.push_back({Colour::Red, FigureKind::Follower, {1, 0}, parsed_addr("tower")});
  v.towers = {{{0, 0}, 1, false}, {{1, 0}, 3, false}, {{2, 0}, 2, true}};
  const std::string text = render_terminal(v, style(false));
  CHECK(text.find("tower 0,0: 1 floor, open\n") != std::string::npos);
  CHECK(text.find("tower 1,0: 3 floors, red follower on top (closed)\n") != std::string::npos);
  CHECK(text.find("tower 2,0: 2 floors, closed (its top figure was captured)\n") != std::string::npos);
  const std::string svg = render_svg(v, SvgOptions{});
  CHECK(svg_problem(svg).empty());
  CHECK(svg.find("<title>tower 1,0: 3 floors</title>") != std::string::npos);
  CHECK(svg.find("<title>tower 2,0: 2 floors, closed</title>") != std::string::npos);
  // A board without towers says nothing about them.
  v.towers.clear();
  v.figures.clear();
  CHECK(render_terminal(v, style(false)).find("tower 0,0") == std::string::npos);
  CHECK(render_svg(v, SvgOptions{}).find("class=\"tower\"") == std::string::npos);
}

TEST_CASE("the dragon, its move under way and the fairy show in the terminal and the SVG", "[render][dragon]") {
  // The pieces come from the state (view_of), as every report draws them.
  const std::string base =
      "seats red blue\n"
      "tile D 0,0 r0\ntile pd-F.v 0,1 r0\ntile B 1,1 r0\n"
      "figure blue follower 0,0:city{N}\n"
      "supply red follower=7\nsupply blue follower=6\n"
      "turn red tile\nin-hand pd-RFr.d\npile V V\n"
      "dragon 0,1\n";
  const auto view = [](const std::string& text) {
    auto setup = parse_setup(text, builtin_catalog());
    REQUIRE(setup.ok());
    auto st = State::from(builtin_catalog(), RuleSet{}, *setup);
    REQUIRE(st.ok());
    return view_of(*st);
  };
  BoardView v = view(base + "fairy blue follower 0,0:city{N}\n");
  REQUIRE(v.dragon.has_value());
  REQUIRE(v.fairy.has_value());
  std::string text = render_terminal(v, style(false));
  CHECK(text.find("dragon 0,1\n") != std::string::npos);
  CHECK(text.find("fairy 0,0, next to blue follower city{N}\n") != std::string::npos);
  std::string svg = render_svg(v, SvgOptions{});
  CHECK(svg_problem(svg).empty());
  CHECK(svg.find("<title>dragon 0,1</title>") != std::string::npos);
  CHECK(svg.find("<title>fairy 0,0, next to blue follower city{N}</title>") != std::string::npos);
  CHECK(svg.find("the dragon at 0,1, the fairy at 0,0") != std::string::npos);  // the picture's label
  // Beside the board: a line, no piece drawn; a move under way: its path.
  v = view(base + "fairy beside\n");
  CHECK(render_terminal(v, style(false)).find("fairy beside the board\n") != std::string::npos);
  CHECK(render_svg(v, SvgOptions{}).find("class=\"fairy\"") == std::string::npos);
  v.dragon = Pos{1, 1};
  v.dragon_path = {{0, 1}, {1, 1}};
  text = render_terminal(v, style(false));
  CHECK(text.find("dragon 1,1, moving: 0,1 > 1,1 (1 step made)\n") != std::string::npos);
  svg = render_svg(v, SvgOptions{});
  CHECK(svg_problem(svg).empty());
  CHECK(svg.find("<title>dragon's move so far: 0,1 1,1</title>") != std::string::npos);
  // Without the expansion nothing is said or drawn.
  v = view("seats red blue\ntile D 0,0 r0\nsupply red follower=7\nsupply blue follower=7\nturn red tile\nin-hand V\n");
  CHECK_FALSE(v.dragon.has_value());
  CHECK_FALSE(v.fairy.has_value());
  CHECK(render_terminal(v, style(false)).find("dragon") == std::string::npos);
  svg = render_svg(v, SvgOptions{});
  CHECK(svg.find("class=\"dragon\"") == std::string::npos);
  CHECK(svg.find("class=\"fairy\"") == std::string::npos);
}
