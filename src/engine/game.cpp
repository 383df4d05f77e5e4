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
  Setup position = Setup::with_seats(setup.seats);
  std::vector<TileTypeId>& pile = position.pile;
  TileTypeId start = kNoTile;
  for (const auto& name : setup.sets) {
    auto tiles = catalog.tiles_of(name, setup.edition);
    // A set with no printing for the edition plays the printing its `played_in` names (the Tower:
    // no C3 printing, C3 games use the C2 box, TO-T1); one without either is not in that game.
    if (const TileSet* ts = catalog.set(name); !tiles && ts) {
      const auto stand_in = ts->played_in.find(setup.edition);
      if (stand_in != ts->played_in.end()) tiles = catalog.tiles_of(name, stand_in->second);
    }
    if (!tiles) return fail(tiles.error());
    pile.insert(pile.end(), tiles->begin(), tiles->end());
    if (const TileSet* ts = catalog.set(name); ts && ts->start != kNoTile) start = ts->start;
  }
  if (start == kNoTile) return fail("no start tile: the tile sets include none (add the base set)");
  const auto it = std::find(pile.begin(), pile.end(), start);
  if (it == pile.end()) return fail("the start tile is not in the pile of edition " + setup.edition);
  pile.erase(it);
  SplitMix64 rng(setup.seed);
  shuffle(pile, rng);
  position.tiles.push_back({start, Pos{0, 0}, 0});
  for (auto& supply : position.supply)
    for (std::size_t k = 0; k < supply.size(); ++k)
      supply[k] = std::max(setup.figures[k], 0);  // none of a kind at 0 or below
  position.last_tile = true;
  // The Princess & the Dragon box brings the fairy, beside the board until first moved (PD-31);
  // the dragon comes into play with the first volcano tile (PD-17).
  if (std::any_of(pile.begin(), pile.end(),
                  [&](TileTypeId t) { return catalog[t].volcano >= 0 || catalog[t].dragon >= 0; }))
    position.fairy.place = FairyPlace::Beside;
  if (setup.little_buildings)  // LB-01, V-LB-2
    for (const auto& hand : deal_buildings(static_cast<int>(setup.seats.size()), rules.little_buildings_per_type())) {
      std::array<int, kBuildingKinds> h{};
      for (std::size_t k = 0; k < kBuildingKinds; ++k) h[k] = hand[k];
      position.building_supply.push_back(h);
    }
  // Bridges, Castles & Bazaars brings the castle tokens: 3 each, 2 with 5 or 6 players (BC-01).
  if (std::find(setup.sets.begin(), setup.sets.end(), "bridges-castles") != setup.sets.end())
    position.counts[kCastleTokensKey].assign(setup.seats.size(), default_castles(static_cast<int>(setup.seats.size())));
  // Under the Big Top: the 16 animal tokens shuffled face down (BT-01), drawn after the tiles'
  // shuffle from the same seed (a game without circus tiles draws nothing more).
  if (std::any_of(pile.begin(), pile.end(), [&](TileTypeId t) { return catalog[t].circus >= 0; })) {
    std::vector<int> tokens(kAnimalTokens.begin(), kAnimalTokens.end());
    for (std::size_t i = tokens.size(); i > 1; --i) std::swap(tokens[i - 1], tokens[rng.below(i)]);
    position.animal_tokens = std::move(tokens);
  }
  if (setup.bridges)
    position.counts[kBridgeTokensKey].assign(setup.seats.size(), default_bridges(static_cast<int>(setup.seats.size())));
  return State::from(catalog, rules, position);
}

void shuffle(std::vector<TileTypeId>& tiles, SplitMix64& rng) {
  for (std::size_t i = tiles.size(); i > 1; --i) std::swap(tiles[i - 1], tiles[rng.below(i)]);
}

bool shuffle_returned_tiles(State& s, std::size_t set_aside_before, SplitMix64& rng) {
  if (set_aside_before == 0 || !s.dragon_fairy().set_aside.empty()) return false;
  const auto& pile = s.pile();
  std::vector<TileTypeId> rest(pile.begin() + static_cast<std::ptrdiff_t>(s.pile_next()), pile.end());
  shuffle(rest, rng);
  s.setup_pile(std::move(rest), s.pile_open_ended());
  return true;
}

}  // namespace carc
