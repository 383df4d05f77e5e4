#pragma once
// The project's tile catalog and ruleset presets for the engine's own tests, built by the
// engine alone: tests/tools/engine_snapshot writes them at build time from what src/data reads
// in oracle/ (with yaml-cpp), as calls to make_tile, TileCatalog::add_set and RuleSet::set.
// carc_engine_tests links the engine and this, nothing else; carc_tests checks that the
// snapshot equals the built-in data (tests/snapshot_data_test.cpp).
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/rules.hpp"

namespace carc::test {

struct SnapshotPreset {
  std::string name, edition;
  std::vector<std::pair<std::string, std::string>> switches;  // every switch's effective value
};

const TileCatalog& snapshot_catalog();
const std::vector<SnapshotPreset>& snapshot_presets();

// The preset's rules as a RuleSet named after it.
inline RuleSet snapshot_rules(const SnapshotPreset& p) {
  RuleSet rules;
  for (const auto& [key, value] : p.switches)
    if (auto ok = rules.set(key, value); !ok) throw std::runtime_error("snapshot preset " + p.name + ": " + ok.error());
  rules.name = p.name;
  return rules;
}

namespace snap {

template <typename T>
T must(Result<T> r) {
  if (!r) throw std::runtime_error("engine snapshot: " + r.error());
  return std::move(*r);
}

inline void tile(TileCatalog& c, const char* id, const char* letter, const char* jcz,
                 const std::vector<std::string>& specs) {
  TileDef def = must(make_tile(id, specs));
  def.letter = letter;
  def.jcz = jcz;
  must(c.add(std::move(def)));
}

inline TileTypeId id(const TileCatalog& c, std::string_view name) {
  auto t = c.lookup(name);
  if (!t) throw std::runtime_error("engine snapshot: no tile " + std::string(name));
  return *t;
}

}  // namespace snap
}  // namespace carc::test
