// Room: the mayor.
#include "engine/expansions/mayor.hpp"

#include "engine/board.hpp"
#include "engine/words.hpp"

namespace carc {

int mayor_strength(const Board& b, std::uint16_t node) { return b.at(b.find(node)).pennants; }

// --- the room's words (engine/words.hpp) ---

const RoomWords& mayor_words() {
  static constexpr CapabilityInfo capabilities[] = {
      {"mayor", "the mayor, in cities only (Abbey & Mayor)",
       2007 /* Abbey & Mayor, C1 HiG 2007 (rules-reference.md section 4) */},
  };
  static constexpr RoomWords words{capabilities, {}, {}, {}, {}, nullptr};
  return words;
}

}  // namespace carc
