// perft --max-nodes / --time-budget (issue 15, item 10): a tree too large to
// count stops at its budget with the counts it completed, "budget exceeded at
// depth D" and exit 4; within the budget the output is exactly perft's.
#include <catch2/catch.hpp>

#include <sstream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"

using namespace carc;

namespace {

struct Out {
  int code;
  std::string out, err;
};

Out perft_of(PerftOptions o) {
  std::ostringstream out, err;
  const int code = run_perft(o, out, err);
  return {code, out.str(), err.str()};
}

PerftOptions base_start(int depth) {
  PerftOptions o;
  o.file = std::string(CARC_SOURCE_DIR) + "/perft/base-start.yaml";
  o.depth = depth;
  return o;
}

}  // namespace

TEST_CASE("Within its budget perft prints exactly what it prints without one", "[cli][perft]") {
  for (const bool divide : {false, true}) {
    PerftOptions plain = base_start(3);
    plain.divide = divide;
    PerftOptions budgeted = plain;
    budgeted.max_nodes = 1000000;
    budgeted.time_budget = 600;
    const Out a = perft_of(plain), b = perft_of(budgeted);
    CHECK(a.code == kExitOk);
    CHECK(b.code == kExitOk);
    CHECK(a.out == b.out);
  }
  CHECK(perft_of(base_start(3)).out == "192\n");  // pinned in README "Perft"
}

TEST_CASE("perft with --max-nodes stops with the depths it completed and exits 4", "[cli][perft]") {
  // Depth by depth: depth 1 walks 6 nodes, depth 2 walks 6 + 24, depth 3 would walk 6 + 24 + 192.
  PerftOptions o = base_start(3);
  o.max_nodes = 100;
  const Out r = perft_of(o);
  CHECK(r.code == kExitBudget);
  CHECK(r.out.rfind("depth 1: 6\ndepth 2: 24\nbudget exceeded at depth 3 (--max-nodes 100 ran out after ", 0) == 0);
  o.divide = true;
  o.max_nodes = 6 + 30 + 24 + 192 - 1;  // depths 1 and 2, then all but the end of depth 3
  const Out d = perft_of(o);
  CHECK(d.code == kExitBudget);
  CHECK(d.out.find("depth 2: 24\ndepth 3, root moves counted so far:\n") != std::string::npos);
  CHECK(d.out.find("budget exceeded at depth 3") != std::string::npos);
}

TEST_CASE("perft with --time-budget stops a tree far too large to count", "[cli][perft]") {
  // Before: depth 64 on a long pile ran forever. The ctest timeout is the bound here.
  PerftOptions o;
  o.file = test::data("perft/long-pile.yaml");
  o.depth = 64;
  o.time_budget = 0.5;
  const Out r = perft_of(o);
  CHECK(r.code == kExitBudget);
  CHECK(r.out.find("budget exceeded at depth ") != std::string::npos);
  CHECK(r.out.find("(--time-budget 0.5 s ran out after ") != std::string::npos);
  CHECK(r.out.rfind("depth 1: ", 0) == 0);
}

TEST_CASE("A budget that is not a number of seconds is refused", "[cli][perft]") {
  PerftOptions o = base_start(2);
  o.time_budget = -1;
  CHECK(perft_of(o).code == kExitInvalidInput);
  for (const auto& [option, value] : std::vector<std::pair<std::string, std::string>>{{"--max-nodes", "-5"},
                                                                                      {"--max-nodes", "0"},
                                                                                      {"--time-budget", "0"},
                                                                                      {"--time-budget", "-1"},
                                                                                      {"--time-budget", "soon"}}) {
    const auto c = test::run_child({CARC_BINARY, "perft", o.file, "--depth", "2", option, value});
    INFO(option << " " << value << ": " << c.err);
    CHECK(c.code == kExitInvalidInput);
  }
}
