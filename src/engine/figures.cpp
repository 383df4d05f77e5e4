#include "engine/figures.hpp"

#include "engine/names.hpp"
#include "engine/words.hpp"

namespace carc {
namespace {
constexpr std::array<FigureInfo, kFigureKinds> kFigures{{
    {FigureKind::Follower, "follower", "base", 'f', "the normal meeple"},
    {FigureKind::Large, "large", "large", 'l', "the large follower: counts as two followers in a majority"},
    {FigureKind::Abbot, "abbot", "abbot", 'a',
     "the abbot: cloisters and gardens only, may be taken back early (return abbot)"},
    {FigureKind::Mayor, "mayor", "mayor", 'm', "the mayor: cities only, counts one per pennant of its city"},
    {FigureKind::Wagon, "wagon", "wagon", 'w', "the wagon: moves on when its feature is scored"},
    {FigureKind::Builder, "builder", "builder", 'b',
     "the builder: a special figure (never occupies), gives a second tile"},
    {FigureKind::Pig, "pig", "pig", 'p', "the pig: a special figure (never occupies), raises its field's farmer score"},
    {FigureKind::Phantom, "phantom", "phantom", 'h',
     "the phantom: a second follower placed after the first in the same turn"},
    {FigureKind::Ringmaster, "ringmaster", "ringmaster", 'r',
     "the ringmaster: a meeple placed like a normal one (never an acrobat), with 2 points per circus and acrobat "
     "tile around it when its feature scores"},
}};
static_assert(
    [] {
      for (std::size_t i = 0; i < kFigures.size(); ++i)
        if (kFigures[i].kind != static_cast<FigureKind>(i)) return false;
      return true;
    }(),
    "kFigures lists the kinds in enum order");
static_assert(
    [] {
      for (std::size_t i = 0; i < kFigures.size(); ++i)
        for (std::size_t j = 0; j < i; ++j)
          if (kFigures[i].letter == kFigures[j].letter) return false;
      return true;
    }(),
    "each kind has its own letter");
constexpr std::array<std::string_view, kFigureKinds> kFigureNames = [] {
  std::array<std::string_view, kFigureKinds> out{};
  for (std::size_t i = 0; i < kFigures.size(); ++i) out[i] = kFigures[i].name;
  return out;
}();
constexpr std::array<std::string_view, kMaxPlayers> kColourNames{"red", "blue", "green", "yellow", "black", "pink"};
}  // namespace

const std::array<FigureInfo, kFigureKinds>& figure_table() { return kFigures; }

std::string_view figure_name(FigureKind k) { return kFigureNames[static_cast<std::size_t>(k)]; }

bool parse_figure(std::string_view s, FigureKind& out) { return parse_name(kFigureNames, s, out); }

std::string_view colour_name(Colour c) { return kColourNames[static_cast<std::size_t>(c)]; }

bool parse_colour(std::string_view s, Colour& out) { return parse_name(kColourNames, s, out); }

// The large follower has no room of its own (its rules are the follower's, with strength 2):
// only its capability row.
const RoomWords& large_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"large", "the large follower (Inns & Cathedrals)",
       2002 /* Inns & Cathedrals, C1 2002 (rules-reference.md section 3) */}};
  static constexpr RoomWords words{capabilities, {}, {}, {}, {}, nullptr};
  return words;
}

}  // namespace carc
