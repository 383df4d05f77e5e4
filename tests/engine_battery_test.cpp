// The random-playout battery (issue 2): complete seeded games with players
// choosing among legal_moves; after every apply the invariants hold,
// is_legal agrees with legal_moves, legal_turns agrees with each placement
// applied (issue 14), every position with a snapshot round-trips its text form
// and rebuilds through State::from with the same legal moves (issue 16), and
// the final scores equal the sum of the score events.
// CARC_BATTERY_GAMES overrides the number of games (sanitizer builds use fewer).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>

#include "brute_force.hpp"
#include "engine/game.hpp"
#include "engine/legality.hpp"
#include "engine/movegen.hpp"
#include "engine/rooms.hpp"
#include "engine/setup.hpp"
#include "engine_fixture.hpp"
#include "turns_check.hpp"

using namespace carc;
using namespace carc::test;

namespace {

int games_to_play() {
  if (const char* env = std::getenv("CARC_BATTERY_GAMES")) return std::max(1, std::atoi(env));
  return 1000;
}

// Brute force over a superset of the moves of the current phase
// (brute_force.hpp): everything is_legal accepts must be listed (placements up
// to rotation symmetry), everything listed must be accepted, and the superset
// must contain every listed move.
void check_agreement(const State& s, const MoveList& moves) {
  // Texts only for a failure: building one per move and candidate was half the battery's time.
  const auto text = [&](const Move& m) { return to_string(m, s.catalog()); };
  for (const Move& m : moves)
    if (const Reason r = is_legal(s, m); r != Reason::Ok)
      FAIL(text(m) << " is listed but is_legal answers " << reason_name(r));
  auto listed = [&](const Move& m) { return std::find(moves.begin(), moves.end(), m) != moves.end(); };
  const MoveList candidates = candidate_moves(s);
  for (const Move& c : candidates) {
    const bool legal = is_legal(s, c) == Reason::Ok;
    if (legal != listed(canonical(s, c)))
      FAIL(text(c) << " in phase " << phase_name(s.phase())
                   << (legal ? ": is_legal accepts it but it is not listed" : ": listed but is_legal refuses it"));
  }
  for (const Move& m : moves)
    if (std::find(candidates.begin(), candidates.end(), m) == candidates.end())
      FAIL(text(m) << " is listed but not among the brute-force candidates");
}

// The position value (issue 16): where the state has a Setup, its text form
// parses back to it and (when rebuild) State::from rebuilds a state with the
// same legal moves, in the same order.
bool check_snapshot(const State& s, const MoveList& moves, bool rebuild) {
  const auto snap = snapshot(s);
  if (!snap) return false;
  const std::string text = to_string(*snap, s.catalog());
  INFO(text);
  auto parsed = parse_setup(text, s.catalog());
  REQUIRE(parsed.ok());
  REQUIRE(*parsed == *snap);
  if (!rebuild) return true;
  auto rebuilt = State::from(s.catalog(), s.rules(), *snap);
  INFO((rebuilt ? std::string() : rebuilt.error()));
  REQUIRE(rebuilt.ok());
  if (snap->bridges.empty()) {
    REQUIRE(legal_moves(*rebuilt) == moves);
    return true;
  }
  // A bridge's road node is numbered when its tile is set up, not when it was built (BC-15), so
  // moves listed in node order may come in another order: the same moves, as texts.
  std::vector<std::string> want, got;
  for (const Move& m : moves) want.push_back(to_string(m, s.catalog()));
  for (const Move& m : legal_moves(*rebuilt)) got.push_back(to_string(m, s.catalog()));
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  REQUIRE(got == want);
  return true;
}

// Switch values the battery rotates through, so every rule path runs.
const std::vector<std::pair<const char*, const char*>> kVariants{
    {"farmer-scoring", "fs2-field-3-once"},
    {"farmer-scoring", "fs1-city-4"},
    {"tiny-city-scoring", "2"},
    {"farmers", "off"},
    {"wagon-move", "C1-connected"},
    {"builder-second-tile", "immediately"},
    {"builder-pig-are-followers", "true"},
    {"flier-eligible-figures", "standard-and-large-only"},
    {"phantom-after-crashed-flight", "allowed"},
    {"flier-distance", "existing-tiles"},
    {"phantom-flier-occupied", "forbidden"},
    {"phantom-after-non-follower-action", "only-after-meeple-placement"},
    {"crop-add-compulsion", "mandatory-if-possible"},
    {"crop-add-where", "anywhere-in-feature"},
    {"crop-add-figures", "regular-only"},
    {"portal-to-completed-feature", "allowed"},
    {"princess-action", "must"},
    {"princess-large-follower", "only-if-last"},
    {"abbot-return-excludes-other-actions", "meeples-only"},
    {"dragon-move", "after-scoring"},
    {"fairy-placement", "on-tile"},
    {"fairy-after-volcano", "forbidden"},
    {"fairy-protects-from-tower", "yes"},
    {"fairy-bonus-final-scoring", "no"},
    {"fairy-on-tile-turn-points", "per-figure"},
    {"dragon-tile-deployment", "forbidden"},
    {"volcano-tile-deployment", "never"},
    {"festival-return", "follower"},
    {"little-buildings-scoring", "3/2/1"},
    {"little-buildings-split", "per-type"},
    {"castle-converters", "active-only"},
    {"acrobat-reach", "plus-portal-anywhere"},
    {"ringmaster-bonus-needs-majority", "yes"},
    {"flier-as-acrobat", "allowed"},
    {"phantom-as-acrobat", "allowed"},
    {"tower-captures-castle-occupant", "no"},
    {"dragon-eats-tower-top", "no"},
    {"exchange-chooser", "holder"}};

}  // namespace

namespace {

// Games [first, last) of the battery; the two halves are two test cases, so ctest -j2 runs them side by side.
void random_playouts(int first, int last) {
  const int games = last - first;
  MoveList moves, unplayed;
  std::vector<Event> events;
  std::array<int, kVerbs.size()> kinds_played{};  // per MoveKind: the battery must reach every kind of decision
  int snapshots = 0;
  for (int g = first; g < last; ++g) {
    GameSetup setup;
    const int players = 2 + g % 5;
    for (int p = 0; p < players; ++p) setup.seats.push_back(static_cast<Colour>(p));
    setup.edition = g % 3 == 0 ? "C1" : "C2";
    setup.figures = default_figures(setup.edition);
    // Every other game brings the expansions and every figure (one of each kind).
    if (g % 2) {
      for (const char* set : {"flier", "crop-circles", "princess-dragon", "tower", "festival", "bridges-castles"})
        if (cat().set(set)) setup.sets.push_back(set);
      if (setup.edition != "C1") setup.sets.push_back("big-top");  // C2 only (BT-15)
      for (const FigureKind k : {FigureKind::Large, FigureKind::Mayor, FigureKind::Wagon, FigureKind::Builder,
                                 FigureKind::Pig, FigureKind::Phantom, FigureKind::Ringmaster})
        setup.figures[static_cast<std::size_t>(k)] = 1;
    }
    setup.seed = static_cast<std::uint64_t>(g) + 1;
    setup.little_buildings = g % 2 == 1;
    setup.bridges = g % 4 == 1 || g % 4 == 2;  // with and without the other expansions (BC-15)
    RuleSet rules;
    // Two switches per game, rotating through the list; the pig needs per-field farmer scoring.
    for (std::size_t v :
         {static_cast<std::size_t>(g) % kVariants.size(), static_cast<std::size_t>(g * 7 + 3) % kVariants.size()}) {
      const auto [key, value] = kVariants[v];
      if (g % 2 && std::string(key) == "farmer-scoring") continue;
      REQUIRE(rules.set(key, value).ok());
    }
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
      if (g % 5 == 0) check_agreement(s, moves);
      // Every position round-trips its text; every third game (both parities: with and without
      // the expansions) also rebuilds each one, which costs about half the battery's time again.
      snapshots += check_snapshot(s, moves, g % 3 == 0);
      // legal_turns against each placement applied (about 0.3 s a game in the dev build):
      // every 23rd game, whose stride walks through the player counts, sets, editions and switches.
      if (g % 23 == 0) CHECK(legal_turns_differences(s) == std::vector<std::string>{});
      // A random legal move; a kind of move this run has not played yet is taken when one is legal
      // (the rare ones would otherwise go untried), and while no pyramid was scored, a meeple onto
      // an acrobat space too (a pyramid needs three before `acrobats` is legal).
      // The rarest, the tower's exchange (a capture of a player who holds two kinds of the capturer's
      // figures), is steered to the same way: until one was played, tower floors and captures are
      // taken when legal, so prisoners pile up on every side.
      unplayed.clear();
      const bool no_pyramid_yet = kinds_played[static_cast<std::size_t>(MoveKind::Acrobats)] == 0;
      const bool no_exchange_yet = kinds_played[static_cast<std::size_t>(MoveKind::Exchange)] == 0;
      for (const Move& c : moves)
        if (kinds_played[static_cast<std::size_t>(c.kind)] == 0 ||
            (no_pyramid_yet && c.kind == MoveKind::Deploy && c.feature.kind == FeatureKind::Acrobat) ||
            (no_exchange_yet && (c.kind == MoveKind::Floor || c.kind == MoveKind::Capture)))
          unplayed.push_back(c);
      const Move m = unplayed.empty() ? moves[rng.below(moves.size())] : unplayed[rng.below(unplayed.size())];
      ++kinds_played[static_cast<std::size_t>(m.kind)];
      events.clear();
      REQUIRE(s.apply(m, &events) == Reason::Ok);
      const std::string broken = s.check_invariants();
      INFO(broken);
      REQUIRE(broken.empty());
      for (const Event& e : events) {
        if (e.kind == EventKind::FeatureScored || e.kind == EventKind::FairyPoints ||
            e.kind == EventKind::BigTopScored || e.kind == EventKind::RingmasterBonus ||
            e.kind == EventKind::AcrobatsScored)
          scored[static_cast<std::size_t>(e.player)] += e.points;
        if (e.kind == EventKind::PrisonerFreed && e.points > 0) {  // a ransom (TO-08): zero-sum
          scored[static_cast<std::size_t>(e.player)] -= e.points;
          scored[static_cast<std::size_t>(e.other)] += e.points;
        }
        if (e.kind == EventKind::TileDiscarded) ++discarded;
      }
      placed += m.kind == MoveKind::Place;
    }
    std::size_t total = 0;
    for (const auto& set : setup.sets) total += cat().tiles_of(set, setup.edition)->size();
    // Tiles conserved: placed, discarded, or still set aside when the pile ran out (PD-16).
    CHECK(static_cast<std::size_t>(placed + discarded) + s.dragon_fairy().set_aside.size() == total);
    for (int p = 0; p < players; ++p) CHECK(s.player(p).score == scored[static_cast<std::size_t>(p)]);
  }
  CHECK(snapshots > games * 20);  // tile and figure decisions: most of a game's positions
  // Every kind of move is reached, by the full battery (500 games a half) and by the sanitizer
  // builds' 100 a half alike (the steering above reaches even the exchange).
  for (std::size_t k = 0; k < kinds_played.size(); ++k) {
    INFO("move kind " << k << " (MoveKind, engine/move.hpp) never played in games " << first << " to " << last - 1);
    CHECK(kinds_played[k] > 0);
  }
}

}  // namespace

TEST_CASE("Random playouts keep every invariant and agree with is_legal and legal_turns (first half)", "[battery]") {
  random_playouts(0, games_to_play() / 2);
}

TEST_CASE("Random playouts keep every invariant and agree with is_legal and legal_turns (second half)", "[battery]") {
  random_playouts(games_to_play() / 2, games_to_play());
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

namespace {

// A game with every set and figure the edition allows (the pig only under per-field farmer scoring).
GameSetup preset_game(const SnapshotPreset& p, const RuleSet& rules, int players, bool expansions, std::uint64_t seed) {
  GameSetup setup;
  for (int i = 0; i < players; ++i) setup.seats.push_back(static_cast<Colour>(i));
  setup.edition = p.edition.substr(0, 2);  // the tile edition: C3.1 plays the C3 tiles
  setup.figures = default_figures(setup.edition);
  setup.seed = seed;
  if (!expansions) return setup;
  for (const char* set : {"flier", "crop-circles", "princess-dragon"})
    if (cat().set(set) && cat().tiles_of(set, setup.edition)) setup.sets.push_back(set);
  for (const FigureKind k : {FigureKind::Large, FigureKind::Mayor, FigureKind::Wagon, FigureKind::Builder,
                             FigureKind::Pig, FigureKind::Phantom})
    if (k != FigureKind::Pig || rules.farmer_scoring() == FarmerScoring::Fs3Field3)
      setup.figures[static_cast<std::size_t>(k)] = 1;
  return setup;
}

}  // namespace

// The battery above rotates single switches over the defaults; this runs the
// presets themselves (their switch combinations and editions), checking
// legal_moves against the brute force and legal_turns against each placement
// applied at every decision of every game.
TEST_CASE("Random playouts under every ruleset preset agree with the brute force at every decision",
          "[battery][presets]") {
  MoveList moves;
  const int last = games_to_play() >= 1000 ? 0 : 1;  // sanitizer builds: only the game with every expansion
  for (const SnapshotPreset& p : snapshot_presets()) {
    const RuleSet rules = snapshot_rules(p);
    for (int g = 1; g >= last; --g) {
      const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(g);
      auto game = new_game(cat(), rules, preset_game(p, rules, 2 + g * 2, g == 1, seed));
      INFO("preset " << p.name << " game " << g << ": " << (game ? std::string() : game.error()));
      REQUIRE(game.ok());
      State s = std::move(*game);
      SplitMix64 rng(seed);
      while (s.phase() != Phase::GameOver) {
        legal_moves(s, moves);
        REQUIRE_FALSE(moves.empty());
        check_agreement(s, moves);
        CHECK(legal_turns_differences(s) == std::vector<std::string>{});
        REQUIRE(s.apply(moves[rng.below(moves.size())]) == Reason::Ok);
        REQUIRE(s.check_invariants().empty());
      }
    }
  }
}
