#pragma once
// The published data of oracle/: the tile catalog (oracle/tiles/*.yaml) and the
// ruleset presets (oracle/rulesets/*.yaml), loaded from the embedded copies.
//
// Tile file format (documented in oracle/tiles/README.md):
//   set: NAME, editions: [C1, ...], start: TILE-ID (optional),
//   tiles: [{id, letter?, jcz?, edges: "CRFR", count: {C1: n, ...}, features: [spec, ...]}]
// Ruleset file format (oracle/rulesets/README.md):
//   name, aliases?, title, parent?, edition, printed?: {from, to?, source},
//   switches: {key: {value, source}}, figures?, notes?
#include <array>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "data/diagnostic.hpp"
#include "engine/catalog.hpp"
#include "engine/figures.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"

namespace carc {

struct SourceFile {
  std::string path;
  std::string text;
};

// Loads tile files into a catalog; problems go to diags (located) and make the result an error.
Result<TileCatalog> load_catalog(const std::vector<SourceFile>& files, Diagnostics& diags);

struct PresetSwitch {
  std::string key, value, source;
};
// A per-player figure count a preset changes from the box's (`figures:`), with its source.
struct PresetFigures {
  FigureKind kind = FigureKind::Large;
  int count = 1;
  std::string source;
};
struct Preset {
  std::string name, title, parent, edition, notes, file;
  std::vector<std::string> aliases;
  std::vector<PresetSwitch> switches;  // this preset's own delta
  std::vector<PresetFigures> figures;  // this preset's own per-player figure counts
  // The years the rules it models were in print (`printed:`); 0 = not stated, printed_to 0 = still
  // printed. Not inherited: each preset is its own period.
  int printed_from = 0, printed_to = 0;
  std::string printed_source;
};
Result<std::vector<Preset>> load_presets(const std::vector<SourceFile>& files, Diagnostics& diags);

// The built-in data; the first call loads it. Broken embedded data is an internal error (exit 70).
const TileCatalog& builtin_catalog();
const std::vector<Preset>& builtin_presets();
// A preset by name or alias, resolved through its parents into a RuleSet named by its canonical name.
Result<RuleSet> ruleset_named(std::string_view name);
const Preset* find_preset(std::string_view name_or_alias);
// How many of each figure a player owns under a preset (through its parents): the box's
// numbers (7 followers, one of each other figure) unless a preset's `figures:` says otherwise.
// Followers keep the box's 7 (a scenario states other numbers in its supply).
std::array<int, kFigureKinds> figures_per_player(std::string_view preset);
// The box's numbers: 7 followers, one of each other figure.
std::array<int, kFigureKinds> box_figures();
// The embedded files under a directory prefix ("oracle/tiles/").
std::vector<SourceFile> embedded_under(std::string_view prefix);

}  // namespace carc
