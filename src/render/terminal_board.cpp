#include "render/terminal_board.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "render/tile_cell.hpp"

namespace carc {
namespace {

constexpr const char* kTonePlaced = "\033[1;36m";
constexpr const char* kToneCrash = "\033[1;31m";
constexpr const char* kToneLabel = "\033[2m";
constexpr const char* kReset = "\033[0m";

// Box-drawing characters by arm weights (0 none, 1 light, 2 heavy), index up*27 + right*9 + down*3 + left.
constexpr std::string_view kBoxTable =
    " ╴╸╷┐┑╻┒┓╶─╾┌┬┭┎┰┱╺╼━┍┮┯┏┲┳╵┘┙│┤┥╽┧┪└┴┵├┼┽┟╁╅┕┶┷┝┾┿┢╆╈╹┚┛╿┦┩┃┨┫┖┸┹┞╀╃┠╂╉┗┺┻┡╄╇┣╊╋";

std::string box_char(int up, int right, int down, int left) {
  const auto index = static_cast<std::size_t>(up * 27 + right * 9 + down * 3 + left);
  // Every entry but the first is a three-byte code point.
  if (index == 0) return " ";
  return std::string(kBoxTable.substr(1 + (index - 1) * 3, 3));
}

std::string target_mark(const Flight& f, const TerminalStyle& style) {
  if (f.crashed) return symbols(style.unicode).crash;
  return style.unicode ? "◉" : "o";
}

class Grid {
 public:
  // Only the squares of the draw window are painted: the work never grows with the board's extent.
  Grid(const BoardView& v, const TerminalStyle& style, const Bounds& shown) : v_(v), style_(style), b_(shown) {
    std::map<std::pair<int, int>, std::vector<ViewFigure>> on_tile;
    for (const auto& f : v.figures)
      if (b_.contains(f.pos)) on_tile[{f.pos.x, f.pos.y}].push_back(f);
    for (const auto& t : v.tiles)
      if (b_.contains(t.pos))
        cells_[{t.pos.x, t.pos.y}] = paint_cell(v.def_of(t), t.rot, on_tile[{t.pos.x, t.pos.y}], style.unicode);
    // A flight's target tile: its top-left character marks a landing or a crash.
    if (v.flight)
      if (const auto it = cells_.find({v.flight->to.x, v.flight->to.y}); it != cells_.end())
        it->second[0][0] =
            Glyph{target_mark(*v.flight, style), v.flight->crashed ? kToneCrash : kTonePlaced, Ink::Marker};
  }

  std::string draw() const {
    std::string out = header();
    for (int gy = 0; gy <= b_.height(); ++gy) {
      out += border_row(gy);
      if (gy == b_.height()) break;
      for (int i = 0; i < kCellHeight; ++i) out += interior_row(gy, i);
    }
    return out;
  }

 private:
  bool has(int x, int y) const { return cells_.count({x, y}) > 0; }
  bool placed(int x, int y) const { return v_.placed && v_.placed->x == x && v_.placed->y == y; }
  int weight(int x1, int y1, int x2, int y2) const {
    if (!has(x1, y1) && !has(x2, y2)) return 0;
    return placed(x1, y1) || placed(x2, y2) ? 2 : 1;
  }
  // Border segments: the horizontal one above tile column gx of grid line gy, the vertical one left of (gx, row ty).
  int hseg(int gx, int gy) const {
    if (gx < 0 || gx >= b_.width()) return 0;
    const int x = b_.min_x + gx, y = b_.min_y + gy;
    return weight(x, y - 1, x, y);
  }
  int vseg(int gx, int ty) const {
    if (ty < 0 || ty >= b_.height()) return 0;
    const int x = b_.min_x + gx, y = b_.min_y + ty;
    return weight(x - 1, y, x, y);
  }

  std::string paint(const std::string& text, const char* tone) const {
    if (!style_.colour || tone == nullptr || text == " ") return text;
    return std::string(tone) + text + kReset;
  }

  std::string margin_label(const std::string& label) const {
    return std::string(margin() - label.size() - 1, ' ') + paint(label, kToneLabel) + " ";
  }
  std::size_t margin() const {
    const std::size_t w = std::max(std::to_string(b_.min_y).size(), std::to_string(b_.max_y).size());
    return std::max<std::size_t>(w, 3) + 1;
  }

  std::string header() const {
    std::string out = margin_label("y\\x");
    for (int gx = 0; gx < b_.width(); ++gx) {
      const std::string label = std::to_string(b_.min_x + gx);
      const std::size_t left = 1 + (kCellWidth - label.size()) / 2;
      out += std::string(left, ' ') + paint(label, kToneLabel) + std::string(kCellWidth + 1 - left - label.size(), ' ');
    }
    return trimmed(out);
  }

  std::string border_row(int gy) const {
    std::string out(margin(), ' ');
    for (int gx = 0; gx <= b_.width(); ++gx) {
      const int up = vseg(gx, gy - 1), down = vseg(gx, gy), left = hseg(gx - 1, gy), right = hseg(gx, gy);
      const int heavy = std::max({up, down, left, right});
      std::string corner = style_.unicode ? box_char(up, right, down, left)
                                          : (heavy == 0   ? " "
                                             : heavy == 2 ? "*"
                                                          : "+");
      out += paint(corner, heavy == 2 ? kTonePlaced : nullptr);
      if (gx == b_.width()) break;
      const int w = hseg(gx, gy);
      const std::string bar = w == 0 ? " " : style_.unicode ? (w == 2 ? "━" : "─") : (w == 2 ? "*" : "-");
      for (int i = 0; i < kCellWidth; ++i) out += paint(bar, w == 2 ? kTonePlaced : nullptr);
    }
    return trimmed(out);
  }

  std::string interior_row(int ty, int i) const {
    const int y = b_.min_y + ty;
    std::string out = i == kCellHeight / 2 ? margin_label(std::to_string(y)) : std::string(margin(), ' ');
    for (int gx = 0; gx <= b_.width(); ++gx) {
      const int w = vseg(gx, ty);
      const std::string bar = w == 0 ? " " : style_.unicode ? (w == 2 ? "┃" : "│") : (w == 2 ? "*" : "|");
      out += paint(bar, w == 2 ? kTonePlaced : nullptr);
      if (gx == b_.width()) break;
      out += cell_row(b_.min_x + gx, y, i);
    }
    return trimmed(out);
  }

  std::string cell_row(int x, int y, int i) const {
    const auto it = cells_.find({x, y});
    if (it == cells_.end()) return empty_row(x, y, i);
    std::string out;
    for (const Glyph& g : it->second[static_cast<std::size_t>(i)]) out += paint(g.text, g.tone);
    return out;
  }

  // An empty square: blank, or the crash mark where a flight found no tile.
  std::string empty_row(int x, int y, int i) const {
    const bool crash = v_.flight && v_.flight->crashed && v_.flight->to == Pos{x, y} && i == kCellHeight / 2;
    if (!crash) return std::string(kCellWidth, ' ');
    const std::string& mark = symbols(style_.unicode).crash;
    return std::string(kCellWidth / 2, ' ') + paint(mark, kToneCrash) + std::string(kCellWidth / 2, ' ');
  }

  static std::string trimmed(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s + "\n";
  }

  const BoardView& v_;
  const TerminalStyle& style_;
  Bounds b_;
  std::map<std::pair<int, int>, Cell> cells_;
};

std::string flight_line(const Flight& f, const TerminalStyle& style) {
  std::string out = "flight: roll " + std::to_string(f.roll) + " from " + to_string(f.from) + " to " + to_string(f.to);
  out += f.crashed ? " - no landing there, the figure stays in supply" : " - landing there";
  return out + " (target marked " + target_mark(f, style) + ")\n";
}

}  // namespace

std::string render_terminal(const BoardView& v, const TerminalStyle& style) {
  if (v.tiles.empty() || v.catalog == nullptr) return "(no tiles)\n";
  const DrawWindow w = draw_window(v);
  std::string out = Grid(v, style, w.shown).draw();
  out += tower_lines(v);
  out += dragon_fairy_lines(v);
  if (!v.buildings.empty()) {  // Little Buildings: one per tile
    out += "buildings:";
    for (const auto& [p, kind] : v.buildings) out += " " + kind + " " + to_string(p);
    out += "\n";
  }
  out += castle_lines(v);
  out += big_top_line(v);
  if (v.flight) out += flight_line(*v.flight, style);
  if (w.cropped()) out += crop_note(w) + "\n";
  return out;
}

std::string render_tile_cell(const TileDef& def, int rot, const TerminalStyle& style) {
  const Cell cell = paint_cell(def, rot, {}, style.unicode);
  std::string out;
  for (const auto& row : cell) {
    for (const Glyph& g : row)
      out += style.colour && g.tone && g.text != " " ? std::string(g.tone) + g.text + kReset : g.text;
    out += "\n";
  }
  return out;
}

std::string terminal_legend(const BoardView& v, const TerminalStyle& style) {
  if (v.catalog == nullptr) return {};
  const Symbols& s = symbols(style.unicode);
  std::set<FeatureKind> kinds;
  bool pennant = false, princess = false;
  for (const auto& t : v.tiles) {
    for (const auto& f : art_of(v.def_of(t), t.rot)) {
      kinds.insert(f.kind);
      pennant = pennant || f.pennants > 0;
      princess = princess || f.princess;
    }
  }
  std::vector<std::string> items;
  const auto add = [&](bool on, const std::string& text) {
    if (on) items.push_back(text);
  };
  add(kinds.count(FeatureKind::City) > 0, s.city + " city");
  add(pennant, s.pennant + " pennant");
  add(princess, s.princess + " princess");
  add(kinds.count(FeatureKind::Road) > 0, (style.unicode ? "═║" : "=|") + std::string(" road"));
  add(kinds.count(FeatureKind::Cloister) > 0, s.cloister + " cloister");
  add(kinds.count(FeatureKind::Garden) > 0, s.garden + " garden");
  add(kinds.count(FeatureKind::Flier) > 0, "F" + s.arrows[1] + " flying machine and its arrow");
  add(kinds.count(FeatureKind::CropCircle) > 0,
      s.crop + "c/" + s.crop + "s/" + s.crop + "r crop circle: club/shield/rake");
  add(kinds.count(FeatureKind::Portal) > 0, s.portal + " magic portal");
  add(kinds.count(FeatureKind::Tower) > 0, s.tower + " tower");
  add(kinds.count(FeatureKind::Volcano) > 0, s.volcano + " volcano");
  add(kinds.count(FeatureKind::Dragon) > 0, s.dragon + " dragon symbol");
  add(kinds.count(FeatureKind::Festival) > 0, s.festival + " festival");
  add(kinds.count(FeatureKind::Circus) > 0, s.circus + " circus space");
  add(kinds.count(FeatureKind::Acrobat) > 0, s.acrobat + " acrobat space");
  add(v.placed.has_value(), (style.unicode ? std::string("┏━┓") : std::string("***")) + " the tile just placed");
  std::set<std::string> seen;
  for (const auto& f : v.figures) {
    const std::string label = figure_label(f.owner, f.kind);
    if (seen.insert(label).second)
      items.push_back(label + " " + std::string(colour_name(f.owner)) + " " + std::string(figure_name(f.kind)));
  }
  std::string out, line = "key:";
  for (const auto& item : items) {
    if (line.size() + item.size() > 76) {
      out += line + "\n";
      line = "    ";
    }
    line += "  " + item;
  }
  return out + line + "\n";
}

bool locale_is_utf8(const char* lc_all, const char* lc_ctype, const char* lang) {
  for (const char* v : {lc_all, lc_ctype, lang}) {
    if (v == nullptr || *v == '\0') continue;
    std::string s(v);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s.find("utf-8") != std::string::npos || s.find("utf8") != std::string::npos;
  }
  return false;
}

}  // namespace carc
