// Names of phases and reasons, and the event helper (events.hpp); the tables themselves are
// assembled from the rooms' words (words.cpp).
#include "engine/events.hpp"

#include "engine/names.hpp"

namespace carc {

std::string_view phase_name(Phase p) { return phase_table()[static_cast<std::size_t>(p)].name; }

const std::vector<std::string_view>& all_phase_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& row : phase_table()) out.push_back(row.name);
    return out;
  }();
  return names;
}

bool parse_phase(std::string_view s, Phase& out) { return parse_name(all_phase_names(), s, out); }

std::string_view reason_name(Reason r) {
  const auto i = static_cast<std::size_t>(r);
  return i < reason_table().size() ? reason_table()[i].name : "?";
}

const std::vector<std::string_view>& all_reason_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& row : reason_table()) out.push_back(row.name);
    return out;
  }();
  return names;
}

bool parse_reason(std::string_view s, Reason& out) { return parse_name(all_reason_names(), s, out); }

void emit(std::vector<Event>* ev, EventKind kind, int player, FigureKind figure, Pos pos, FeatureAddr feature) {
  if (!ev) return;
  Event e;
  e.kind = kind;
  e.player = static_cast<std::int8_t>(player);
  e.figure = figure;
  e.pos = pos;
  e.feature = feature;
  ev->push_back(e);
}

}  // namespace carc
