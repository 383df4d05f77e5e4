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

std::span<const SeatCountKey* const> seat_count_keys() { return kSeatCountKeys; }

const SeatCountKey* seat_count_by_key(std::string_view key) {
  for (const SeatCountKey* k : kSeatCountKeys)
    if (k->key == key) return k;
  return nullptr;
}

const SeatCountKey* seat_count_by_text(std::string_view text) {
  for (const SeatCountKey* k : kSeatCountKeys)
    if (k->text == text) return k;
  return nullptr;
}

std::span<const EntryListKey* const> entry_list_keys() { return kEntryListKeys; }

const EntryListKey* entry_list_by_key(std::string_view key) {
  for (const EntryListKey* k : kEntryListKeys)
    if (k->key == key) return k;
  return nullptr;
}

const EntryListKey* entry_list_by_text(std::string_view text) {
  for (const EntryListKey* k : kEntryListKeys)
    if (k->text == text) return k;
  return nullptr;
}

std::string entry_list_error(const EntryListKey& k, std::size_t entries) {
  return std::to_string(entries) + " entries, but a position holds at most " + std::to_string(k.max) + ": " +
         std::string(k.why);
}

std::string count_range_error(const SeatCountKey& k, long long n) {
  return std::string(k.what) + " lie within 0.." + std::to_string(k.max) + ", not " + std::to_string(n);
}

std::string count_seats_error(std::size_t entries, std::size_t seats) {
  return std::to_string(entries) + " entries for " + std::to_string(seats) + (seats == 1 ? " player" : " players") +
         " (one per seated colour at most)";
}

std::string count_unseated_error(std::string_view colour) { return std::string(colour) + " is not one of the players"; }

std::string count_box_error(const SeatCountKey& k, long long total) {
  return std::string(k.what) + " add up to " + std::to_string(total) + ", but the box holds " + std::to_string(k.box) +
         " (" + std::string(k.rule) + ")";
}

}  // namespace carc
