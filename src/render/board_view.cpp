#include "render/board_view.hpp"

#include <algorithm>
#include <tuple>

namespace carc {

const ViewTile* BoardView::tile_at(Pos p) const {
  for (const auto& t : tiles)
    if (t.pos == p) return &t;
  return nullptr;
}

BoardView view_of(const State& s) {
  BoardView v;
  v.catalog = &s.catalog();
  const Board& b = s.board();
  for (int i = 0; i < b.tile_count(); ++i) {
    v.tiles.push_back({b.tile(i).type, b.tile(i).pos, b.tile(i).rot});
    if (auto d = b.bridged_def(i)) v.bridged.emplace_back(b.tile(i).pos, std::move(d));
  }
  for (const BoardFigure& f : s.figures())
    v.figures.push_back({s.player(f.owner).colour, f.kind, b.node_pos(f.node), b.node_addr(f.node)});
  if (s.placed_tile() >= 0) v.placed = b.tile(s.placed_tile()).pos;
  for (const TowerSite& t : s.tower().sites)
    if (t.height > 0) v.towers.push_back({b.tile(t.tile).pos, t.height, t.closed_empty});
  const DragonFairyData& d = s.dragon_fairy();
  if (d.dragon_in_play) v.dragon = d.dragon;
  if (d.fairy != FairyPlace::Absent) {
    ViewFairy f;
    f.on_board = d.fairy == FairyPlace::OnTile;
    f.pos = d.fairy_pos;
    if (f.on_board && d.has_host)
      f.host =
          ViewFigure{s.player(d.host.owner).colour, d.host.kind, b.node_pos(d.host.node), b.node_addr(d.host.node)};
    v.fairy = f;
  }
  v.dragon_path = d.dragon_path;
  for (const PlacedBuilding& pb : s.little_buildings().placed)
    v.buildings.emplace_back(pb.pos, std::string(building_name(pb.kind)));
  for (const Castle& c : s.castles().castles)
    v.castles.push_back({s.player(c.owner).colour, b.tile(c.tile_a).pos, b.tile(c.tile_b).pos, c.scored});
  const BigTopData& bt = s.big_top();
  bool circus = bt.up;
  for (int i = 0; i < b.tile_count() && !circus; ++i) circus = b.def(i).circus >= 0;
  if (circus) v.big_top = ViewBigTop{bt.up ? std::optional<Pos>(bt.pos) : std::nullopt, bt.token, bt.tokens.size()};
  return v;
}

std::string castle_lines(const BoardView& v) {
  std::string out;
  for (const ViewCastle& c : v.castles)
    out += "castle " + std::string(colour_name(c.owner)) + " " + to_string(c.a) + "+" + to_string(c.b) +
           (c.scored ? ", scored" : "") + "\n";
  return out;
}

std::string big_top_line(const BoardView& v) {
  if (!v.big_top) return {};
  const ViewBigTop& t = *v.big_top;
  std::string out = t.pos ? "big top " + to_string(*t.pos) + " over token " + std::to_string(t.token)
                          : std::string("big top not up yet (the first circus tile gets it after scoring)");
  return out + ", " + std::to_string(t.tokens_left) + " face-down animal tokens left\n";
}

std::string dragon_fairy_lines(const BoardView& v) {
  std::string out;
  if (v.dragon) {
    out += "dragon " + to_string(*v.dragon);
    if (!v.dragon_path.empty()) {
      out += ", moving: ";
      for (std::size_t i = 0; i < v.dragon_path.size(); ++i) out += (i ? " > " : "") + to_string(v.dragon_path[i]);
      const std::size_t steps = v.dragon_path.size() - 1;
      out += " (" + std::to_string(steps) + (steps == 1 ? " step" : " steps") + " made)";
    }
    out += "\n";
  }
  if (v.fairy) {
    if (!v.fairy->on_board)
      out += "fairy beside the board\n";
    else if (v.fairy->host)
      out += "fairy " + to_string(v.fairy->pos) + ", next to " + std::string(colour_name(v.fairy->host->owner)) + " " +
             std::string(figure_name(v.fairy->host->kind)) + " " + to_string(v.fairy->host->feature) + "\n";
    else
      out += "fairy " + to_string(v.fairy->pos) + "\n";
  }
  return out;
}

std::string tower_lines(const BoardView& v) {
  std::string out;
  for (const ViewTower& t : v.towers) {
    out += "tower " + to_string(t.pos) + ": " + std::to_string(t.height) + (t.height == 1 ? " floor" : " floors");
    const auto top = std::find_if(v.figures.begin(), v.figures.end(), [&](const ViewFigure& f) {
      return f.pos == t.pos && f.feature.kind == FeatureKind::Tower;
    });
    if (top != v.figures.end())
      out +=
          ", " + std::string(colour_name(top->owner)) + " " + std::string(figure_name(top->kind)) + " on top (closed)";
    else if (t.closed)
      out += ", closed (its top figure was captured)";
    else
      out += ", open";
    out += "\n";
  }
  return out;
}

Bounds bounds_of(const BoardView& v) {
  Bounds out;
  bool first = true;
  const auto take = [&](Pos p) {
    if (first) {
      out = {p.x, p.x, p.y, p.y};
      first = false;
      return;
    }
    out.min_x = std::min(out.min_x, p.x);
    out.max_x = std::max(out.max_x, p.x);
    out.min_y = std::min(out.min_y, p.y);
    out.max_y = std::max(out.max_y, p.y);
  };
  for (const auto& t : v.tiles) take(t.pos);
  if (v.flight) {
    take(v.flight->from);
    take(v.flight->to);
  }
  return out;
}

namespace {
// [lo, hi] of at most kMaxDrawnSquares around focus, inside [min, max].
std::pair<int, int> window_1d(int min, int max, int focus) {
  if (max - min < kMaxDrawnSquares) return {min, max};
  const int lo = std::clamp(focus - kMaxDrawnSquares / 2, min, max - kMaxDrawnSquares + 1);
  return {lo, lo + kMaxDrawnSquares - 1};
}
}  // namespace

DrawWindow draw_window(const BoardView& v) {
  DrawWindow w;
  w.board = bounds_of(v);
  Pos focus = v.tiles.empty() ? Pos{} : v.tiles.back().pos;
  if (v.placed) focus = *v.placed;
  if (v.flight) focus = v.flight->from;
  std::tie(w.shown.min_x, w.shown.max_x) = window_1d(w.board.min_x, w.board.max_x, focus.x);
  std::tie(w.shown.min_y, w.shown.max_y) = window_1d(w.board.min_y, w.board.max_y, focus.y);
  for (const auto& t : v.tiles) w.hidden += w.shown.contains(t.pos) ? 0 : 1;
  return w;
}

std::string crop_note(const DrawWindow& w) {
  if (!w.cropped()) return {};
  const auto span = [](const Bounds& b) {
    return "x " + std::to_string(b.min_x) + ".." + std::to_string(b.max_x) + ", y " + std::to_string(b.min_y) + ".." +
           std::to_string(b.max_y);
  };
  return "cropped to " + std::to_string(kMaxDrawnSquares) + " squares each way: the board spans " + span(w.board) +
         "; drawn " + span(w.shown) + " (" + std::to_string(w.hidden) + (w.hidden == 1 ? " tile" : " tiles") +
         " not drawn)";
}

std::vector<ArtFeature> art_of(const TileDef& def, int rot) {
  std::vector<ArtFeature> out;
  for (std::size_t i = 0; i < def.features.size(); ++i) {
    const TileFeature& f = def.features[i];
    ArtFeature a;
    a.kind = f.kind;
    a.mask = def.address(static_cast<int>(i), rot).mask;
    a.pennants = f.pennants;
    a.princess = f.princess;
    a.arrow = rotate_compass(f.arrow, rot);
    a.symbol = f.symbol;
    a.road_end = f.road_end;
    out.push_back(a);
  }
  return out;
}

char kind_letter(FigureKind k) { return figure_table()[static_cast<std::size_t>(k)].letter; }

char colour_letter(Colour c) {
  switch (c) {
    case Colour::Red:
      return 'R';
    case Colour::Blue:
      return 'B';
    case Colour::Green:
      return 'G';
    case Colour::Yellow:
      return 'Y';
    case Colour::Black:
      return 'K';
    case Colour::Pink:
      return 'P';
  }
  return '?';
}

std::string figure_label(Colour c, FigureKind k) { return {colour_letter(c), kind_letter(k)}; }

std::string_view colour_hex(Colour c) {
  switch (c) {
    case Colour::Red:
      return "#d62828";
    case Colour::Blue:
      return "#1d4ed8";
    case Colour::Green:
      return "#15803d";
    case Colour::Yellow:
      return "#eab308";
    case Colour::Black:
      return "#111111";
    case Colour::Pink:
      return "#ec4899";
  }
  return "#888888";
}

}  // namespace carc
