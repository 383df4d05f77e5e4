// The commands on positions beyond the bounds (issue 15): the scenario with tiles
// at x = 2147483647 and x = -2147483648 is invalid for check, moves and run (the
// HTML report of a run with it once ran out of memory), and the messages about
// numbers state the real bounds.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {}  // namespace

TEST_CASE("Tiles at the ends of the int range are invalid for check, moves and run --format html", "[cli][limits]") {
  const std::string far = data("limits/far-apart.yaml");
  std::ostringstream out, err;
  CheckOptions c;
  c.paths = {far};
  CHECK(run_check(c, out, err) == kExitInvalidInput);
  CHECK(contains(out.str(),
                 "far-apart.yaml:14:7: tiles: square 2147483647,0 is outside the bounds of a position: x and "
                 "y lie within -100000..100000"));
  CHECK(contains(out.str(), "far-apart.yaml:15:7: tiles: square -2147483648,0 is outside the bounds"));
  std::ostringstream mout, merr;
  MovesOptions m;
  m.file = far;
  CHECK(run_moves(m, mout, merr) == kExitInvalidInput);
  CHECK(mout.str().empty());
  RunOptions o;
  o.paths = {data("runner/pass"), far};
  o.format = "html";
  const auto dir = fresh_dir("limits-html");
  o.out_dir = dir.string();
  const Run r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(std::filesystem::file_size(dir / "report.html") < 4u << 20);
  std::filesystem::remove_all(dir);
}

TEST_CASE("Numbers beyond a bound are refused with the bound stated", "[cli][limits]") {
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.impl = {"'" + std::string(CARC_BINARY) + "' serve"};
  o.timeout = 1e9;
  Run r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(contains(r.err, "--timeout must be a number of seconds above 0 and at most 86400 (one day), found 1e+09"));
  std::ostringstream out, err;
  PlayOptions p;
  p.figures = "follower=100";
  CHECK(run_play(p, out, err) == kExitInvalidInput);
  CHECK(contains(err.str(), "--figures: 'follower=100' needs a count from 0 to 99"));
}
