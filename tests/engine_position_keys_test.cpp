// The position declared by its rooms (engine/position_keys.hpp, issue 51): every
// flag and per-seat count a room declares is found by its key and its keyword, read
// and written by the text form through its declaration alone, and refused with its
// keyword; a count's bounds (one player's, the box's) are checked while it is read.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/little_buildings.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/position_keys.hpp"
#include "engine/setup.hpp"
#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("Each room's flag is registered once, in its slot, under its key and keyword", "[setup][position-keys]") {
  const auto flags = position_flags();
  REQUIRE(flags.size() == kPositionFlagCount);
  std::set<std::string_view> keys, texts;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    CHECK(flags[i]->slot == i);
    CHECK(flag_by_key(flags[i]->key) == flags[i]);
    CHECK(flag_by_text(flags[i]->text) == flags[i]);
    keys.insert(flags[i]->key);
    texts.insert(flags[i]->text);
  }
  CHECK(keys.size() == flags.size());
  CHECK(texts.size() == flags.size());
  CHECK(flag_by_key("second-tile") == nullptr);  // the keyword is not the key
  CHECK(flag_by_text("bridge_built") == nullptr);
  CHECK(flag_by_key(kBridgeBuiltKey.key) == &kBridgeBuiltKey);
  CHECK(flag_by_text("ransom-paid") == &kRansomPaidKey);
  CHECK(kSecondTileKey.capability == "builder");
}

TEST_CASE("The text form reads and writes every declared flag through its declaration", "[setup][position-keys]") {
  for (const FlagKey* f : position_flags()) {
    INFO(f->text);
    const std::string line = std::string(f->text) + " yes\n";
    auto s = parse_setup("seats red blue\ntile D 0,0 r0\n" + line, cat());
    REQUIRE(s.ok());
    CHECK(s->flags[*f]);
    int set = 0;
    for (const FlagKey* g : position_flags()) set += s->flags[*g] ? 1 : 0;
    CHECK(set == 1);  // only its own slot
    const std::string text = to_string(*s, cat());
    CHECK(text.find(line) != std::string::npos);
    auto again = parse_setup(text, cat());
    REQUIRE(again.ok());
    CHECK(*again == *s);
    auto no = parse_setup("seats red blue\ntile D 0,0 r0\n" + std::string(f->text) + " no\n", cat());
    REQUIRE(no.ok());
    CHECK_FALSE(no->flags[*f]);
    CHECK(to_string(*no, cat()).find(std::string(f->text)) == std::string::npos);  // the default is not written
    CHECK_THAT(
        parse_setup("seats red\n" + std::string(f->text) + " maybe\n", cat()).error(),
        Catch::Contains("line 2: expected '" + std::string(f->text) + " yes' or '" + std::string(f->text) + " no'"));
  }
}

namespace {

// The first `n` colours in seat order, as the text form's seats line.
std::string seats_line(std::size_t n) {
  const char* names[] = {"red", "blue", "green", "yellow", "black", "pink"};
  std::string line = "seats";
  for (std::size_t i = 0; i < n && i < 6; ++i) line += std::string(" ") + names[i];
  return line + "\n";
}

}  // namespace

TEST_CASE("Each room's per-seat count is registered once, in its slot, under its key and keyword",
          "[setup][position-keys]") {
  const auto keys = seat_count_keys();
  REQUIRE(keys.size() == kSeatCountKeyCount);
  std::set<std::string_view> names, texts;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    CHECK(keys[i]->slot == i);
    CHECK(seat_count_by_key(keys[i]->key) == keys[i]);
    CHECK(seat_count_by_text(keys[i]->text) == keys[i]);
    CHECK(flag_by_key(keys[i]->key) == nullptr);
    CHECK(keys[i]->max <= keys[i]->box);
    names.insert(keys[i]->key);
    texts.insert(keys[i]->text);
  }
  CHECK(names.size() == keys.size());
  CHECK(texts.size() == keys.size());
  CHECK(seat_count_by_key("castle-tokens") == nullptr);  // the keyword is not the key
  CHECK(seat_count_by_text("bridge_tokens") == nullptr);
  CHECK(seat_count_by_key("floors") == &kFloorsKey);
  CHECK(kFloorsKey.unlisted == kDefaultFloors);
  CHECK(kCastleTokensKey.box == 12);  // BC-01: 12 castle tokens
  CHECK(kFloorsKey.box == kMaxTowerFloors);
}

TEST_CASE("The text form reads and writes every declared per-seat count through its declaration",
          "[setup][position-keys]") {
  for (const SeatCountKey* k : seat_count_keys()) {
    const std::string kw(k->text);
    INFO(kw);
    const std::string line = kw + " blue 2\n";
    auto s = parse_setup("seats red blue\ntile D 0,0 r0\n" + line, cat());
    REQUIRE(s.ok());
    CHECK(s->counts[*k] == std::vector<int>{k->unlisted, 2});
    for (const SeatCountKey* other : seat_count_keys())
      if (other != k) CHECK(s->counts[*other] == Setup::with_seats({Colour::Red, Colour::Blue}).counts[*other]);
    const std::string text = to_string(*s, cat());
    CHECK(text.find(line) != std::string::npos);
    // A count kept for every seat leaves the default seat out; any other names every seat.
    CHECK((text.find(kw + " red ") != std::string::npos) == !k->every_seat);
    auto again = parse_setup(text, cat());
    REQUIRE(again.ok());
    CHECK(*again == *s);
    CHECK_THAT(parse_setup("seats red\n" + kw + " red\n", cat()).error(),
               Catch::Contains("line 2: expected '" + kw + " COLOUR N'"));
    CHECK_THAT(parse_setup("seats red\n" + kw + " blue 1\n", cat()).error(),
               Catch::Contains("line 2: blue is not seated"));
    CHECK_THAT(parse_setup("seats red\n" + kw + " red " + std::to_string(k->max + 1) + "\n", cat()).error(),
               Catch::Contains("line 2: '" + std::to_string(k->max + 1) + "': " + std::string(k->what) + " are 0 to " +
                               std::to_string(k->max)));
    CHECK_THAT(parse_setup("seats red\n" + kw + " red -1\n", cat()).error(), Catch::Contains("line 2: '-1'"));
  }
}

TEST_CASE("The text form refuses per-seat counts that add up to more than the box holds", "[setup][position-keys]") {
  for (const SeatCountKey* k : seat_count_keys()) {
    INFO(k->text);
    // Every seat at the most one player holds: the first seat over the box is refused, on its line.
    const std::size_t seats = static_cast<std::size_t>(k->box / k->max) + 1;
    REQUIRE(seats <= 6);
    const char* names[] = {"red", "blue", "green", "yellow", "black", "pink"};
    std::string text = seats_line(seats);
    for (std::size_t i = 0; i + 1 < seats; ++i)
      text += std::string(k->text) + " " + names[i] + " " + std::to_string(k->max) + "\n";
    REQUIRE(parse_setup(text, cat()).ok());  // up to the box: read
    text += std::string(k->text) + " " + names[seats - 1] + " " + std::to_string(k->max) + "\n";
    const auto over = parse_setup(text, cat());
    REQUIRE_FALSE(over.ok());
    CHECK_THAT(over.error(),
               Catch::Contains("line " + std::to_string(seats + 1) + ": " + std::string(k->what) + " add up to " +
                               std::to_string(static_cast<int>(seats) * k->max) + ", but the box holds " +
                               std::to_string(k->box) + " (" + std::string(k->rule) + ")"));
  }
}

TEST_CASE("Each room's entry list is registered once and bounded by its box in the text form",
          "[setup][position-keys]") {
  const auto keys = entry_list_keys();
  REQUIRE(keys.size() == kEntryListKeyCount);
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    CHECK(keys[i]->slot == i);
    CHECK(entry_list_by_key(keys[i]->key) == keys[i]);
    CHECK(entry_list_by_text(keys[i]->text) == keys[i]);
    names.insert(keys[i]->key);
  }
  CHECK(names.size() == keys.size());
  CHECK(kCastlesKey.max == kCastleTokensKey.box);
  CHECK(kBridgesKey.max == kBridgeTokensKey.box);
  // One line per entry; the line one past the box is refused on that line, before it is read
  // (an entry's own text is read after the count: any entry will do here).
  const std::pair<const EntryListKey*, std::string> lines[] = {{&kTowersKey, "tower 0,0 1"},
                                                               {&kCastlesKey, "castle red 0,0:city{N}"},
                                                               {&kBridgesKey, "bridge 0,0:road{N,S}"},
                                                               {&kBuildingsKey, "building house 0,0"}};
  for (const auto& [k, line] : lines) {
    INFO(k->key);
    std::string text = "seats red blue\n";
    for (int i = 0; i < k->max; ++i) text += line + "\n";
    REQUIRE(parse_setup(text, cat()).ok());  // as many as the box holds: read (State::from judges them)
    text += line + "\n";
    const auto over = parse_setup(text, cat());
    REQUIRE_FALSE(over.ok());
    CHECK_THAT(over.error(), Catch::Contains("line " + std::to_string(k->max + 2) + ": " + std::string(k->text) + ": " +
                                             std::to_string(k->max + 1) + " entries, but a position holds at most " +
                                             std::to_string(k->max)));
  }
}
