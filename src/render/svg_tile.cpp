// One tile as SVG: field background, city polygons, road strokes and the
// tile-wide markers (cloister, garden, flier with its arrow, crop circle,
// portal, tower), pennants and the princess.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "render/svg_parts.hpp"

namespace carc::svg {
namespace {

constexpr const char* kField = "#86b04f";
constexpr const char* kCity = "#d2a96a";
constexpr const char* kCityEdge = "#7c5a2b";
constexpr const char* kRoadEdge = "#6b5b3e";
constexpr const char* kRoad = "#f6f1e3";

struct Scaler {
  double size;
  std::string operator()(double v) const { return num(v * size); }
  std::string pt(UPt p) const { return num(p.x * size) + " " + num(p.y * size); }
};

std::string rotated(const std::string& element_open, int quarter, double size) {
  if (quarter % 4 == 0) return element_open;
  return element_open + " transform=\"rotate(" + std::to_string(90 * (quarter % 4)) + " " + num(size / 2) + " " +
         num(size / 2) + ")\"";
}

// A city: a cap (one edge), a corner (two adjacent), a band (two opposite), all
// but a cap (three) or the whole tile, each drawn for N and turned into place.
std::string city_path(std::uint8_t mask, double size, bool slim_corner) {
  const Scaler s{size};
  const int n = std::popcount(mask);
  std::string d;
  int quarter = 0;
  if (n == 1) {
    quarter = std::countr_zero(mask);
    d = "M0 0H" + s(1) + "Q" + s(0.5) + " " + s(0.62) + " 0 0Z";
  } else if (n == 2 && (mask == 0b0101 || mask == 0b1010)) {
    quarter = mask == 0b0101 ? 0 : 1;
    d = "M0 0H" + s(1) + "Q" + s(0.72) + " " + s(0.5) + " " + s(1) + " " + s(1) + "H0Q" + s(0.28) + " " + s(0.5) +
        " 0 0Z";
  } else if (n == 2) {
    for (int e = 0; e < 4; ++e)
      if ((mask >> e & 1) && (mask >> ((e + 1) & 3) & 1)) quarter = e;
    // Two corner cities on one tile (a crop-circle tile) leave a strip of land between them.
    const double cx = slim_corner ? 0.72 : 0.42, cy = slim_corner ? 0.28 : 0.58;
    d = "M0 0H" + s(1) + "V" + s(1) + "Q" + s(cx) + " " + s(cy) + " 0 0Z";
  } else if (n == 3) {
    quarter = (std::countr_zero(static_cast<unsigned>(~mask & 0xF)) + 2) & 3;
    d = "M0 0H" + s(1) + "V" + s(1) + "Q" + s(0.5) + " " + s(0.38) + " 0 " + s(1) + "Z";
  } else {
    d = "M0 0H" + s(1) + "V" + s(1) + "H0Z";
  }
  return rotated("<path d=\"" + d + "\" fill=\"" + kCity + "\" stroke=\"" + kCityEdge + "\" stroke-width=\"1\"",
                 quarter, size) +
         "/>";
}

}  // namespace

UPt edge_mean(std::uint8_t mask, double inset, int* count) {
  const UPt inner[4] = {{0.5, inset}, {1 - inset, 0.5}, {0.5, 1 - inset}, {inset, 0.5}};
  UPt sum;
  int n = 0;
  for (int e = 0; e < 4; ++e) {
    if ((mask >> e & 1) == 0) continue;
    sum.x += inner[e].x;
    sum.y += inner[e].y;
    ++n;
  }
  if (count) *count = n;
  return n == 0 ? UPt{0.5, 0.5} : UPt{sum.x / n, sum.y / n};
}

namespace {

// Where a city's pennant or princess goes: the mean of its edges' inner points.
UPt city_point(std::uint8_t mask) { return edge_mean(mask, 0.16); }

std::string road_path(std::uint8_t mask, double size) {
  const Scaler s{size};
  std::vector<int> edges;
  for (int e = 0; e < 4; ++e)
    if (mask >> e & 1) edges.push_back(e);
  std::string d = "M" + s.pt(kEdgeMid[edges[0]]);
  if (edges.size() == 2)
    d += "Q" + s.pt({0.5, 0.5}) + " " + s.pt(kEdgeMid[edges[1]]);
  else
    d += "L" + s.pt({0.5, 0.5});
  return "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + kRoadEdge + "\" stroke-width=\"" + s(0.15) +
         "\"/><path d=\"" + d + "\" fill=\"none\" stroke=\"" + kRoad + "\" stroke-width=\"" + s(0.09) + "\"/>";
}

// A group centred at p (tile units), optionally turned by deg.
std::string group_at(UPt p, double size, int deg, const std::string& body) {
  std::string t = "translate(" + num(p.x * size) + " " + num(p.y * size) + ")";
  if (deg != 0) t += " rotate(" + std::to_string(deg) + ")";
  return "<g transform=\"" + t + "\">" + body + "</g>";
}

std::string shield(double size, const char* fill, const char* stroke) {
  const Scaler s{size};
  return "<path d=\"M" + s(-0.055) + " " + s(-0.055) + "H" + s(0.055) + "V0Q" + s(0.055) + " " + s(0.05) + " 0 " +
         s(0.075) + "Q" + s(-0.055) + " " + s(0.05) + " " + s(-0.055) + " 0Z\" fill=\"" + fill + "\" stroke=\"" +
         stroke + "\" stroke-width=\"1\"/>";
}

std::string cloister(double size) {
  const Scaler s{size};
  return "<rect x=\"" + s(-0.13) + "\" y=\"" + s(-0.04) + "\" width=\"" + s(0.26) + "\" height=\"" + s(0.2) +
         "\" fill=\"#f3e3c3\" stroke=\"#6b4f2a\"/><path d=\"M" + s(-0.17) + " " + s(-0.03) + "L0 " + s(-0.19) + "L" +
         s(0.17) + " " + s(-0.03) + "Z\" fill=\"#b91c1c\" stroke=\"#6b1d1d\"/><path d=\"M0 " + s(-0.19) + "V" +
         s(-0.27) + "M" + s(-0.035) + " " + s(-0.235) + "H" + s(0.035) + "\" stroke=\"#3f2a14\" stroke-width=\"" +
         s(0.025) + "\"/><rect x=\"" + s(-0.03) + "\" y=\"" + s(0.07) + "\" width=\"" + s(0.06) + "\" height=\"" +
         s(0.09) + "\" fill=\"#6b4f2a\"/>";
}

std::string garden(double size) {
  const Scaler s{size};
  std::string out = "<circle r=\"" + s(0.13) + "\" fill=\"#2f7d32\" stroke=\"#1b4d1e\"/>";
  for (const UPt p : {UPt{-0.05, -0.04}, UPt{0.05, -0.03}, UPt{0, 0.05}})
    out += "<circle cx=\"" + s(p.x) + "\" cy=\"" + s(p.y) + "\" r=\"" + s(0.03) + "\" fill=\"#f9a8d4\"/>";
  return out;
}

// The flying machine: a disc with a plane pointing along its arrow, and the arrowhead outside.
std::string flier(double size) {
  const Scaler s{size};
  static constexpr double plane[][2] = {{0, -0.12},    {0.02, -0.04},  {0.11, 0.01},  {0.11, 0.03},
                                        {0.02, 0.01},  {0.02, 0.07},   {0.05, 0.1},   {0.05, 0.115},
                                        {0, 0.1},      {-0.05, 0.115}, {-0.05, 0.1},  {-0.02, 0.07},
                                        {-0.02, 0.01}, {-0.11, 0.03},  {-0.11, 0.01}, {-0.02, -0.04}};
  std::string points;
  for (const auto& p : plane) points += (points.empty() ? "" : " ") + s(p[0]) + "," + s(p[1]);
  return "<circle r=\"" + s(0.16) + "\" fill=\"#e0f2fe\" stroke=\"#0369a1\" stroke-width=\"1.5\"/><polygon points=\"" +
         points + "\" fill=\"#0c4a6e\"/><polygon points=\"0," + s(-0.27) + " " + s(-0.06) + "," + s(-0.18) + " " +
         s(0.06) + "," + s(-0.18) + "\" fill=\"#0369a1\"/>";
}

std::string crop_symbol(CropSymbol sym, double size) {
  const Scaler s{size};
  const std::string ink = "#78350f";
  if (sym == CropSymbol::Shield) return shield(size, "#78350f", "#78350f");
  if (sym == CropSymbol::Rake)
    return "<path d=\"M0 " + s(0.07) + "V" + s(-0.05) + "M" + s(-0.055) + " " + s(-0.05) + "H" + s(0.055) + "M" +
           s(-0.055) + " " + s(-0.05) + "V" + s(-0.08) + "M0 " + s(-0.05) + "V" + s(-0.08) + "M" + s(0.055) + " " +
           s(-0.05) + "V" + s(-0.08) + "\" stroke=\"" + ink + "\" stroke-width=\"" + s(0.022) + "\" fill=\"none\"/>";
  std::string out;
  for (const UPt p : {UPt{0, -0.035}, UPt{-0.035, 0.012}, UPt{0.035, 0.012}})
    out += "<circle cx=\"" + s(p.x) + "\" cy=\"" + s(p.y) + "\" r=\"" + s(0.032) + "\" fill=\"" + ink + "\"/>";
  return out + "<path d=\"M0 0V" + s(0.075) + "\" stroke=\"" + ink + "\" stroke-width=\"" + s(0.02) + "\"/>";
}

std::string crop_circle(CropSymbol sym, double size) {
  const Scaler s{size};
  return "<circle r=\"" + s(0.17) + "\" fill=\"#f5deb3\" stroke=\"#a16207\" stroke-width=\"1.5\"/><circle r=\"" +
         s(0.125) + "\" fill=\"none\" stroke=\"#a16207\" stroke-dasharray=\"2 2\"/>" + crop_symbol(sym, size);
}

std::string portal(double size) {
  const Scaler s{size};
  return "<path d=\"M" + s(-0.1) + " " + s(0.1) + "V" + s(-0.02) + "A" + s(0.1) + " " + s(0.1) + " 0 0 1 " + s(0.1) +
         " " + s(-0.02) + "V" + s(0.1) + "Z\" fill=\"#7c3aed\" stroke=\"#3b0764\"/><path d=\"M" + s(-0.05) + " " +
         s(0.1) + "V0A" + s(0.05) + " " + s(0.05) + " 0 0 1 " + s(0.05) + " 0V" + s(0.1) + "Z\" fill=\"#ddd6fe\"/>";
}

std::string princess(double size) {
  const Scaler s{size};
  return "<polygon points=\"" + s(-0.06) + "," + s(0.04) + " " + s(-0.06) + "," + s(-0.03) + " " + s(-0.03) + ",0 0," +
         s(-0.05) + " " + s(0.03) + ",0 " + s(0.06) + "," + s(-0.03) + " " + s(0.06) + "," + s(0.04) +
         "\" fill=\"#db2777\" stroke=\"#fff\" stroke-width=\"1\"/>";
}

// The volcano (a red triangle) and the dragon symbol (a green diamond) of P&D tiles.
std::string volcano(double size) {
  const Scaler s{size};
  return "<polygon points=\"" + s(-0.1) + "," + s(0.08) + " 0," + s(-0.1) + " " + s(0.1) + "," + s(0.08) +
         "\" fill=\"#dc2626\" stroke=\"#7f1d1d\"/>";
}

std::string dragon_symbol(double size) {
  const Scaler s{size};
  return "<polygon points=\"0," + s(-0.09) + " " + s(0.09) + ",0 0," + s(0.09) + " " + s(-0.09) +
         ",0\" fill=\"#15803d\" stroke=\"#14532d\"/>";
}

// The festival symbol or place (FE-08): a gold star.
std::string festival(double size) {
  const Scaler s{size};
  return "<polygon points=\"0," + s(-0.11) + " " + s(0.03) + "," + s(-0.03) + " " + s(0.11) + "," + s(-0.03) + " " +
         s(0.045) + "," + s(0.025) + " " + s(0.07) + "," + s(0.11) + " 0," + s(0.06) + " " + s(-0.07) + "," + s(0.11) +
         " " + s(-0.045) + "," + s(0.025) + " " + s(-0.11) + "," + s(-0.03) + " " + s(-0.03) + "," + s(-0.03) +
         "\" fill=\"#facc15\" stroke=\"#a16207\"><title>festival</title></polygon>";
}

// The circus space (BT-02): a red and white tent.
std::string circus(double size) {
  const Scaler s{size};
  return "<polygon points=\"0," + s(-0.12) + " " + s(0.12) + "," + s(0.08) + " " + s(-0.12) + "," + s(0.08) +
         "\" fill=\"#dc2626\" stroke=\"#fafaf9\" stroke-width=\"1.5\"><title>circus space</title></polygon>"
         "<line x1=\"0\" y1=\"" +
         s(-0.12) + "\" x2=\"0\" y2=\"" + s(0.08) + "\" stroke=\"#fafaf9\" stroke-width=\"2\"/>";
}

// The acrobat space (BT-10): three small stacked triangles, a pyramid.
std::string acrobat_space(double size) {
  const Scaler s{size};
  const auto tri = [&](double x, double y) {
    return "<polygon points=\"" + s(x) + "," + s(y - 0.05) + " " + s(x + 0.05) + "," + s(y + 0.04) + " " + s(x - 0.05) +
           "," + s(y + 0.04) + "\" fill=\"#f59e0b\" stroke=\"#78350f\"/>";
  };
  return "<g><title>acrobat space</title>" + tri(0, -0.05) + tri(-0.055, 0.045) + tri(0.055, 0.045) + "</g>";
}

std::string tower(double size) {
  const Scaler s{size};
  return "<rect x=\"" + s(-0.09) + "\" y=\"" + s(-0.12) + "\" width=\"" + s(0.18) + "\" height=\"" + s(0.24) +
         "\" fill=\"#9ca3af\" stroke=\"#374151\"/>";
}

double dist_to_segment(UPt p, UPt a, UPt b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len2 = dx * dx + dy * dy;
  const double t = len2 == 0 ? 0 : std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0, 1.0);
  return std::hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

}  // namespace

bool covered(UPt p, const std::vector<ArtFeature>& art, const std::vector<MarkerSpot>& spots) {
  for (const auto& f : art) {
    if (f.kind == FeatureKind::City) {
      const double dx = p.x - 0.5, dy = p.y - 0.5;
      const int reg = -dy >= std::abs(dx) ? 0 : dy >= std::abs(dx) ? 2 : dx > 0 ? 1 : 3;
      const double depth = reg == 0 ? p.y : reg == 1 ? 1 - p.x : reg == 2 ? 1 - p.y : p.x;
      if ((f.mask >> reg & 1) && (std::popcount(f.mask) >= 2 || depth < 0.36)) return true;
    }
    if (f.kind == FeatureKind::Road)
      for (int e = 0; e < 4; ++e)
        if ((f.mask >> e & 1) && dist_to_segment(p, kEdgeMid[e], {0.5, 0.5}) < 0.17) return true;
  }
  for (const auto& s : spots)
    if (std::hypot(p.x - s.at.x, p.y - s.at.y) < 0.34) return true;
  return false;
}

namespace {

UPt free_spot(const std::vector<ArtFeature>& art, const std::vector<MarkerSpot>& spots) {
  static constexpr UPt candidates[] = {{0.5, 0.5},  {0.27, 0.27}, {0.73, 0.27}, {0.73, 0.73}, {0.27, 0.73},
                                       {0.5, 0.75}, {0.75, 0.5},  {0.5, 0.25},  {0.25, 0.5}};
  for (const UPt c : candidates)
    if (!covered(c, art, spots)) return c;
  return {0.73, 0.73};
}

}  // namespace

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s(buf);
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string tile_art(const TileDef& def, int rot, double size, std::vector<MarkerSpot>& spots) {
  const auto art = art_of(def, rot);
  std::string out = "<rect width=\"" + num(size) + "\" height=\"" + num(size) + "\" fill=\"" + kField + "\"/>";
  int corners = 0;
  for (const auto& f : art)
    if (f.kind == FeatureKind::City && std::popcount(f.mask) == 2 && f.mask != 0b0101 && f.mask != 0b1010) ++corners;
  for (const auto& f : art)
    if (f.kind == FeatureKind::City) out += city_path(f.mask, size, corners > 1);
  for (const auto& f : art)
    if (f.kind == FeatureKind::Road) out += road_path(f.mask, size);
  for (const auto& f : art)
    if (f.kind == FeatureKind::Road && f.road_end == RoadEnd::Junction) {
      const Scaler s{size};
      out += "<rect x=\"" + s(0.42) + "\" y=\"" + s(0.42) + "\" width=\"" + s(0.16) + "\" height=\"" + s(0.16) +
             "\" fill=\"#57534e\" stroke=\"#292524\"/>";
      break;
    }
  // Centre markers first, then the ones that look for a free spot (a tower sharing its tile
  // with a cloister, as on the Tower's to-L, stands beside it).
  const bool has_cloister =
      std::any_of(art.begin(), art.end(), [](const ArtFeature& f) { return f.kind == FeatureKind::Cloister; });
  for (const bool centre : {true, false}) {
    for (const auto& f : art) {
      const bool at_centre = f.kind == FeatureKind::Cloister || f.kind == FeatureKind::CropCircle ||
                             (f.kind == FeatureKind::Tower && !has_cloister);
      if (is_tile_wide(f.kind) == false || at_centre != centre) continue;
      const bool beside_cloister =
          f.kind == FeatureKind::Tower && has_cloister;  // to-L: the foundation in the NE quadrant
      const UPt p = centre ? UPt{0.5, 0.5} : beside_cloister ? UPt{0.76, 0.27} : free_spot(art, spots);
      spots.push_back({f.kind, p});
      switch (f.kind) {
        case FeatureKind::Cloister:
          out += group_at(p, size, 0, cloister(size));
          break;
        case FeatureKind::Garden:
          out += group_at(p, size, 0, garden(size));
          break;
        case FeatureKind::Flier:
          out += group_at(p, size, 45 * static_cast<int>(f.arrow), flier(size));
          break;
        case FeatureKind::CropCircle:
          out += group_at(p, size, 0, crop_circle(f.symbol, size));
          break;
        case FeatureKind::Portal:
          out += group_at(p, size, 0, portal(size));
          break;
        case FeatureKind::Tower:
          out += group_at(p, size, 0, tower(size));
          break;
        case FeatureKind::Volcano:
          out += group_at(p, size, 0, volcano(size));
          break;
        case FeatureKind::Dragon:
          out += group_at(p, size, 0, dragon_symbol(size));
          break;
        case FeatureKind::Festival:
          out += group_at(p, size, 0, festival(size));
          break;
        case FeatureKind::Circus:
          out += group_at(p, size, 0, circus(size));
          break;
        case FeatureKind::Acrobat:
          out += group_at(p, size, 0, acrobat_space(size));
          break;
        default:
          break;
      }
    }
  }
  for (const auto& f : art) {
    if (f.kind != FeatureKind::City) continue;
    UPt p = city_point(f.mask);
    for (int i = 0; i < f.pennants; ++i)
      out += group_at({p.x + 0.13 * (i + 1), p.y}, size, 0, shield(size, "#1d4ed8", "#fff"));
    if (f.princess) out += group_at({p.x - 0.14, p.y}, size, 0, princess(size));
  }
  return out;
}

}  // namespace carc::svg
