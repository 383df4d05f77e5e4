#include "engine/catalog.hpp"

namespace carc {

Result<TileTypeId> TileCatalog::add(TileDef def) {
  if (defs_.size() >= kNoTile) return fail("too many tiles in the catalog");
  if (by_id_.count(def.id)) return fail("duplicate tile id '" + def.id + "'");
  const auto id = static_cast<TileTypeId>(defs_.size());
  by_id_.emplace(def.id, id);
  for (const std::string* alias : {&def.letter, &def.jcz}) {
    if (alias->empty()) continue;
    // A letter may name several tiles in different sets; the first one keeps it.
    by_alias_.emplace(*alias, id);
  }
  defs_.push_back(std::move(def));
  return id;
}

Result<bool> TileCatalog::add_set(TileSet set) {
  if (this->set(set.name)) return fail("duplicate tile set '" + set.name + "'");
  sets_.push_back(std::move(set));
  return true;
}

std::optional<TileTypeId> TileCatalog::lookup(std::string_view name) const {
  if (auto it = by_id_.find(name); it != by_id_.end()) return it->second;
  if (auto it = by_alias_.find(name); it != by_alias_.end()) return it->second;
  return std::nullopt;
}

const TileSet* TileCatalog::set(std::string_view name) const {
  for (const auto& s : sets_)
    if (s.name == name) return &s;
  return nullptr;
}

Result<std::vector<TileTypeId>> TileCatalog::tiles_of(std::string_view set_name, std::string_view edition) const {
  const TileSet* s = set(set_name);
  if (!s) {
    std::string known;
    for (const auto& k : sets_) known += (known.empty() ? "" : ", ") + k.name;
    return fail("unknown tile set '" + std::string(set_name) + "' (expected one of: " + known + ")");
  }
  auto it = s->counts.find(edition);
  if (it == s->counts.end()) {
    std::string printed;
    for (const auto& [e, tiles] : s->counts) printed += (printed.empty() ? "" : ", ") + e;
    return fail("tile set '" + s->name + "' has no edition '" + std::string(edition) + "' (printed for " + printed +
                ")");
  }
  std::vector<TileTypeId> out;
  for (const auto& [tile, n] : it->second)
    for (int i = 0; i < n; ++i) out.push_back(tile);
  return out;
}

}  // namespace carc
