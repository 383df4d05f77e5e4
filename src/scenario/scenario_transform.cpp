// Metamorphic transforms of scenarios (scenario_transform.hpp).
#include "scenario/scenario_transform.hpp"

#include <fmt/format.h>

#include <cstdlib>

#include "engine/limits.hpp"
#include "engine/score_event.hpp"

namespace carc {

std::string BoardTransform::name() const {
  std::string out;
  if (quarter & 3) out = rotation_name(quarter & 3);
  if (shift != Pos{}) out += (out.empty() ? "t" : "+t") + to_string(shift);
  return out.empty() ? "id" : out;
}

Pos BoardTransform::apply(Pos p) const {
  Pos r = p;
  switch (quarter & 3) {
    case 1:
      r = {-p.y, p.x};
      break;  // north (0,-1) turns to east (1,0)
    case 2:
      r = {-p.x, -p.y};
      break;
    case 3:
      r = {p.y, -p.x};
      break;
    default:
      break;
  }
  return r + shift;
}

Move BoardTransform::apply(const Move& m) const {
  Move out = m;
  switch (m.kind) {
    case MoveKind::Place:
      out.pos = apply(m.pos);
      out.rot = static_cast<std::uint8_t>(apply_rotation(m.rot));
      if (m.with_bridge) {  // the bridge turns with the board (BC-15)
        out.bridge_pos = apply(m.bridge_pos);
        out.feature = apply(m.feature);
      }
      break;
    case MoveKind::Deploy:
    case MoveKind::ReturnAbbot:
    case MoveKind::Land:
    case MoveKind::Princess:
    case MoveKind::CropAdd:
    case MoveKind::CropRemove:
    case MoveKind::Wagon:
    case MoveKind::Capture:
    case MoveKind::FestivalReturn:
    case MoveKind::Castle:
    case MoveKind::Bridge:
      out.pos = apply(m.pos);
      out.feature = apply(m.feature);
      break;
    case MoveKind::Fairy:  // the tile form has no feature; rotating the default address is harmless
      out.pos = apply(m.pos);
      if (!m.on_tile) out.feature = apply(m.feature);
      break;
    case MoveKind::Floor:
    case MoveKind::DragonStep:
    case MoveKind::Acrobats:
      out.pos = apply(m.pos);
      break;
    case MoveKind::Exchange:
    case MoveKind::Ransom:
    case MoveKind::Pass:
    case MoveKind::Fly:  // the roll is invariant; the target follows the rotated arrow
    case MoveKind::CropChoice:
    case MoveKind::Building:  // always the tile just placed
      break;
  }
  return out;
}

const std::vector<BoardTransform>& metamorphic_transforms() {
  static const std::vector<BoardTransform> all{
      {1, {}}, {2, {}}, {3, {}}, {0, {11, -7}}, {1, {-5, 3}},
  };
  return all;
}

namespace {

class ScenarioMapper {
 public:
  ScenarioMapper(const BoardTransform& t, const TileCatalog& catalog) : t_(t), catalog_(catalog) {}

  // A move as written; moves this notation cannot parse are kept as text.
  MoveText move(const MoveText& m, bool canonical) const {
    if (!m.move) return m;
    MoveText out = m;
    Move mapped = t_.apply(*m.move);
    if (std::abs(mapped.pos.x) > kMaxNotationCoord || std::abs(mapped.pos.y) > kMaxNotationCoord) beyond_ = true;
    if (canonical && mapped.kind == MoveKind::Place && mapped.tile < catalog_.size())
      mapped.rot = catalog_[mapped.tile].canonical_rot[mapped.rot & 3u];
    out.move = mapped;
    out.text = to_string(mapped, catalog_);
    return out;
  }

  std::vector<MoveText> moves(const std::vector<MoveText>& list, bool canonical) const {
    std::vector<MoveText> out;
    out.reserve(list.size());
    for (const auto& m : list) out.push_back(move(m, canonical));
    return out;
  }

  FigureEntry figure(FigureEntry f) const {
    f.pos = t_.apply(f.pos);
    f.feature = t_.apply(f.feature);
    return f;
  }

  std::vector<FigureEntry> figures(const std::vector<FigureEntry>& list) const {
    std::vector<FigureEntry> out;
    out.reserve(list.size());
    for (const auto& f : list) out.push_back(figure(f));
    return out;
  }

  void position(Position& p) const {
    PositionNumbers n;
    const auto wide = [](Pos q) { return WideCoord{q.x, q.y}; };
    for (auto& tile : p.tiles) {
      tile.pos = t_.apply(tile.pos);
      tile.rot = t_.apply_rotation(tile.rot);
      n.tiles.push_back(wide(tile.pos));
    }
    if (p.placed) p.placed = t_.apply(*p.placed);
    if (p.placed) n.placed = wide(*p.placed);
    p.figures = figures(p.figures);
    for (const auto& f : p.figures) n.figures.push_back(wide(f.pos));
    const auto moved = [&](Pos q) {
      const Pos r = t_.apply(q);
      if (!within_position_bounds(r.x, r.y)) beyond_ = true;
      return r;
    };
    if (p.dragon) p.dragon = moved(*p.dragon);
    p.fairy = fairy(p.fairy);
    for (auto& q : p.dragon_path) q = moved(q);
    for (auto& b : p.buildings) b.pos = moved(b.pos);  // Little Buildings: whole tiles
    for (auto& castle : p.castles) {
      castle.feature = t_.apply(castle.feature);
      castle.pos = moved(castle.pos);
    }
    if (p.big_top) p.big_top = moved(*p.big_top);
    for (auto& bridge : p.bridges) {  // a bridge turns with its tile: N-S becomes E-W a quarter round
      bridge.road = t_.apply(bridge.road);
      bridge.pos = moved(bridge.pos);
    }
    for (auto& tower : p.towers) {
      tower.pos = t_.apply(tower.pos);
      if (!within_position_bounds(tower.pos.x, tower.pos.y)) beyond_ = true;
    }
    if (!check_position_bounds(n).empty()) beyond_ = true;
  }

  // "x,y HEIGHT [closed]" with its square moved.
  std::vector<std::string> towers(const std::vector<std::string>& list) const {
    std::vector<std::string> out;
    for (const auto& text : list) {
      auto t = parse_tower_entry(text);
      if (!t) {
        out.push_back(text);
        continue;
      }
      t->pos = t_.apply(t->pos);
      out.push_back(to_string(*t));
    }
    return out;
  }

  // The fairy's square and its host's located feature, moved.
  SetupFairy fairy(SetupFairy f) const {
    if (f.place != FairyPlace::OnTile) return f;
    f.pos = t_.apply(f.pos);
    if (f.host) {
      f.host->pos = t_.apply(f.host->pos);
      f.host->feature = t_.apply(f.host->feature);
    }
    return f;
  }

  // A square written "x,y" (or a word such as "none"), moved.
  std::string square(const std::string& text) const {
    Pos q;
    return parse_pos(text, q) ? to_string(t_.apply(q)) : text;
  }

  // A score event with every part, fairy square and figure moved, back in canonical order.
  std::string score_event(const std::string& text) const {
    auto e = parse_score_event(text);
    if (!e) return text;
    for (auto& part : e->parts) {
      Pos q;
      if (auto at = parse_located(part))
        part = located(t_.apply(at->first), t_.apply(at->second));
      else if (parse_pos(part, q))
        part = to_string(t_.apply(q));
    }
    if (e->figures)
      for (auto& f : *e->figures) {
        const auto sp = f.rfind(' ');
        if (auto at = parse_located(std::string_view(f).substr(sp + 1)))
          f = f.substr(0, sp + 1) + located(t_.apply(at->first), t_.apply(at->second));
      }
    auto moved = parse_score_event(to_string(*e));  // sorts the moved parts and figures again
    return moved ? to_string(*moved) : text;
  }

  // Whether something was moved beyond the bounds (limits.hpp).
  bool beyond() const { return beyond_; }

  void expect(Expect& e) const {
    for (auto* set : {&e.moves, &e.includes, &e.excludes})
      if (*set) **set = moves(**set, true);
    if (e.moves_of)
      for (auto& part : *e.moves_of) part.second = moves(part.second, true);
    if (e.legal)
      for (auto& [m, verdict] : *e.legal) m = move(m, false);
    for (auto* list : {&e.returned, &e.figures})
      if (*list) **list = figures(**list);
    if (e.towers) *e.towers = towers(*e.towers);
    if (e.dragon) *e.dragon = square(*e.dragon);
    if (e.dragon_path)
      for (auto& q : *e.dragon_path) q = square(q);
    if (e.fairy)
      if (auto f = parse_fairy_entry(*e.fairy)) *e.fairy = to_string(fairy(*f));
    if (e.scored)
      for (auto& text : *e.scored) text = score_event(text);
  }

 private:
  const BoardTransform& t_;
  const TileCatalog& catalog_;
  mutable bool beyond_ = false;
};

}  // namespace

Scenario transform_scenario(const Scenario& s, const BoardTransform& t, const TileCatalog& catalog) {
  const ScenarioMapper map(t, catalog);
  Scenario out = s;
  out.id += "@" + t.name();
  map.position(out.position);
  out.apply = map.moves(s.apply, false);
  for (auto& v : out.variants)  // a variant's own moves (scenarios/README.md "Moves per branch")
    if (v.apply) v.apply = map.moves(*v.apply, false);
  for_each_expect(out, [&map](Expect& e, ExpectSite) { map.expect(e); });  // checkpoints too
  if (map.beyond())
    out.problem(s.loc, fmt::format("transformed by {}, the board leaves the bounds of a position (coordinates within "
                                   "{}..{}, moves within {}..{})",
                                   t.name(), -kMaxCoord, kMaxCoord, -kMaxNotationCoord, kMaxNotationCoord));
  return out;
}

}  // namespace carc
