// `carc-oracle play`: a complete seeded game between players choosing uniformly
// among legal_moves, printed in the canonical notation with every score event.
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <charconv>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/game_options.hpp"
#include "data/oracle_data.hpp"
#include "engine/game.hpp"
#include "engine/limits.hpp"
#include "engine/movegen.hpp"

namespace carc {

Result<std::array<int, kFigureKinds>> parse_figures(const std::string& spec, const std::string& edition) {
  if (spec.empty()) return default_figures(edition);
  std::array<int, kFigureKinds> f{};
  std::stringstream ss(spec);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto eq = item.find('=');
    FigureKind k;
    if (!parse_figure(item.substr(0, eq), k))
      return fail(fmt::format("--figures: unknown figure kind '{}'", echo(item.substr(0, eq))));
    int n = 1;
    if (eq != std::string::npos) {
      const std::string count = item.substr(eq + 1);
      const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
      if (ec != std::errc() || end != count.data() + count.size() || n < 0 || n > kMaxFiguresOfKind)
        return fail(
            fmt::format("--figures: '{}' needs a count from 0 to {}, e.g. follower=7", echo(item), kMaxFiguresOfKind));
    }
    f[static_cast<std::size_t>(k)] = n;
  }
  return f;
}

Result<GameSetup> game_setup_of(const PlayOptions& o) {
  const Preset* preset = find_preset(o.ruleset);
  if (!preset) return fail(ruleset_named(o.ruleset).error());
  GameSetup setup;
  setup.edition = !o.edition.empty() ? o.edition : preset->edition == "C3.1" ? "C3" : preset->edition;
  auto figures = parse_figures(o.figures, setup.edition);
  if (!figures) return fail(figures.error());
  setup.figures = *figures;
  setup.sets.clear();
  std::stringstream ss(o.sets);
  std::string set;
  while (std::getline(ss, set, ','))
    if (!set.empty()) setup.sets.push_back(set);
  setup.seed = o.seed;
  setup.little_buildings = o.little_buildings;
  setup.bridges = o.bridges;
  for (int i = 0; i < o.players; ++i) setup.seats.push_back(static_cast<Colour>(i));
  return setup;
}

void setup_play(CLI::App& app, std::function<int()>& action) {
  auto opts = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand("play", "Play a complete seeded game between random legal-move players");
  cmd->add_option("--seed", opts->seed, "Seed of the shuffle and of the players' choices")
      ->type_name("N")
      ->capture_default_str();
  cmd->add_option("--players", opts->players, "Number of players, 1 to 6")
      ->type_name("K")
      ->check(CLI::Range(1, 6))
      ->capture_default_str();
  cmd->add_option("--ruleset", opts->ruleset, "Ruleset preset (hig-c3, zmg-c2, rgg-c1, hig-c1-2000, ...)")
      ->type_name("PRESET")
      ->capture_default_str();
  cmd->add_option("--edition", opts->edition, "Tile edition: C1, C2 or C3 (default: the ruleset's)")
      ->type_name("C1|C2|C3");
  cmd->add_option("--figures", opts->figures, "Figures per player, e.g. follower=7,abbot=1,large=1")
      ->type_name("KIND=N,...");
  cmd->add_option("--sets", opts->sets,
                  "Tile sets, comma-separated: base,flier,crop-circles,princess-dragon,tower,festival,"
                  "bridges-castles,big-top (a C3 game plays the tower's C2 tiles, TO-T1; big-top is printed for C2 "
                  "only)")
      ->type_name("SET,...")
      ->capture_default_str();
  cmd->add_flag("--quiet", opts->quiet, "Print only the final scores");
  cmd->add_flag("--little-buildings", opts->little_buildings,
                "Little Buildings: each player's building tokens (little-buildings-split deals them)");
  cmd->add_flag("--bridges", opts->bridges,
                "the bridges of Bridges, Castles & Bazaars: 3 per player, 2 with 5 or 6 (BC-15)");
  cmd->add_option("--games", opts->games, "Play this many games, seeds N, N+1, ...")
      ->type_name("G")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->callback([opts, &action] { action = [opts] { return run_play(*opts, std::cout, std::cerr); }; });
}

int run_play(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  if (o.games > 1) {
    for (int g = 0; g < o.games; ++g) {
      PlayOptions one = o;
      one.games = 1;
      one.seed = o.seed + static_cast<std::uint64_t>(g);
      if (const int rc = run_play(one, out, err); rc != kExitOk) return rc;
    }
    return kExitOk;
  }
  auto rules = ruleset_named(o.ruleset);
  if (!rules) {
    fmt::print(err, "carc-oracle play: {}\n", rules.error());
    return kExitInvalidInput;
  }
  auto made_setup = game_setup_of(o);
  if (!made_setup) {
    fmt::print(err, "carc-oracle play: {}\n", made_setup.error());
    return kExitInvalidInput;
  }
  const GameSetup& setup = *made_setup;
  const TileCatalog& catalog = builtin_catalog();
  auto game = new_game(catalog, *rules, setup);
  if (!game) {
    fmt::print(err, "carc-oracle play: {}\n", game.error());
    return kExitInvalidInput;
  }
  State& s = *game;
  if (!o.quiet) {
    std::string switches, figures_line;
    for (const auto& [k, v] : rules->effective()) switches += fmt::format(" {}={}", k, v);
    for (int k = 0; k < kFigureKinds; ++k)
      if (const int n = setup.figures[static_cast<std::size_t>(k)]; n > 0)
        figures_line += fmt::format(" {}={}", figure_name(static_cast<FigureKind>(k)), n);
    fmt::print(out,
               "# carc-oracle play --seed {} --players {} --ruleset {} --edition {}\n# rules:{}\n# figures per "
               "player:{}\n# tile sets: {}\n# start: {} 0,0 r0; {} tiles to draw\n",
               o.seed, o.players, rules->name, setup.edition, switches, figures_line, o.sets,
               catalog[s.board().tile(0).type].id, s.pile_remaining() + 1);
    // The first draw happens as the game is set up: a dragon tile drawn then is set aside too (PD-16).
    for (const TileTypeId t : s.dragon_fairy().set_aside)
      fmt::print(out, "# set aside {} (the dragon is not in play)\n", catalog[t].id);
  }
  SplitMix64 rng(o.seed ^ 0xC0FFEEull);
  SplitMix64 reshuffle(o.seed ^ 0xD2A90ull);  // the set-aside dragon tiles back into the pile (PD-16)
  MoveList moves;
  std::vector<Event> events;
  while (s.phase() != Phase::GameOver) {
    legal_moves(s, moves);
    if (moves.empty()) {
      fmt::print(err, "carc-oracle play: internal error: no legal move in phase {}\n", phase_name(s.phase()));
      return kExitInternal;
    }
    const Move m = moves[rng.below(moves.size())];
    const int mover = s.active();
    const int turn = s.turn();
    events.clear();
    const std::size_t set_aside = s.dragon_fairy().set_aside.size();
    if (s.apply(m, &events) != Reason::Ok) {
      fmt::print(err, "carc-oracle play: internal error: legal move {} was refused\n", to_string(m, catalog));
      return kExitInternal;
    }
    const bool reshuffled = shuffle_returned_tiles(s, set_aside, reshuffle);
    if (const std::string broken = s.check_invariants(); !broken.empty()) {
      fmt::print(err, "carc-oracle play: internal error: seed {} after {}: {}\n", o.seed, to_string(m, catalog),
                 broken);
      return kExitInternal;
    }
    if (o.quiet) continue;
    if (m.kind == MoveKind::Place)
      fmt::print(out, "turn {} {}: {}\n", turn, colour_name(s.player(mover).colour), to_string(m, catalog));
    else
      fmt::print(out, "  {}\n", to_string(m, catalog));
    for (const Event& e : events)
      if (e.kind != EventKind::TilePlaced && e.kind != EventKind::FigureDeployed)
        fmt::print(out, "    {}\n", describe(e, s));
    if (reshuffled)
      fmt::print(out, "    the set-aside tiles are shuffled into the {} tiles still to draw\n", s.pile_remaining());
  }
  std::vector<std::string> scores;
  for (int p = 0; p < s.player_count(); ++p)
    scores.push_back(fmt::format(" {} {}", colour_name(s.player(p).colour), s.player(p).score));
  fmt::print(out, "final scores:{}\n", fmt::join(scores, ""));
  return kExitOk;
}

}  // namespace carc
