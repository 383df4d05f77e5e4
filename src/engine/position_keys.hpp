#pragma once
// The position declared by its rooms (ARCHITECTURE.md, issue 51): each room
// describes the keys of the position it owns once, as a constexpr descriptor
// in its own header, and registers it in rooms.hpp. The codecs of every layer
// (the text form here; YAML, JSON, the schemas, capability inference and
// explore's writer above the engine) read and write a key through its
// descriptor instead of naming it.
//
// First kind migrated: flags, a yes/no of the turn that is false by default.
#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace carc {

// How many flag keys the rooms declare (rooms.hpp kPositionFlags: one per slot, in slot order).
inline constexpr std::size_t kPositionFlagCount = 3;

// A flag of the position, declared by the room that owns it.
struct FlagKey {
  std::size_t slot;             // its place in PositionFlags (rooms.hpp checks each slot is used once)
  std::string_view key;         // the YAML and JSON name
  std::string_view text;        // the text form's keyword: "KEYWORD yes" (never written when false)
  std::string_view capability;  // the expansion or figure it needs (capability inference)
  std::string_view use;         // capability inference's words for it, "USE (position.KEY)"; empty: "position.KEY"
  int version;                  // the protocol version that brought it
  bool always_sent;             // JSON: written when false too (the keys of version 1)
  std::string_view doc;         // the protocol schema's description after "Version N: "; empty: none
};

// The flags of a position: absent = false.
struct PositionFlags {
  std::array<bool, kPositionFlagCount> on{};
  bool operator[](const FlagKey& k) const { return on[k.slot]; }
  bool& operator[](const FlagKey& k) { return on[k.slot]; }
  friend bool operator==(const PositionFlags&, const PositionFlags&) = default;
};

// Every flag key, in slot order.
std::span<const FlagKey* const> position_flags();
// The flag with this YAML/JSON key or this text-form keyword; null when none.
const FlagKey* flag_by_key(std::string_view key);
const FlagKey* flag_by_text(std::string_view text);

}  // namespace carc
