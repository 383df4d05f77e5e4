#pragma once
// The tile catalog: tile definitions by project id (with WikiCarpedia letter and
// JCloisterZone id as aliases) and tile sets with their per-edition counts.
// Filled by a loader (src/scenario reads oracle/tiles/*.yaml) or by hand in tests.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/result.hpp"
#include "engine/tile.hpp"

namespace carc {

struct TileSet {
  std::string name;  // "base", "flier", "crop-circles", ...
  // edition ("C1", "C2", "C3", ...) -> (tile, count); the start tile is included in its count.
  std::map<std::string, std::vector<std::pair<TileTypeId, int>>, std::less<>> counts;
  TileTypeId start = kNoTile;  // the start tile (base set only)
  // Editions without a printing of the set that play the tiles of one that has (the Tower has no
  // C3 printing; a C3 game with the Tower plays the C2 tiles): edition -> printed edition.
  std::map<std::string, std::string, std::less<>> played_in;
};

class TileCatalog {
 public:
  // Adds a tile; fails on a duplicate id or alias.
  Result<TileTypeId> add(TileDef def);
  Result<bool> add_set(TileSet set);

  const TileDef& operator[](TileTypeId id) const { return defs_[id]; }
  std::size_t size() const { return defs_.size(); }
  // By project id, WikiCarpedia letter or JCZ id (letters are ambiguous across sets: ids win).
  std::optional<TileTypeId> lookup(std::string_view name) const;
  const TileSet* set(std::string_view name) const;
  const std::vector<TileSet>& sets() const { return sets_; }
  // The tiles of a set in an edition, each repeated by its count (start tile included).
  Result<std::vector<TileTypeId>> tiles_of(std::string_view set, std::string_view edition) const;

 private:
  std::vector<TileDef> defs_;
  std::map<std::string, TileTypeId, std::less<>> by_id_;
  std::map<std::string, TileTypeId, std::less<>> by_alias_;
  std::vector<TileSet> sets_;
};

}  // namespace carc
