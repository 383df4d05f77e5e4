// `carc-oracle play`: a complete seeded game between players choosing uniformly
// among legal_moves, printed in the canonical notation with every score event.
#include <charconv>
#include <memory>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "data/oracle_data.hpp"
#include "engine/game.hpp"
#include "engine/limits.hpp"
#include "engine/movegen.hpp"

namespace carc {
namespace {

Result<std::array<int, kFigureKinds>> parse_figures(const std::string& spec, const std::string& edition) {
  if (spec.empty()) return default_figures(edition);
  std::array<int, kFigureKinds> f{};
  std::stringstream ss(spec);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto eq = item.find('=');
    FigureKind k;
    if (!parse_figure(item.substr(0, eq), k))
      return fail("--figures: unknown figure kind '" + echo(item.substr(0, eq)) + "'");
    int n = 1;
    if (eq != std::string::npos) {
      const std::string count = item.substr(eq + 1);
      const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
      if (ec != std::errc() || end != count.data() + count.size() || n < 0 || n > kMaxFiguresOfKind)
        return fail("--figures: '" + echo(item) + "' needs a count from 0 to " + std::to_string(kMaxFiguresOfKind) +
                    ", e.g. follower=7");
    }
    f[static_cast<std::size_t>(k)] = n;
  }
  return f;
}

}  // namespace

void setup_play(CLI::App& app, std::function<int()>& action) {
  auto opts = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand("play", "Play a complete seeded game between random legal-move players");
  cmd->add_option("--seed", opts->seed, "Seed of the shuffle and of the players' choices")->capture_default_str();
  cmd->add_option("--players", opts->players, "Number of players, 1 to 6")
      ->check(CLI::Range(1, 6))
      ->capture_default_str();
  cmd->add_option("--ruleset", opts->ruleset, "Ruleset preset (hig-c3, zmg-c2, rgg-c1, hig-c1-2000, ...)")
      ->capture_default_str();
  cmd->add_option("--edition", opts->edition, "Tile edition: C1, C2 or C3 (default: the ruleset's)");
  cmd->add_option("--figures", opts->figures, "Figures per player, e.g. follower=7,abbot=1,large=1");
  cmd->add_option("--sets", opts->sets,
                  "Tile sets, comma-separated: base,flier,crop-circles,princess-dragon,tower (a C3 game plays the "
                  "tower's C2 tiles, TO-T1)")
      ->capture_default_str();
  cmd->add_flag("--quiet", opts->quiet, "Print only the final scores");
  cmd->callback([opts, &action] { action = [opts] { return run_play(*opts, std::cout, std::cerr); }; });
}

int run_play(const PlayOptions& o, std::ostream& out, std::ostream& err) {
  auto rules = ruleset_named(o.ruleset);
  if (!rules) {
    err << "carc-oracle play: " << rules.error() << "\n";
    return kExitInvalidInput;
  }
  const Preset* preset = find_preset(o.ruleset);
  GameSetup setup;
  setup.edition = !o.edition.empty() ? o.edition : preset->edition == "C3.1" ? "C3" : preset->edition;
  auto figures = parse_figures(o.figures, setup.edition);
  if (!figures) {
    err << "carc-oracle play: " << figures.error() << "\n";
    return kExitInvalidInput;
  }
  setup.figures = *figures;
  setup.sets.clear();
  {
    std::stringstream ss(o.sets);
    std::string set;
    while (std::getline(ss, set, ','))
      if (!set.empty()) setup.sets.push_back(set);
  }
  setup.seed = o.seed;
  for (int i = 0; i < o.players; ++i) setup.seats.push_back(static_cast<Colour>(i));
  const TileCatalog& catalog = builtin_catalog();
  auto game = new_game(catalog, *rules, setup);
  if (!game) {
    err << "carc-oracle play: " << game.error() << "\n";
    return kExitInvalidInput;
  }
  State& s = *game;
  if (!o.quiet) {
    out << "# carc-oracle play --seed " << o.seed << " --players " << o.players << " --ruleset " << rules->name
        << " --edition " << setup.edition << "\n# rules:";
    for (const auto& [k, v] : rules->effective()) out << " " << k << "=" << v;
    out << "\n# figures per player:";
    for (int k = 0; k < kFigureKinds; ++k)
      if (setup.figures[static_cast<std::size_t>(k)] > 0)
        out << " " << figure_name(static_cast<FigureKind>(k)) << "=" << setup.figures[static_cast<std::size_t>(k)];
    out << "\n# tile sets: " << o.sets;
    out << "\n# start: " << catalog[s.board().tile(0).type].id << " 0,0 r0; " << s.pile_remaining() + 1
        << " tiles to draw\n";
    // The first draw happens as the game is set up: a dragon tile drawn then is set aside too (PD-16).
    for (const TileTypeId t : s.dragon_fairy().set_aside)
      out << "# set aside " << catalog[t].id << " (the dragon is not in play)\n";
  }
  SplitMix64 rng(o.seed ^ 0xC0FFEEull);
  SplitMix64 reshuffle(o.seed ^ 0xD2A90ull);  // the set-aside dragon tiles back into the pile (PD-16)
  MoveList moves;
  std::vector<Event> events;
  while (s.phase() != Phase::GameOver) {
    legal_moves(s, moves);
    if (moves.empty()) {
      err << "carc-oracle play: internal error: no legal move in phase " << phase_name(s.phase()) << "\n";
      return kExitInternal;
    }
    const Move m = moves[rng.below(moves.size())];
    const int mover = s.active();
    const int turn = s.turn();
    events.clear();
    const std::size_t set_aside = s.dragon_fairy().set_aside.size();
    if (s.apply(m, &events) != Reason::Ok) {
      err << "carc-oracle play: internal error: legal move " << to_string(m, catalog) << " was refused\n";
      return kExitInternal;
    }
    const bool reshuffled = shuffle_returned_tiles(s, set_aside, reshuffle);
    if (o.quiet) continue;
    if (m.kind == MoveKind::Place)
      out << "turn " << turn << " " << colour_name(s.player(mover).colour) << ": ";
    else
      out << "  ";
    out << to_string(m, catalog) << "\n";
    for (const Event& e : events)
      if (e.kind != EventKind::TilePlaced && e.kind != EventKind::FigureDeployed)
        out << "    " << describe(e, s) << "\n";
    if (reshuffled)
      out << "    the set-aside tiles are shuffled into the " << s.pile_remaining() << " tiles still to draw\n";
  }
  out << "final scores:";
  for (int p = 0; p < s.player_count(); ++p) out << " " << colour_name(s.player(p).colour) << " " << s.player(p).score;
  out << "\n";
  return kExitOk;
}

}  // namespace carc
