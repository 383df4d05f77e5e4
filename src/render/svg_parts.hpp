#pragma once
// Internal to src/render: the SVG drawing of one tile and of one figure, in
// tile-local pixels (0..size), shared by svg_board.cpp.
#include <cstdint>
#include <string>
#include <vector>

#include "render/board_view.hpp"

namespace carc::svg {

// A point in tile units: (0,0) is the north-west corner, (1,1) the south-east.
struct UPt {
  double x = 0, y = 0;
};

// Edge midpoints N, E, S, W in tile units.
inline constexpr UPt kEdgeMid[4] = {{0.5, 0}, {1, 0.5}, {0.5, 1}, {0, 0.5}};

// Where a tile-wide feature was drawn, so figures on it stand beside it.
struct MarkerSpot {
  FeatureKind kind = FeatureKind::Cloister;
  UPt at;
};

// The mean of the points `inset` inside the edges in `mask` (bit 0 N, 1 E, 2 S, 3 W), and
// how many edges that is; the tile's centre when the mask is empty.
UPt edge_mean(std::uint8_t mask, double inset, int* count = nullptr);

// A number for SVG: at most two decimals, no trailing zeros, never "-0".
std::string num(double v);

// The tile's features as SVG elements, size pixels square at the origin; spots receives the markers.
std::string tile_art(const TileDef& def, int rot, double size, std::vector<MarkerSpot>& spots);

// Whether a point lies on a city or road of the art, or near one of the markers.
bool covered(UPt p, const std::vector<ArtFeature>& art, const std::vector<MarkerSpot>& spots);

// Where a figure on feature `a` of this tile stands, in tile units; `taken` are places already used.
UPt figure_anchor(const TileDef& def, int rot, FeatureAddr a, const std::vector<MarkerSpot>& spots,
                  const std::vector<UPt>& taken);

// A figure drawn centred on (x, y) in pixels; size is the tile size. Lying down in fields.
std::string figure_art(const ViewFigure& f, double x, double y, double size);

}  // namespace carc::svg
