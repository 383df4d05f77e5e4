#pragma once
// Room: the mayor (BR-04, BR-09; a city figure whose strength is the city's
// pennants, BR-04). Where the mayor may stand is figures.hpp (may_stand_on),
// where it may land is the flier room (FM-19).
#include <cstdint>

namespace carc {

struct RoomWords;

class Board;

// The mayor's majority strength in the feature of node: its pennants.
int mayor_strength(const Board& b, std::uint16_t node);

// The room's vocabulary rows (engine/words.hpp).
const RoomWords& mayor_words();

}  // namespace carc
