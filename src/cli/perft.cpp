// `carc-oracle perft FILE --depth N [--divide]`: counts the leaves of the move
// tree from a scenario's position (after its query.apply) to N decisions.
// Every move is one ply: a placement, a deployment or pass, a flight, a landing,
// a phantom, a wagon move, a crop-circle choice or response. The draw order is
// the position's `in_hand` then `pile`, the die results its `rolls` (then
// each of 1..3); a line that ends the game (last_tile: true) or runs out of
// tiles before depth N contributes no leaf, as in chess perft.
//
// Output: the count on one line; with --divide first one line per root move,
// "MOVE: COUNT" sorted by the move's canonical notation, then a blank line and
// "total: COUNT", so two implementations' outputs can be diffed and a
// mismatch bisected by rerunning perft on the position after the differing move.
//
// Budgets (--max-nodes, by default 100,000,000 so that no count runs until
// killed; --time-budget): the tree is then counted depth by
// depth (1, 2, ..., N). When the budget runs out, the complete counts of the
// depths before ("depth D: COUNT"), with --divide the root moves of depth N
// already counted, and "budget exceeded at depth D" are printed, and the exit
// code is 4 (kExitBudget). Within the budget the output is the same as without.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/scenario_state.hpp"
#include "engine/movegen.hpp"
#include "engine/perft.hpp"

namespace carc {
namespace {

using Clock = std::chrono::steady_clock;

// Perft counting that stops when a budget runs out. A node is a move generated
// at a position of the walk (an edge of the tree, so the leaves count).
class BudgetedPerft {
 public:
  BudgetedPerft(std::uint64_t max_nodes, std::optional<Clock::time_point> deadline)
      : max_nodes_(max_nodes), deadline_(deadline) {}

  // The leaves under s to `depth`, or nothing when the budget ran out.
  std::optional<std::uint64_t> count(const State& s, int depth) {
    if (depth <= 0) return 1;
    if (lists_.size() <= static_cast<std::size_t>(depth)) lists_.resize(static_cast<std::size_t>(depth) + 1);
    MoveList& moves = lists_[static_cast<std::size_t>(depth)];
    legal_moves(s, moves);
    if (!spend(moves.size())) return std::nullopt;
    if (depth == 1) return moves.size();
    std::uint64_t n = 0;
    for (std::size_t i = 0; i < lists_[static_cast<std::size_t>(depth)].size(); ++i) {
      State next = s;
      next.apply(lists_[static_cast<std::size_t>(depth)][i]);
      const auto below = count(next, depth - 1);
      if (!below) return std::nullopt;
      n += *below;
    }
    return n;
  }

  std::uint64_t nodes() const { return nodes_; }
  bool out_of_time() const { return out_of_time_; }

 private:
  bool spend(std::size_t n) {
    nodes_ += n;
    if (max_nodes_ > 0 && nodes_ > max_nodes_) return false;
    // The clock is read about every 4096 nodes: cheap, and late by microseconds.
    if (deadline_ && (nodes_ >> 12) != (checked_ >> 12)) {
      checked_ = nodes_;
      if (Clock::now() >= *deadline_) out_of_time_ = true;
    }
    return !out_of_time_;
  }

  std::uint64_t max_nodes_;
  std::optional<Clock::time_point> deadline_;
  std::uint64_t nodes_ = 0, checked_ = 0;
  bool out_of_time_ = false;
  std::vector<MoveList> lists_;
};

void print_divide(std::vector<std::pair<std::string, std::uint64_t>> lines, std::ostream& out) {
  std::sort(lines.begin(), lines.end());
  for (const auto& [m, n] : lines) fmt::print(out, "{}: {}\n", m, n);
}

// The run with a budget: depth by depth, then the asked depth (divided or not).
int run_budgeted(const PerftOptions& o, const State& state, std::ostream& out) {
  std::optional<Clock::time_point> deadline;
  if (o.time_budget > 0)
    deadline = Clock::now() + std::chrono::microseconds(static_cast<long long>(std::llround(o.time_budget * 1e6)));
  BudgetedPerft walk(static_cast<std::uint64_t>(std::max(0LL, o.max_nodes)), deadline);
  std::vector<std::pair<int, std::uint64_t>> done;  // complete counts of the depths before
  std::vector<std::pair<std::string, std::uint64_t>> roots;
  int at = 1;
  bool exceeded = false;
  for (; at < o.depth && !exceeded; ++at) {
    const auto n = walk.count(state, at);
    if (n) done.emplace_back(at, *n);
    exceeded = !n;
  }
  if (!exceeded) {
    at = o.depth;
    if (!o.divide) {
      if (const auto n = walk.count(state, o.depth)) {
        fmt::print(out, "{}\n", *n);
        return kExitOk;
      }
    } else {
      std::uint64_t total = o.depth == 0 ? 1 : 0;
      bool complete = true;
      for (const Move& m : o.depth > 0 ? legal_moves(state) : MoveList{}) {
        State next = state;
        next.apply(m);
        const auto n = walk.count(next, o.depth - 1);
        if (!n) {
          complete = false;
          break;
        }
        roots.emplace_back(to_string(m, state.catalog()), *n);
        total += *n;
      }
      if (complete) {
        print_divide(roots, out);
        fmt::print(out, "\ntotal: {}\n", total);
        return kExitOk;
      }
    }
  } else {
    --at;
  }
  for (const auto& [d, n] : done) fmt::print(out, "depth {}: {}\n", d, n);
  if (!roots.empty()) {
    fmt::print(out, "depth {}, root moves counted so far:\n", at);
    print_divide(roots, out);
  }
  // {:g}: the seconds as a stream prints a double (six significant digits).
  const std::string budget = walk.out_of_time() ? fmt::format("--time-budget {:g} s", o.time_budget)
                                                : fmt::format("--max-nodes {}", o.max_nodes);
  fmt::print(out, "budget exceeded at depth {} ({} ran out after {} nodes); the counts above are complete\n", at,
             budget, walk.nodes());
  return kExitBudget;
}

}  // namespace

void setup_perft(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "Count the move tree of a scenario's position to a depth in decisions");
  cmd->add_option("file", o->file, "Scenario file whose position fixes the draw order (in_hand, pile, rolls)")
      ->required();
  cmd->add_option("--depth", o->depth, "Decisions (plies) to count: placements, deployments, landings, ...")
      ->type_name("N")
      ->required()
      ->check(CLI::Range(0, 64));
  cmd->add_flag("--divide", o->divide, "Print the count under each root move, sorted by notation");
  cmd->add_option("--id", o->id, "Which scenario, when the file holds several")->type_name("ID");
  cmd->add_option("--ruleset", o->ruleset, "Ruleset preset or alias")->type_name("PRESET")->capture_default_str();
  cmd->add_option("--max-nodes", o->max_nodes,
                  "Stop after this many nodes (moves generated, leaves included); exit 4 with the counts so far "
                  "(default 100,000,000, so that no count runs until killed; give a larger N for a deeper one)")
      ->type_name("N")
      ->capture_default_str()
      ->check(CLI::Range(1LL, std::numeric_limits<long long>::max()));
  cmd->add_option("--time-budget", o->time_budget, "Stop after this many seconds; exit 4 with the counts so far")
      ->type_name("SECONDS")
      ->check(CLI::PositiveNumber);
  cmd->callback([o, &action] { action = [o] { return run_perft(*o, std::cout, std::cerr); }; });
}

int run_perft(const PerftOptions& o, std::ostream& out, std::ostream& err) {
  if (o.depth < 0) {
    err << "carc-oracle perft: --depth must be at least 0\n";
    return kExitInvalidInput;
  }
  if (!(o.time_budget >= 0) || o.time_budget > 1e7 || o.max_nodes < 0) {
    err << "carc-oracle perft: --time-budget must be a number of seconds above 0 (at most 10,000,000) and "
           "--max-nodes a count above 0\n";
    return kExitInvalidInput;
  }
  const auto state = scenario_state(o.file, o.id, o.ruleset, "perft", err);
  if (!state) return kExitInvalidInput;
  if (o.max_nodes > 0 || o.time_budget > 0) return run_budgeted(o, *state, out);
  if (!o.divide) {
    fmt::print(out, "{}\n", perft(*state, o.depth));
    return kExitOk;
  }
  std::vector<std::pair<std::string, std::uint64_t>> lines;
  std::uint64_t total = o.depth == 0 ? 1 : 0;
  for (const auto& [m, n] : perft_divide(*state, o.depth)) {
    lines.emplace_back(to_string(m, state->catalog()), n);
    total += n;
  }
  print_divide(std::move(lines), out);
  fmt::print(out, "\ntotal: {}\n", total);
  return kExitOk;
}

}  // namespace carc
