// The position declared by its rooms (engine/position_keys.hpp, issue 51): every
// flag a room declares is found by its key and its keyword, read and written by
// the text form through its declaration alone, and refused with its keyword.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
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
