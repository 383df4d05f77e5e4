// Figures as SVG: where each stands on its tile and its shape (a meeple, a
// wagon, a pig), in its player's colour.
#include <algorithm>
#include <bit>
#include <cmath>

#include "render/svg_parts.hpp"

namespace carc::svg {
namespace {

// The classic meeple in a 100 x 100 box, feet at the bottom.
constexpr const char* kMeeple =
    "M50 4C63 4 67 15 65 24C64 30 61 33 58 35L80 42C93 46 97 53 92 59C89 63 84 63 76 61L68 58L84 91C86 97 82 99 "
    "77 99L58 99L50 83L42 99L23 99C18 99 14 97 16 91L32 58L24 61C16 63 11 63 8 59C3 53 7 46 20 42L42 35C39 33 36 "
    "30 35 24C33 15 37 4 50 4Z";

UPt clamp_in(UPt p) { return {std::clamp(p.x, 0.18, 0.82), std::clamp(p.y, 0.18, 0.82)}; }

// A point on the road: its middle, or further along when a marker (a flying machine, say) sits there.
UPt road_anchor(std::uint8_t mask, const std::vector<MarkerSpot>& spots) {
  std::vector<int> edges;
  for (int e = 0; e < 4; ++e)
    if (mask >> e & 1) edges.push_back(e);
  if (edges.empty()) return {0.5, 0.5};
  const UPt a = kEdgeMid[edges[0]];
  const UPt b = edges.size() == 2 ? kEdgeMid[edges[1]] : UPt{0.5, 0.5};
  const auto at = [&](double t) {  // the quadratic curve through the centre (a straight line for one edge)
    const UPt c = edges.size() == 2 ? UPt{0.5, 0.5} : UPt{(a.x + b.x) / 2, (a.y + b.y) / 2};
    const double u = 1 - t;
    return UPt{u * u * a.x + 2 * u * t * c.x + t * t * b.x, u * u * a.y + 2 * u * t * c.y + t * t * b.y};
  };
  const std::vector<double> ts =
      edges.size() == 2 ? std::vector<double>{0.5, 0.75, 0.25} : std::vector<double>{0.5, 0.3};
  for (const double t : ts) {
    const UPt p = at(t);
    if (std::none_of(spots.begin(), spots.end(),
                     [&](const MarkerSpot& s) { return std::hypot(s.at.x - p.x, s.at.y - p.y) < 0.28; }))
      return p;
  }
  return at(ts.front());
}

UPt field_anchor(const std::vector<ArtFeature>& art, std::uint8_t mask, const std::vector<MarkerSpot>& spots) {
  constexpr UPt half_pt[8] = {{0.27, 0.15}, {0.73, 0.15}, {0.85, 0.27}, {0.85, 0.73},
                              {0.73, 0.85}, {0.27, 0.85}, {0.15, 0.73}, {0.15, 0.27}};
  for (int h = 0; h < 8; ++h)
    if ((mask >> h & 1) && !covered(half_pt[h], art, spots)) return half_pt[h];
  for (const UPt p : {UPt{0.3, 0.3}, UPt{0.7, 0.7}, UPt{0.7, 0.3}, UPt{0.3, 0.7}, UPt{0.5, 0.5}})
    if (!covered(p, art, spots)) return p;
  const int first = std::countr_zero(mask);
  return first < 8 ? half_pt[first] : UPt{0.5, 0.5};
}

UPt city_anchor(std::uint8_t mask) {
  int n = 0;
  const UPt mean = edge_mean(mask, 0.2, &n);
  if (n == 0) return mean;
  UPt p{mean.x - 0.04, mean.y};
  if (n == 2 && mask != 0b0101 && mask != 0b1010) {  // a corner city: toward its corner
    const UPt corner{(mask & 0b0010) ? 1.0 : 0.0, (mask & 0b0001) ? 0.0 : 1.0};
    p = {p.x + (corner.x - p.x) * 0.35, p.y + (corner.y - p.y) * 0.35};
  }
  return p;
}

// The kind's letter in capitals on the meeple; the follower, the wagon and the pig have shapes of their own.
std::string kind_mark(FigureKind k) {
  if (k == FigureKind::Follower || k == FigureKind::Wagon || k == FigureKind::Pig) return "";
  const char letter = figure_table()[static_cast<std::size_t>(k)].letter;
  return std::string(1, static_cast<char>(letter - 'a' + 'A'));
}

std::string meeple(const ViewFigure& f, double scale, bool lying) {
  const std::string fill(colour_hex(f.owner));
  const bool dark = f.owner == Colour::Black || f.owner == Colour::Blue;
  const std::string stroke = f.owner == Colour::Black ? "#e5e7eb" : "#1f2937";
  std::string style = "fill=\"" + fill + "\" stroke=\"" + stroke + "\" stroke-width=\"" + num(1.2 / scale) + "\"";
  if (f.kind == FigureKind::Phantom)
    style += " fill-opacity=\"0.55\" stroke-dasharray=\"" + num(6) + " " + num(4) + "\"";
  std::string out = "<g transform=\"" + std::string(lying ? "rotate(-90) " : "") + "scale(" + num(scale) +
                    ") translate(-50 -52)\"><path d=\"" + kMeeple + "\" " + style + "/>";
  const std::string mark = kind_mark(f.kind);
  if (!mark.empty())
    out +=
        "<text x=\"50\" y=\"74\" text-anchor=\"middle\" font-family=\"DejaVu Sans, Arial, sans-serif\" "
        "font-size=\"40\" "
        "font-weight=\"bold\" fill=\"" +
        std::string(dark ? "#fff" : "#111") + "\">" + mark + "</text>";
  return out + "</g>";
}

std::string wagon(const ViewFigure& f, double size) {
  const std::string fill(colour_hex(f.owner));
  const double w = size * 0.3, h = size * 0.16;
  return "<rect x=\"" + num(-w / 2) + "\" y=\"" + num(-h / 2) + "\" width=\"" + num(w) + "\" height=\"" + num(h) +
         "\" rx=\"2\" fill=\"" + fill + "\" stroke=\"#1f2937\"/><circle cx=\"" + num(-w / 3) + "\" cy=\"" + num(h / 2) +
         "\" r=\"" + num(h / 3) + "\" fill=\"#1f2937\"/><circle cx=\"" + num(w / 3) + "\" cy=\"" + num(h / 2) +
         "\" r=\"" + num(h / 3) + "\" fill=\"#1f2937\"/>";
}

std::string pig(const ViewFigure& f, double size) {
  const std::string fill(colour_hex(f.owner));
  const double rx = size * 0.15, ry = size * 0.1;
  return "<ellipse rx=\"" + num(rx) + "\" ry=\"" + num(ry) + "\" fill=\"" + fill +
         "\" stroke=\"#1f2937\"/><circle cx=\"" + num(rx) + "\" cy=\"" + num(-ry / 4) + "\" r=\"" + num(ry / 2.2) +
         "\" fill=\"#f9a8d4\" stroke=\"#1f2937\"/>";
}

}  // namespace

UPt figure_anchor(const TileDef& def, int rot, FeatureAddr a, const std::vector<MarkerSpot>& spots,
                  const std::vector<UPt>& taken) {
  const auto art = art_of(def, rot);
  UPt p{0.5, 0.5};
  switch (a.kind) {
    case FeatureKind::City:
      p = city_anchor(a.mask);
      break;
    case FeatureKind::Road:
      p = road_anchor(a.mask, spots);
      break;
    case FeatureKind::Field:
      p = field_anchor(art, a.mask, spots);
      break;
    default:
      for (const auto& s : spots)
        if (s.kind == a.kind) p = {s.at.x + 0.27, s.at.y + 0.22};  // beside the building, not on it
      break;
  }
  p = clamp_in(p);
  for (int tries = 0; tries < 6; ++tries) {
    const bool clash =
        std::any_of(taken.begin(), taken.end(), [&](UPt t) { return std::hypot(t.x - p.x, t.y - p.y) < 0.2; });
    if (!clash) break;
    p.x = p.x + 0.2 > 0.82 ? p.x - 0.4 : p.x + 0.2;
    p = clamp_in(p);
  }
  return p;
}

std::string figure_art(const ViewFigure& f, double x, double y, double size) {
  std::string body;
  if (f.kind == FigureKind::Wagon)
    body = wagon(f, size);
  else if (f.kind == FigureKind::Pig)
    body = pig(f, size);
  else {
    const double height = f.kind == FigureKind::Large ? 0.36 : f.kind == FigureKind::Builder ? 0.32 : 0.27;
    body = meeple(f, size * height / 100.0, f.feature.kind == FeatureKind::Field && f.kind != FigureKind::Pig);
  }
  const std::string title = std::string(colour_name(f.owner)) + " " + std::string(figure_name(f.kind)) + " " +
                            to_string(f.pos) + ":" + to_string(f.feature);
  return "<g class=\"figure\" transform=\"translate(" + num(x) + " " + num(y) + ")\"><title>" + title + "</title>" +
         body + "</g>";
}

}  // namespace carc::svg
