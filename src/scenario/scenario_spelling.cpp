// The closest valid spelling of a figure entry or a move that does not parse, for the
// loader's messages: each word replaced by the nearest word its place allows (a verb, a figure
// kind, a colour, a tile id, a rotation, a feature address), the feature address chosen among
// the features of the tile at that square when the scenario puts one there.
#include <algorithm>
#include <limits>

#include "data/closest.hpp"
#include "data/oracle_data.hpp"
#include "engine/names.hpp"
#include "scenario/scenario_reader.hpp"

namespace carc {
namespace {

// The candidate nearest to word within typo distance, or empty.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates) {
  return closest_names(word, candidates, 1, typo_distance(word));
}

const std::vector<std::string>& feature_kind_words() {
  static const std::vector<std::string> out = [] {
    std::vector<std::string> v;
    for (int k = 0; k < kFeatureKinds; ++k) v.emplace_back(feature_kind_name(static_cast<FeatureKind>(k)));
    return v;
  }();
  return out;
}

const std::vector<std::string>& figure_words() {
  static const std::vector<std::string> out = [] {
    std::vector<std::string> v;
    for (int k = 0; k < kFigureKinds; ++k) v.emplace_back(figure_name(static_cast<FigureKind>(k)));
    return v;
  }();
  return out;
}

const std::vector<std::string>& colour_words() {
  static const std::vector<std::string> out = [] {
    std::vector<std::string> v;
    for (int c = 0; c < kMaxPlayers; ++c) v.emplace_back(colour_name(static_cast<Colour>(c)));
    return v;
  }();
  return out;
}

const std::vector<std::string>& tile_words() {
  static const std::vector<std::string> out = [] {
    std::vector<std::string> v;
    const auto& cat = builtin_catalog();
    for (std::size_t t = 0; t < cat.size(); ++t) v.push_back(cat[static_cast<TileTypeId>(t)].id);
    return v;
  }();
  return out;
}

const std::vector<std::string>& verb_words() {
  static const std::vector<std::string> out = [] {
    std::vector<std::string> v;
    for (const MoveForm& f : move_forms())
      if (std::find(v.begin(), v.end(), f.verb()) == v.end()) v.emplace_back(f.verb());
    return v;
  }();
  return out;
}

// The word itself when valid for `slot` of a move form's syntax, else the nearest valid word, or
// empty when none is near.
std::string slot_word(std::string_view slot, std::string_view word, const TilesAt& board) {
  Pos p;
  int rot = 0;
  FigureKind k;
  Colour c;
  if (slot == "TILE") return builtin_catalog().lookup(word) ? std::string(word) : nearest(word, tile_words());
  if (slot == "x,y" || slot == "ROLL") return std::string(word);
  if (slot == "ROT")
    return parse_rotation(word, rot) ? std::string(word) : nearest(word, {"r0", "r90", "r180", "r270"});
  if (slot == "KIND") return parse_figure(word, k) ? std::string(word) : nearest(word, figure_words());
  if (slot == "COLOUR") return parse_colour(word, c) ? std::string(word) : nearest(word, colour_words());
  if (slot == "x,y:FEATURE") return closest_located(word, board);
  if (slot.find(':') != std::string_view::npos) {  // x,y:tower
    const auto colon = word.find(':');
    if (colon == std::string_view::npos || !parse_pos(word.substr(0, colon), p)) return std::string(word);
    const std::string_view literal = slot.substr(slot.find(':') + 1);
    return std::string(word.substr(0, colon + 1)) + std::string(literal);
  }
  if (word == slot) return std::string(word);
  return edit_distance(word, slot) <= typo_distance(slot) ? std::string(slot) : std::string();
}

// A rewritten text and how many words it changed, or empty.
std::string rewrite(const std::vector<std::string_view>& words, const std::vector<std::string_view>& slots,
                    const TilesAt& board, int& changed) {
  std::string out;
  changed = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string w = slot_word(slots[i], words[i], board);
    if (w.empty()) return {};
    changed += w != words[i];
    out += (i ? " " : "") + w;
  }
  return out;
}

}  // namespace

std::string closest_feature(std::string_view written, const TilesAt& board, Pos at) {
  const std::string_view kind_word = written.substr(0, written.find('{'));
  const std::string_view rest = written.substr(kind_word.size());
  FeatureKind kind{};
  const std::string guess =
      parse_feature_kind(kind_word, kind) ? std::string(kind_word) : nearest(kind_word, feature_kind_words());
  const bool kind_known = !guess.empty() && parse_feature_kind(guess, kind);
  const auto it = board.find(at);
  if (it == board.end()) {  // no tile known there: only the feature word can be mended
    if (guess.empty() || guess == kind_word) return {};
    const std::string mended = guess + std::string(rest);
    return parse_feature_addr(mended) ? mended : std::string();
  }
  const TileDef& def = builtin_catalog()[it->second.first];
  std::vector<std::string> all, same;
  for (std::size_t i = 0; i < def.features.size(); ++i) {
    all.push_back(to_string(def.address(static_cast<int>(i), it->second.second)));
    if (kind_known && def.features[i].kind == kind) same.push_back(all.back());
  }
  const auto& pool = same.empty() ? all : same;
  const std::string probe = (guess.empty() ? std::string(kind_word) : guess) + std::string(rest);
  return closest_names(probe, pool, 1);
}

std::string closest_located(std::string_view word, const TilesAt& board) {
  const auto colon = word.find(':');
  Pos p;
  if (colon == std::string_view::npos || !parse_pos(word.substr(0, colon), p)) return {};
  const std::string_view feature = word.substr(colon + 1);
  if (parse_feature_addr(feature)) return std::string(word);
  const std::string mended = closest_feature(feature, board, p);
  return mended.empty() ? std::string() : std::string(word.substr(0, colon + 1)) + mended;
}

std::string closest_move(std::string_view text, const TilesAt& board) {
  const auto words = words_of(text, " \t");
  if (words.empty()) return {};
  const auto& verbs = verb_words();
  const std::string verb =
      std::find(verbs.begin(), verbs.end(), words[0]) != verbs.end() ? std::string(words[0]) : nearest(words[0], verbs);
  if (verb.empty()) return {};
  std::string best;
  int best_changed = std::numeric_limits<int>::max();
  for (const MoveForm& f : move_forms()) {
    if (f.verb() != verb) continue;
    auto slots = words_of(f.syntax, " \t");
    if (slots.size() != words.size()) continue;
    slots[0] = f.verb();
    int changed = 0;
    const std::string candidate = rewrite(words, slots, board, changed);
    if (candidate.empty() || changed == 0 || changed >= best_changed) continue;
    if (!parse_move(candidate, builtin_catalog())) continue;
    best = candidate;
    best_changed = changed;
  }
  return best;
}

std::string closest_figure_entry(std::string_view text, const TilesAt& board) {
  const auto words = words_of(text, " \t");
  if (words.size() != 3) return {};
  int changed = 0;
  const std::string candidate = rewrite(words, {"COLOUR", "KIND", "x,y:FEATURE"}, board, changed);
  if (candidate.empty() || changed == 0 || !parse_figure_entry(candidate)) return {};
  return candidate;
}

std::string closest_hint(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string close = nearest(word, candidates);
  return close.empty() ? std::string() : " (closest: " + close + ")";
}

}  // namespace carc
