#pragma once
// Builds engine positions from the canonical notation for tests.
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "engine/movegen.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"
#include "engine_snapshot.hpp"

namespace carc::test {

// Seats in position()'s order, and the follower, as the tests name them.
inline constexpr int kRed = 0, kBlue = 1, kGreen = 2;
inline constexpr auto F = FigureKind::Follower;

// The project's tiles, built by the engine alone (engine_snapshot.hpp).
inline const TileCatalog& cat() { return snapshot_catalog(); }

inline TileTypeId tile(const std::string& id) {
  auto t = cat().lookup(id);
  REQUIRE(t.has_value());
  return *t;
}

inline Move move(const std::string& text) {
  auto m = parse_move(text, cat());
  INFO(text);
  REQUIRE(m.ok());
  return *m;
}

inline FeatureAddr addr(const std::string& text) {
  auto a = parse_feature_addr(text);
  REQUIRE(a.ok());
  return *a;
}

struct Figure {
  int player;
  FigureKind kind;
  std::string where;  // "x,y:feature"
};

// tiles: "ID x,y rN"; players red, blue, ... each owning `followers` followers plus `extra` kinds.
// Built as a position value (engine/setup.hpp) through State::from.
inline State position(const std::vector<std::string>& tiles, int players = 2, const std::vector<Figure>& figures = {},
                      const RuleSet& rules = RuleSet{},
                      std::vector<FigureKind> extra = {FigureKind::Abbot, FigureKind::Large}) {
  std::vector<Colour> seats;
  for (int i = 0; i < players; ++i) seats.push_back(static_cast<Colour>(i));
  Setup setup = Setup::with_seats(seats);
  for (const auto& t : tiles) {
    auto m = parse_move("place " + t, cat());
    INFO(t);
    REQUIRE(m.ok());
    setup.tiles.push_back({m->tile, m->pos, m->rot});
  }
  for (auto& supply : setup.supply) {
    supply[static_cast<std::size_t>(FigureKind::Follower)] = 7;
    for (auto k : extra) supply[static_cast<std::size_t>(k)] = 1;
  }
  for (const auto& f : figures) {
    auto loc = parse_located(f.where);
    REQUIRE(loc.ok());
    setup.figures.push_back({seats[static_cast<std::size_t>(f.player)], f.kind, loc->first, loc->second});
    --setup.supply[static_cast<std::size_t>(f.player)]
                  [static_cast<std::size_t>(f.kind)];  // owned = in hand + on the board
  }
  auto s = State::from(cat(), rules, setup);
  INFO((s ? std::string() : s.error()));
  REQUIRE(s.ok());
  return std::move(*s);
}

// A position written in the position value's text form (engine/setup.hpp), built through State::from.
inline Result<State> build(const std::string& text, const RuleSet& rules = RuleSet{}) {
  auto setup = parse_setup(text, cat());
  if (!setup) return fail(setup.error());
  return State::from(cat(), rules, *setup);
}

// The same, required to be a legal position.
inline State must_build(const std::string& text, const RuleSet& rules = RuleSet{}) {
  auto st = build(text, rules);
  INFO(text);
  INFO((st ? std::string() : st.error()));
  REQUIRE(st.ok());
  return std::move(*st);
}

inline std::vector<FigureKind> all_figures() {
  return {FigureKind::Large,   FigureKind::Abbot, FigureKind::Mayor,  FigureKind::Wagon,
          FigureKind::Builder, FigureKind::Pig,   FigureKind::Phantom};
}

inline RuleSet rules_with(std::initializer_list<std::pair<const char*, const char*>> switches) {
  RuleSet r;
  for (const auto& [k, v] : switches) REQUIRE(r.set(k, v).ok());
  return r;
}

// The legal moves as sorted canonical strings.
inline std::vector<std::string> move_strings(const State& s) {
  std::vector<std::string> out;
  for (const Move& m : legal_moves(s)) out.push_back(to_string(m, s.catalog()));
  std::sort(out.begin(), out.end());
  return out;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Puts `id` in the active player's hand (phase tile).
inline void in_hand(State& s, const std::string& id, int active = 0) {
  REQUIRE(s.setup_turn(active, Phase::Tile, tile(id), std::nullopt).ok());
}

inline void play(State& s, const std::vector<std::string>& moves, std::vector<Event>* ev = nullptr) {
  for (const auto& text : moves) {
    INFO(text);
    const Reason r = s.apply(move(text), ev);
    INFO(reason_name(r));
    REQUIRE(r == Reason::Ok);
    INFO(s.check_invariants());
    REQUIRE(s.check_invariants().empty());
  }
}

inline bool has_move(const State& s, const std::string& text) {
  const Move m = move(text);
  for (const Move& l : legal_moves(s))
    if (l == m) return true;
  return false;
}

}  // namespace carc::test
