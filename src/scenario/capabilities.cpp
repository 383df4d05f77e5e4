#include "scenario/capabilities.hpp"

#include <algorithm>

#include "data/oracle_data.hpp"
#include "engine/events.hpp"
#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/move.hpp"
#include "engine/state.hpp"
#include "scenario/scenario.hpp"

namespace carc {

const std::vector<std::string_view>& capability_names() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& c : capability_table()) out.push_back(c.name);
    return out;
  }();
  return names;
}

bool is_capability(std::string_view name) {
  const auto& n = capability_names();
  return std::find(n.begin(), n.end(), name) != n.end();
}

std::string_view figure_capability(FigureKind k) { return figure_table()[static_cast<std::size_t>(k)].capability; }

// From the engine's move vocabulary (move_forms): the capability of the form the text is
// written in. `deploy` has three forms, told apart by the tower address and the portal word;
// `place` two, the second carrying a bridge (BC-19).
std::string_view verb_capability(std::string_view move_text) {
  const std::string_view verb = move_text.substr(0, move_text.find(' '));
  if (verb == "deploy") {
    if (move_text.find(":tower") != std::string_view::npos) return "tower";
    if (move_text.find(":acrobat") != std::string_view::npos) return "big-top";
    if (move_text.size() > 7 && move_text.substr(move_text.size() - 7) == " portal") return "portal";
    return {};
  }
  if (verb == "place") return move_text.find(" bridge ") != std::string_view::npos ? "bridges" : std::string_view();
  for (const auto& form : move_forms())
    if (form.syntax.substr(0, form.syntax.find(' ')) == verb)
      return form.room == "base" ? std::string_view() : form.room;
  return {};
}

// Figure capabilities follow engine_supports(); the others are the tile features
// with rules of their own that the engine models (engine_expansions()).
const std::vector<std::string>& engine_capabilities() {
  static const std::vector<std::string> caps = [] {
    std::vector<std::string> out{"base"};
    for (int k = 0; k < kFigureKinds; ++k) {
      const auto kind = static_cast<FigureKind>(k);
      if (kind != FigureKind::Follower && engine_supports(kind)) out.emplace_back(figure_capability(kind));
    }
    for (const auto name : engine_expansions()) out.emplace_back(name);
    return out;
  }();
  return caps;
}

bool engine_models(std::string_view capability) {
  const auto& c = engine_capabilities();
  return std::find(c.begin(), c.end(), capability) != c.end();
}

namespace {

class UseCollector {
 public:
  // gardens: whether a garden tile needs `abbot` (up to protocol 6, or with an abbot in play).
  UseCollector(std::vector<Use>& out, bool gardens) : out_(out), gardens_(gardens) {}

  void add(std::string_view cap, const std::string& what) {
    if (cap.empty() || cap == "base") return;
    for (const auto& u : out_)
      if (u.capability == cap) return;
    out_.push_back({std::string(cap), what});
  }
  // A room's flag, when set: its capability, named as its declaration says.
  void flag(const Position& p, const FlagKey& k) {
    if (!p.flags[k]) return;
    const std::string key = "position." + std::string(k.key);
    add(k.capability, k.use.empty() ? key : std::string(k.use) + " (" + key + ")");
  }
  void count(const Position& p, const SeatCountKey& k) {
    if (p.counts[k].empty()) return;
    const std::string key(k.key);
    add(k.capability, key + " (position." + key + ")");
  }
  void figure(FigureKind k, const std::string& what) { add(figure_capability(k), what); }
  void figure_entry(const FigureEntry& f, const std::string& what) {
    figure(f.kind, what);
    if (f.feature.kind == FeatureKind::Tower) add("tower", what);
    if (f.feature.kind == FeatureKind::Acrobat) add("big-top", what);
  }
  void tile(TileTypeId t, const std::string& where) {
    const auto& cat = builtin_catalog();
    if (t >= cat.size()) return;
    const TileDef& d = cat[t];
    const std::string what = "tile " + d.id + where;
    for (const auto& f : d.features) {
      if (f.kind == FeatureKind::Garden && !gardens_) continue;  // only the tile's art (protocol 7)
      add(feature_capability(f.kind), std::string(feature_kind_name(f.kind)) + " " + what);
      if (f.princess) add("princess", "princess " + what);
    }
  }
  void move(const MoveText& m) {
    const std::string what = "move '" + echo(m.text) + "'";
    if (auto cap = verb_capability(m.text); !cap.empty()) return add(cap, what);
    if (!m.move) return;
    if (m.move->kind == MoveKind::Place) tile(m.move->tile, "");
    if (m.move->kind == MoveKind::Deploy || m.move->kind == MoveKind::ReturnAbbot) figure(m.move->figure, what);
    if ((m.move->kind == MoveKind::Deploy || m.move->kind == MoveKind::Land) &&
        m.move->feature.kind == FeatureKind::Acrobat)
      add("big-top", what);
  }
  void moves(const std::optional<std::vector<MoveText>>& ms) {
    if (ms)
      for (const auto& m : *ms) move(m);
  }
  void expect(const Expect& e) {
    moves(e.moves);
    moves(e.includes);
    moves(e.excludes);
    if (e.moves_of)
      for (const auto& part : *e.moves_of)
        for (const auto& m : part.second) move(m);
    if (e.legal)
      for (const auto& [m, reason] : *e.legal) move(m);
    for (const auto* list : {&e.returned, &e.figures})
      if (*list)
        for (const auto& f : **list) figure_entry(f, "figure '" + to_string(f) + "' in expect");
    if (e.towers) add("tower", "towers in expect");
    if (e.floors) add("tower", "floors in expect");
    if (e.prisoners) add("tower", "prisoners in expect");
    if (e.dragon) add("dragon", "dragon in expect");
    if (e.set_aside) add("dragon", "set_aside in expect");
    if (e.dragon_path) add("dragon", "dragon_path in expect");
    if (e.phase && *e.phase == "dragon") add("dragon", "phase dragon in expect");
    if (e.fairy) add("fairy", "fairy in expect");
    if (e.supply)
      for (const auto& [colour, kinds] : *e.supply)
        for (const auto& [kind, n] : kinds) figure(kind, std::string(figure_name(kind)) + " in the expected supply");
  }

 private:
  std::vector<Use>& out_;
  bool gardens_ = true;
};

// Every use of the scenario, gardens counted or not.
std::vector<Use> collect_uses(const Scenario& s, bool gardens) {
  std::vector<Use> out;
  UseCollector c(out, gardens);
  const Position& p = s.position;
  for (const auto& f : p.figures) c.figure_entry(f, "figure '" + to_string(f) + "'");
  if (!p.towers.empty()) c.add("tower", "towers (position.towers)");
  c.count(p, kFloorsKey);
  if (!p.prisoners.empty()) c.add("tower", "prisoners (position.prisoners)");
  c.flag(p, kRansomPaidKey);
  if (p.dragon) c.add("dragon", "position.dragon");
  if (!p.set_aside.empty()) c.add("dragon", "set_aside (position.set_aside)");
  for (const auto t : p.set_aside) c.tile(t, " set aside");
  if (!p.dragon_path.empty() || p.phase == "dragon") c.add("dragon", "position.dragon_path / phase dragon");
  if (p.fairy.place != FairyPlace::Absent) c.add("fairy", "position.fairy");
  if (!p.building_supply.empty()) c.add("little-buildings", "position.building_supply");
  if (!p.buildings.empty()) c.add("little-buildings", "position.buildings");
  c.count(p, kCastleTokensKey);
  if (!p.castles.empty()) c.add("castles", "castles (position.castles)");
  if (p.big_top) c.add("big-top", "position.big_top");
  if (p.animal_tokens) c.add("big-top", "position.animal_tokens");
  c.count(p, kBridgeTokensKey);
  if (!p.bridges.empty()) c.add("bridges", "bridges (position.bridges)");
  c.flag(p, kBridgeBuiltKey);
  for (const auto& [colour, counts] : p.supply)
    for (int k = 0; k < kFigureKinds; ++k)
      if (counts[static_cast<std::size_t>(k)] > 0)
        c.figure(static_cast<FigureKind>(k), std::string(colour_name(colour)) + "'s supply of " +
                                                 std::string(figure_name(static_cast<FigureKind>(k))));
  for (const auto& t : p.tiles) c.tile(t.tile, " at " + to_string(t.pos));
  c.tile(p.in_hand, " in hand");
  if (!p.rolls.empty()) c.add("flier", "die rolls (position.rolls)");
  c.flag(p, kSecondTileKey);
  for (const auto t : p.pile) c.tile(t, " in the pile");
  for_each_apply(s, [&c](const std::vector<MoveText>& moves, const Variant*) {  // each variant's own moves too
    for (const auto& m : moves) c.move(m);
  });
  for_each_expect(s, [&c](const Expect& e, ExpectSite) { c.expect(e); });  // checkpoints too
  return out;
}

}  // namespace

// Without gardens the only uses of `abbot` are the abbot itself: a figure, a supply, a move or an
// expectation naming one.
bool abbot_in_play(const Scenario& s) {
  const auto uses = collect_uses(s, false);
  return std::any_of(uses.begin(), uses.end(), [](const Use& u) { return u.capability == "abbot"; });
}

std::vector<Use> inferred_uses(const Scenario& s, int protocol_version) {
  return collect_uses(s, protocol_version < kGardenAloneIsBaseVersion || abbot_in_play(s));
}

std::vector<std::string> required_capabilities(const Scenario& s, int protocol_version) {
  std::vector<std::string> out = s.required;
  out.emplace_back("base");
  for (const auto& u : inferred_uses(s, protocol_version)) out.push_back(u.capability);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> missing_capabilities(const Scenario& s, const std::vector<std::string>& has,
                                              int protocol_version) {
  std::vector<std::string> out;
  for (const auto& c : required_capabilities(s, protocol_version))
    if (std::find(has.begin(), has.end(), c) == has.end()) out.push_back(c);
  return out;
}

}  // namespace carc
