#pragma once
// Internal to src/scenario: reads one YAML document into a Scenario, recording
// located problems. Split over scenario_load.cpp (metadata, files),
// scenario_position.cpp (position) and scenario_expect.cpp (query, expect, variants).
#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "data/yaml_util.hpp"
#include "engine/limits.hpp"
#include "scenario/scenario.hpp"

namespace carc {

Loc loc_of(const YAML::Node& n);

// The entries of a map node by key; reports keys given twice.
class MapView {
 public:
  MapView(const YAML::Node& map, YamlReader& r);
  // The value of key, or nullptr when absent.
  const YAML::Node* get(std::string_view key) const;
  Loc key_loc(std::string_view key) const;
  const std::vector<std::tuple<std::string, YAML::Node, YAML::Node>>& entries() const { return entries_; }

 private:
  std::vector<std::tuple<std::string, YAML::Node, YAML::Node>> entries_;  // key, value, key node
};

class ScenarioReader {
 public:
  explicit ScenarioReader(Scenario& s) : s_(s), r_(s.file, s.problems) {}
  void read(const YAML::Node& doc);

 private:
  void read_meta(const MapView& m);
  void read_rulings(const MapView& m);
  void read_requirements(const MapView& m);
  void read_also_with(const YAML::Node& n);
  void read_position(const YAML::Node& n);
  void read_position_turn(const MapView& m);
  void read_position_tower(const MapView& m);
  void read_position_dragon(const MapView& m);
  void read_expect_dragon(const MapView& m, Expect& e);
  void read_supply(const YAML::Node& n);
  void read_query(const YAML::Node& n);
  Expect read_expect(const YAML::Node& n, const std::string& what);
  void read_expect_figures(const MapView& m, Expect& e);
  void read_expect_tower(const MapView& m, Expect& e);
  void read_variants(const YAML::Node& n);
  Variant read_variant(const YAML::Node& n);

  std::optional<Colour> colour(const YAML::Node& n, std::string_view what);
  std::map<Colour, int> scores(const YAML::Node& n, std::string_view what);
  std::optional<TileTypeId> tile_id(const YAML::Node& n, std::string_view what);
  std::optional<MoveText> move(const YAML::Node& n, std::string_view what);
  std::vector<MoveText> moves(const YAML::Node& n, std::string_view what);
  std::optional<FigureEntry> figure(const YAML::Node& n, std::string_view what);
  std::vector<FigureEntry> figures(const YAML::Node& n, std::string_view what);
  // An integer within min..max; outside, a located error stating both bounds.
  std::optional<int> count(const YAML::Node& n, std::string_view what, int min, int max);
  // Colour -> integer entries of a map, with where each value was written (no range check).
  std::vector<std::tuple<Colour, long long, Loc>> score_entries(const YAML::Node& n, std::string_view what);
  // Reports every number of the position beyond the bounds of limits.hpp at its location.
  void check_bounds();
  std::optional<std::string> phase(const YAML::Node& n);
  std::optional<std::string> reason(const YAML::Node& n);
  std::vector<std::string> presets(const YAML::Node& n, std::string_view what);
  std::vector<std::pair<std::string, std::string>> switches(const MapView& m, std::string_view what,
                                                            std::string_view except = {});
  // A scalar or a list of scalars, each with its location.
  std::vector<std::pair<std::string, Loc>> list(const YAML::Node& n, std::string_view what);
  void missing(std::string_view key, std::string_view hint);

  Scenario& s_;
  YamlReader r_;
  // The position's numbers as written, for check_position_bounds, and where each was written.
  PositionNumbers numbers_;
  struct NumberLocs {
    std::vector<Loc> tiles, figures, pile, rolls, supply, scores;
    Loc placed;
  } number_locs_;
};

// DESIGN.md phase names (the engine models tile, figure and game-over).
bool is_phase_name(std::string_view s);
bool is_reason_name(std::string_view s);

// Tiles, figure features and figure counts, without the engine's figure model
// (for scenarios needing capabilities the engine lacks).
Result<bool> check_position_structure(const Scenario& s, Loc* where);

// The semantic checks that need the whole scenario (scenario_lint.cpp).
void lint_scenario(Scenario& s);
// The checks of a copy made from an also_with entry that depend on its switch values (the
// position under each ruleset with the combination applied).
void lint_combination(Scenario& copy);

}  // namespace carc
