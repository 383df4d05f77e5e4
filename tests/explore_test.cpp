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
  PlayOptions play;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c3");
  config.game = *setup;
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

TEST_CASE("explore stops shrinking when its time budget is spent and keeps the best so far", "[explore]") {
  auto impl = start_planted("dup-rotations");
  PlayOptions play;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c3");
  config.game = *setup;
  config.games = 5;
  config.time_budget = 0.05;  // the first game starts at once and takes longer than that
  Explorer explorer(config, {impl.get()});
  auto stats = explorer.run();
  REQUIRE(stats);
  CHECK(stats->budget_exhausted);
  CHECK(stats->games == 1);
  REQUIRE_FALSE(explorer.findings().empty());
  const Finding& f = explorer.findings().front();
  CHECK(f.shrink_cut_short);
  CHECK(f.shrink_asks == 0);
  CHECK(scenario_tile_count(f.shrunk) == scenario_tile_count(f.original));
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
  PlayOptions play;
  auto setup = game_setup_of(play);
  REQUIRE(setup);
  ExploreConfig config;
  config.rules = *ruleset_named("hig-c3");
  config.game = *setup;
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
