#include "engine/move.hpp"

namespace carc {

std::string located(Pos p, FeatureAddr a) { return to_string(p) + ":" + to_string(a); }

Result<std::pair<Pos, FeatureAddr>> parse_located(std::string_view s) {
  const auto colon = s.find(':');
  if (colon == std::string_view::npos) return fail("'" + std::string(s) + "': expected x,y:FEATURE");
  Pos p;
  if (!parse_pos(s.substr(0, colon), p)) return fail("'" + std::string(s.substr(0, colon)) + "': expected a position x,y");
  auto a = parse_feature_addr(s.substr(colon + 1));
  if (!a) return fail(a.error());
  return std::pair{p, *a};
}

std::string to_string(const Move& m, const TileCatalog& catalog) {
  switch (m.kind) {
    case MoveKind::Place:
      return "place " + (m.tile < catalog.size() ? catalog[m.tile].id : std::string("?")) + " " + to_string(m.pos) +
             " " + rotation_name(m.rot);
    case MoveKind::Deploy: return "deploy " + std::string(figure_name(m.figure)) + " " + located(m.pos, m.feature);
    case MoveKind::ReturnAbbot: return "return abbot " + located(m.pos, m.feature);
    case MoveKind::Pass: return "pass";
  }
  return "?";
}

Result<Move> parse_move(std::string_view text, const TileCatalog& catalog) {
  std::vector<std::string_view> w;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) w.push_back(text.substr(i, j - i));
    i = j;
  }
  const std::string quoted = "'" + std::string(text) + "'";
  if (w.empty()) return fail("empty move");
  if (w[0] == "pass") {
    if (w.size() != 1) return fail(quoted + ": 'pass' takes no arguments");
    return Move::pass();
  }
  if (w[0] == "place") {
    if (w.size() != 4) return fail(quoted + ": expected 'place TILE x,y ROT'");
    auto t = catalog.lookup(w[1]);
    if (!t) return fail(quoted + ": unknown tile '" + std::string(w[1]) + "'");
    Pos p;
    if (!parse_pos(w[2], p)) return fail(quoted + ": '" + std::string(w[2]) + "' is not a position x,y");
    int rot = 0;
    if (!parse_rotation(w[3], rot)) return fail(quoted + ": '" + std::string(w[3]) + "' is not a rotation (r0, r90, r180, r270)");
    return Move::place(*t, p, rot);
  }
  if (w[0] == "deploy" || w[0] == "return") {
    if (w.size() != 3) return fail(quoted + ": expected '" + std::string(w[0]) + " KIND x,y:FEATURE'");
    FigureKind k;
    if (!parse_figure(w[1], k)) return fail(quoted + ": unknown figure kind '" + std::string(w[1]) + "'");
    auto loc = parse_located(w[2]);
    if (!loc) return fail(quoted + ": " + loc.error());
    if (w[0] == "return") {
      if (k != FigureKind::Abbot) return fail(quoted + ": only the abbot returns early ('return abbot x,y:FEATURE')");
      return Move::return_abbot(loc->first, loc->second);
    }
    return Move::deploy(k, loc->first, loc->second);
  }
  return fail(quoted + ": unknown move '" + std::string(w[0]) + "' (expected place, deploy, return or pass)");
}

}  // namespace carc
