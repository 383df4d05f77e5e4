#pragma once
// What a handshake declares that this runner cannot use (oracle/PROTOCOL.md §4):
// an unknown or misspelt expansion, figure, switch, switch value or query kind (with the
// closest names this runner knows), one of a later protocol version than the one answered,
// a switch with no value, a missing `base` or `follower`. Each is ignored and the run goes
// on; `run --strict` refuses such a handshake instead (exit 3).
#include <string>
#include <vector>

#include "protocol/messages.hpp"

namespace carc {

std::vector<std::string> handshake_warnings(const proto::Hello& hello);

}  // namespace carc
