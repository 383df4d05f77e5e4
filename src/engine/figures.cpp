#include "engine/figures.hpp"

#include "engine/names.hpp"

namespace carc {
namespace {
constexpr std::array<std::string_view, kFigureKinds> kFigureNames{"follower", "large",   "abbot", "mayor",
                                                                  "wagon",    "builder", "pig",   "phantom"};
constexpr std::array<std::string_view, kMaxPlayers> kColourNames{"red", "blue", "green", "yellow", "black", "pink"};
}  // namespace

std::string_view figure_name(FigureKind k) { return kFigureNames[static_cast<std::size_t>(k)]; }

bool parse_figure(std::string_view s, FigureKind& out) { return parse_name(kFigureNames, s, out); }

std::string_view colour_name(Colour c) { return kColourNames[static_cast<std::size_t>(c)]; }

bool parse_colour(std::string_view s, Colour& out) { return parse_name(kColourNames, s, out); }

}  // namespace carc
