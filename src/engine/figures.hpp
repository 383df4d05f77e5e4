#pragma once
// Figure kinds, player colours and what each figure may stand on.
#include <array>
#include <cstdint>
#include <string_view>

#include "engine/tile.hpp"

namespace carc {

enum class FigureKind : std::uint8_t { Follower, Large, Abbot, Mayor, Wagon, Builder, Pig, Phantom, Ringmaster };
inline constexpr int kFigureKinds = 9;
std::string_view figure_name(FigureKind k);
bool parse_figure(std::string_view s, FigureKind& out);

// The figure-kind vocabulary, one row per kind in enum order: its name, the capability a
// subject needs for it, the letter board pictures mark it with, and what it is. PROTOCOL.md's
// figure table is generated from it with is_follower and may_stand_on (`carc-oracle docs`).
struct FigureInfo {
  FigureKind kind;
  std::string_view name, capability;
  char letter;  // unique among the kinds
  std::string_view meaning;
};
const std::array<FigureInfo, kFigureKinds>& figure_table();

// Followers (meeples) occupy features and count for majority; builder and pig
// are special figures that never do (BR-08).
constexpr bool is_follower(FigureKind k) { return k != FigureKind::Builder && k != FigureKind::Pig; }

// Which feature kinds a figure may ever stand on (BR-07, BR-09, AB-02, AM-01, AM-04, TB-01, TB-11;
// TO-04: a follower, large follower or phantom on top of a tower, only by the tower's rules;
// BT-07: the ringmaster like a normal meeple, a tower top included, never an acrobat space;
// BT-13: a normal meeple (the phantom per V-PH-2) on an acrobat space, only by the big top's rules).
constexpr bool may_stand_on(FigureKind k, FeatureKind f) {
  switch (k) {
    case FigureKind::Follower:
    case FigureKind::Phantom:
      if (f == FeatureKind::Acrobat) return true;
      [[fallthrough]];
    case FigureKind::Large:
    case FigureKind::Ringmaster:
      return f == FeatureKind::City || f == FeatureKind::Road || f == FeatureKind::Field ||
             f == FeatureKind::Cloister || f == FeatureKind::Tower;
    case FigureKind::Abbot:
      return f == FeatureKind::Cloister || f == FeatureKind::Garden;
    case FigureKind::Mayor:
      return f == FeatureKind::City;
    case FigureKind::Wagon:
      return f == FeatureKind::City || f == FeatureKind::Road || f == FeatureKind::Cloister;
    case FigureKind::Builder:
      return f == FeatureKind::City || f == FeatureKind::Road;
    case FigureKind::Pig:
      return f == FeatureKind::Field;
  }
  return false;
}

enum class Colour : std::uint8_t { Red, Blue, Green, Yellow, Black, Pink };
inline constexpr int kMaxPlayers = 6;
std::string_view colour_name(Colour c);
bool parse_colour(std::string_view s, Colour& out);

// A seat: colour, score, and its figures in hand and in the game.
struct Player {
  Colour colour = Colour::Red;
  int score = 0;
  std::array<std::uint8_t, kFigureKinds> supply{};  // in hand
  std::array<std::uint8_t, kFigureKinds> owned{};   // in the game (supply + board)
};

struct BoardFigure {
  std::uint8_t owner = 0;
  FigureKind kind = FigureKind::Follower;
  std::uint16_t node = 0;  // board feature node it stands on
  friend bool operator==(const BoardFigure&, const BoardFigure&) = default;
};

}  // namespace carc
