// carc-oracle explore (src/runner/explore*.cpp, src/cli/explore.cpp): random games against
// implementations with planted bugs (tests/adapters/planted.py), each found within a pinned
// number of games and shrunk to a pinned number of tiles; the candidates it writes read back
// as scenarios and reproduce the disagreement under `run --impl`.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/game_options.hpp"
#include "data/oracle_data.hpp"
#include "engine/movegen.hpp"
#include "engine/score_event.hpp"
#include "protocol/body_codec.hpp"
#include "protocol/codec.hpp"
#include "protocol/json_read.hpp"
#include "runner/evaluate.hpp"
#include "runner/explore.hpp"
#include "runner/process_subject.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/corpus.hpp"
#include "test_support.hpp"

using namespace carc;
using carc::test::contains;
using carc::test::read_text;
using namespace std::chrono_literals;

namespace {

std::string planted(const std::string& bug) {
  return std::string("python3 ") + CARC_SOURCE_DIR + "/tests/adapters/planted.py " + CARC_BINARY + " " + bug;
}

std::unique_ptr<ProcessSubject> start_impl(const std::vector<std::string>& argv) {
  ProcessOptions o;
  o.argv = argv;
  o.timeout = 20000ms;
  o.start_timeout = 20000ms;
  auto subject = ProcessSubject::start(o);
  if (!subject) FAIL("the implementation did not start: " << subject.error());
  return std::move(*subject);
}

// A planted-bug fake (tests/adapters/planted.py) started as an implementation.
std::unique_ptr<ProcessSubject> start_planted(const std::string& bug) {
  return start_impl({"python3", std::string(CARC_SOURCE_DIR) + "/tests/adapters/planted.py", CARC_BINARY, bug});
}

// slow_planted.py: planted.py's bug `bug`, each reply `delay` seconds after its request, each
// request a line of `log`.
std::unique_ptr<ProcessSubject> start_slow(const std::string& bug, double delay, const std::filesystem::path& log) {
  return start_impl({"python3", std::string(CARC_SOURCE_DIR) + "/tests/adapters/slow_planted.py", CARC_BINARY, bug,
                     std::to_string(delay), log.string()});
}

// Explore's configuration for the default game (2 players, base) under hig-c3; the caller sets the rest.
ExploreConfig hig_c3_config() {
  PlayOptions play;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c3");
  config.game = *setup;
  return config;
}

struct Explored {
  std::vector<Finding> findings;
  ExploreStats stats;
};

Explored explore_with(Subject& impl, int games, const std::string& sets = "base", int players = 2,
                      const std::string& figures = "", std::uint64_t seed = 1) {
  PlayOptions play;
  play.players = players;
  play.sets = sets;
  play.figures = figures;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c3");
  config.game = *setup;
  config.games = games;
  config.seed = seed;
  Explorer explorer(config, {&impl});
  auto stats = explorer.run();
  REQUIRE(stats);
  return {explorer.findings(), *stats};
}

const Finding* find_signature(const Explored& e, const std::string& prefix) {
  for (const auto& f : e.findings)
    if (f.signature.starts_with(prefix)) return &f;
  return nullptr;
}

// `explore --games 1 --out DIR` against the planted fake `bug` (DIR emptied first): a
// disagreement found (exit 1); explore's stdout.
std::string explore_out(const std::filesystem::path& dir, const std::string& bug) {
  std::filesystem::remove_all(dir);
  ExploreOptions o;
  o.impl = {planted(bug)};
  o.games = 1;
  o.out_dir = dir.string();
  o.no_progress = true;
  std::ostringstream out, err;
  CHECK(run_explore(o, out, err) == 1);
  INFO(out.str() << err.str());
  return out.str();
}

// A candidate file as a scenario: `check` accepts it (and `check --strict` refuses it, a
// candidate), our engine meets its expect and the planted fake `bug` fails it under `run --impl`;
// the output of that last run.
std::string candidate_reproduces(const std::string& file, const std::string& bug) {
  CheckOptions c;
  c.paths = {file};
  std::ostringstream cout_, cerr_;
  CHECK(run_check(c, cout_, cerr_) == 0);
  c.strict = true;
  CHECK(run_check(c, cout_, cerr_) == 2);
  RunOptions r;
  r.paths = {file};
  r.no_progress = true;
  std::ostringstream rout, rerr;
  CHECK(run_run(r, rout, rerr) == 0);  // our engine's answer is the expectation
  INFO(rout.str() << rerr.str());
  r.impl = {planted(bug)};
  std::ostringstream iout, ierr;
  CHECK(run_run(r, iout, ierr) == 1);
  return iout.str();
}

}  // namespace

TEST_CASE("explore finds no disagreement between our engine and carc-oracle serve", "[explore]") {
  auto impl = start_impl({CARC_BINARY, "serve"});
  const Explored e = explore_with(*impl, 2);
  CHECK(e.findings.empty());
  CHECK(e.stats.games == 2);
  CHECK(e.stats.decisions > 100);
  CHECK(e.stats.asked == e.stats.decisions);
  CHECK(e.stats.unsupported == 0);
}

TEST_CASE("explore finds listed duplicate rotations of a symmetric tile in the first game and shrinks them to 2 tiles",
          "[explore]") {
  auto impl = start_planted("dup-rotations");
  const Explored e = explore_with(*impl, 1);
  const Finding* f = find_signature(e, "moves-duplicate-place");
  REQUIRE(f != nullptr);
  CHECK(f->kind == "placements");
  CHECK(f->first_game == 0);
  CHECK(scenario_tile_count(f->shrunk) <= 2);
  CHECK(scenario_tile_count(f->shrunk) < scenario_tile_count(f->original));
}

TEST_CASE("explore finds a flier landing in a field within 3 games and shrinks it to at most 3 tiles", "[explore]") {
  auto impl = start_planted("flier-field");
  const Explored e = explore_with(*impl, 3, "base,flier");
  const Finding* f = find_signature(e, "moves-extra-land-field");
  REQUIRE(f != nullptr);
  CHECK(f->kind == "deployments");
  CHECK(f->capability == "flier");
  CHECK(f->first_game <= 2);
  CHECK(scenario_tile_count(f->shrunk) <= 3);
}

TEST_CASE("explore finds a tie that pays nobody within 3 games and shrinks it to final scoring on at most 6 tiles",
          "[explore]") {
  auto impl = start_planted("ties-nobody");
  const Explored e = explore_with(*impl, 3, "base", 2, "", 2);
  const Finding* f = find_signature(e, "scores-scored-final");
  REQUIRE(f != nullptr);
  CHECK(f->kind == "scoring");
  CHECK(f->capability == "base");
  CHECK(f->events);  // the fake answers version 7: its score events were compared
  CHECK(f->first_game <= 2);
  CHECK(scenario_tile_count(f->shrunk) <= 6);
  // Shrunk to final scoring of a position: no move left, the tie in our events, none in theirs.
  CHECK(f->shrunk.apply.empty());
  CHECK(f->shrunk.final_scoring);
  const auto tie = std::find_if(f->ours.scored.begin(), f->ours.scored.end(), [](const std::string& text) {
    auto event = parse_score_event(text);
    return event && event->players.size() >= 2;
  });
  CHECK(tie != f->ours.scored.end());
  CHECK(f->theirs.scored.size() < f->ours.scored.size());
}

TEST_CASE(
    "explore finds a farm counting a city once per touching tile in the first game and shrinks it to at most 6 "
    "tiles",
    "[explore]") {
  auto impl = start_planted("farm-city-per-side");
  const Explored e = explore_with(*impl, 1);
  const Finding* f = find_signature(e, "scores-scored-final");
  REQUIRE(f != nullptr);
  CHECK(f->kind == "scoring");
  CHECK(f->first_game == 0);
  CHECK(scenario_tile_count(f->shrunk) <= 6);
  CHECK(scenario_tile_count(f->shrunk) < scenario_tile_count(f->original));
  // Theirs pays a field more than ours does, and the shrunk question still shows it.
  int ours = 0, theirs = 0;
  for (const auto& [colour, points] : f->ours.scores) ours += points;
  for (const auto& [colour, points] : f->theirs.scores) theirs += points;
  CHECK(theirs > ours);
}

TEST_CASE("explore compares no score events with an implementation that does not answer them", "[explore]") {
  // dup-rotations answers version 6: asked no events, so its answers' missing `scored` is no difference.
  auto impl = start_planted("dup-rotations");
  const Explored e = explore_with(*impl, 1);
  REQUIRE_FALSE(e.findings.empty());
  for (const auto& f : e.findings) {
    CHECK_FALSE(f.events);
    CHECK(f.signature.find("scored") == std::string::npos);
  }
}

TEST_CASE(
    "explore finds crop-circle responses starting with the active player in the first game and shrinks them to "
    "at most 6 tiles",
    "[explore]") {
  auto impl = start_planted("crop-active");
  const Explored e = explore_with(*impl, 1, "base,crop-circles", 3);
  REQUIRE(e.findings.size() == 1);  // one signature however the responses came about
  const Finding* f = find_signature(e, "active-in-crop-response");
  REQUIRE(f != nullptr);
  CHECK(f->kind == "phase-flow");
  CHECK(f->capability == "crop-circles");
  CHECK(f->first_game == 0);
  CHECK(scenario_tile_count(f->shrunk) <= 6);
}

TEST_CASE("explore finds the phantom offered after the princess in the first game and shrinks it to at most 6 tiles",
          "[explore]") {
  auto impl = start_planted("princess-phantom");
  PlayOptions play;
  play.sets = "base,princess-dragon";
  play.edition = "C2";
  play.figures = "follower=7,phantom=1";
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c2");
  REQUIRE(config.rules.set("princess-action", "must"));  // random play seldom takes a princess it may decline
  config.preset = "hig-c2";
  config.game = *setup;
  config.games = 1;
  Explorer explorer(config, {impl.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  REQUIRE_FALSE(explorer.findings().empty());
  const Finding& f = explorer.findings().front();
  INFO(f.signature);
  CHECK(f.first_game == 0);
  CHECK(f.signature == "moves-extra-pass");  // and the phase and active player differ
  CHECK(f.theirs.phase == "phantom");
  // princess-action: must made the games take the princess; the phantom after her shows under
  // the preset's `may` too, so the shrunk scenario plays the preset's switches.
  CHECK(f.original.rules == SwitchValues{{"princess-action", "must"}});
  CHECK(f.shrunk.rules.empty());
  INFO(scenario_tile_count(f.original) << " -> " << scenario_tile_count(f.shrunk) << " tiles, decision " << f.decision
                                       << ", " << f.shrink_asks << " questions, " << f.shrink_seconds << " s");
  CHECK(scenario_tile_count(f.shrunk) <= 6);
}

TEST_CASE("explore with two implementations reports their disagreements with each other once per signature",
          "[explore]") {
  auto serve = start_impl({CARC_BINARY, "serve"});
  auto dup = start_planted("dup-rotations");
  ExploreConfig config = hig_c3_config();
  config.games = 1;
  Explorer explorer(config, {serve.get(), dup.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  int with_engine = 0, between = 0;
  for (const Finding& f : explorer.findings()) {
    INFO(f.signature << " " << f.impl_index << " vs " << f.other_index);
    CHECK(f.impl_index == 1);  // serve agrees with our engine
    CHECK(f.signature == "moves-duplicate-place");
    if (!f.between_impls()) {
      ++with_engine;
      continue;
    }
    ++between;
    CHECK(f.other_index == 0);
    CHECK(f.kind == "placements");
    CHECK(f.seen > 1);  // seen at many decisions, kept once
    CHECK(scenario_tile_count(f.shrunk) <= 2);
    CHECK_FALSE(f.shrink_cut_short);
    REQUIRE_FALSE(f.first.moves.empty());
    CHECK(f.first.moves.size() < f.theirs.moves.size());
  }
  CHECK(with_engine == 1);
  CHECK(between == 1);
}

TEST_CASE("explore with two implementations writes their disagreement as a candidate of its own", "[explore]") {
  const auto dir = std::filesystem::temp_directory_path() / "carc-explore-pair";
  std::filesystem::remove_all(dir);
  ExploreOptions o;
  o.impl = {std::string(CARC_BINARY) + " serve", planted("dup-rotations")};
  o.games = 1;
  o.out_dir = dir.string();
  o.no_progress = true;
  std::ostringstream out, err;
  CHECK(run_explore(o, out, err) == 1);
  INFO(out.str() << err.str());
  CHECK(contains(out.str(), " vs "));
  REQUIRE(std::filesystem::exists(dir / "candidates" / "EXP-moves-duplicate-place.yaml"));
  REQUIRE(std::filesystem::exists(dir / "candidates" / "EXP-moves-duplicate-place-i2.yaml"));
  CHECK(contains(read_text(dir / "candidates" / "EXP-moves-duplicate-place-i2.yaml"), "from each other"));
  CHECK(contains(read_text(dir / "explore.jsonl"), "\"versus\""));
  std::filesystem::remove_all(dir);
}

TEST_CASE("explore cuts a game in progress when its time budget is spent, its first finding shrunk already",
          "[explore]") {
  // Since issue 45 the budget cuts a game in progress too (it used to finish the game under way).
  // Since issue 50 a disagreement is shrunk when it is found, before the games go on: the first
  // one (game 1) is shrunk in full, not cut short by the games after it.
  auto impl = start_planted("dup-rotations");
  ExploreConfig config = hig_c3_config();
  config.games = 50;
  config.time_budget = 1.5;  // enough for the duplicate rotations (first game), not for 50 games
  Explorer explorer(config, {impl.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  CHECK(stats->budget_exhausted);
  CHECK(stats->cut_in_game);  // cut in a game (between two games is a window of microseconds)
  CHECK(stats->games < 50);
  REQUIRE_FALSE(explorer.findings().empty());
  const Finding& f = explorer.findings().front();
  CHECK(f.first_game == 0);
  CHECK_FALSE(f.shrink_cut_short);
  CHECK(f.shrink_asks > 0);
  CHECK(scenario_tile_count(f.shrunk) <= 2);
}

TEST_CASE("explore cut short while shrinking keeps the last reduction that held, with the answers it held on",
          "[explore]") {
  // A slow engine (0.3 s a question): the budget runs out a few questions into the first shrink.
  const auto log = std::filesystem::temp_directory_path() / "carc-explore-cut-shrink.log";
  std::filesystem::remove(log);
  auto impl = start_slow("dup-rotations", 0.3, log);
  ExploreConfig config = hig_c3_config();
  config.games = 50;
  config.time_budget = 3.5;
  Explorer explorer(config, {impl.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  CHECK(stats->budget_exhausted);
  REQUIRE_FALSE(explorer.findings().empty());
  const Finding& f = explorer.findings().front();
  INFO(scenario_tile_count(f.original) << " -> " << scenario_tile_count(f.shrunk) << " tiles, decision " << f.decision
                                       << ", " << f.shrink_asks << " questions, " << f.shrink_seconds << " s");
  CHECK(f.shrink_cut_short);
  CHECK(f.shrink_asks > 1);
  CHECK(scenario_tile_count(f.shrunk) < scenario_tile_count(f.original));  // reduced before the budget ran out
  // The answers kept are those on the reduction kept: they differ as the finding says.
  const auto d = diff_answers(f.shrunk, f.ours, f.theirs, f.events);
  REQUIRE(d);
  CHECK(d->signature == f.signature);
  CHECK(d->lines == f.lines);
}

TEST_CASE(
    "explore shrinks an abbot's return far from the placed tile to the cloister's tile alone (the board cut to what "
    "the difference names)",
    "[explore]") {
  // cloister-short: the first disagreement is an abbot taken back (decision 113 of game 1) from a
  // cloister 9 squares from the tile placed that turn. Removing tiles one chunk at a time could not
  // cut the path between them: it stopped at 16 tiles (40 questions). The placed tile moved onto
  // the cloister and the board cut to the squares the difference names: 1 tile.
  auto impl = start_planted("cloister-short");
  const Explored e = explore_with(*impl, 1);
  const Finding* f = find_signature(e, "scores-scored-after-return");
  REQUIRE(f != nullptr);
  INFO(scenario_tile_count(f->original) << " -> " << scenario_tile_count(f->shrunk) << " tiles, " << f->shrink_asks
                                        << " questions");
  CHECK(f->kind == "scoring");
  CHECK(f->capability == "abbot");
  CHECK(scenario_tile_count(f->shrunk) <= 2);
  CHECK(f->shrink_asks <= 30);
  REQUIRE(f->shrunk.position.placed);
  CHECK(f->shrunk.apply.size() == 1);
}

TEST_CASE(
    "explore shrinks the first disagreement of a slow engine (50 ms a question) to at most 6 tiles within its time "
    "budget",
    "[explore]") {
  // Issue 50: a proxy of serve with one planted one-rule bug (a cloister scores one point less)
  // answering each question after 50 ms. 10 games take about 75 s at that speed; the 15 s budget
  // ends in game 2 or 3. Before issue 50 the games came first and took the whole budget: the
  // first disagreement (65 tiles) was written unshrunk, 0 questions asked.
  const auto log = std::filesystem::temp_directory_path() / "carc-explore-slow-shrink.log";
  std::filesystem::remove(log);
  auto impl = start_slow("cloister-short", 0.05, log);
  ExploreConfig config = hig_c3_config();
  config.games = 10;
  config.seed = 1;
  config.time_budget = 15;
  Explorer explorer(config, {impl.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  CHECK(stats->budget_exhausted);
  REQUIRE_FALSE(explorer.findings().empty());
  const Finding& f = explorer.findings().front();
  INFO(f.signature << ": " << scenario_tile_count(f.original) << " -> " << scenario_tile_count(f.shrunk)
                   << " tiles, game " << f.first_game + 1 << ", decision " << f.decision << ", " << f.shrink_asks
                   << " questions (" << f.shrink_cached << " judged again from the cache), " << f.shrink_seconds
                   << " s");
  CHECK(f.first_game == 0);
  CHECK_FALSE(f.shrink_cut_short);
  CHECK(scenario_tile_count(f.original) > 20);
  CHECK(scenario_tile_count(f.shrunk) <= 6);
  CHECK(f.shrink_asks <= 40);  // 12 when measured
  CHECK(f.shrink_seconds < 10);
  // Every question the proxy got is counted: the games', each shrink's, and one final ask per
  // shrink done (the shrunk question asked again for its answers).
  long long expected = stats->asked;
  for (const Finding& g : explorer.findings())
    expected += g.shrink_asks + (g.shrink_asks > 0 && !g.shrink_cut_short ? 1 : 0);
  impl.reset();  // the proxy stopped: its log is complete
  const std::string lines = read_text(log);
  CHECK(std::count(lines.begin(), lines.end(), '\n') == expected);
}

TEST_CASE("explore writes candidates that check accepts and run --impl fails on", "[explore]") {
  const auto dir = std::filesystem::temp_directory_path() / "carc-explore-candidates";
  (void)explore_out(dir, "dup-rotations");
  REQUIRE(std::filesystem::exists(dir / "candidates" / "EXP-moves-duplicate-place.yaml"));
  CHECK(std::filesystem::exists(dir / "explore.jsonl"));
  CHECK(contains(read_text(dir / "summary.md"), "EXP-moves-duplicate-place"));
  const std::string file = (dir / "candidates" / "EXP-moves-duplicate-place.yaml").string();
  const std::string text = read_text(file);
  CHECK(contains(text, "status: UNVERIFIED"));
  CHECK_FALSE(contains(text, "rulings:"));
  CHECK_FALSE(contains(text, "rules:"));  // the games played the preset's switches
  CHECK(contains(candidate_reproduces(file, "dup-rotations"), "EXP-moves-duplicate-place"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("explore writes a scoring candidate with its score events and an HTML report of the candidates",
          "[explore]") {
  const auto dir = std::filesystem::temp_directory_path() / "carc-explore-scoring";
  const std::string out = explore_out(dir, "farm-city-per-side");
  const auto file = dir / "candidates" / "EXP-scores-scored-final.yaml";
  REQUIRE(std::filesystem::exists(file));
  const std::string text = read_text(file);
  CHECK(contains(text, "final_scoring: true"));
  CHECK(contains(text, "scored:"));
  CHECK(contains(text, "- \"final field 3 "));  // ours: one city, 3 points (theirs counts it twice)
  const std::string html = read_text(dir / "report.html");
  CHECK(contains(html, "EXP-scores-scored-final"));
  CHECK(contains(html, "<svg"));  // the candidate's board
  CHECK(contains(out, "report.html"));
  CHECK(contains(candidate_reproduces(file.string(), "farm-city-per-side"), "scored"));  // events included
  std::filesystem::remove_all(dir);
}

TEST_CASE("explore keeps a switch the disagreement needs in the shrunk scenario's rules and drops the others",
          "[explore]") {
  // The fake plays tiny-city-scoring as 4 whatever is sent: under 2 (BG-10's 2000 value) a
  // completed two-tile city scores differently, under the preset's 4 it agrees. A second
  // switch away from the preset's value that the disagreement does not need must go.
  auto impl = start_planted("tiny-city-ignored");
  PlayOptions play;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c3");
  REQUIRE(config.rules.set("tiny-city-scoring", "2"));
  REQUIRE(config.rules.set("farmers", "off"));
  config.game = *setup;
  config.games = 1;
  Explorer explorer(config, {impl.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  REQUIRE_FALSE(explorer.findings().empty());
  for (const Finding& f : explorer.findings()) {
    INFO(f.signature << ", game " << f.first_game + 1 << ", decision " << f.decision << ", "
                     << scenario_tile_count(f.original) << " -> " << scenario_tile_count(f.shrunk) << " tiles in "
                     << f.shrink_asks << " questions, " << f.shrink_seconds << " s");
    CHECK(f.kind == "scoring");
    CHECK(f.first_game == 0);
    CHECK(f.original.rules == SwitchValues{{"tiny-city-scoring", "2"}, {"farmers", "off"}});
    CHECK(f.shrunk.rules == SwitchValues{{"tiny-city-scoring", "2"}});  // farmers: off does not matter
    CHECK(scenario_tile_count(f.shrunk) <= 2);                          // the two-tile city
    // Written as a candidate, it states the switch and reproduces under `run --impl`.
    Scenario c = f.shrunk;
    c.id = f.id();
    c.title = "tiny city";
    c.source = "explore_test";
    c.required = required_capabilities(c);
    if (auto d = diff_answers(c, f.ours, f.theirs, f.events)) c.expect = expect_from(f.ours, d->keys);
    const std::string text = scenario_yaml(c);
    CHECK(contains(text, "rules:\n  tiny-city-scoring: \"2\""));
    const auto dir = std::filesystem::temp_directory_path() / "carc-explore-switch";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const auto file = dir / (c.id + ".yaml");
    std::ofstream(file, std::ios::binary) << text;
    CHECK(contains(candidate_reproduces(file.string(), "tiny-city-ignored"), c.id));
    std::filesystem::remove_all(dir);
  }
}

TEST_CASE("explore plays bridges, Little Buildings, castles and the Big Top against serve without a disagreement",
          "[explore]") {
  // Every key and move of protocol versions 8 to 10 crosses the protocol and back: serve and the
  // in-process engine must agree on each of them.
  ExploreOptions o;
  o.impl = {std::string(CARC_BINARY) + " serve"};
  o.games = 2;
  o.players = 3;
  o.ruleset = "hig-c2";
  o.sets = "base,bridges-castles,big-top,festival";
  o.figures = "follower=7,ringmaster=1";
  o.little_buildings = true;
  o.bridges = true;
  o.no_progress = true;
  std::ostringstream out, err;
  CHECK(run_explore(o, out, err) == 0);
  INFO(out.str() << err.str());
  CHECK(contains(out.str(), "no disagreement"));
}

TEST_CASE("explore splits games between shards and repeats itself for a seed", "[explore]") {
  auto impl = start_planted("dup-rotations");
  PlayOptions play;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  const auto decisions = [&](int shard, int shards) {
    ExploreConfig config;
    config.rules = *ruleset_named("hig-c3");
    config.game = *setup;
    config.games = 3;
    config.shard = shard;
    config.shards = shards;
    config.shrink = false;
    Explorer explorer(config, {impl.get()});
    auto stats = explorer.run();
    REQUIRE(stats);
    return std::pair{stats->decisions, stats->games};
  };
  const auto whole = decisions(0, 1);
  const auto first = decisions(0, 2);
  const auto second = decisions(1, 2);
  CHECK(first.second == 2);
  CHECK(second.second == 1);
  CHECK(first.first + second.first == whole.first);
  CHECK(decisions(0, 1) == whole);
}

TEST_CASE("explore starts no game once its time budget is spent", "[explore]") {
  auto impl = start_impl({CARC_BINARY, "serve"});
  ExploreConfig config = hig_c3_config();
  config.games = 50;
  config.time_budget = 0.001;
  Explorer explorer(config, {impl.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  CHECK(stats->budget_exhausted);
  CHECK(stats->games <= 1);
}

TEST_CASE("explore refuses an unknown ruleset and a bad shard with exit 2", "[explore]") {
  ExploreOptions o;
  o.impl = {std::string(CARC_BINARY) + " serve"};
  o.ruleset = "nope";
  std::ostringstream out, err;
  CHECK(run_explore(o, out, err) == 2);
  o.ruleset = "hig-c3";
  o.shard = "3/2";
  CHECK(run_explore(o, out, err) == 2);
  CHECK(contains(err.str(), "--shard"));
}

TEST_CASE("explore refuses an edition other than its ruleset's with exit 2 before any game", "[explore]") {
  // Regression: --ruleset rgg-c1 --edition C2 drew C2 tiles, every question was refused as
  // edition leakage and the run ended in an internal error (exit 70).
  ExploreOptions o;
  o.impl = {std::string(CARC_BINARY) + " serve"};
  o.ruleset = "rgg-c1";
  o.edition = "C2";
  std::ostringstream out, err;
  CHECK(run_explore(o, out, err) == 2);
  CHECK(contains(err.str(), "--edition C2 does not match the ruleset rgg-c1 (edition C1)"));
  CHECK(out.str().empty());
  o.edition = "C1";  // the ruleset's own: accepted
  o.games = 1;
  o.no_progress = true;
  std::ostringstream out1, err1;
  CHECK(run_explore(o, out1, err1) == 0);
}

namespace {

// carc-oracle serve (in process) on the given lines: its replies, one per line, then what it
// wrote on stderr as one last line.
std::vector<std::string> serve_lines(const std::vector<std::string>& lines) {
  const auto file = std::filesystem::temp_directory_path() / "carc-explore-serve-lines.jsonl";
  {
    std::ofstream in(file, std::ios::binary);
    for (const auto& l : lines) in << l << "\n";
  }
  const int fd = ::open(file.c_str(), O_RDONLY);
  REQUIRE(fd >= 0);
  std::ostringstream out, err;
  (void)run_serve(fd, out, err);
  ::close(fd);
  std::filesystem::remove(file);
  std::vector<std::string> replies;
  std::istringstream text(out.str());
  for (std::string l; std::getline(text, l);) replies.push_back(l);
  replies.push_back(err.str());
  return replies;
}

}  // namespace

TEST_CASE("encode_run writes a request's cached definitions as the whole message dumped at once", "[explore]") {
  // encode_run puts each definition's cached text into the position's empty definitions array:
  // the bytes must be those of the message built and dumped whole, for a game's positions.
  PlayOptions play;
  play.sets = "base,flier";
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  const RuleSet rules = *ruleset_named("hig-c3");
  auto state = new_game(builtin_catalog(), rules, *setup);
  REQUIRE(state);
  SplitMix64 rng(7);
  int checked = 0;
  for (int step = 0; step < 200 && state->phase() != Phase::GameOver; ++step) {
    if (auto snap = snapshot(*state)) {
      Scenario sc;
      sc.id = "EXP-encode";
      sc.position = position_of(*snap);
      const Request request{&sc, rules, {}, {"moves"}, false};
      const proto::RunRequest wire = wire_request(request, std::to_string(step));
      proto::detail::Json whole;
      whole["cmd"] = "run";
      whole["seq"] = step;
      whole["scenario"] = wire.scenario;
      whole["ruleset"] = proto::detail::to_json(wire.ruleset);
      whole["position"] = proto::detail::to_json(wire.position);
      whole["query"] = proto::detail::to_json(wire.query);
      CHECK(proto::encode_run(wire) == proto::detail::dump(whole));
      ++checked;
    }
    MoveList legal;
    legal_moves(*state, legal);
    REQUIRE(legal.size() > 0);
    REQUIRE(state->apply(legal[rng.below(legal.size())]) == Reason::Ok);
  }
  CHECK(checked > 50);
}

TEST_CASE("serve reads each definitions text once and answers every line as when it reads it whole", "[explore]") {
  // serve keeps the definitions it read per text (half of every request explore sends): a line
  // with known definitions is decoded without them. Each reply must be the one a fresh serve,
  // which reads the line whole, gives: answers, and errors elsewhere in the line.
  PlayOptions play;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  const RuleSet rules = *ruleset_named("hig-c3");
  auto state = new_game(builtin_catalog(), rules, *setup);
  REQUIRE(state);
  auto snap = snapshot(*state);
  REQUIRE(snap);
  Scenario sc;
  sc.id = "EXP-serve";
  sc.position = position_of(*snap);
  const Request request{&sc, rules, {}, {"moves"}, false};
  const std::string run = proto::encode_run(wire_request(request, "1"));
  REQUIRE(contains(run, "\"definitions\":[{"));
  std::string second = run;
  second.replace(second.find("\"seq\":1"), 7, "\"seq\":2");
  std::string bad_rotation = run;
  bad_rotation.replace(bad_rotation.find("\"rotation\":0"), 12, "\"rotation\":45");
  const std::string cut_short = run.substr(0, run.size() - 3);
  std::string spaced = run;
  spaced.replace(spaced.find("\"definitions\":"), 14, "\"definitions\" : ");
  const std::string start = proto::encode_start(proto::kProtocolVersion);
  const std::vector<std::string> lines{run, second, bad_rotation, spaced, run};
  std::vector<std::string> all{start};
  all.insert(all.end(), lines.begin(), lines.end());
  const auto together = serve_lines(all);
  REQUIRE(together.size() == lines.size() + 2);  // the handshake, a reply a line, stderr
  CHECK(together.back().empty());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("line " << i + 1);
    const auto alone = serve_lines({start, lines[i]});
    REQUIRE(alone.size() == 3);
    CHECK(together[i + 1] == alone[1]);
  }
  CHECK(contains(together[1], "\"answer\""));
  CHECK(contains(together[3], "position.tiles[0].rotation"));
  // Not JSON (no seq to answer): said on stderr as when the line is read whole.
  const auto broken = serve_lines({start, run, cut_short});
  REQUIRE(broken.size() == 3);
  CHECK(contains(broken.back(), "not JSON"));
  CHECK(broken.back() == serve_lines({start, cut_short}).back());
}

// ---------------------------------------------------------------------------
// Issue 45: explore you can trust in CI.

namespace {

std::string adapter(const std::string& script, const std::string& args = "") {
  return std::string("python3 ") + CARC_SOURCE_DIR + "/tests/adapters/" + script + " " + CARC_BINARY +
         (args.empty() ? "" : " " + args);
}

struct CliRun {
  int code = -1;
  std::string out, err;
  double seconds = 0;
};

CliRun explore_cli(ExploreOptions o) {
  o.no_progress = true;
  CliRun r;
  std::ostringstream out, err;
  const auto start = std::chrono::steady_clock::now();
  r.code = run_explore(o, out, err);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.out = out.str();
  r.err = err.str();
  return r;
}

// Our engine's answer about the first position of a new game of `sets` (no move).
Answer first_answer(const std::string& sets, int players = 2) {
  PlayOptions play;
  play.sets = sets;
  play.players = players;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  auto state = new_game(builtin_catalog(), *ruleset_named("hig-c3"), *setup);
  REQUIRE(state);
  return answer_moves(*state, {}, false, {});
}

}  // namespace

TEST_CASE("our engine answers floors only with the Tower in play and supply only for the figure kinds in play",
          "[explore][answer]") {
  // Regression (issue 45): floors were answered for every player in every game, and supply
  // listed every figure kind at 0.
  const Answer base = first_answer("base");
  CHECK(base.floors.empty());
  for (const auto& [colour, kinds] : base.supply) {
    INFO(colour);
    CHECK(kinds.size() == 2);  // the follower and the abbot (hig-c3's figures), nothing else
    CHECK(kinds.contains("follower"));
    CHECK(kinds.contains("abbot"));
  }
  const Answer tower = first_answer("base,tower", 3);
  REQUIRE(tower.floors.size() == 3);
  for (const auto& [colour, n] : tower.floors) CHECK(n == 9);  // TO-01 with 3 players
}

TEST_CASE("explore compares an absent floors entry or supply count as its default, both ways", "[explore]") {
  Scenario q;
  q.position.players = {Colour::Red, Colour::Blue};
  Answer ours;
  ours.phase = "tile";
  ours.scores = {{"red", 0}, {"blue", 0}};
  ours.floors = {{"red", 10}, {"blue", 10}};
  ours.supply = {{"red", {{"follower", 7}, {"abbot", 0}}}, {"blue", {{"follower", 7}}}};
  Answer theirs = ours;
  theirs.floors.clear();
  theirs.supply = {{"red", {{"follower", 7}}}, {"blue", {{"follower", 7}, {"pig", 0}}}};
  CHECK_FALSE(diff_answers(q, ours, theirs).has_value());
  CHECK_FALSE(diff_answers(q, theirs, ours).has_value());
  theirs.floors = {{"red", 10}};  // one listed at TO-01's number
  CHECK_FALSE(diff_answers(q, ours, theirs).has_value());
  theirs.floors = {{"red", 9}};  // one floor short: a difference
  auto d = diff_answers(q, ours, theirs);
  REQUIRE(d);
  CHECK(d->keys == std::vector<std::string>{"floors"});
  CHECK(contains(d->lines.front(), "theirs [red 9]"));
  // TO-01's number depends on the players: 3 players are dealt 9.
  q.position.players.push_back(Colour::Green);
  ours.floors = {{"red", 9}, {"blue", 9}, {"green", 9}};
  theirs.floors.clear();
  CHECK_FALSE(diff_answers(q, ours, theirs).has_value());
}

TEST_CASE("explore finds no disagreement with a faithful protocol-1 proxy of serve", "[explore]") {
  // Regression (issue 45): our engine answered floors in every game and a protocol-1
  // implementation (which knows no Tower) none: "floors: ours [blue 10; red 10]; theirs []".
  const auto log = std::filesystem::temp_directory_path() / "carc-explore-v1.log";
  auto impl =
      start_impl({"python3", std::string(CARC_SOURCE_DIR) + "/tests/adapters/v1.py", CARC_BINARY, log.string()});
  REQUIRE(impl->protocol_version() == 1);
  const Explored e = explore_with(*impl, 2);
  for (const auto& f : e.findings) INFO(f.signature << ": " << (f.lines.empty() ? "" : f.lines.front()));
  CHECK(e.findings.empty());
  CHECK(e.stats.games == 2);
  CHECK(e.stats.decisions > 100);
  CHECK(e.stats.asked == e.stats.decisions);
  CHECK(e.stats.not_answered == 0);
  std::filesystem::remove(log);
}

TEST_CASE("explore exits 1 and says why when questions go unanswered", "[explore]") {
  // Regression (issue 45): garbage, errors, skips, crashes, timeouts and a hang mid-game left
  // only "N not answered" in the summary, "no disagreement", exit 0.
  struct Case {
    std::string impl, reason;
    double timeout = 10, budget = 0;
  };
  const std::vector<Case> cases{
      {adapter("unanswering.py", "garbage 7"), "errored"},
      {adapter("unanswering.py", "errored 7"), "errored"},
      {adapter("unanswering.py", "skipped 7"), "skipped"},
      {adapter("crash.py", "5"), "crashed"},             // a crash every 6th request (each process answers 5)
      {adapter("unanswering.py", "huge 7"), "errored"},  // a reply over the line limit
      {adapter("slow.py", "0.6"), "timed out", 0.2, 4},  // every answer past --timeout
      {adapter("unanswering.py", "hang-after 20"), "timed out", 0.5, 6},  // a hang in the middle of the game
  };
  for (const Case& c : cases) {
    ExploreOptions o;
    o.impl = {c.impl};
    o.games = 1;
    o.timeout = c.timeout;
    o.time_budget = c.budget;
    const CliRun r = explore_cli(o);
    INFO(c.impl << "\n" << r.out << r.err);
    CHECK(r.code == 1);
    CHECK(contains(r.err, "went unanswered"));
    CHECK(contains(r.err, " " + c.reason));
    CHECK(contains(r.out, " " + c.reason));  // the summary line names the reason too
    CHECK_FALSE(contains(r.out, "\nno disagreement\n"));
    CHECK(contains(r.out, "not a pass"));
  }
}

TEST_CASE("explore names what a base-game-only implementation lacks and never passes comparing nothing", "[explore]") {
  // Regression (issue 45): under the defaults (hig-c3: an abbot each) every question was
  // unsupported, "no disagreement", exit 0, without naming what was missing.
  ExploreOptions o;
  o.impl = {adapter("base_only.py")};
  o.games = 1;
  const CliRun r = explore_cli(o);
  INFO(r.out << r.err);
  CHECK(r.code == 1);
  CHECK(contains(r.err, "figure abbot"));
  CHECK(contains(r.err, "nothing was compared"));
  CHECK(contains(r.err, "--sets auto"));
  CHECK_FALSE(contains(r.out, "\nno disagreement\n"));
  // --sets auto: the largest game it declares, the base set with followers only, all compared.
  o.sets = "auto";
  const CliRun a = explore_cli(o);
  INFO(a.out << a.err);
  CHECK(a.code == 0);
  CHECK(contains(a.err, "--sets auto: the largest game the implementation declares: --sets base --figures follower=7"));
  CHECK(contains(a.out, " 0 unsupported, 0 not answered"));
  CHECK(contains(a.out, "no disagreement"));
}

TEST_CASE("explore --sets auto against serve chooses every set, figure, Little Buildings and the bridges",
          "[explore]") {
  auto serve = start_impl({CARC_BINARY, "serve"});
  PlayOptions play;
  play.ruleset = "hig-c2";
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  const RuleSet rules = *ruleset_named("hig-c2");
  auto game = largest_game(rules, *setup, {serve.get()}, false);
  REQUIRE(game);
  for (const TileSet& set : builtin_catalog().sets())
    if (set.name != "base" && (set.counts.contains("C2") || set.played_in.contains("C2"))) {
      INFO(set.name);
      CHECK(std::find(game->sets.begin(), game->sets.end(), set.name) != game->sets.end());
    }
  CHECK(game->little_buildings);
  CHECK(game->bridges);
  for (int k = 0; k < kFigureKinds; ++k) {
    INFO(figure_name(static_cast<FigureKind>(k)));
    CHECK(game->figures[static_cast<std::size_t>(k)] > 0);
  }
  auto lacks = game_lacks(rules, *game, {serve.get()});
  REQUIRE(lacks);
  CHECK(lacks->empty());
}

TEST_CASE("explore --time-budget bounds a game in progress against a slow and a mute implementation", "[explore]") {
  // Regression (issue 45): the budget was checked only between games: against a 1.5 s/answer
  // engine --time-budget 30 ran 161 s, against a mute one --time-budget 20 still ran at 120 s.
  struct Case {
    std::string impl;
    double timeout, budget;
  };
  const std::vector<Case> cases{{adapter("slow.py", "1.5"), 10, 4}, {adapter("hang.py", "--all"), 2, 3}};
  for (const Case& c : cases) {
    ExploreOptions o;
    o.impl = {c.impl};
    o.games = 3;
    o.timeout = c.timeout;
    o.time_budget = c.budget;
    const CliRun r = explore_cli(o);
    INFO(c.impl << ": " << r.seconds << " s\n" << r.out << r.err);
    // The budget, one question in flight (its answer or its timeout) and the process's start.
    CHECK(r.seconds < c.budget + std::min(c.timeout, 1.5) + 3);
    CHECK(contains(r.out, "the time budget cut the run in a game"));
    CHECK(contains(r.err, "the time budget"));
    CHECK(contains(r.out, "0 games,"));
  }
}

TEST_CASE("run --impl reads a seated player left out of the answer's floors as TO-01's number", "[explore][evaluate]") {
  // PROTOCOL.md §12.4: a player not listed has TO-01's number, in the answer as in the position.
  Expect e;
  e.floors = std::map<Colour, int>{{Colour::Red, 10}};
  Answer a;
  a.scores = {{"red", 0}, {"blue", 0}};
  CHECK(compare(e, a, builtin_catalog()).empty());
  a.floors = {{"blue", 10}};
  CHECK(compare(e, a, builtin_catalog()).empty());
  a.floors = {{"red", 9}};
  const auto diffs = compare(e, a, builtin_catalog());
  REQUIRE(diffs.size() == 1);
  CHECK(diffs.front().actual == std::vector<std::string>{"red 9"});
  e.floors = std::map<Colour, int>{{Colour::Red, 9}};  // 3 players are dealt 9
  a.floors.clear();
  a.scores["green"] = 0;
  CHECK(compare(e, a, builtin_catalog()).empty());
  a.scores.clear();  // no seats known: not answered
  REQUIRE(compare(e, a, builtin_catalog()).size() == 1);
  CHECK(compare(e, a, builtin_catalog()).front().actual == std::vector<std::string>{"red (none)"});
}

TEST_CASE("explore's questions state Little Buildings' tokens, and their YAML reads them back", "[explore]") {
  // Found with issue 45: position_of left out building_supply and buildings, so a game with
  // --little-buildings asked every question without them (no building move ever compared).
  PlayOptions play;
  play.little_buildings = true;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  auto state = new_game(builtin_catalog(), *ruleset_named("hig-c3"), *setup);
  REQUIRE(state);
  auto snap = snapshot(*state);
  REQUIRE(snap);
  Scenario sc;
  sc.id = "EXP-lb";
  sc.title = "little buildings";
  sc.source = "explore_test";
  sc.applies_to = {"hig-c3"};
  sc.position = position_of(*snap);
  REQUIRE(sc.position.building_supply.size() == 2);
  sc.required = required_capabilities(sc);
  CHECK(std::find(sc.required.begin(), sc.required.end(), "little-buildings") != sc.required.end());
  sc.expect.phase = "tile";
  const std::string text = scenario_yaml(sc);
  CHECK(contains(text, "building_supply:"));
  const ScenarioFile back = load_scenario_text(text, "EXP-lb.yaml");
  INFO(text << carc::test::problems_of(back));
  REQUIRE(back.valid());
  REQUIRE(back.scenarios.size() == 1);
  CHECK(back.scenarios.front().position.building_supply == sc.position.building_supply);
}

namespace {

// explore.jsonl without its timings (seconds, shrink_seconds, decisions_per_second).
std::string without_timings(std::string text) {
  for (const std::string key : {"\"seconds\":", "\"shrink_seconds\":", "\"decisions_per_second\":"}) {
    for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at)) {
      std::size_t end = at + key.size();
      while (end < text.size() && text[end] != ',' && text[end] != '}') ++end;
      text.erase(at + key.size(), end - at - key.size());
      at += key.size();
    }
  }
  return text;
}

// The summary line's rate "(N/s)" left out.
std::string without_rate(std::string text) {
  const auto open = text.find(" decisions (");
  if (open != std::string::npos) text.erase(open + 11, text.find(')', open) - open - 10);
  return text;
}

}  // namespace

TEST_CASE("explore --jobs 3 writes what --jobs 1 writes, apart from timings", "[explore]") {
  // Two implementations (our serve and a planted bug: a disagreement with our engine and one
  // between the pair), 4 games over 3 sets of processes: the games merged in game order.
  const auto base = std::filesystem::temp_directory_path() / "carc-explore-jobs";
  std::filesystem::remove_all(base);
  const auto explore_jobs = [&](int jobs) {
    ExploreOptions o;
    o.impl = {std::string(CARC_BINARY) + " serve", planted("farm-city-per-side")};
    o.games = 4;
    o.jobs = jobs;
    o.out_dir = (base / "out").string();
    o.no_progress = true;
    std::ostringstream out, err;
    CHECK(run_explore(o, out, err) == 1);
    INFO(out.str() << err.str());
    std::filesystem::rename(base / "out", base / std::to_string(jobs));
    return out.str();
  };
  const std::string one = explore_jobs(1);
  const std::string three = explore_jobs(3);
  const auto dir1 = base / "1", dir3 = base / "3";
  // stdout up to "wrote ... into DIR" (the directories differ), the rate left out.
  const auto printed = [](const std::string& text) {
    const std::string s = without_rate(text);
    return s.substr(0, s.find("wrote "));
  };
  CHECK(printed(one) == printed(three));
  CHECK(contains(one, "4 games"));
  CHECK(contains(one, " vs "));  // the pair's disagreement too
  CHECK(without_timings(read_text(dir1 / "explore.jsonl")) == without_timings(read_text(dir3 / "explore.jsonl")));
  CHECK(read_text(dir1 / "summary.md") == read_text(dir3 / "summary.md"));
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir1 / "candidates"))
    files.push_back(entry.path().filename().string());
  REQUIRE(files.size() >= 2);
  for (const auto& name : files) {
    INFO(name);
    REQUIRE(std::filesystem::exists(dir3 / "candidates" / name));
    CHECK(read_text(dir1 / "candidates" / name) == read_text(dir3 / "candidates" / name));
  }
  CHECK(std::distance(std::filesystem::directory_iterator(dir3 / "candidates"),
                      std::filesystem::directory_iterator{}) == static_cast<std::ptrdiff_t>(files.size()));
  std::filesystem::remove_all(base);
}

TEST_CASE("explore with a misbehaving process among its --jobs sets counts its questions and merges every game",
          "[explore]") {
  // Set 1 answers well, set 2 answers every 7th question `errored`: every game is merged, each
  // decision counted once as answered or not, the unanswered ones under their reason.
  auto good = start_planted("dup-rotations");
  auto bad = start_impl(
      {"python3", std::string(CARC_SOURCE_DIR) + "/tests/adapters/unanswering.py", CARC_BINARY, "errored", "7"});
  ExploreConfig config = hig_c3_config();
  config.games = 4;
  config.shrink = false;
  Explorer explorer(config, {good.get()});
  explorer.add_lane({bad.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  CHECK(stats->games == 4);
  CHECK(stats->decisions > 4 * 100);
  CHECK(stats->asked + stats->not_answered == stats->decisions);
  REQUIRE(stats->impls.size() == 1);
  CHECK(stats->impls[0].unanswered["errored"] == stats->not_answered);
  // Whichever set played which game, some game was the bad set's: its every 7th question went unanswered.
  CHECK(stats->not_answered > 0);
}
