#include "engine/game.hpp"

#include <algorithm>

namespace carc {

std::array<int, kFigureKinds> default_figures(const std::string& edition) {
  std::array<int, kFigureKinds> f{};
  f[static_cast<std::size_t>(FigureKind::Follower)] = 7;
  if (edition != "C1") f[static_cast<std::size_t>(FigureKind::Abbot)] = 1;
  return f;
}

Result<State> new_game(const TileCatalog& catalog, const RuleSet& rules, const GameSetup& setup) {
  auto st = State::create(catalog, rules, setup.seats);
  if (!st) return fail(st.error());
  State& s = *st;
  std::vector<TileTypeId> pile;
  TileTypeId start = kNoTile;
  for (const auto& name : setup.sets) {
    auto tiles = catalog.tiles_of(name, setup.edition);
    if (!tiles) return fail(tiles.error());
    pile.insert(pile.end(), tiles->begin(), tiles->end());
    if (const TileSet* ts = catalog.set(name); ts && ts->start != kNoTile) start = ts->start;
  }
  if (start == kNoTile) return fail("no start tile: the tile sets include none (add the base set)");
  const auto it = std::find(pile.begin(), pile.end(), start);
  if (it == pile.end()) return fail("the start tile is not in the pile of edition " + setup.edition);
  pile.erase(it);
  SplitMix64 rng(setup.seed);
  for (std::size_t i = pile.size(); i > 1; --i) std::swap(pile[i - 1], pile[rng.below(i)]);
  if (auto ok = s.setup_tile(start, Pos{0, 0}, 0); !ok) return fail(ok.error());
  for (int p = 0; p < s.player_count(); ++p)
    for (int k = 0; k < kFigureKinds; ++k)
      if (const int n = setup.figures[static_cast<std::size_t>(k)]; n > 0)
        if (auto ok = s.setup_owned(p, static_cast<FigureKind>(k), n); !ok) return fail(ok.error());
  s.setup_pile(std::move(pile), false);
  if (auto ok = s.setup_turn(0, Phase::Tile, kNoTile, std::nullopt); !ok) return fail(ok.error());
  return st;
}

}  // namespace carc
