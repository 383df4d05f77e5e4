#pragma once
// Perft: the number of leaves of the move tree to a depth in decisions (every
// move is one ply: a placement, a deployment, a landing, a crop response ...).
// With a fixed draw order (the state's pile) and fixed rolls the count is
// deterministic, so two implementations can compare it and bisect a mismatch
// with divide().
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/state.hpp"

namespace carc {

std::uint64_t perft(const State& s, int depth);
// The subtotal under each root move, in legal_moves order.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(const State& s, int depth);

}  // namespace carc
