// Room: the mayor.
#include "engine/expansions/mayor.hpp"

#include "engine/board.hpp"

namespace carc {

int mayor_strength(const Board& b, std::uint16_t node) { return b.at(b.find(node)).pennants; }

}  // namespace carc
