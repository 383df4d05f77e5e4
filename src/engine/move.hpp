#pragma once
// Moves as values, with the canonical text notation (src/engine/README.md):
//   place TILE x,y ROT | deploy KIND x,y:FEATURE | return abbot x,y:FEATURE | pass
// Feature addresses are in board orientation, so a move never depends on internal ids.
#include <string>
#include <string_view>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/figures.hpp"
#include "engine/geometry.hpp"
#include "engine/result.hpp"
#include "engine/tile.hpp"

namespace carc {

enum class MoveKind : std::uint8_t { Place, Deploy, ReturnAbbot, Pass };

struct Move {
  MoveKind kind = MoveKind::Pass;
  FigureKind figure = FigureKind::Follower;
  std::uint8_t rot = 0;
  TileTypeId tile = kNoTile;
  Pos pos;
  FeatureAddr feature;
  friend bool operator==(const Move&, const Move&) = default;

  static Move place(TileTypeId t, Pos p, int rot) {
    Move m;
    m.kind = MoveKind::Place;
    m.tile = t;
    m.pos = p;
    m.rot = static_cast<std::uint8_t>(rot);
    return m;
  }
  static Move deploy(FigureKind k, Pos p, FeatureAddr f) {
    Move m;
    m.kind = MoveKind::Deploy;
    m.figure = k;
    m.pos = p;
    m.feature = f;
    return m;
  }
  static Move return_abbot(Pos p, FeatureAddr f) {
    Move m = deploy(FigureKind::Abbot, p, f);
    m.kind = MoveKind::ReturnAbbot;
    return m;
  }
  static Move pass() { return Move{}; }
};

using MoveList = std::vector<Move>;

std::string to_string(const Move& m, const TileCatalog& catalog);
Result<Move> parse_move(std::string_view text, const TileCatalog& catalog);
// A located feature "x,y:city{N}".
std::string located(Pos p, FeatureAddr a);
Result<std::pair<Pos, FeatureAddr>> parse_located(std::string_view s);

}  // namespace carc
