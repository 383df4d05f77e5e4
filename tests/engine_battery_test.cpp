// The random-playout battery (issue 2): complete seeded games with players
// choosing among legal_moves; after every apply the invariants hold,
// is_legal agrees with legal_moves, and the final scores equal the sum of the
// score events. CARC_BATTERY_GAMES overrides the number of games (sanitizer builds use fewer).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "engine/game.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

namespace {

int games_to_play() {
  if (const char* env = std::getenv("CARC_BATTERY_GAMES")) return std::max(1, std::atoi(env));
  return 1000;
}

// Brute force over candidate moves: everything is_legal accepts must be listed
// (up to rotation symmetry), and everything listed must be accepted.
void check_agreement(const State& s, const MoveList& moves) {
  for (const Move& m : moves) {
    INFO(to_string(m, s.catalog()));
    REQUIRE(is_legal(s, m) == Reason::Ok);
  }
  auto listed = [&](const Move& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); };
  if (s.phase() == Phase::Tile && s.in_hand() != kNoTile) {
    const TileDef& d = s.catalog()[s.in_hand()];
    std::set<std::pair<int, int>> tried;
    for (int t = 0; t < s.board().tile_count(); ++t) {
      const Pos p = s.board().tile(t).pos;
      for (const Pos off : kRingOffset) {
        const Pos q = p + off;
        if (!tried.insert({q.x, q.y}).second) continue;
        for (int r = 0; r < 4; ++r) {
          Move m = Move::place(s.in_hand(), q, r);
          const bool legal = is_legal(s, m) == Reason::Ok;
          m.rot = d.canonical_rot[static_cast<std::size_t>(r)];
          INFO(to_string(m, s.catalog()));
          REQUIRE(legal == listed(m));
        }
      }
    }
  } else if (s.phase() == Phase::Figure) {
    const Board& b = s.board();
    const int t = s.placed_tile();
    for (int local = 0; local < b.tile(t).nfeatures; ++local) {
      for (int k = 0; k < kFigureKinds; ++k) {
        const Move m = Move::deploy(static_cast<FigureKind>(k), b.tile(t).pos, b.def(t).address(local, b.tile(t).rot));
        INFO(to_string(m, s.catalog()));
        REQUIRE((is_legal(s, m) == Reason::Ok) == listed(m));
      }
    }
    for (const BoardFigure& f : s.figures()) {
      const Move m = Move::return_abbot(b.node_pos(f.node), b.node_addr(f.node));
      REQUIRE((is_legal(s, m) == Reason::Ok) == listed(m));
    }
    REQUIRE(listed(Move::pass()));
  }
}

}  // namespace

TEST_CASE("Random playouts keep every invariant and agree with is_legal", "[battery]") {
  const int games = games_to_play();
  const char* rulesets[] = {"fs3-field-3", "fs2-field-3-once", "fs1-city-4"};
  MoveList moves;
  std::vector<Event> events;
  for (int g = 0; g < games; ++g) {
    GameSetup setup;
    const int players = 2 + g % 5;
    for (int p = 0; p < players; ++p) setup.seats.push_back(static_cast<Colour>(p));
    setup.edition = g % 3 == 0 ? "C1" : "C3";
    setup.figures = default_figures(setup.edition);
    if (g % 2) setup.figures[static_cast<std::size_t>(FigureKind::Large)] = 1;
    if (g % 4 == 1) setup.figures[static_cast<std::size_t>(FigureKind::Mayor)] = 1;
    setup.seed = static_cast<std::uint64_t>(g) + 1;
    RuleSet rules;
    REQUIRE(rules.set("farmer-scoring", rulesets[g % 3]).ok());
    if (g % 7 == 0) REQUIRE(rules.set("tiny-city-scoring", "2").ok());
    auto game = new_game(cat(), rules, setup);
    REQUIRE(game.ok());
    State s = std::move(*game);
    SplitMix64 rng(setup.seed * 7919);
    std::vector<int> scored(static_cast<std::size_t>(players), 0);
    int placed = 1, discarded = 0;
    INFO("game " << g << " seed " << setup.seed);
    while (s.phase() != Phase::GameOver) {
      legal_moves(s, moves);
      REQUIRE_FALSE(moves.empty());
      if (g % 10 == 0) check_agreement(s, moves);
      const Move m = moves[rng.below(moves.size())];
      events.clear();
      REQUIRE(s.apply(m, &events) == Reason::Ok);
      const std::string broken = s.check_invariants();
      INFO(broken);
      REQUIRE(broken.empty());
      for (const Event& e : events) {
        if (e.kind == EventKind::FeatureScored) scored[static_cast<std::size_t>(e.player)] += e.points;
        if (e.kind == EventKind::TileDiscarded) ++discarded;
      }
      placed += m.kind == MoveKind::Place;
    }
    CHECK(placed + discarded == 72);
    for (int p = 0; p < players; ++p) CHECK(s.player(p).score == scored[static_cast<std::size_t>(p)]);
  }
}

TEST_CASE("A state copies by value and the copy evolves independently", "[battery]") {
  GameSetup setup;
  setup.seats = {Colour::Red, Colour::Blue};
  setup.figures = default_figures("C3");
  auto game = new_game(cat(), RuleSet{}, setup);
  REQUIRE(game.ok());
  State a = *game;
  State b = a;
  const Move m = legal_moves(a).front();
  REQUIRE(a.apply(m) == Reason::Ok);
  CHECK(b.board().tile_count() == 1);
  CHECK(a.board().tile_count() == 2);
  CHECK(b.phase() == Phase::Tile);
}
