#pragma once
// Scoring of roads, cities, cloisters, gardens and fields (rules-reference.md §1,
// §2): what a tile completed (step 3) and final scoring. Changes the state only
// through its mutators (add_score, remove_figure) and the wagon room's hooks.
#include <cstdint>
#include <vector>

#include "engine/state.hpp"

namespace carc {

class Scoring {
 public:
  Scoring(State& s, std::vector<Event>* ev) : s_(s), ev_(ev) {}
  // Step 3: every feature the tile at tile_index completed scores; its figures return.
  void completed_by(int tile_index);
  // BG-14: incomplete roads, cities, cloisters and gardens, then fields.
  void final_scoring();

  // Points a feature is worth now (complete or not), before majority.
  static int value(const State& s, std::uint16_t root);
  // Adds points to a player's score with a FeatureScored event for the feature at root.
  void award(int player, int points, std::uint16_t root, bool final_scoring);

 private:
  // Majority (BR-04): players with the highest non-zero strength in the feature.
  std::vector<int> winners(std::uint16_t root) const;
  void score_feature(std::uint16_t root, bool final_scoring);
  void return_figures(std::uint16_t root);
  void score_fields();

  State& s_;
  std::vector<Event>* ev_;
};

}  // namespace carc
