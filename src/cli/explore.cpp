// `carc-oracle explore`: seeded random games driven by our engine, every decision asked of each
// --impl over the protocol and compared with our engine's answer; each disagreement, once per
// signature, shrunk and written as a candidate scenario (src/runner/README.md "Explore").
#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/game_options.hpp"
#include "cli/output.hpp"
#include "cli/run_subject.hpp"
#include "data/oracle_data.hpp"
#include "runner/explore.hpp"
#include "runner/runner.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

// The candidate scenario of a finding: its shrunk question, our answer's differing keys as
// expect, theirs and the game it came from in the notes.
Scenario candidate_of(const Finding& f, const ExploreOptions& o, const std::string& id, const std::string& preset) {
  Scenario c = f.shrunk;
  c.id = id;
  c.title = f.between_impls()
                ? fmt::format("{} and {} answer differently from each other: {}", f.other, f.impl, f.signature)
                : fmt::format("{} answers differently from our engine: {}", f.impl, f.signature);
  c.source = "carc-oracle explore: the expected answer is our engine's, not yet judged against a ruling";
  c.tags = {"explore", f.kind};
  c.applies_to = {preset};
  c.required = required_capabilities(c);
  std::vector<std::string> keys;
  if (auto d = diff_answers(f.shrunk, f.between_impls() ? f.first : f.ours, f.theirs, f.events)) keys = d->keys;
  c.expect = expect_from(f.ours, keys);
  c.notes = fmt::format(
      "Found by carc-oracle explore --seed {} --players {} --ruleset {} --sets {}{}{}{} in game {} (game seed {}), "
      "decision {}; seen at {} decision(s). Shrunk from {} tiles to {} in {} questions{}. How {} answers "
      "differently{}: {}",
      o.seed, o.players, o.ruleset, o.sets, o.figures.empty() ? "" : " --figures " + o.figures,
      o.little_buildings ? " --little-buildings" : "", o.bridges ? " --bridges" : "", f.first_game + 1, f.game_seed,
      f.decision, f.seen, scenario_tile_count(f.original), scenario_tile_count(f.shrunk), f.shrink_asks,
      f.shrink_cut_short ? " (the time budget ran out while shrinking: the best reduction so far)" : "", f.impl,
      f.between_impls() ? " from " + f.other + " (ours: " + f.other + "'s answer, theirs: " + f.impl + "'s)" : "",
      fmt::join(f.lines, " | "));
  return c;
}

std::string md_cell(std::string s) {
  for (auto& ch : s)
    if (ch == '|' || ch == '\n') ch = ' ';
  return s;
}

}  // namespace

std::string explore_summary_md(const nlohmann::json& records) {
  const nlohmann::json* summary = nullptr;
  std::vector<const nlohmann::json*> findings;
  for (const auto& r : records) {
    if (r.value("type", std::string()) == "summary") summary = &r;
    if (r.value("type", std::string()) == "finding") findings.push_back(&r);
  }
  const nlohmann::json none = nlohmann::json::object();
  const nlohmann::json& s = summary ? *summary : none;
  const auto count = [&](const char* key) { return s.value(key, 0LL); };
  // Why questions went unanswered, over every implementation; whether the run passed.
  std::map<std::string, long long> unanswered;
  bool pass = findings.empty() && count("not_answered") == 0;
  for (const auto& t : s.value("implementations", nlohmann::json::array())) {
    if (t.value("asked", 0LL) == 0) pass = false;
    const nlohmann::json reasons = t.value("unanswered", nlohmann::json::object());
    if (reasons.is_object())
      for (const auto& [reason, n] : reasons.items())
        if (n.is_number_integer()) unanswered[reason] += n.get<long long>();
  }
  std::vector<std::string> words;
  for (const auto& [reason, n] : unanswered)
    if (n > 0) words.push_back(fmt::format("{} {}", n, reason));
  std::ostringstream md;
  md << "# carc-oracle explore\n\n";
  fmt::print(md,
             "Seed {}, shard {}, {} games, {} decisions, {} questions answered, {} unsupported, {} not "
             "answered{}{}.\n\n",
             s.value("seed", 0ULL), s.value("shard", std::string("1/1")), count("games"), count("decisions"),
             count("asked"), count("unsupported"), count("not_answered"),
             words.empty() ? "" : fmt::format(" ({})", fmt::join(words, ", ")),
             s.value("budget_exhausted", false) ? "; the time budget cut the run" : "");
  std::map<std::pair<std::string, std::string>, std::vector<const nlohmann::json*>> groups;
  for (const nlohmann::json* f : findings)
    groups[{f->value("kind", std::string()), f->value("capability", std::string())}].push_back(f);
  if (groups.empty() && pass) {
    md << "No disagreement.\n";
  } else if (groups.empty()) {  // nothing found, but not a pass: questions unanswered or none compared
    md << "No disagreement among the answers compared; not a pass: questions went unanswered or none were "
          "compared.\n";
  } else {
    md << "| kind | capability | candidate | implementation | seen | first game | tiles | difference |\n";
    md << "|---|---|---|---|---|---|---|---|\n";
  }
  for (const auto& [group, members] : groups)
    for (const nlohmann::json* f : members) {
      const std::string impl = f->value("impl", std::string()), versus = f->value("versus", std::string());
      const std::string who = versus == "our engine" ? impl : versus + " vs " + impl;
      const nlohmann::json lines = f->value("differences", nlohmann::json::array());
      const std::string first = lines.empty() || !lines.front().is_string() ? "" : lines.front().get<std::string>();
      fmt::print(md, "| {} | {} | `{}` | {} | {} | {} | {} | {} |\n", group.first, group.second,
                 f->value("id", std::string()), md_cell(who), f->value("seen", 0LL), f->value("first_game", 0LL),
                 f->value("tiles", 0LL), md_cell(first.substr(0, 200)));
    }
  return md.str();
}

namespace {

// What every shard of one `explore --shard K/N` run shares, hashed (FNV-1a, 16 hex digits): every
// option but --shard, --jobs (the output does not depend on it), --out and --no-progress.
std::string explore_selection(const ExploreOptions& o) {
  std::string all = fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}|{}", o.impl.size(), o.games, o.seed, o.players,
                                o.ruleset, o.edition, o.figures, o.sets, o.little_buildings, o.bridges, o.time_budget,
                                o.timeout, o.no_shrink, o.shrink_asks);
  for (const auto& impl : o.impl) all += "|" + impl;
  std::uint64_t h = 14695981039346656037ull;
  for (const char c : all) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return fmt::format("{:016x}", h);
}

}  // namespace

void setup_explore(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<ExploreOptions>();
  CLI::App* cmd = app.add_subcommand(
      "explore",
      "Play seeded random games against implementations, compare every decision with our engine and shrink each "
      "disagreement to a candidate scenario");
  cmd->add_option("--impl", o->impl, "An implementation to compare with our engine: 'CMD ARGS' (no shell); repeatable")
      ->type_name("'CMD ARGS'")
      ->required();
  cmd->add_option("--games", o->games, "Games to play (split by --shard)")
      ->type_name("N")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed of every game's shuffle and choices")->type_name("S")->capture_default_str();
  cmd->add_option("--players", o->players, "Number of players, 1 to 6")
      ->type_name("K")
      ->check(CLI::Range(1, 6))
      ->capture_default_str();
  cmd->add_option("--ruleset", o->ruleset, "Ruleset preset")->type_name("PRESET")->capture_default_str();
  cmd->add_option("--edition", o->edition, "Tile edition: C1, C2 or C3 (default: the ruleset's)")
      ->type_name("C1|C2|C3");
  cmd->add_option("--figures", o->figures, "Figures per player, e.g. follower=7,abbot=1")->type_name("KIND=N,...");
  cmd->add_option("--sets", o->sets,
                  "Tile sets, comma-separated, as play takes them; auto: the largest game every --impl declares "
                  "(sets, figures unless --figures, --little-buildings, --bridges), printed on stderr")
      ->type_name("SET,...|auto")
      ->capture_default_str();
  cmd->add_flag("--little-buildings", o->little_buildings, "Little Buildings, as play takes it");
  cmd->add_flag("--bridges", o->bridges, "The bridges of Bridges, Castles & Bazaars, as play takes them");
  cmd->add_option("--out", o->out_dir,
                  "Write candidates/EXP-*.yaml, explore.jsonl, summary.md and report.html (the candidates run "
                  "against each --impl) into DIR")
      ->type_name("DIR");
  cmd->add_option("--shard", o->shard, "Play shard K of N: the games g with g % N == K - 1")->type_name("K/N");
  cmd->add_option("--jobs", o->jobs,
                  "Start this many processes of each implementation, each set playing games of its own (the output "
                  "as with one, apart from timings)")
      ->type_name("N")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  cmd->add_option("--time-budget", o->time_budget,
                  "Ask no more questions after this many seconds (a game in progress and the shrinking are cut; "
                  "the run lasts at most about this plus one --timeout)")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.0, 86400.0));
  cmd->add_option("--timeout", o->timeout, "Seconds per request")
      ->type_name("SECONDS")
      ->check(CLI::Range(0.001, 86400.0))
      ->capture_default_str();
  cmd->add_flag("--no-shrink", o->no_shrink, "Write each disagreement as first seen");
  cmd->add_option("--shrink-asks", o->shrink_asks, "Questions per disagreement while shrinking, at most")
      ->type_name("N")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  cmd->add_flag("--no-progress", o->no_progress, "No progress line on a terminal's stderr");
  cmd->callback([o, &action] { action = [o] { return run_explore(*o, std::cout, std::cerr); }; });
}

int run_explore(const ExploreOptions& o, std::ostream& out, std::ostream& err) {
  auto rules = ruleset_named(o.ruleset);
  if (!rules) {
    fmt::print(err, "carc-oracle explore: {}\n", rules.error());
    return kExitInvalidInput;
  }
  // Each question is a scenario under the ruleset, whose edition decides which tiles exist
  // (check's edition leakage): another edition's tiles would make every question invalid.
  const Preset* preset = find_preset(o.ruleset);
  const std::string tiles = preset->edition == "C3.1" ? "C3" : preset->edition;
  if (!o.edition.empty() && o.edition != tiles) {
    fmt::print(err,
               "carc-oracle explore: --edition {} does not match the ruleset {} (edition {}): the questions are "
               "scenarios under that ruleset, whose edition decides the tiles (leave --edition out, or choose a "
               "ruleset of edition {})\n",
               o.edition, preset->name, preset->edition, o.edition);
    return kExitInvalidInput;
  }
  PlayOptions play;
  play.seed = o.seed;
  play.players = o.players;
  play.ruleset = o.ruleset;
  play.edition = o.edition;
  play.figures = o.figures;
  const bool auto_game = o.sets == "auto";
  play.sets = auto_game ? "base" : o.sets;  // auto: chosen once the implementations have declared what they answer
  play.little_buildings = o.little_buildings;
  play.bridges = o.bridges;
  auto setup = game_setup_of(play);
  if (!setup) {
    fmt::print(err, "carc-oracle explore: {}\n", setup.error());
    return kExitInvalidInput;
  }
  ExploreConfig config;
  config.rules = *rules;
  config.preset = preset->name;
  config.game = *setup;
  config.seed = o.seed;
  config.games = o.games;
  config.time_budget = o.time_budget;
  config.shrink = !o.no_shrink;
  config.shrink_asks = o.shrink_asks;
  if (!o.shard.empty()) {
    auto shard = parse_shard(o.shard);
    if (!shard) {
      fmt::print(err, "carc-oracle explore: {}\n", shard.error());
      return kExitInvalidInput;
    }
    config.shard = shard->first - 1;
    config.shards = shard->second;
  }
  // A game that cannot be set up is bad input, found before any process starts.
  if (auto trial = new_game(builtin_catalog(), config.rules, config.game); !trial) {
    fmt::print(err, "carc-oracle explore: {}\n", trial.error());
    return kExitInvalidInput;
  }
  std::vector<std::unique_ptr<Subject>> owned;
  std::vector<Subject*> impls;
  for (std::size_t i = 0; i < o.impl.size(); ++i) {
    SubjectPlan plan;
    plan.impl = o.impl[i];
    plan.number = static_cast<int>(i) + 1;
    RunSetup started = setup_run_subject(plan, o.timeout, err);
    if (!started.subject) return started.exit_code;  // the reason is on err already
    impls.push_back(started.subject.get());
    owned.push_back(std::move(started.subject));
  }
  // The options the games are played with (--sets auto resolved), for the candidates' notes.
  ExploreOptions played = o;
  if (auto_game) {
    auto chosen = largest_game(config.rules, config.game, impls, !o.figures.empty());
    if (!chosen) {
      fmt::print(err, "carc-oracle explore: --sets auto: {}; nothing can be compared\n", chosen.error());
      return kExitFailures;
    }
    config.game = *chosen;
    played.sets = fmt::format("{}", fmt::join(chosen->sets, ","));
    std::vector<std::string> figures;
    for (int k = 0; k < kFigureKinds; ++k)
      if (const int n = chosen->figures[static_cast<std::size_t>(k)]; n > 0)
        figures.push_back(fmt::format("{}={}", figure_name(static_cast<FigureKind>(k)), n));
    played.figures = fmt::format("{}", fmt::join(figures, ","));
    played.little_buildings = chosen->little_buildings;
    played.bridges = chosen->bridges;
    fmt::print(err, "carc-oracle explore: --sets auto: the largest game {} declare{}: --sets {} --figures {}{}{}\n",
               impls.size() == 1 ? "the implementation" : "every implementation", impls.size() == 1 ? "s" : "",
               played.sets, played.figures, played.little_buildings ? " --little-buildings" : "",
               played.bridges ? " --bridges" : "");
  } else if (auto lacks = game_lacks(config.rules, config.game, impls); lacks && !lacks->empty()) {
    // Said before the games: a question needing any of it is never asked.
    fmt::print(err,
               "carc-oracle explore: the game asked about needs what {} not declare: {}; questions needing it are "
               "not asked (--sets auto chooses the largest game {} declare{})\n",
               impls.size() == 1 ? "the implementation does" : "an implementation does", fmt::join(*lacks, ", "),
               impls.size() == 1 ? "it" : "they all", impls.size() == 1 ? "s" : "");
  }
  Explorer explorer(config, impls);
  // --jobs: more sets of the implementations' processes, started as the first (exit 3 when one
  // cannot start, the reason on err), each playing games of its own.
  for (int job = 1; job < o.jobs; ++job) {
    std::vector<Subject*> lane;
    for (std::size_t i = 0; i < o.impl.size(); ++i) {
      SubjectPlan plan;
      plan.impl = o.impl[i];
      plan.number = static_cast<int>(i) + 1;
      RunSetup started = setup_run_subject(plan, o.timeout, err);
      if (!started.subject) return started.exit_code;
      lane.push_back(started.subject.get());
      owned.push_back(std::move(started.subject));
    }
    explorer.add_lane(std::move(lane));
  }
  const bool progress = !o.no_progress && &err == &std::cerr && isatty(fileno(stderr)) == 1;
  auto stats = explorer.run([&](int done, int total) {
    if (progress)
      fmt::print(err, "\r{}/{} games, {} disagreement{}", done, total, explorer.findings().size(),
                 explorer.findings().size() == 1 ? "" : "s");
  });
  if (progress) fmt::print(err, "\r\033[K");
  if (!stats) {
    fmt::print(err, "carc-oracle explore: {}\n", stats.error());
    return kExitInternal;
  }
  // Candidates: one per finding, ids unique (a second implementation's copy gets -iN).
  std::vector<std::pair<std::string, std::string>> files;  // file name, text
  std::map<std::string, int> taken;
  nlohmann::json records = nlohmann::json::array();
  int exit = explorer.findings().empty() ? kExitOk : kExitFailures;
  for (const Finding& f : explorer.findings()) {
    std::string id = f.id();
    if (const int n = taken[id]++; n > 0) id += fmt::format("-i{}", n + 1);
    const Scenario c = candidate_of(f, played, id, config.preset);
    const std::string text = scenario_yaml(c);
    const ScenarioFile back = load_scenario_text(text, id + ".yaml");
    if (!back.valid() || back.scenarios.size() != 1 || !back.scenarios.front().valid()) {
      std::string why;
      for (const auto& d : back.problems) why += "\n  " + d.to_string();
      for (const auto& sc : back.scenarios)
        for (const auto& d : sc.problems) why += "\n  " + d.to_string();
      fmt::print(err, "carc-oracle explore: internal error: the candidate {} does not read back:{}\n", id, why);
      exit = kExitInternal;
    }
    files.emplace_back("candidates/" + id + ".yaml", text);
    records.push_back({{"type", "finding"},
                       {"id", id},
                       {"impl", f.impl},
                       {"versus", f.between_impls() ? nlohmann::json(f.other) : nlohmann::json("our engine")},
                       {"signature", f.signature},
                       {"kind", f.kind},
                       {"capability", f.capability},
                       {"seen", f.seen},
                       {"first_game", f.first_game + 1},
                       {"game_seed", f.game_seed},
                       {"decision", f.decision},
                       {"tiles_found", scenario_tile_count(f.original)},
                       {"tiles", scenario_tile_count(f.shrunk)},
                       {"figures", f.shrunk.position.figures.size()},
                       {"players", f.shrunk.position.players.size()},
                       {"moves", f.shrunk.apply.size()},
                       {"shrink_asks", f.shrink_asks},
                       {"shrink_cached", f.shrink_cached},
                       {"shrink_seconds", f.shrink_seconds},
                       {"shrink_cut_short", f.shrink_cut_short},
                       {"differences", f.lines}});
  }
  const ExploreStats& s = *stats;
  // Per implementation: what went unanswered and why, what it lacks. Either makes the run fail
  // (exit 1) as `run --impl` fails on a result not answered; so does comparing nothing at all.
  nlohmann::json tallies = nlohmann::json::array();
  std::vector<std::string> unanswered_words;  // "15 timed out", ... over every implementation
  std::map<std::string, long long> unanswered_all;
  for (const ImplTally& t : s.impls) {
    tallies.push_back({{"impl", t.name},
                       {"asked", t.asked},
                       {"unsupported", t.unsupported},
                       {"not_answered", t.not_answered},
                       {"unanswered", t.unanswered},
                       {"lacks", t.lacks},
                       {"played_as", t.played_as}});
    const long long questions = t.asked + t.unsupported + t.not_answered;
    if (t.not_answered > 0) {
      std::vector<std::string> why;
      for (const auto& [reason, n] : t.unanswered) {
        const std::string& first = t.first_message.at(reason);
        why.push_back(first.empty() ? fmt::format("{} {}", n, reason)
                                    : fmt::format("{} {} (first: {})", n, reason, clip(first, 300)));
        unanswered_all[reason] += n;
      }
      fmt::print(err, "carc-oracle explore: {}: {} of {} question{} asked went unanswered: {}\n", t.name,
                 t.not_answered, t.asked + t.not_answered, t.asked + t.not_answered == 1 ? "" : "s",
                 fmt::join(why, "; "));
      if (exit == kExitOk) exit = kExitFailures;
    }
    if (t.unsupported > 0) {
      std::vector<std::pair<long long, std::string>> items;
      for (const auto& [item, n] : t.lacks) items.emplace_back(n, item);
      std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
      std::vector<std::string> named;
      for (const auto& [n, item] : items)
        named.push_back(fmt::format("{} ({} question{})", item, n, n == 1 ? "" : "s"));
      fmt::print(err, "carc-oracle explore: {}: {} of {} question{} not asked: it does not declare {}\n", t.name,
                 t.unsupported, questions, questions == 1 ? "" : "s", fmt::join(named, ", "));
    }
    if (!t.played_as.empty()) {
      std::vector<std::string> named;
      for (const auto& [item, n] : t.played_as)
        named.push_back(fmt::format("{} ({} question{})", item, n, n == 1 ? "" : "s"));
      fmt::print(err,
                 "carc-oracle explore: {}: asked with a switch value it plays in place of the game's, our engine's "
                 "answer the same under both: {}\n",
                 t.name, fmt::join(named, ", "));
    }
    if (t.asked == 0) {
      fmt::print(err, "carc-oracle explore: {}: nothing was compared ({} answered); this is no pass{}\n", t.name,
                 t.not_answered > 0 || t.unsupported > 0 ? "no question" : "no question was asked",
                 t.unsupported > 0 && !auto_game ? " (--sets auto chooses a game it declares)" : "");
      if (exit == kExitOk) exit = kExitFailures;
    }
  }
  for (const auto& [reason, n] : unanswered_all) unanswered_words.push_back(fmt::format("{} {}", n, reason));
  if (s.budget_exhausted)
    fmt::print(err, "carc-oracle explore: the time budget ({} s) cut the run: {}\n", o.time_budget,
               s.cut_in_game ? "a game was stopped in progress" : "games left unplayed or the shrinking cut short");
  const double rate = s.seconds > 0 ? static_cast<double>(s.decisions) / s.seconds : 0;
  nlohmann::json summary_record = {{"type", "summary"},
                                   {"seed", o.seed},
                                   {"shard", o.shard.empty() ? "1/1" : o.shard},
                                   {"games", s.games},
                                   {"decisions", s.decisions},
                                   {"asked", s.asked},
                                   {"unsupported", s.unsupported},
                                   {"not_answered", s.not_answered},
                                   {"unsynced", s.unsynced},
                                   {"disagreements", explorer.findings().size()},
                                   {"budget_exhausted", s.budget_exhausted},
                                   {"cut_in_game", s.cut_in_game},
                                   {"implementations", tallies},
                                   {"seconds", s.seconds},
                                   {"decisions_per_second", rate}};
  // A shard names what every shard of one run shares, for `carc-oracle merge` (src/cli/merge.cpp).
  if (!o.shard.empty()) summary_record["selection"] = explore_selection(o);
  records.push_back(std::move(summary_record));
  // The summary: grouped by kind, then capability.
  std::ostringstream text;
  const std::string why_unanswered =
      unanswered_words.empty() ? "" : fmt::format(" ({})", fmt::join(unanswered_words, ", "));
  fmt::print(
      text, "{} game{}, {} decisions ({:.0f}/s), {} questions answered, {} unsupported, {} not answered{}{}\n", s.games,
      s.games == 1 ? "" : "s", s.decisions, rate, s.asked, s.unsupported, s.not_answered, why_unanswered,
      s.budget_exhausted ? s.cut_in_game ? "; the time budget cut the run in a game" : "; the time budget ran out"
                         : "");
  std::map<std::pair<std::string, std::string>, std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < explorer.findings().size(); ++i)
    groups[{explorer.findings()[i].kind, explorer.findings()[i].capability}].push_back(i);
  if (groups.empty() && exit == kExitOk) {
    text << "no disagreement\n";
  } else if (groups.empty()) {  // nothing found, but not a pass: questions unanswered or none compared
    text << "no disagreement among the answers compared; not a pass (see above)\n";
  }
  for (const auto& [group, members] : groups) {
    fmt::print(text, "{} ({}):\n", group.first, group.second);
    for (const std::size_t i : members) {
      const Finding& f = explorer.findings()[i];
      const std::string& id = records[i]["id"].get_ref<const std::string&>();
      const std::string who = f.between_impls() ? f.other + " vs " + f.impl : f.impl;
      fmt::print(text, "  {}: {}, seen {} time{}, first in game {}, {} tiles (from {}{})\n", id, who, f.seen,
                 f.seen == 1 ? "" : "s", f.first_game + 1, scenario_tile_count(f.shrunk),
                 scenario_tile_count(f.original), f.shrink_cut_short ? "; shrinking cut short by the time budget" : "");
      for (const auto& line : f.lines)
        fmt::print(text, "    {}\n", line.size() > 300 ? line.substr(0, 300) + "..." : line);
    }
  }
  out << text.str();
  if (!o.out_dir.empty()) {
    bool ok = true;
    for (const auto& file : files) {
      const std::string& body = file.second;
      ok = write_file_checked(o.out_dir + "/" + file.first, true, "explore", err,
                              [&body](std::ostream& f) { f << body; }) &&
           ok;
    }
    ok = write_file_checked(o.out_dir + "/explore.jsonl", true, "explore", err,
                            [&](std::ostream& f) {
                              for (const auto& r : records) f << r.dump() << "\n";
                            }) &&
         ok;
    ok = write_file_checked(o.out_dir + "/summary.md", true, "explore", err,
                            [&](std::ostream& f) { f << explore_summary_md(records); }) &&
         ok;
    // The candidates run against every implementation as `run --impl ... --format html` runs them:
    // the HTML report with each candidate's board, its question and both answers.
    bool html = false;
    const bool spent = o.time_budget > 0 && s.budget_exhausted;
    if (ok && !files.empty() && spent)
      fmt::print(err,
                 "carc-oracle explore: report.html not written: the time budget is spent (run --impl on {} "
                 "writes it)\n",
                 o.out_dir + "/candidates");
    if (ok && !files.empty() && !spent) {
      RunOptions r;
      r.paths = {o.out_dir + "/candidates"};
      r.impl = o.impl;
      r.timeout = o.timeout;
      r.format = "html";
      r.out_dir = o.out_dir;
      r.no_progress = true;
      std::ostringstream ignored;
      const int code = run_run(r, ignored, err);
      html = code == kExitOk || code == kExitFailures;
      if (!html)
        fmt::print(err, "carc-oracle explore: the HTML report of the candidates was not written (run exited {})\n",
                   code);
    }
    if (!ok && exit != kExitInternal) exit = kExitOutput;
    if (ok)
      fmt::print(out, "wrote {} candidate{}, explore.jsonl{} and summary.md into {}\n", files.size(),
                 files.size() == 1 ? "" : "s", html ? ", report.html" : "", o.out_dir);
  }
  if (!flush_checked(out, "standard output", err) && exit != kExitInternal) exit = kExitOutput;
  return exit;
}

}  // namespace carc
