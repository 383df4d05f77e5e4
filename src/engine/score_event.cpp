#include "engine/score_event.hpp"

#include <algorithm>
#include <charconv>
#include <map>
#include <tuple>

#include "engine/move.hpp"
#include "engine/names.hpp"

namespace carc {
namespace {

void sort_unique(std::vector<std::string>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
}

// "COLOUR KIND x,y:FEATURE" in canonical spelling, or an error.
Result<std::string> figure_text(std::string_view text) {
  const auto w = words_of(text);
  Colour c;
  FigureKind k;
  if (w.size() != 3) return fail("figure '" + std::string(text) + "': expected 'COLOUR KIND x,y:FEATURE'");
  if (!parse_colour(w[0], c))
    return fail("figure '" + std::string(text) + "': unknown colour '" + std::string(w[0]) + "'");
  if (!parse_figure(w[1], k))
    return fail("figure '" + std::string(text) + "': unknown figure kind '" + std::string(w[1]) + "'");
  auto at = parse_located(w[2]);
  if (!at) return fail("figure '" + std::string(text) + "': " + at.error());
  return std::string(colour_name(c)) + " " + std::string(figure_name(k)) + " " + located(at->first, at->second);
}

}  // namespace

std::string to_string(const ScoreEvent& e) {
  std::string out = e.final_scoring ? "final " : "";
  out += e.kind + " " + std::to_string(e.points);
  for (const auto& p : e.players) out += " " + p;
  out += " at";
  for (const auto& p : e.parts) out += " " + p;
  if (e.figures && !e.figures->empty()) {
    out += " with ";
    for (std::size_t i = 0; i < e.figures->size(); ++i) out += (i ? ", " : "") + (*e.figures)[i];
  }
  return out;
}

Result<ScoreEvent> parse_score_event(std::string_view text) {
  const std::string_view usage = "expected '[final ]KIND POINTS COLOUR... at x,y:FEATURE... [with FIGURE, ...]'";
  ScoreEvent e;
  std::string_view head = text, tail;
  if (const auto with = text.find(" with "); with != std::string_view::npos) {
    head = text.substr(0, with);
    tail = text.substr(with + 6);
    e.figures.emplace();
    std::size_t i = 0;
    while (i <= tail.size()) {
      const std::size_t j = std::min(tail.find(", ", i), tail.size());
      auto f = figure_text(tail.substr(i, j - i));
      if (!f) return fail(f.error());
      e.figures->push_back(*f);
      i = j + 2;
    }
    sort_unique(*e.figures);
  }
  auto w = words_of(head);
  std::size_t i = 0;
  if (i < w.size() && w[i] == "final") {
    e.final_scoring = true;
    ++i;
  }
  if (w.size() < i + 5) return fail(std::string(usage));
  FeatureKind fk;
  const bool square_kind = w[i] == "fairy" || w[i] == "big-top" || w[i] == "ringmaster" || w[i] == "acrobats";
  if (!square_kind && (!parse_feature_kind(w[i], fk) ||
                       !(fk == FeatureKind::City || fk == FeatureKind::Road || fk == FeatureKind::Field ||
                         fk == FeatureKind::Cloister || fk == FeatureKind::Garden)))
    return fail("unknown scored kind '" + std::string(w[i]) +
                "' (city, road, field, cloister, garden, fairy, big-top, ringmaster or acrobats); " +
                std::string(usage));
  e.kind = std::string(w[i++]);
  const auto pts = w[i++];
  if (auto r = std::from_chars(pts.data(), pts.data() + pts.size(), e.points);
      r.ec != std::errc() || r.ptr != pts.data() + pts.size() || e.points < 0 || e.points > 9999)
    return fail("points '" + std::string(pts) + "' are not a number from 0 to 9999; " + std::string(usage));
  for (; i < w.size() && w[i] != "at"; ++i) {
    Colour c;
    if (!parse_colour(w[i], c)) return fail("unknown colour '" + std::string(w[i]) + "'; " + std::string(usage));
    e.players.emplace_back(colour_name(c));
  }
  if (e.players.empty() || i >= w.size()) return fail(std::string(usage));
  for (++i; i < w.size(); ++i) {
    if (square_kind) {
      Pos p;
      if (!parse_pos(w[i], p)) return fail("the " + e.kind + " square '" + std::string(w[i]) + "' is not 'x,y'");
      e.parts.push_back(to_string(p));
      continue;
    }
    auto at = parse_located(w[i]);
    if (!at) return fail("part '" + std::string(w[i]) + "': " + at.error());
    if (feature_kind_name(at->second.kind) != e.kind)
      return fail("part '" + std::string(w[i]) + "' is not a " + e.kind);
    e.parts.push_back(located(at->first, at->second));
  }
  if (e.parts.empty()) return fail("no part after 'at'; " + std::string(usage));
  sort_unique(e.players);
  sort_unique(e.parts);
  return e;
}

bool score_event_meets(const ScoreEvent& want, const ScoreEvent& got) {
  if (std::tie(want.final_scoring, want.kind, want.points, want.players) !=
      std::tie(got.final_scoring, got.kind, got.points, got.players))
    return false;
  for (const auto& p : want.parts)
    if (std::find(got.parts.begin(), got.parts.end(), p) == got.parts.end()) return false;
  return !want.figures || want.figures == got.figures.value_or(std::vector<std::string>{});
}

}  // namespace carc
