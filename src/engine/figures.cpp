#include "engine/figures.hpp"

namespace carc {
namespace {
constexpr std::array<std::string_view, kFigureKinds> kFigureNames{"follower", "large",   "abbot", "mayor",
                                                                  "wagon",    "builder", "pig",   "phantom"};
constexpr std::array<std::string_view, kMaxPlayers> kColourNames{"red", "blue", "green", "yellow", "black", "pink"};
}  // namespace

std::string_view figure_name(FigureKind k) { return kFigureNames[static_cast<std::size_t>(k)]; }

bool parse_figure(std::string_view s, FigureKind& out) {
  for (std::size_t i = 0; i < kFigureNames.size(); ++i) {
    if (kFigureNames[i] == s) {
      out = static_cast<FigureKind>(i);
      return true;
    }
  }
  return false;
}

std::string_view colour_name(Colour c) { return kColourNames[static_cast<std::size_t>(c)]; }

bool parse_colour(std::string_view s, Colour& out) {
  for (std::size_t i = 0; i < kColourNames.size(); ++i) {
    if (kColourNames[i] == s) {
      out = static_cast<Colour>(i);
      return true;
    }
  }
  return false;
}

}  // namespace carc
