#pragma once
// An independent enumeration of legal moves for the differential checks: a
// superset of every move the current phase could allow, built from the board
// alone (every position next to a tile with every rotation; every figure kind
// on every feature of the relevant tiles; every roll; every pass), filtered by
// is_legal. It never calls legal_moves, so agreeing with it cross-checks the
// generator, and perft over it (naive_perft) recounts the move tree.
#include <algorithm>
#include <cstdint>
#include <set>
#include <utility>

#include "engine/legality.hpp"
#include "engine/movegen.hpp"
#include "engine/state.hpp"

namespace carc::test {

// Every move of the current phase worth asking is_legal about; placements in all four rotations.
inline MoveList candidate_moves(const State& s) {
  MoveList out;
  const Board& b = s.board();
  auto all_nodes = [&](auto&& fn) {
    for (std::size_t i = 0; i < b.node_count(); ++i) {
      const auto n = static_cast<std::uint16_t>(i);
      fn(b.node_pos(n), b.node_addr(n));
    }
  };
  switch (s.phase()) {
    case Phase::Tile: {
      if (s.in_hand() == kNoTile) break;
      std::set<std::pair<int, int>> tried;
      for (int t = 0; t < b.tile_count(); ++t)
        for (const Pos off : kRingOffset) {
          const Pos q = b.tile(t).pos + off;
          if (!tried.insert({q.x, q.y}).second) continue;
          for (int r = 0; r < 4; ++r) {
            out.push_back(Move::place(s.in_hand(), q, r));
            if (s.bridges().in_hand.empty()) continue;  // BC-15: a bridge on the tile or a neighbour
            for (const Pos host : {q, neighbour(q, 0), neighbour(q, 1), neighbour(q, 2), neighbour(q, 3)})
              for (const std::uint8_t mask : {kBridgeNS, kBridgeEW})
                out.push_back(Move::place_bridge(s.in_hand(), q, r, host, FeatureAddr{FeatureKind::Road, mask}));
          }
        }
      break;
    }
    case Phase::Bridge:  // every tile, both axes
      for (int t = 0; t < b.tile_count(); ++t)
        for (const std::uint8_t mask : {kBridgeNS, kBridgeEW})
          out.push_back(Move::bridge(b.tile(t).pos, FeatureAddr{FeatureKind::Road, mask}));
      break;
    case Phase::Figure:
    case Phase::Phantom: {
      const int t = s.placed_tile();
      for (int k = 0; k < kFigureKinds; ++k) {
        const auto kind = static_cast<FigureKind>(k);
        for (int local = 0; local < static_cast<int>(b.def(t).features.size()); ++local)  // a bridge's road too
          out.push_back(Move::deploy(kind, b.tile(t).pos, b.def(t).address(local, b.tile(t).rot)));
        if (b.def(t).portal >= 0)
          all_nodes([&](Pos p, FeatureAddr f) { out.push_back(Move::deploy(kind, p, f, true)); });
        for (int roll = 1; roll <= 3; ++roll) out.push_back(Move::fly(kind, roll));
      }
      for (int k = 0; k < kFigureKinds; ++k)  // the tower: on top of any tower on the board
        all_nodes([&](Pos p, FeatureAddr f) {
          if (f.kind == FeatureKind::Tower) out.push_back(Move::deploy(static_cast<FigureKind>(k), p, f));
        });
      for (int k = 0; k < kFigureKinds; ++k)  // the big top: onto any pyramid, plain or through a portal
        all_nodes([&](Pos p, FeatureAddr f) {
          if (f.kind != FeatureKind::Acrobat) return;
          out.push_back(Move::deploy(static_cast<FigureKind>(k), p, f));
          out.push_back(Move::deploy(static_cast<FigureKind>(k), p, f, true));
        });
      for (int i = 0; i < b.tile_count(); ++i) out.push_back(Move::acrobats(b.tile(i).pos));  // any pyramid scored
      for (int i = 0; i < b.tile_count(); ++i) out.push_back(Move::floor(b.tile(i).pos));
      for (int i = 0; i < b.tile_count(); ++i) out.push_back(Move::fairy_tile(b.tile(i).pos));  // the fairy, both forms
      for (int k = 0; k < kFigureKinds; ++k)
        all_nodes([&](Pos p, FeatureAddr f) { out.push_back(Move::fairy(static_cast<FigureKind>(k), p, f)); });
      for (const BoardFigure& f : s.figures()) {
        out.push_back(Move::return_abbot(b.node_pos(f.node), b.node_addr(f.node)));
        out.push_back(Move::festival_return(f.kind, b.node_pos(f.node), b.node_addr(f.node)));  // any owner's
        out.push_back(Move::princess(f.kind, s.player(f.owner).colour, b.node_pos(f.node), b.node_addr(f.node)));
      }
      for (int k = 0; k < kBuildingKinds; ++k) out.push_back(Move::building(static_cast<BuildingKind>(k)));
      break;
    }
    case Phase::Landing: {
      const int t = b.tile_at(s.flight().landing);
      if (t < 0) break;
      for (int local = 0; local < static_cast<int>(b.def(t).features.size()); ++local)
        out.push_back(Move::land(b.tile(t).pos, b.def(t).address(local, b.tile(t).rot)));
      break;
    }
    case Phase::Wagon:
      all_nodes([&](Pos p, FeatureAddr f) { out.push_back(Move::wagon(p, f)); });
      break;
    case Phase::Castle:
      all_nodes([&](Pos p, FeatureAddr f) { out.push_back(Move::castle(p, f)); });
      break;
    case Phase::CropChoice:
      out.push_back(Move::crop_choice(true));
      out.push_back(Move::crop_choice(false));
      break;
    case Phase::CropResponse:
      for (int k = 0; k < kFigureKinds; ++k)
        all_nodes([&](Pos p, FeatureAddr f) {
          out.push_back(Move::crop_add(static_cast<FigureKind>(k), p, f));
          out.push_back(Move::crop_remove(static_cast<FigureKind>(k), p, f));
        });
      break;
    case Phase::Capture:
      for (const BoardFigure& f : s.figures())
        out.push_back(Move::capture(f.kind, s.player(f.owner).colour, b.node_pos(f.node), b.node_addr(f.node)));
      break;
    case Phase::Exchange:
      for (int k = 0; k < kFigureKinds; ++k) out.push_back(Move::exchange(static_cast<FigureKind>(k)));
      break;
    case Phase::Dragon:  // every square on or next to the board
      for (int t = 0; t < b.tile_count(); ++t) {
        out.push_back(Move::dragon(b.tile(t).pos));
        for (int e = 0; e < 4; ++e) out.push_back(Move::dragon(neighbour(b.tile(t).pos, e)));
      }
      break;
    case Phase::GameOver:
      return out;
  }
  for (int k = 0; k < kFigureKinds; ++k)  // the tower's ransom, in any decision
    for (int p = 0; p < s.player_count(); ++p)
      out.push_back(Move::ransom(static_cast<FigureKind>(k), s.player(p).colour));
  out.push_back(Move::pass());
  return out;
}

// A placement under its smallest equivalent rotation; other moves unchanged.
inline Move canonical(const State& s, Move m) {
  if (m.kind == MoveKind::Place) m.rot = s.catalog()[m.tile].canonical_rot[m.rot & 3u];
  return m;
}

// The candidates is_legal accepts, placements canonical and each listed once.
inline MoveList brute_force_moves(const State& s) {
  MoveList out;
  for (const Move& c : candidate_moves(s)) {
    if (is_legal(s, c) != Reason::Ok) continue;
    const Move m = canonical(s, c);
    if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  }
  return out;
}

// Perft over brute_force_moves: the move tree recounted without legal_moves.
inline std::uint64_t naive_perft(const State& s, int depth) {
  if (depth <= 0) return 1;
  std::uint64_t n = 0;
  for (const Move& m : brute_force_moves(s)) {
    if (depth == 1) {
      ++n;
      continue;
    }
    State next = s;
    if (next.apply(m) != Reason::Ok) return 0;  // is_legal said yes, apply said no: the counts then differ
    n += naive_perft(next, depth - 1);
  }
  return n;
}

}  // namespace carc::test
