#pragma once
// Internal to src/scenario: reads one YAML document into a Scenario, recording
// located problems. Split over scenario_load.cpp (metadata, files),
// scenario_position.cpp (position) and scenario_expect.cpp (query, expect, variants).
#include <yaml-cpp/yaml.h>

#include <map>
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

// The tiles a scenario puts on squares, as far as the loader has read them (the position's, then
// those query.apply places): square -> tile and rotation, for spelling suggestions.
using TilesAt = std::map<Pos, std::pair<TileTypeId, int>>;
// The closest valid spellings (scenario_spelling.cpp), each empty when nothing valid is near:
// a feature address at a square (among the features of the tile there when one is known,
// else the feature word mended), "x,y:FEATURE", a whole move, a whole figure entry.
std::string closest_feature(std::string_view written, const TilesAt& board, Pos at);
std::string closest_located(std::string_view word, const TilesAt& board);
std::string closest_move(std::string_view text, const TilesAt& board);
std::string closest_figure_entry(std::string_view text, const TilesAt& board);
// " (closest: NAME)" for the candidate within typo distance of word, or empty.
std::string closest_hint(std::string_view word, const std::vector<std::string>& candidates);

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
  void read_disputed(const YAML::Node& n, const std::vector<std::string>& disputed_rulings);
  void read_requirements(const MapView& m);
  void read_also_with(const YAML::Node& n);
  void read_position(const YAML::Node& n);
  void read_players(const MapView& m, const YAML::Node& n);
  void read_tiles(const MapView& m, const YAML::Node& n);
  void read_position_turn(const MapView& m);
  void read_position_phase(const MapView& m);
  void read_position_tower(const MapView& m);
  void read_seat_count(const MapView& m, const SeatCountKey& k);
  const YAML::Node* entry_list(const MapView& m, const EntryListKey& k);
  void read_position_dragon(const MapView& m);
  void read_position_buildings(const MapView& m);
  void read_expect_dragon(const MapView& m, Expect& e);
  void read_expect_scored(const MapView& m, Expect& e);
  void read_moves_of(const YAML::Node& n, Expect& e);
  void read_supply(const YAML::Node& n);
  void read_query(const YAML::Node& n);
  Expect read_expect(const YAML::Node& n, const std::string& what);
  void read_expect_figures(const MapView& m, Expect& e);
  void read_expect_tower(const MapView& m, Expect& e);
  void read_variants(const YAML::Node& n);
  // checkpoints: a list of {after, expect} (in a variant also remove).
  std::vector<Checkpoint> read_checkpoints(const YAML::Node& n, bool in_variant);
  // remove: keys of expect, each once (`what` names where, for messages).
  void read_remove(const YAML::Node& n, std::vector<std::string>& keys, std::vector<Loc>& locs);
  Variant read_variant(const YAML::Node& n);
  void read_variant_query(const YAML::Node& q, Variant& v);

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
  // Free text (title, source, notes, a reason in words): no NUL byte, no invalid UTF-8.
  std::string text(const YAML::Node& n, std::string_view what);
  std::vector<std::string> presets(const YAML::Node& n, std::string_view what);
  std::vector<std::pair<std::string, std::string>> switches(const MapView& m, std::string_view what,
                                                            std::string_view except = {});
  // A scalar or a list of scalars, each with its location.
  std::vector<std::pair<std::string, Loc>> list(const YAML::Node& n, std::string_view what);
  void missing(std::string_view key, std::string_view hint);
  // Runs read; when it reports a problem, `key` is marked unread (Scenario::unread).
  template <typename F>
  void reading(const std::string& key, F read) {
    const std::size_t before = s_.problems.size();
    read();
    if (s_.problems.size() != before) s_.unread.insert(key);
  }
  // Marks unread the keys of map that unknown keys were probably meant to be (prefix + key).
  void mark_meant(const std::vector<std::string>& meant, const std::string& prefix);

  Scenario& s_;
  YamlReader r_;
  TilesAt board_;  // the tiles read so far, for spelling suggestions
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
// (for scenarios needing capabilities the engine lacks): every problem, each where it was
// written (a board that cannot be built: that one problem, the figures on it not judged).
std::vector<std::pair<Loc, std::string>> check_position_structure(const Scenario& s);

// The semantic checks that need the whole scenario (scenario_lint.cpp).
void lint_scenario(Scenario& s);
// The checks of a copy made from an also_with entry that depend on its switch values (the
// position under each ruleset with the combination applied).
void lint_combination(Scenario& copy);

}  // namespace carc
