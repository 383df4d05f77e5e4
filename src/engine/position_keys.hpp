#pragma once
// The position declared by its rooms (ARCHITECTURE.md, issue 51): each room
// describes the keys of the position it owns once, as a constexpr descriptor
// in its own header, and registers it in rooms.hpp. The codecs of every layer
// (the text form here; YAML, JSON, the schemas, capability inference and
// explore's writer above the engine) read and write a key through its
// descriptor instead of naming it.
//
// Kinds migrated: flags, a yes/no of the turn that is false by default (step 1), and
// per-seat counts, how many of a room's pieces each player holds (step 2).
#include <array>
#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

// How many per-seat count keys the rooms declare (rooms.hpp kSeatCountKeys, in slot order).
inline constexpr std::size_t kSeatCountKeyCount = 3;

// A count per seat of the position: how many of its room's pieces each player holds. YAML and
// JSON write it as an object colour -> count, the text form as one line "KEYWORD COLOUR N" per
// seat. Every reader checks, while reading and before anything is built, that each count lies
// within 0..max, that no colour is named but the seated ones (so never more entries than seats),
// and that the counts add up to no more than the box holds.
struct SeatCountKey {
  std::size_t slot;             // its place in SeatCounts (rooms.hpp checks each slot is used once)
  std::string_view key;         // the YAML and JSON name
  std::string_view text;        // the text form's keyword
  std::string_view capability;  // the expansion or figure it needs (capability inference)
  std::string_view what;        // the pieces counted, as the errors name them: "floors in hand"
  std::string_view rule;        // the ruling the bounds come from, in the errors: "TO-01"
  int max;                      // the most one player holds
  int box;                      // the most all players hold together: the pieces in the box
  int unlisted;                 // the count of a seat the key does not name
  // true: the engine's position has a count for every seat at all times, `unlisted` meaning the
  // room's own default (never written); false: no count at all means the room is not in this
  // game, and once any seat is named every seat has one (all written).
  bool every_seat;
  int version;           // the protocol version that brought it
  std::string_view doc;  // the protocol schema's description after "Version N: "
};

// The per-seat counts of a position, one T per key: the engine holds a vector by seat, the
// scenario and protocol layers a map keyed by colour.
template <class T>
struct SeatCountsOf {
  std::array<T, kSeatCountKeyCount> of{};
  const T& operator[](const SeatCountKey& k) const { return of[k.slot]; }
  T& operator[](const SeatCountKey& k) { return of[k.slot]; }
  friend bool operator==(const SeatCountsOf&, const SeatCountsOf&) = default;
};
using SeatCounts = SeatCountsOf<std::vector<int>>;

// How many entry-list keys the rooms declare (rooms.hpp kEntryListKeys, in slot order).
inline constexpr std::size_t kEntryListKeyCount = 4;

// A list of a room's pieces on the board (towers, castles, bridges, buildings): YAML and the text
// form write one entry per item or line. Its length is bounded by the pieces in the box, and every
// reader checks that bound before it reads an entry. (The entries' own syntax is still read by
// each layer's code: migration step 4.)
struct EntryListKey {
  std::size_t slot;             // its place in kEntryListKeys (rooms.hpp checks each slot is used once)
  std::string_view key;         // the YAML and JSON name
  std::string_view text;        // the text form's keyword, one line per entry
  std::string_view capability;  // the expansion it needs
  int max;                      // the most entries a position holds
  std::string_view why;         // the reason for max, in the errors: "the box holds 12 castles (BC-01)"
  int version;                  // the protocol version that brought it
};

// Every flag key, in slot order.
std::span<const FlagKey* const> position_flags();
// The flag with this YAML/JSON key or this text-form keyword; null when none.
const FlagKey* flag_by_key(std::string_view key);
const FlagKey* flag_by_text(std::string_view text);
// Every per-seat count key, in slot order; by YAML/JSON key or text keyword (null when none).
std::span<const SeatCountKey* const> seat_count_keys();
const SeatCountKey* seat_count_by_key(std::string_view key);
const SeatCountKey* seat_count_by_text(std::string_view text);
// Every entry-list key, in slot order; by YAML/JSON key or text keyword (null when none).
std::span<const EntryListKey* const> entry_list_keys();
const EntryListKey* entry_list_by_key(std::string_view key);
const EntryListKey* entry_list_by_text(std::string_view text);
// The readers' words for a list longer than its declaration allows.
std::string entry_list_error(const EntryListKey& k, std::size_t entries);
// The readers' words for a count outside 0..max, for more entries than seats, for a colour that
// is not seated, and for counts that add up to more than the box holds (each reader puts the key,
// the path or the line in front).
std::string count_range_error(const SeatCountKey& k, long long n);
std::string count_seats_error(std::size_t entries, std::size_t seats);
std::string count_unseated_error(std::string_view colour);
std::string count_box_error(const SeatCountKey& k, long long total);

}  // namespace carc
