#include "engine/perft.hpp"

#include "engine/movegen.hpp"

namespace carc {
namespace {
std::uint64_t count(const State& s, int depth, std::vector<MoveList>& lists) {
  if (depth <= 0) return 1;
  MoveList& moves = lists[static_cast<std::size_t>(depth)];
  legal_moves(s, moves);
  if (depth == 1) return moves.size();
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    State next = s;
    next.apply(lists[static_cast<std::size_t>(depth)][i]);
    n += count(next, depth - 1, lists);
  }
  return n;
}
}  // namespace

std::uint64_t perft(const State& s, int depth) {
  std::vector<MoveList> lists(static_cast<std::size_t>(depth > 0 ? depth + 1 : 1));
  return count(s, depth, lists);
}

std::vector<std::pair<Move, std::uint64_t>> perft_divide(const State& s, int depth) {
  std::vector<std::pair<Move, std::uint64_t>> out;
  if (depth <= 0) return out;
  for (const Move& m : legal_moves(s)) {
    State next = s;
    next.apply(m);
    out.emplace_back(m, perft(next, depth - 1));
  }
  return out;
}

}  // namespace carc
