#include "engine/move.hpp"

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

const std::vector<MoveForm>& move_forms() {
  static const std::vector<MoveForm> forms{
      {MoveKind::Place, "place TILE x,y ROT", "base", "tile", "place the tile in hand", "place U 1,0 r90"},
      {MoveKind::Deploy, "deploy KIND x,y:FEATURE", "base", "figure, phantom",
       "step 2: put a figure on a feature of the tile just placed (builder and pig where the player has a follower, "
       "TB-01, TB-11)",
       "deploy follower 1,0:road{E,W}"},
      {MoveKind::Deploy, "deploy KIND x,y:FEATURE portal", "portal", "figure, phantom",
       "through the magic portal of the tile just placed, onto a feature of another tile (PD-01)",
       "deploy follower 0,0:city{N} portal"},
      {MoveKind::Deploy, "deploy KIND x,y:tower", "tower", "figure, phantom",
       "step 2 (TO-02 C): a follower, large follower or phantom on top of the open tower at x,y, anywhere on the "
       "board; it "
       "closes the tower",
       "deploy follower 2,0:tower"},
      {MoveKind::Fly, "fly KIND ROLL", "flier", "figure, phantom",
       "launch a figure from the flying machine of the tile just placed with die result ROLL (1, 2 or 3); the rules "
       "compute "
       "the target square; with no possible landing the figure stays in supply at once (FM-12) and no `land` follows",
       "fly follower 2"},
      {MoveKind::Land, "land x,y:FEATURE", "flier", "landing",
       "where the flying figure lands (FM-07: compulsory once possible, no `pass`)", "land 0,2:cloister"},
      {MoveKind::ReturnAbbot, "return abbot x,y:FEATURE", "abbot", "figure",
       "take the abbot back early, scoring its feature (AB-04)", "return abbot 0,0:garden"},
      {MoveKind::Princess, "princess KIND COLOUR x,y:FEATURE", "princess", "figure",
       "with the princess tile just placed, remove that player's knight of that kind from the city (PD-06)",
       "princess follower blue 0,0:city{N}"},
      {MoveKind::CropChoice, "crop add", "crop-circles", "crop-choice",
       "the active player's crop-circle choice: everyone adds (CC-05)", "crop add"},
      {MoveKind::CropChoice, "crop remove", "crop-circles", "crop-choice",
       "the active player's crop-circle choice: everyone removes (CC-05)", "crop remove"},
      {MoveKind::CropAdd, "add KIND x,y:FEATURE", "crop-circles", "crop-response",
       "a crop-circle response: add a figure", "add follower 0,0:road{E,W}"},
      {MoveKind::CropRemove, "remove KIND x,y:FEATURE", "crop-circles", "crop-response",
       "a crop-circle response: take a figure back", "remove follower 0,0:road{E,W}"},
      {MoveKind::Wagon, "wagon x,y:FEATURE", "wagon", "wagon", "move a wagon whose feature just scored (AM-05)",
       "wagon 1,0:road{E,W}"},
      {MoveKind::Floor, "floor x,y", "tower", "figure",
       "step 2 (TO-02 A and B): put one of your floors on the foundation of the tile at x,y, anywhere on the board",
       "floor 2,0"},
      {MoveKind::Capture, "capture KIND COLOUR x,y:FEATURE", "tower", "capture",
       "take that figure off the board: to its owner's supply if it is the capturer's own, else held as a prisoner "
       "(TO-05, "
       "TO-06)",
       "capture follower blue 1,0:road{E,W}"},
      {MoveKind::Exchange, "exchange KIND", "tower", "exchange",
       "which of the capturer's own figures, by kind, comes back in a prisoner exchange (TO-07)", "exchange large"},
      {MoveKind::Ransom, "ransom KIND COLOUR", "tower", "see `ransom-timing`",
       "pay COLOUR 3 points to free your figure of that kind that COLOUR holds (TO-08), at most once per turn",
       "ransom follower blue"},
      {MoveKind::Fairy, "fairy KIND x,y:FEATURE", "fairy", "figure",
       "step 2 (PD-31): move the fairy next to your own figure of that kind standing there, anywhere on the board",
       "fairy follower 0,0:road{E,W}"},
      {MoveKind::Fairy, "fairy x,y", "fairy", "figure",
       "step 2 under `fairy-placement: on-tile`: move the fairy onto the tile at x,y, which holds one of your "
       "followers",
       "fairy 0,0"},
      {MoveKind::DragonStep, "dragon x,y", "dragon", "dragon",
       "one step of the dragon onto the tile at x,y, by the player whose step it is; every figure on that tile is "
       "eaten",
       "dragon 1,0"},
      {MoveKind::Pass, "pass", "base", "figure, phantom, wagon, crop-response, capture",
       "decline the current optional step (step 2, the phantom, a wagon move, an optional crop add, a capture)",
       "pass"},
  };
  return forms;
}

std::string to_string(const Move& m, const TileCatalog& catalog) {
  const std::string fig(figure_name(m.figure));
  switch (m.kind) {
    case MoveKind::Place:
      return "place " + (m.tile < catalog.size() ? catalog[m.tile].id : std::string("?")) + " " + to_string(m.pos) +
             " " + rotation_name(m.rot);
    case MoveKind::Deploy:
      return "deploy " + fig + " " + located(m.pos, m.feature) + (m.portal ? " portal" : "");
    case MoveKind::ReturnAbbot:
      return "return abbot " + located(m.pos, m.feature);
    case MoveKind::Pass:
      return "pass";
    case MoveKind::Fly:
      return "fly " + fig + " " + std::to_string(m.roll);
    case MoveKind::Land:
      return "land " + located(m.pos, m.feature);
    case MoveKind::Princess:
      return "princess " + fig + " " + std::string(colour_name(m.colour)) + " " + located(m.pos, m.feature);
    case MoveKind::CropChoice:
      return m.add ? "crop add" : "crop remove";
    case MoveKind::CropAdd:
      return "add " + fig + " " + located(m.pos, m.feature);
    case MoveKind::CropRemove:
      return "remove " + fig + " " + located(m.pos, m.feature);
    case MoveKind::Wagon:
      return "wagon " + located(m.pos, m.feature);
    case MoveKind::Floor:
      return "floor " + to_string(m.pos);
    case MoveKind::Capture:
      return "capture " + fig + " " + std::string(colour_name(m.colour)) + " " + located(m.pos, m.feature);
    case MoveKind::Exchange:
      return "exchange " + fig;
    case MoveKind::Ransom:
      return "ransom " + fig + " " + std::string(colour_name(m.colour));
    case MoveKind::Fairy:
      return m.on_tile ? "fairy " + to_string(m.pos) : "fairy " + fig + " " + located(m.pos, m.feature);
    case MoveKind::DragonStep:
      return "dragon " + to_string(m.pos);
  }
  return "?";
}

namespace {
std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> w;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != '\t') ++j;
    if (j > i) w.push_back(text.substr(i, j - i));
    i = j;
  }
  return w;
}
}  // namespace

Result<Move> parse_move(std::string_view text, const TileCatalog& catalog) {
  const auto w = words_of(text);
  const std::string quoted = "'" + std::string(text) + "'";
  if (w.empty()) return fail("empty move");
  auto expect_words = [&](std::size_t n, const char* form) -> Result<bool> {
    if (w.size() != n) return fail(quoted + ": expected '" + form + "'");
    return true;
  };
  auto figure_at = [&](std::size_t i, FigureKind& k) -> Result<bool> {
    if (!parse_figure(w[i], k)) return fail(quoted + ": unknown figure kind '" + std::string(w[i]) + "'");
    return true;
  };
  auto located_at = [&](std::size_t i) -> Result<std::pair<Pos, FeatureAddr>> {
    auto loc = parse_located(w[i]);
    if (!loc) return fail(quoted + ": " + loc.error());
    return loc;
  };
  const std::string_view verb = w[0];
  if (verb == "pass") {
    if (w.size() != 1) return fail(quoted + ": 'pass' takes no arguments");
    return Move::pass();
  }
  if (verb == "place") {
    if (auto ok = expect_words(4, "place TILE x,y ROT"); !ok) return fail(ok.error());
    auto t = catalog.lookup(w[1]);
    if (!t) return fail(quoted + ": unknown tile '" + std::string(w[1]) + "'");
    Pos p;
    if (!parse_pos(w[2], p)) return fail(quoted + ": '" + std::string(w[2]) + "' is not a position " + pos_syntax());
    int rot = 0;
    if (!parse_rotation(w[3], rot))
      return fail(quoted + ": '" + std::string(w[3]) + "' is not a rotation (r0, r90, r180, r270)");
    return Move::place(*t, p, rot);
  }
  if (verb == "deploy" || verb == "return" || verb == "add" || verb == "remove") {
    const bool portal = verb == "deploy" && w.size() == 4 && w[3] == "portal";
    if (w.size() != 3 && !portal)
      return fail(quoted + ": expected '" + std::string(verb) + " KIND x,y:FEATURE" +
                  (verb == "deploy" ? " [portal]'" : "'"));
    FigureKind k;
    if (auto ok = figure_at(1, k); !ok) return fail(ok.error());
    auto loc = located_at(2);
    if (!loc) return fail(loc.error());
    if (verb == "return") {
      if (k != FigureKind::Abbot) return fail(quoted + ": only the abbot returns early ('return abbot x,y:FEATURE')");
      return Move::return_abbot(loc->first, loc->second);
    }
    if (verb == "add") return Move::crop_add(k, loc->first, loc->second);
    if (verb == "remove") return Move::crop_remove(k, loc->first, loc->second);
    return Move::deploy(k, loc->first, loc->second, portal);
  }
  if (verb == "fly") {
    if (auto ok = expect_words(3, "fly KIND ROLL"); !ok) return fail(ok.error());
    FigureKind k;
    if (auto ok = figure_at(1, k); !ok) return fail(ok.error());
    if (w[2].size() != 1 || w[2][0] < '1' || w[2][0] > '3') return fail(quoted + ": the roll is 1, 2 or 3");
    return Move::fly(k, w[2][0] - '0');
  }
  if (verb == "land" || verb == "wagon") {
    if (auto ok = expect_words(2, verb == "land" ? "land x,y:FEATURE" : "wagon x,y:FEATURE"); !ok)
      return fail(ok.error());
    auto loc = located_at(1);
    if (!loc) return fail(loc.error());
    return verb == "land" ? Move::land(loc->first, loc->second) : Move::wagon(loc->first, loc->second);
  }
  auto colour_at = [&](std::size_t i, Colour& c) -> Result<bool> {
    if (!parse_colour(w[i], c)) return fail(quoted + ": unknown colour '" + std::string(w[i]) + "'");
    return true;
  };
  if (verb == "princess" || verb == "capture") {
    if (auto ok = expect_words(
            4, verb == "princess" ? "princess KIND COLOUR x,y:FEATURE" : "capture KIND COLOUR x,y:FEATURE");
        !ok)
      return fail(ok.error());
    FigureKind k;
    if (auto ok = figure_at(1, k); !ok) return fail(ok.error());
    Colour c;
    if (auto ok = colour_at(2, c); !ok) return fail(ok.error());
    auto loc = located_at(3);
    if (!loc) return fail(loc.error());
    return verb == "princess" ? Move::princess(k, c, loc->first, loc->second)
                              : Move::capture(k, c, loc->first, loc->second);
  }
  if (verb == "floor" || verb == "dragon" || (verb == "fairy" && w.size() == 2)) {
    if (auto ok = expect_words(2, verb == "floor" ? "floor x,y" : verb == "dragon" ? "dragon x,y" : "fairy x,y"); !ok)
      return fail(ok.error());
    Pos p;
    if (!parse_pos(w[1], p)) return fail(quoted + ": '" + std::string(w[1]) + "' is not a position " + pos_syntax());
    return verb == "floor" ? Move::floor(p) : verb == "dragon" ? Move::dragon(p) : Move::fairy_tile(p);
  }
  if (verb == "fairy") {
    if (auto ok = expect_words(3, "fairy KIND x,y:FEATURE' or 'fairy x,y"); !ok) return fail(ok.error());
    FigureKind k;
    if (auto ok = figure_at(1, k); !ok) return fail(ok.error());
    auto loc = located_at(2);
    if (!loc) return fail(loc.error());
    return Move::fairy(k, loc->first, loc->second);
  }
  if (verb == "exchange") {
    if (auto ok = expect_words(2, "exchange KIND"); !ok) return fail(ok.error());
    FigureKind k;
    if (auto ok = figure_at(1, k); !ok) return fail(ok.error());
    return Move::exchange(k);
  }
  if (verb == "ransom") {
    if (auto ok = expect_words(3, "ransom KIND COLOUR"); !ok) return fail(ok.error());
    FigureKind k;
    if (auto ok = figure_at(1, k); !ok) return fail(ok.error());
    Colour c;
    if (auto ok = colour_at(2, c); !ok) return fail(ok.error());
    return Move::ransom(k, c);
  }
  if (verb == "crop") {
    if (w.size() == 2 && (w[1] == "add" || w[1] == "remove")) return Move::crop_choice(w[1] == "add");
    return fail(quoted + ": expected 'crop add' or 'crop remove'");
  }
  return fail(quoted + ": unknown move '" + std::string(verb) +
              "' (expected place, deploy, fly, land, return, princess, crop, add, remove, wagon, floor, capture, "
              "exchange, ransom, fairy, dragon or pass)");
}

}  // namespace carc
