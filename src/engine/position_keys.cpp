#include "engine/position_keys.hpp"

#include "engine/rooms.hpp"

namespace carc {

std::span<const FlagKey* const> position_flags() { return kPositionFlags; }

const FlagKey* flag_by_key(std::string_view key) {
  for (const FlagKey* f : kPositionFlags)
    if (f->key == key) return f;
  return nullptr;
}

const FlagKey* flag_by_text(std::string_view text) {
  for (const FlagKey* f : kPositionFlags)
    if (f->text == text) return f;
  return nullptr;
}

}  // namespace carc
