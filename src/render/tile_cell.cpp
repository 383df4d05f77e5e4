#include "render/tile_cell.hpp"

#include <algorithm>

#include <bit>
#include <cmath>

namespace carc {
namespace {

constexpr int kW = kCellWidth;
constexpr int kH = kCellHeight;
constexpr int kMidR = kH / 2;  // 2
constexpr int kMidC = kW / 2;  // 5

constexpr const char* kToneCity = "\033[33m";
constexpr const char* kToneRoad = "\033[37m";
constexpr const char* kToneGreen = "\033[32m";
constexpr const char* kToneMarker = "\033[35m";
constexpr const char* kToneFlier = "\033[36m";
constexpr const char* kTonePennant = "\033[1;33m";

struct Pt {
  int r = 0, c = 0;
};

// Splits UTF-8 text into one string per code point.
std::vector<std::string> glyphs_of(const std::string& s) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const std::size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
    out.push_back(s.substr(i, n));
    i += n;
  }
  return out;
}

// Which edge's triangle a character lies in; -1 for the centre.
int region_of(int r, int c) {
  const double dx = (c - kMidC) / (kW / 2.0), dy = (r - kMidR) / (kH / 2.0);
  if (dx == 0 && dy == 0) return -1;
  if (-dy >= std::abs(dx)) return 0;
  if (dy >= std::abs(dx)) return 2;
  return dx > 0 ? 1 : 3;
}

// How far a character lies from an edge, in characters.
int depth_from(int edge, int r, int c) {
  if (edge == 0) return r;
  if (edge == 1) return kW - 1 - c;
  if (edge == 2) return kH - 1 - r;
  return c;
}

// Road pieces by arms: bit 0 up, 1 right, 2 down, 3 left.
std::string road_piece(int arms, bool unicode) {
  static const std::array<std::string, 16> uni{" ", "║", "═", "╚", "║", "║", "╔", "╠",
                                               "═", "╝", "═", "╩", "╗", "╣", "╦", "╬"};
  if (unicode) return uni[static_cast<std::size_t>(arms)];
  if (arms == 1 || arms == 4 || arms == 5) return "|";
  if (arms == 2 || arms == 8 || arms == 10) return "=";
  return "+";
}

// Where a city's figure stands: the mean of its edges' anchor points.
Pt city_anchor(std::uint8_t mask) {
  static constexpr std::array<Pt, 4> edge_pt{{{0, 4}, {2, 8}, {4, 4}, {2, 1}}};
  double r = 0, c = 0;
  int n = 0;
  for (std::size_t e = 0; e < 4; ++e) {
    if ((mask >> e & 1) == 0) continue;
    r += edge_pt[e].r;
    c += edge_pt[e].c;
    ++n;
  }
  if (n == 0) return {kMidR, kMidC - 1};
  return {static_cast<int>(std::lround(r / n)), static_cast<int>(std::floor(c / n))};
}

struct RoadDrawing {
  std::uint8_t mask = 0;
  std::vector<Pt> cells;
};

class Painter {
 public:
  explicit Painter(bool unicode) : unicode_(unicode), sym_(symbols(unicode)) {}

  Cell paint(const TileDef& def, int rot, const std::vector<ViewFigure>& figures) {
    const auto art = art_of(def, rot);
    for (const auto& f : art)
      if (f.kind == FeatureKind::Road) ++road_count_;
    for (const auto& f : art)
      if (f.kind == FeatureKind::City) city(f);
    for (const auto& f : art)
      if (f.kind == FeatureKind::Road) road(f);
    if (centre_arms_ != 0) put({kMidR, kMidC}, road_piece(centre_arms_, unicode_), Ink::Road, kToneRoad);
    const bool cloister =
        std::any_of(art.begin(), art.end(), [](const ArtFeature& f) { return f.kind == FeatureKind::Cloister; });
    for (const auto& f : art) marker(f, cloister);
    for (const auto& f : figures) figure(f);
    return cell_;
  }

 private:
  Glyph& at(Pt p) { return cell_[static_cast<std::size_t>(p.r)][static_cast<std::size_t>(p.c)]; }
  const Glyph& at(Pt p) const { return cell_[static_cast<std::size_t>(p.r)][static_cast<std::size_t>(p.c)]; }
  void put(Pt p, std::string text, Ink ink, const char* tone) { at(p) = Glyph{std::move(text), tone, ink}; }

  // A one-edge city is a cap along its edge; a larger one fills its edges' triangles.
  void city(const ArtFeature& f) {
    const int edges = std::popcount(f.mask);
    const bool through = edges >= 3 || f.mask == 0b0101 || f.mask == 0b1010;
    for (int r = 0; r < kH; ++r) {
      for (int c = 0; c < kW; ++c) {
        const int reg = region_of(r, c);
        const bool mine =
            reg >= 0 && (f.mask >> reg & 1) != 0 && (edges >= 2 || depth_from(reg, r, c) <= (reg % 2 == 0 ? 1 : 2));
        if (mine || (reg < 0 && through)) put({r, c}, sym_.city, Ink::City, kToneCity);
      }
    }
    const Pt a = city_anchor(f.mask);
    for (int i = 0; i < f.pennants; ++i) city_mark(a, sym_.pennant, kTonePennant);
    if (f.princess) city_mark(a, sym_.princess, kToneMarker);
  }

  // Puts a pennant or the princess on a plain city character near the anchor.
  void city_mark(Pt a, const std::string& text, const char* tone) {
    for (const int dc : {3, -2, 4, -3, 2, -1}) {
      const Pt p{a.r, a.c + dc};
      if (p.c < 0 || p.c >= kW || at(p).ink != Ink::City || at(p).text != sym_.city) continue;
      put(p, text, Ink::City, tone);
      return;
    }
  }

  void segment(RoadDrawing& d, Pt p, int arms) {
    put(p, road_piece(arms, unicode_), Ink::Road, kToneRoad);
    d.cells.push_back(p);
  }

  // A road runs from each of its edges to the centre; a curve beside another
  // road turns one row off the centre, so two curves stay apart.
  void road(const ArtFeature& f) {
    RoadDrawing d{f.mask, {}};
    const bool n = f.mask & 1, e = f.mask & 2, s = f.mask & 4, w = f.mask & 8;
    const bool curve = std::popcount(f.mask) == 2 && n != s;
    const int turn = curve && road_count_ > 1 ? (n ? kMidR - 1 : kMidR + 1) : kMidR;
    for (int r = 0; n && r < turn; ++r) segment(d, {r, kMidC}, 0b0101);
    for (int r = turn + 1; s && r < kH; ++r) segment(d, {r, kMidC}, 0b0101);
    for (int c = 0; w && c < kMidC; ++c) segment(d, {turn, c}, 0b1010);
    for (int c = kMidC + 1; e && c < kW; ++c) segment(d, {turn, c}, 0b1010);
    const int arms = (n ? 1 : 0) | (e ? 2 : 0) | (s ? 4 : 0) | (w ? 8 : 0);
    if (turn == kMidR)
      centre_arms_ |= arms;  // roads meeting at a junction share the centre
    else
      segment(d, {turn, kMidC}, arms);
    roads_.push_back(std::move(d));
  }

  // Tile-wide features: cloister, tower and crop circle in the centre (a tower beside a
  // cloister on the same tile, as on the Tower's to-L, in a free spot); the others in a free spot.
  void marker(const ArtFeature& f, bool tile_has_cloister) {
    switch (f.kind) {
      case FeatureKind::Cloister:
        token({sym_.cloister}, kToneGreen, true);
        break;
      case FeatureKind::Tower:
        token({sym_.tower}, kToneMarker, !tile_has_cloister);
        break;
      case FeatureKind::Garden:
        token({sym_.garden}, kToneGreen, false);
        break;
      case FeatureKind::Portal:
        token({sym_.portal}, kToneMarker, false);
        break;
      case FeatureKind::Volcano:
        token({sym_.volcano}, kToneMarker, false);
        break;  // PD-12
      case FeatureKind::Dragon:
        token({sym_.dragon}, kToneMarker, false);
        break;  // PD-14
      case FeatureKind::Festival:
        token({sym_.festival}, kToneMarker, false);
        break;  // FE-08
      case FeatureKind::Circus:
        token({sym_.circus}, kToneMarker, false);
        break;  // BT-02
      case FeatureKind::Acrobat:
        token({sym_.acrobat}, kToneMarker, false);
        break;  // BT-10
      case FeatureKind::CropCircle:
        token({sym_.crop, std::string(1, crop_symbol_name(f.symbol)[0])}, kToneMarker, true);
        break;
      case FeatureKind::Flier: {
        std::vector<std::string> g{"F"};
        for (auto& a : glyphs_of(sym_.arrows[static_cast<std::size_t>(f.arrow)])) g.push_back(a);
        token(g, kToneFlier, false);
        break;
      }
      default:
        break;
    }
  }

  void token(const std::vector<std::string>& g, const char* tone, bool centre) {
    const int len = static_cast<int>(g.size());
    const std::vector<Pt> spots{
        {kMidR, kMidC - (len - 1) / 2}, {1, 2}, {1, 7}, {3, 2}, {3, 7}, {0, 1}, {4, 8}, {4, 1}, {0, 8}};
    Pt p = spots.front();
    if (!centre) {
      for (const Pt s : spots) {
        if (!free_run(s, len, true)) continue;
        p = s;
        break;
      }
    }
    for (int i = 0; i < len; ++i) put({p.r, p.c + i}, g[static_cast<std::size_t>(i)], Ink::Marker, tone);
  }

  // len characters from p inside the cell with no figure (and, when strict, only field).
  bool free_run(Pt p, int len, bool strict) const {
    if (p.r < 0 || p.r >= kH || p.c < 0 || p.c + len > kW) return false;
    for (int i = 0; i < len; ++i) {
      const Ink ink = at({p.r, p.c + i}).ink;
      if (ink == Ink::Figure || (strict && ink != Ink::Field)) return false;
    }
    return true;
  }

  std::vector<Pt> spots_for(FeatureAddr a) const {
    if (a.kind == FeatureKind::City) {
      const Pt c = city_anchor(a.mask);
      return {c, {c.r, c.c + 2}, {c.r, c.c - 2}, {1, 4}, {3, 4}};
    }
    if (a.kind == FeatureKind::Road) return road_spots(a.mask);
    if (a.kind == FeatureKind::Field) {
      static constexpr std::array<Pt, 8> half_pt{{{0, 2}, {0, 7}, {1, 9}, {3, 9}, {4, 7}, {4, 2}, {3, 0}, {1, 0}}};
      std::vector<Pt> out;
      for (std::size_t h = 0; h < 8; ++h)
        if (a.mask >> h & 1) out.push_back(half_pt[h]);
      for (const Pt p : {Pt{1, 3}, Pt{3, 6}, Pt{1, 6}, Pt{3, 3}}) out.push_back(p);
      return out;
    }
    return {{1, 4}, {3, 4}, {kMidR, kMidC + 1}, {kMidR, kMidC - 2}};
  }

  // On a horizontal run of the road's own characters, else beside its vertical part.
  std::vector<Pt> road_spots(std::uint8_t mask) const {
    std::vector<Pt> out;
    for (const auto& d : roads_) {
      if (d.mask != mask) continue;
      for (std::size_t i = 0; i + 1 < d.cells.size(); ++i)
        if (d.cells[i].r == d.cells[i + 1].r && d.cells[i + 1].c == d.cells[i].c + 1) out.push_back(d.cells[i]);
    }
    if (mask & 1) out.push_back({1, kMidC + 1});
    if (mask & 4) out.push_back({3, kMidC + 1});
    out.push_back({kMidR, kMidC + 1});
    return out;
  }

  void figure(const ViewFigure& f) {
    const std::string label = figure_label(f.owner, f.kind);
    const auto spots = spots_for(f.feature);
    for (const bool strict : {f.feature.kind == FeatureKind::Field, false}) {
      for (const Pt p : spots) {
        if (!free_run(p, 2, strict)) continue;
        put(p, label.substr(0, 1), Ink::Figure, figure_tone(f.owner));
        put({p.r, p.c + 1}, label.substr(1, 1), Ink::Figure, figure_tone(f.owner));
        return;
      }
    }
  }

  bool unicode_;
  const Symbols& sym_;
  Cell cell_{};
  int road_count_ = 0;
  int centre_arms_ = 0;
  std::vector<RoadDrawing> roads_;
};

}  // namespace

const Symbols& symbols(bool unicode) {
  static const Symbols uni{"▒", "◆", "♛", "⌂", "✿", "▲", "◈", "◎",
                           "×", "✈", "V", "D", "✦", "Δ", "Ʌ", {"↑", "↗", "→", "↘", "↓", "↙", "←", "↖"}};
  static const Symbols ascii{"#", "$", "Q", "+", "%", "T", "@", "O",
                             "x", ">", "V", "D", "!", "^", "A", {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}};
  return unicode ? uni : ascii;
}

const char* figure_tone(Colour c) {
  switch (c) {
    case Colour::Red:
      return "\033[1;31m";
    case Colour::Blue:
      return "\033[1;34m";
    case Colour::Green:
      return "\033[1;32m";
    case Colour::Yellow:
      return "\033[1;33m";
    case Colour::Black:
      return "\033[1;90m";
    case Colour::Pink:
      return "\033[1;95m";
  }
  return nullptr;
}

Cell paint_cell(const TileDef& def, int rot, const std::vector<ViewFigure>& figures, bool unicode) {
  return Painter(unicode).paint(def, rot, figures);
}

}  // namespace carc
