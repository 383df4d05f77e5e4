// Moves as text: the words of a move, and the dispatch to each verb's parser and printer (each
// room declares its verbs' forms: RoomWords::moves, engine/words.hpp).
#include "engine/move.hpp"

#include <array>

#include "engine/rooms.hpp"
#include "engine/words.hpp"

namespace carc {

std::string located(Pos p, FeatureAddr a) { return to_string(p) + ":" + to_string(a); }

Result<std::pair<Pos, FeatureAddr>> parse_located(std::string_view s) {
  const auto colon = s.find(':');
  if (colon == std::string_view::npos) return fail("'" + std::string(s) + "': expected x,y:FEATURE");
  Pos p;
  if (!parse_pos(s.substr(0, colon), p))
    return fail("'" + std::string(s.substr(0, colon)) + "': expected a position " + pos_syntax());
  auto a = parse_feature_addr(s.substr(colon + 1));
  if (!a) return fail(a.error());
  return std::pair{p, *a};
}

MoveWords::MoveWords(std::string_view text, const TileCatalog& catalog)
    : quoted_("'" + std::string(text) + "'"), catalog_(&catalog) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) words_.push_back(text.substr(i, j - i));
    i = j;
  }
}

Error MoveWords::error(const std::string& what) const { return fail(quoted_ + ": " + what); }

Result<bool> MoveWords::expect(std::size_t n, std::string_view form) const {
  if (words_.size() != n) return error("expected '" + std::string(form) + "'");
  return true;
}

Result<FigureKind> MoveWords::figure(std::size_t i) const {
  FigureKind k;
  if (!parse_figure(words_[i], k)) return error("unknown figure kind '" + std::string(words_[i]) + "'");
  return k;
}

Result<Colour> MoveWords::colour(std::size_t i) const {
  Colour c;
  if (!parse_colour(words_[i], c)) return error("unknown colour '" + std::string(words_[i]) + "'");
  return c;
}

Result<Pos> MoveWords::pos(std::size_t i) const {
  Pos p;
  if (!parse_pos(words_[i], p)) return error("'" + std::string(words_[i]) + "' is not a position " + pos_syntax());
  return p;
}

Result<std::pair<Pos, FeatureAddr>> MoveWords::located(std::size_t i) const {
  auto loc = parse_located(words_[i]);
  if (!loc) return error(loc.error());
  return loc;
}

Result<FigureAt> figure_at(const MoveWords& w, bool portal) {
  if (w.size() != 3 && !portal)
    return w.error("expected '" + std::string(w[0]) + " KIND x,y:FEATURE" + (w[0] == "deploy" ? " [portal]'" : "'"));
  auto k = w.figure(1);
  if (!k) return fail(k.error());
  auto loc = w.located(2);
  if (!loc) return fail(loc.error());
  return FigureAt{*k, loc->first, loc->second};
}

std::string to_string(const Move& m, const TileCatalog& catalog) {
  using Text = std::string (*)(const Move&, const TileCatalog&);
  static const auto texts = [] {
    std::array<Text, kVerbs.size()> out{};
    for (const MoveForm& f : move_forms())
      if (f.text && !out[static_cast<std::size_t>(f.kind)]) out[static_cast<std::size_t>(f.kind)] = f.text;
    return out;
  }();
  const Text text = texts[static_cast<std::size_t>(m.kind)];
  return text ? text(m, catalog) : "?";
}

Result<Move> parse_move(std::string_view text, const TileCatalog& catalog) {
  const MoveWords w(text, catalog);
  if (w.size() == 0) return fail("empty move");
  std::string verbs;
  for (const MoveForm& f : move_forms()) {
    if (!f.parse) continue;
    if (f.verb() == w[0]) return f.parse(w);
    verbs += (verbs.empty() ? "" : ", ") + std::string(f.verb());
  }
  const auto last = verbs.rfind(", ");
  if (last != std::string::npos) verbs.replace(last, 2, " or ");
  return w.error("unknown move '" + std::string(w[0]) + "' (expected " + verbs + ")");
}

}  // namespace carc
