#pragma once
// What a board picture shows: tiles, figures, the tile just placed and a
// flight. The renderers (terminal_board, svg_board) draw a BoardView and know
// nothing of scenarios; view_of() takes one from an engine State.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace carc {

struct ViewTile {
  TileTypeId type = kNoTile;
  Pos pos;
  int rot = 0;  // quarter turns clockwise
};

struct ViewFigure {
  Colour owner = Colour::Red;
  FigureKind kind = FigureKind::Follower;
  Pos pos;
  FeatureAddr feature;  // board orientation
};

// A flying machine's flight: from the tile just placed to its target. A
// flight that found no landing (FM-11, FM-12) is drawn as a crash.
struct Flight {
  Pos from, to;
  int roll = 0;
  bool crashed = false;
};

// A tower with floors (the Tower): its height, and closed with nobody on top
// (`tower-reopens-after-capture: no`). A figure on top is one of `figures`
// (feature `tower`).
struct ViewTower {
  Pos pos;
  int height = 0;
  bool closed = false;
};

// The fairy (The Princess & the Dragon): beside the board, or on a tile, next to its host
// (fairy-placement next-to-follower) when it has one. A neutral piece, not a figure.
struct ViewFairy {
  bool on_board = false;
  Pos pos;
  std::optional<ViewFigure> host;
};

// A castle (Bridges, Castles & Bazaars): its owner and the two tiles of the town it covers;
// scored once its occupant has scored and gone home (the token stays).
struct ViewCastle {
  Colour owner = Colour::Red;
  Pos a, b;
  bool scored = false;
};

// Under the Big Top: where the big top stands (none before the first circus tile), the value of
// the face-down token under it, and how many face-down tokens are left to draw.
struct ViewBigTop {
  std::optional<Pos> pos;
  int token = 0;
  std::size_t tokens_left = 0;
};

struct BoardView {
  const TileCatalog* catalog = nullptr;
  std::vector<ViewTile> tiles;  // in placement order
  std::vector<ViewFigure> figures;
  std::vector<ViewTower> towers;                       // every tower with at least one floor
  std::optional<Pos> dragon;                           // the dragon's tile, once a volcano brought it into play
  std::optional<ViewFairy> fairy;                      // none: no fairy in this game
  std::vector<Pos> dragon_path;                        // a dragon move in progress: the tiles stood on, start first
  std::vector<std::pair<Pos, std::string>> buildings;  // Little Buildings: tile and kind (tower, house, shed)
  std::optional<Pos> placed;                           // the tile just placed, marked
  std::vector<ViewCastle> castles;                     // in building order
  std::optional<ViewBigTop> big_top;                   // Under the Big Top: none in a game without circus tiles
  // Tiles with a bridge (BC-15): their definition with the bridge's road, drawn as a road across them.
  std::vector<std::pair<Pos, std::shared_ptr<const TileDef>>> bridged;
  const TileDef& def_of(const ViewTile& t) const {
    for (const auto& [p, d] : bridged)
      if (p == t.pos) return *d;
    return (*catalog)[t.type];
  }
  std::optional<Flight> flight;

  const ViewTile* tile_at(Pos p) const;
};

// The board of a state: its tiles, figures, towers, the dragon and the fairy, and the tile
// placed this turn.
BoardView view_of(const State& s);

// The smallest rectangle holding every tile and the flight's target.
struct Bounds {
  int min_x = 0, max_x = 0, min_y = 0, max_y = 0;
  int width() const { return max_x - min_x + 1; }
  int height() const { return max_y - min_y + 1; }
  bool contains(Pos p) const { return p.x >= min_x && p.x <= max_x && p.y >= min_y && p.y <= max_y; }
};
Bounds bounds_of(const BoardView& v);

// A drawing shows at most this many squares across and down, so its size never
// depends on how far apart the tiles lie (the corpus's boards are far smaller).
inline constexpr int kMaxDrawnSquares = 24;

// The squares a drawing shows: the board's whole rectangle when it fits
// kMaxDrawnSquares each way, else a window of that size around the focus (the
// flight's start, else the tile just placed, else the tile placed last).
struct DrawWindow {
  Bounds board;    // every tile and the flight
  Bounds shown;    // what is drawn
  int hidden = 0;  // tiles outside `shown`
  bool cropped() const { return board.width() > shown.width() || board.height() > shown.height(); }
};
DrawWindow draw_window(const BoardView& v);
// One line saying what a cropped drawing leaves out; empty when nothing is cropped.
std::string crop_note(const DrawWindow& w);
// One line per tower with floors: "tower 2,0: 3 floors, red follower on top" (empty without towers).
std::string tower_lines(const BoardView& v);
// The dragon and the fairy under a terminal board: "dragon 2,1", its move so far when one is
// under way, "fairy 1,0, next to red follower road{E,W}" (empty when neither is in the game).
std::string dragon_fairy_lines(const BoardView& v);
// The castles under a terminal board: "castle red 0,0+0,-1" (", scored" once its occupant left).
std::string castle_lines(const BoardView& v);
// The big top under a terminal board: "big top 2,0 over token 4, 14 face-down tokens left"
// (empty in a game without circus tiles).
std::string big_top_line(const BoardView& v);

// The drawing of one tile in board orientation: its features with masks and
// arrow already rotated.
struct ArtFeature {
  FeatureKind kind = FeatureKind::Field;
  std::uint8_t mask = 0;  // edges (cities, roads) or half-edges (fields), board orientation
  int pennants = 0;
  bool princess = false;
  Compass arrow = Compass::N;  // flier, board orientation
  CropSymbol symbol = CropSymbol::None;
  RoadEnd road_end = RoadEnd::None;
};
std::vector<ArtFeature> art_of(const TileDef& def, int rot);

// "Rf" for a red follower: the colour's initial (blacK) and the kind's letter (see kind_letter).
std::string figure_label(Colour c, FigureKind k);
// follower f, large l, abbot a, mayor m, wagon w, builder b, pig p, phantom h.
char kind_letter(FigureKind k);
// R, B, G, Y, K (black), P.
char colour_letter(Colour c);
// A CSS colour for a player.
std::string_view colour_hex(Colour c);

}  // namespace carc
