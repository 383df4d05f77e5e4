#include "render/svg_board.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include "render/svg_parts.hpp"

namespace carc {
namespace {

using svg::num;

constexpr double kLeft = 30, kTop = 22, kPad = 8;
constexpr const char* kFont = "font-family=\"DejaVu Sans, Arial, sans-serif\"";

class SvgBoard {
 public:
  // Only the squares of the draw window are drawn: the picture never grows with the board's extent.
  SvgBoard(const BoardView& v, const SvgOptions& o) : v_(v), o_(o), w_(draw_window(v)), b_(w_.shown), t_(o.tile) {
    if (w_.cropped()) note_ = crop_note(w_);
  }

  std::string draw() const {
    const double board_w = kLeft + b_.width() * t_ + kPad;
    const double text_w = static_cast<double>(std::max(o_.caption.size(), note_.size())) * 7.0;
    const double w = std::max(board_w, kLeft + text_w + kPad);
    const double notes = (o_.caption.empty() ? 0 : 18) + (note_.empty() ? 0 : 18);
    const double h = kTop + b_.height() * t_ + kPad + notes;
    std::string out = o_.xml_header ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "";
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" viewBox=\"0 0 " + num(w) + " " + num(h) +
           "\" width=\"" + num(w) + "\" height=\"" + num(h) + "\" role=\"img\" aria-label=\"" +
           xml_escape(aria_label()) + "\">\n";
    out += grid() + labels();
    for (const auto& t : v_.tiles)
      if (b_.contains(t.pos)) out += tile(t);
    if (v_.placed && b_.contains(*v_.placed) && v_.tile_at(*v_.placed)) out += placed_frame(*v_.placed);
    out += figures();
    out += towers();  // over the figures: a tower's height stays readable
    out += dragon_path() + dragon_and_fairy() + buildings() + castles() + big_top();
    if (v_.flight) out += flight(*v_.flight);
    double y = h - 6;
    for (const std::string* text : {&o_.caption, &note_}) {  // bottom up
      if (text->empty()) continue;
      out += "<text x=\"" + num(kLeft) + "\" y=\"" + num(y) + "\" " + kFont + " font-size=\"12\" fill=\"#334155\">" +
             xml_escape(*text) + "</text>\n";
      y -= 18;
    }
    return out + "</svg>\n";
  }

 private:
  double px(int x) const { return kLeft + (x - b_.min_x) * t_; }
  double py(int y) const { return kTop + (y - b_.min_y) * t_; }

  std::string aria_label() const {
    std::string s = "board with " + std::to_string(v_.tiles.size()) + " tiles and " +
                    std::to_string(v_.figures.size()) + " figures";
    if (v_.placed) s += ", tile just placed at " + to_string(*v_.placed);
    if (v_.dragon) s += ", the dragon at " + to_string(*v_.dragon);
    if (v_.fairy && v_.fairy->on_board) s += ", the fairy at " + to_string(v_.fairy->pos);
    return s;
  }

  // Faint squares for the empty places inside the board's rectangle.
  std::string grid() const {
    std::string out;
    for (int y = b_.min_y; y <= b_.max_y; ++y)
      for (int x = b_.min_x; x <= b_.max_x; ++x)
        if (!v_.tile_at({x, y}))
          out += "<rect x=\"" + num(px(x) + 1) + "\" y=\"" + num(py(y) + 1) + "\" width=\"" + num(t_ - 2) +
                 "\" height=\"" + num(t_ - 2) + "\" fill=\"#f1f5f9\" stroke=\"#cbd5e1\" stroke-dasharray=\"3 3\"/>\n";
    return out;
  }

  std::string labels() const {
    std::string out;
    for (int x = b_.min_x; x <= b_.max_x; ++x)
      out += "<text x=\"" + num(px(x) + t_ / 2) + "\" y=\"" + num(kTop - 7) + "\" text-anchor=\"middle\" " + kFont +
             " font-size=\"11\" fill=\"#64748b\">" + std::to_string(x) + "</text>";
    for (int y = b_.min_y; y <= b_.max_y; ++y)
      out += "<text x=\"" + num(kLeft - 6) + "\" y=\"" + num(py(y) + t_ / 2 + 4) + "\" text-anchor=\"end\" " + kFont +
             " font-size=\"11\" fill=\"#64748b\">" + std::to_string(y) + "</text>";
    return out + "\n";
  }

  std::string tile(const ViewTile& t) const {
    const TileDef& def = v_.def_of(t);  // a bridge's road drawn with the tile's (BC-15)
    std::vector<svg::MarkerSpot> spots;
    const std::string art = svg::tile_art(def, t.rot, t_, spots);
    spots_[{t.pos.x, t.pos.y}] = spots;
    return "<g class=\"tile\" transform=\"translate(" + num(px(t.pos.x)) + " " + num(py(t.pos.y)) + ")\"><title>" +
           xml_escape(def.id + " " + to_string(t.pos) + " " + rotation_name(t.rot) +
                      (&def != &(*v_.catalog)[t.type]
                           ? ", bridge " + to_string(def.address(static_cast<int>(def.features.size()) - 1, t.rot))
                           : std::string())) +
           "</title>" + art + "<rect width=\"" + num(t_) + "\" height=\"" + num(t_) +
           "\" fill=\"none\" stroke=\"#3f5f25\" stroke-width=\"1\"/></g>\n";
  }

  std::string placed_frame(Pos p) const {
    return "<rect class=\"placed\" x=\"" + num(px(p.x) + 2) + "\" y=\"" + num(py(p.y) + 2) + "\" width=\"" +
           num(t_ - 4) + "\" height=\"" + num(t_ - 4) +
           "\" fill=\"none\" stroke=\"#f97316\" stroke-width=\"4\"><title>the tile just placed</title></rect>\n";
  }

  std::string figures() const {
    std::string out;
    std::map<std::pair<int, int>, std::vector<svg::UPt>> taken;
    for (const auto& f : v_.figures) {
      const ViewTile* t = b_.contains(f.pos) ? v_.tile_at(f.pos) : nullptr;
      if (!t) continue;
      auto& used = taken[{f.pos.x, f.pos.y}];
      const auto it = spots_.find({f.pos.x, f.pos.y});
      const svg::UPt a = svg::figure_anchor((*v_.catalog)[t->type], t->rot, f.feature,
                                            it == spots_.end() ? std::vector<svg::MarkerSpot>{} : it->second, used);
      used.push_back(a);
      out += svg::figure_art(f, px(f.pos.x) + a.x * t_, py(f.pos.y) + a.y * t_, t_) + "\n";
    }
    return out;
  }

  // The floors of each tower: a stack of bars at the tower's marker, the height written on it;
  // a tower closed with nobody on top (its top figure captured) is struck through.
  std::string towers() const {
    std::string out;
    for (const ViewTower& t : v_.towers) {
      if (!b_.contains(t.pos) || !v_.tile_at(t.pos)) continue;
      svg::UPt at{0.5, 0.5};
      if (const auto it = spots_.find({t.pos.x, t.pos.y}); it != spots_.end())
        for (const auto& spot : it->second)
          if (spot.kind == FeatureKind::Tower) at = spot.at;
      const double w = t_ * 0.3, bar = t_ * 0.035, x = px(t.pos.x) + at.x * t_ - w / 2;
      const double base = py(t.pos.y) + at.y * t_ + t_ * 0.14;
      const int bars = std::min(t.height, 8);  // the number says the rest
      out += "<g class=\"tower\"><title>tower " + to_string(t.pos) + ": " + std::to_string(t.height) +
             (t.height == 1 ? " floor" : " floors") + (t.closed ? ", closed" : "") + "</title>";
      for (int i = 0; i < bars; ++i)
        out += "<rect x=\"" + num(x) + "\" y=\"" + num(base - (i + 1) * (bar + 1)) + "\" width=\"" + num(w) +
               "\" height=\"" + num(bar) + "\" fill=\"#78716c\" stroke=\"#44403c\" stroke-width=\"0.5\"/>";
      const double ty = base - bars * (bar + 1) - 3;
      out += "<text x=\"" + num(x + w / 2) + "\" y=\"" + num(ty) + "\" text-anchor=\"middle\" " + kFont +
             " font-size=\"11\" font-weight=\"bold\" fill=\"#1c1917\" stroke=\"#fafaf9\" stroke-width=\"2.5\" "
             "paint-order=\"stroke\">" +
             std::to_string(t.height) + "</text>";
      if (t.closed)
        out += "<path d=\"M" + num(x) + " " + num(base) + "L" + num(x + w) + " " + num(ty - 9) +
               "\" stroke=\"#dc2626\" "
               "stroke-width=\"2\"/>";
      out += "</g>\n";
    }
    return out;
  }

  // The neutral pieces, in a corner of their tile so they never hide a figure: the dragon a
  // dark red disc marked D in the lower left, the fairy a violet disc marked F in the upper
  // right (its host named in the tooltip).
  std::string piece(Pos at, double ux, double uy, std::string_view fill, char letter, const std::string& title,
                    std::string_view cls) const {
    const double cx = px(at.x) + ux * t_, cy = py(at.y) + uy * t_, r = t_ * 0.11;
    return "<g class=\"" + std::string(cls) + "\"><title>" + xml_escape(title) + "</title><circle cx=\"" + num(cx) +
           "\" cy=\"" + num(cy) + "\" r=\"" + num(r) + "\" fill=\"" + std::string(fill) +
           "\" stroke=\"#fafaf9\" stroke-width=\"2\"/><text x=\"" + num(cx) + "\" y=\"" + num(cy + 4) +
           "\" text-anchor=\"middle\" " + kFont + " font-size=\"11\" font-weight=\"bold\" fill=\"#fafaf9\">" +
           std::string(1, letter) + "</text></g>\n";
  }

  std::string dragon_and_fairy() const {
    std::string out;
    if (v_.dragon && b_.contains(*v_.dragon))
      out += piece(*v_.dragon, 0.2, 0.8, "#7f1d1d", 'D', "dragon " + to_string(*v_.dragon), "dragon");
    if (v_.fairy && v_.fairy->on_board && b_.contains(v_.fairy->pos)) {
      std::string title = "fairy " + to_string(v_.fairy->pos);
      if (const auto& h = v_.fairy->host)
        title += ", next to " + std::string(colour_name(h->owner)) + " " + std::string(figure_name(h->kind)) + " " +
                 to_string(h->feature);
      out += piece(v_.fairy->pos, 0.8, 0.2, "#7c3aed", 'F', title, "fairy");
    }
    return out;
  }

  // Little Buildings: a small brown house shape in the upper left of its tile, its kind's
  // initial on it (T, H, S) and the kind in the tooltip.
  std::string buildings() const {
    std::string out;
    for (const auto& [p, kind] : v_.buildings) {
      if (!b_.contains(p)) continue;
      const double x = px(p.x) + t_ * 0.08, y = py(p.y) + t_ * 0.08, w = t_ * 0.18;
      const char letter = static_cast<char>(kind.empty() ? '?' : kind[0] - 'a' + 'A');
      out += "<g class=\"building\"><title>" + xml_escape(kind + " " + to_string(p)) + "</title><path d=\"M" + num(x) +
             " " + num(y + w * 0.45) + "L" + num(x + w / 2) + " " + num(y) + "L" + num(x + w) + " " +
             num(y + w * 0.45) + "V" + num(y + w) + "H" + num(x) +
             "Z\" fill=\"#92400e\" stroke=\"#fafaf9\" "
             "stroke-width=\"1.5\"/><text x=\"" +
             num(x + w / 2) + "\" y=\"" + num(y + w * 0.9) + "\" text-anchor=\"middle\" " + kFont +
             " font-size=\"9\" font-weight=\"bold\" fill=\"#fafaf9\">" + std::string(1, letter) + "</text></g>\n";
    }
    return out;
  }

  // Under the Big Top: the big top, a red disc marked B in the lower right of its tile, the
  // face-down token under it and the tokens left in the tooltip.
  std::string big_top() const {
    if (!v_.big_top || !v_.big_top->pos || !b_.contains(*v_.big_top->pos)) return {};
    const ViewBigTop& t = *v_.big_top;
    return piece(*t.pos, 0.8, 0.8, "#dc2626", 'B',
                 "big top " + to_string(*t.pos) + " over token " + std::to_string(t.token) + ", " +
                     std::to_string(t.tokens_left) + " face-down tokens left",
                 "big-top");
  }

  // Castles: a square in the owner's colour, marked C, on the border between the town's two
  // tiles (hollow once its occupant has scored).
  std::string castles() const {
    std::string out;
    for (const ViewCastle& c : v_.castles) {
      if (!b_.contains(c.a) || !b_.contains(c.b)) continue;
      const double cx = (px(c.a.x) + px(c.b.x)) / 2 + t_ / 2, cy = (py(c.a.y) + py(c.b.y)) / 2 + t_ / 2;
      const double r = t_ * 0.12;
      const std::string fill = c.scored ? "#fafaf9" : std::string(colour_hex(c.owner));
      out += "<g class=\"castle\"><title>" +
             xml_escape("castle " + std::string(colour_name(c.owner)) + " " + to_string(c.a) + "+" + to_string(c.b) +
                        (c.scored ? ", scored" : "")) +
             "</title><rect x=\"" + num(cx - r) + "\" y=\"" + num(cy - r) + "\" width=\"" + num(2 * r) +
             "\" height=\"" + num(2 * r) + "\" fill=\"" + fill +
             "\" stroke=\"#44403c\" stroke-width=\"2\"/><text x=\"" + num(cx) + "\" y=\"" + num(cy + 4) +
             "\" text-anchor=\"middle\" " + kFont +
             " font-size=\"11\" font-weight=\"bold\" fill=\"#1c1917\">C</text></g>\n";
    }
    return out;
  }

  // A dragon move under way: a dotted line through the centres of the tiles it stood on.
  std::string dragon_path() const {
    if (v_.dragon_path.size() < 2) return {};
    std::string points, title = "dragon's move so far:";
    for (const Pos p : v_.dragon_path) {
      points += (points.empty() ? "" : " ") + num(px(p.x) + t_ / 2) + "," + num(py(p.y) + t_ / 2);
      title += " " + to_string(p);
    }
    return "<g class=\"dragon-path\"><title>" + title + "</title><polyline points=\"" + points +
           "\" fill=\"none\" stroke=\"#7f1d1d\" stroke-width=\"3\" stroke-dasharray=\"2 5\" "
           "stroke-linecap=\"round\"/></g>\n";
  }

  // A dashed arrow from the flier's tile to its target; a circle where it landed, a cross where it crashed.
  std::string flight(const Flight& f) const {
    const double x1 = px(f.from.x) + t_ / 2, y1 = py(f.from.y) + t_ / 2;
    const double x2 = px(f.to.x) + t_ / 2, y2 = py(f.to.y) + t_ / 2;
    const double len = std::hypot(x2 - x1, y2 - y1);
    if (len == 0) return {};
    const double ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    const double ex = x2 - ux * t_ * 0.3, ey = y2 - uy * t_ * 0.3;  // stop short of the target's centre
    const double hx = ex - ux * 10, hy = ey - uy * 10;
    const std::string colour = f.crashed ? "#dc2626" : "#0284c7";
    std::string out = "<g class=\"flight\"><title>flight: roll " + std::to_string(f.roll) + " from " +
                      to_string(f.from) + " to " + to_string(f.to) + (f.crashed ? ", no landing" : ", landed") +
                      "</title>";
    out += "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(hx) + "\" y2=\"" + num(hy) +
           "\" stroke=\"" + colour + "\" stroke-width=\"3\" stroke-dasharray=\"7 4\" stroke-linecap=\"round\"/>";
    out += "<polygon points=\"" + num(ex) + "," + num(ey) + " " + num(hx - uy * 6) + "," + num(hy + ux * 6) + " " +
           num(hx + uy * 6) + "," + num(hy - ux * 6) + "\" fill=\"" + colour + "\"/>";
    if (f.crashed) {
      const double r = t_ * 0.18;
      out += "<path d=\"M" + num(x2 - r) + " " + num(y2 - r) + "L" + num(x2 + r) + " " + num(y2 + r) + "M" +
             num(x2 + r) + " " + num(y2 - r) + "L" + num(x2 - r) + " " + num(y2 + r) + "\" stroke=\"" + colour +
             "\" stroke-width=\"4\" stroke-linecap=\"round\"/>";
    } else {
      out += "<circle cx=\"" + num(x2) + "\" cy=\"" + num(y2) + "\" r=\"" + num(t_ * 0.44) +
             "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2.5\" stroke-dasharray=\"5 3\"/>";
    }
    return out + "</g>\n";
  }

  const BoardView& v_;
  const SvgOptions& o_;
  DrawWindow w_;
  Bounds b_;
  double t_;
  std::string note_;
  mutable std::map<std::pair<int, int>, std::vector<svg::MarkerSpot>> spots_;
};

}  // namespace

std::string xml_escape(std::string_view s) {
  std::string out;
  for (const char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // XML 1.0 allows no control characters but tab, newline and carriage return.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r')
          out += '?';
        else
          out += c;
    }
  }
  return out;
}

std::string render_svg(const BoardView& v, const SvgOptions& options) {
  if (v.catalog == nullptr || v.tiles.empty())
    return std::string(options.xml_header ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "") +
           "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" viewBox=\"0 0 120 30\" width=\"120\" "
           "height=\"30\">"
           "<text x=\"4\" y=\"20\" font-size=\"12\">(no tiles)</text></svg>\n";
  return SvgBoard(v, options).draw();
}

}  // namespace carc
