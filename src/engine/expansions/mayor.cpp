// Room: the mayor.
#include "engine/expansions/mayor.hpp"

#include "engine/board.hpp"
#include "engine/words.hpp"

namespace carc {

int mayor_strength(const Board& b, std::uint16_t node) { return b.at(b.find(node)).pennants; }

// --- the room's words (engine/words.hpp) ---

const RoomWords& mayor_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"mayor", "the mayor, in cities only (Abbey & Mayor)"},
  };
  static constexpr RoomWords words{capabilities, {}, {}, {}, {}, nullptr};
  return words;
}

}  // namespace carc
