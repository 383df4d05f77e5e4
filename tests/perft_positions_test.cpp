// Perft of the positions in perft/ (issue 10): the base game, flying machines
// with fixed rolls, crop circles, the phantom. How each count is known:
// - depth 1 and 2 by hand (below) and against legal_turns, an enumeration
//   written independently of legal_moves;
// - every count to depth 5 recounted by naive_perft (brute_force.hpp): the
//   tree walked with is_legal over a brute-force candidate superset, never
//   calling legal_moves;
// - every count to depth 4 unchanged when the position is rotated by 90, 180,
//   270 degrees or translated (scenario_transform.hpp);
// - depth 6 only as a regression pin: nothing independent recounts it.
#include <catch2/catch.hpp>

#include <sstream>

#include "brute_force.hpp"
#include "cli/commands.hpp"
#include "data/oracle_data.hpp"
#include "engine/legality.hpp"
#include "engine/movegen.hpp"
#include "engine/perft.hpp"
#include "scenario/scenario_transform.hpp"

using namespace carc;

namespace {

std::string perft_file(const std::string& name) { return std::string(CARC_SOURCE_DIR) + "/perft/" + name; }

Scenario perft_scenario(const std::string& name) {
  const ScenarioFile f = load_scenario_file(perft_file(name));
  INFO(name);
  REQUIRE(f.valid());
  REQUIRE(f.scenarios.size() == 1);
  return f.scenarios.front();
}

State position_of(const Scenario& sc) {
  auto rules = scenario_rules(sc, "hig-c3");
  REQUIRE(rules.ok());
  auto s = build_state(sc, *rules);
  INFO((s ? std::string() : s.error()));
  REQUIRE(s.ok());
  for (const auto& m : sc.apply) REQUIRE(s->apply(*m.move) == Reason::Ok);
  return std::move(*s);
}

struct Pin {
  const char* file;
  std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

// Hand checks of depths 1 and 2:
// base-start  V (curve) next to D: 2 rotations each east, west and south, none north
//             (no city edge) = 6; each with road, two fields or pass = 24.
// flier       perft 2 = legal_turns 52 + one `fly follower 2` per placement (14): 66.
// crop        three-player position; perft 2 equals legal_turns (27).
// phantom     K next to D: 6 placements; each with 4 features for a follower or
//             the phantom, or pass: 6 x 9 = 54 (legal_turns counts followers only: 30).
// tower       U (straight road) next to D and the foundation to-L: one rotation each at
//             -1,0 1,0 (road to D's road) and -1,1 1,1 0,2 (fields) = 5. Step 2 after
//             place U -1,0: the two fields (the road is blue's), floor 0,1, a follower
//             on top of 0,1, pass = 5; after -1,1, 1,1, 0,2: road and two fields + 3 = 6
//             each: 5 + 5 + 6 + 6 + 6 = 28.
// dragon      the dragon tile pd-RFr.d (straight road, two orientations) next to D and the
//             volcano pd-F.v: 1,0 and -1,0 road E-W onto D's road, 1,1 and -1,1 road N-S
//             beside the volcano's field, 0,2 road E-W under it = 5. Step 2: a follower on
//             the road or either field (all unoccupied: blue's knight is in the city), no
//             fairy move (red has no follower on the board yet), pass = 4 each: 20.
//             (Depth 3, the dragon's first step from 0,1: onto D, and onto the new tile when
//             it touches the volcano: 2 x 4 x 1 + 3 x 4 x 2 = 32.)
const std::vector<Pin> kPins{
    {"base-start.yaml", {6, 24, 192, 534, 2880, 9778}},
    {"flier.yaml", {14, 66, 1256, 3560, 9270, 69692}},
    // Depth 4 on changed with protocol 6, when crop-add-where's default became own-segment (an
    // add goes on the segment of the figure it joins); crop-same-tile.yaml keeps the counts
    // under the value before, same-tile-next-to.
    {"crop.yaml", {9, 27, 54, 87, 882, 4080}},
    {"crop-same-tile.yaml", {9, 27, 54, 91, 914, 4216}},
    {"phantom.yaml", {6, 54, 226, 1232, 4337, 11438}},
    {"tower.yaml", {5, 28, 110, 532}},  // depths 1-4 (the brute force recounts them all)
    {"dragon.yaml", {5, 20, 32, 80}},   // depths 1-4 (the brute force recounts them all)
};

}  // namespace

TEST_CASE("Perft counts of the perft/ positions are pinned", "[perft]") {
  for (const Pin& pin : kPins) {
    const State s = position_of(perft_scenario(pin.file));
    for (std::size_t d = 1; d <= pin.counts.size(); ++d) {
      INFO(pin.file << " depth " << d);
      CHECK(perft(s, static_cast<int>(d)) == pin.counts[d - 1]);
    }
  }
}

TEST_CASE("Perft agrees with a naive recount over is_legal to depth 5 (the tower and dragon positions to depth 4)",
          "[perft][brute]") {
  for (const Pin& pin : kPins) {
    const State s = position_of(perft_scenario(pin.file));
    for (int d = 1; d <= 5 && d <= static_cast<int>(pin.counts.size()); ++d) {
      INFO(pin.file << " depth " << d);
      CHECK(test::naive_perft(s, d) == pin.counts[static_cast<std::size_t>(d - 1)]);
    }
  }
}

TEST_CASE("Perft counts hold when the position is rotated or translated", "[perft][metamorphic]") {
  for (const Pin& pin : kPins) {
    const Scenario sc = perft_scenario(pin.file);
    for (const BoardTransform& t : metamorphic_transforms()) {
      const State s = position_of(transform_scenario(sc, t, builtin_catalog()));
      for (int d = 1; d <= 4; ++d) {
        INFO(pin.file << " " << t.name() << " depth " << d);
        CHECK(perft(s, d) == pin.counts[static_cast<std::size_t>(d - 1)]);
      }
    }
  }
}

TEST_CASE("Perft 2 is legal_turns plus the step-2 actions legal_turns leaves out", "[perft]") {
  std::vector<TurnOption> turns;
  const auto turns_of = [&](const char* file) {
    legal_turns(position_of(perft_scenario(file)), turns);
    return turns.size();
  };
  CHECK(turns_of("base-start.yaml") == 24);
  CHECK(turns_of("crop.yaml") == 27);
  CHECK(turns_of("flier.yaml") + 14 == 66);  // one flight per placement (roll fixed at 2)
  // Every follower deployment may be a phantom deployment instead (PH-05): 6 placements x 4 features.
  CHECK(turns_of("phantom.yaml") + 24 == 54);
}

TEST_CASE("carc-oracle perft prints the count, and with --divide the sorted subtotals", "[perft][cli]") {
  std::ostringstream out, err;
  PerftOptions o;
  o.file = perft_file("base-start.yaml");
  o.depth = 2;
  REQUIRE(run_perft(o, out, err) == 0);
  CHECK(out.str() == "24\n");
  out.str("");
  o.divide = true;
  REQUIRE(run_perft(o, out, err) == 0);
  CHECK(out.str() ==
        "place V -1,0 r180: 4\n"
        "place V -1,0 r270: 4\n"
        "place V 0,1 r0: 4\n"
        "place V 0,1 r270: 4\n"
        "place V 1,0 r0: 4\n"
        "place V 1,0 r90: 4\n"
        "\ntotal: 24\n");
}

TEST_CASE("carc-oracle perft refuses a broken file or a refused query move", "[perft][cli]") {
  std::ostringstream out, err;
  PerftOptions o;
  o.file = std::string(CARC_SOURCE_DIR) + "/tests/data/invalid/unknown-tile.yaml";
  CHECK(run_perft(o, out, err) == 2);
  CHECK(err.str().find("unknown tile") != std::string::npos);
  o.file = perft_file("missing.yaml");
  CHECK(run_perft(o, out, err) == 2);
  CHECK(out.str().empty());
}
