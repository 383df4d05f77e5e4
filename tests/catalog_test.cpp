// The tile catalog's facts (tiles.md §2, §8): counts per edition and type,
// half-edge partitions, field-city adjacency, the start tile.
#include <catch2/catch.hpp>

#include <map>

#include "data/oracle_data.hpp"

using namespace carc;

namespace {
int copies_in(const std::string& edition, const std::string& id) {
  const auto& cat = builtin_catalog();
  const auto t = *cat.lookup(id);
  for (const auto& [tile, n] : cat.set("base")->counts.at(edition))
    if (tile == t) return n;
  return 0;
}
}  // namespace

TEST_CASE("Each base edition has 72 tiles (tiles.md §2)", "[catalog]") {
  for (const char* ed : {"C1", "C2", "C3"}) {
    auto tiles = builtin_catalog().tiles_of("base", ed);
    REQUIRE(tiles);
    CHECK(tiles->size() == 72);
  }
}

TEST_CASE("Per-letter counts match tiles.md §8.1", "[catalog]") {
  const std::map<std::string, int> c1{{"A", 2}, {"B", 4}, {"C", 1}, {"D", 4}, {"E", 5}, {"F", 2}, {"G", 1}, {"H", 3},
                                      {"I", 2}, {"J", 3}, {"K", 3}, {"L", 3}, {"M", 2}, {"N", 3}, {"O", 2}, {"P", 3},
                                      {"Q", 1}, {"R", 3}, {"S", 2}, {"T", 1}, {"U", 8}, {"V", 9}, {"W", 4}, {"X", 1}};
  for (const auto& [letter, n] : c1) {
    INFO(letter);
    CHECK(copies_in("C1", letter) == n);
    // C2/C3 move one tile of E, H, I, M, N, R, U, V to its garden twin.
    const bool garden = std::string("EHIMNRUV").find(letter) != std::string::npos;
    for (const char* ed : {"C2", "C3"}) {
      CHECK(copies_in(ed, letter) == n - (garden ? 1 : 0));
      if (garden) CHECK(copies_in(ed, letter + "g") == 1);
    }
  }
  CHECK(builtin_catalog().set("base")->counts.at("C1").size() == 24);
  CHECK(builtin_catalog().set("base")->counts.at("C2").size() == 32);
}

TEST_CASE("Garden twins differ from their base tile only by the garden", "[catalog]") {
  const auto& cat = builtin_catalog();
  for (const char* letter : {"E", "H", "I", "M", "N", "R", "U", "V"}) {
    const TileDef& plain = cat[*cat.lookup(letter)];
    const TileDef& g = cat[*cat.lookup(std::string(letter) + "g")];
    CHECK(g.garden >= 0);
    CHECK(plain.garden < 0);
    CHECK(g.features.size() == plain.features.size() + 1);
    CHECK(g.edges == plain.edges);
  }
}

TEST_CASE("The start tile is a D: city north, road east-west", "[catalog]") {
  const auto& cat = builtin_catalog();
  const TileSet* base = cat.set("base");
  REQUIRE(base);
  REQUIRE(base->start != kNoTile);
  const TileDef& d = cat[base->start];
  CHECK(d.id == "D");
  CHECK(d.jcz == "BA/RCr");
  CHECK(d.find(*parse_feature_addr("city{N}"), 0) >= 0);
  CHECK(d.find(*parse_feature_addr("road{E,W}"), 0) >= 0);
}

TEST_CASE("Half-edge partitions hold for every base tile (tiles.md §8.2)", "[catalog]") {
  const auto& cat = builtin_catalog();
  for (std::size_t i = 0; i < cat.size(); ++i) {
    const TileDef& t = cat[static_cast<TileTypeId>(i)];
    INFO(t.id);
    for (int h = 0; h < 8; ++h) {
      const bool city_edge = t.edges[static_cast<std::size_t>(h / 2)] == EdgeType::City;
      const int owner = t.half_feature[0][static_cast<std::size_t>(h)];
      CHECK((owner < 0) == city_edge);
    }
  }
}

TEST_CASE("Field-city adjacency: every field of a city tile touches the cities beside it", "[catalog]") {
  const auto& cat = builtin_catalog();
  // tiles.md §8.4 corner rule: a half-edge next to a city edge lies in a field touching that city.
  for (std::size_t i = 0; i < cat.size(); ++i) {
    const TileDef& t = cat[static_cast<TileTypeId>(i)];
    INFO(t.id);
    if (t.id == "pd-CCc+.p") continue;  // the one documented exception (tiles.md §8.7 item 2)
    for (int h = 0; h < 8; ++h) {
      const int field = t.half_feature[0][static_cast<std::size_t>(h)];
      if (field < 0) continue;
      // The corner neighbour of h: NL's is W (WR side), NR's is E, and so on.
      const int corner_edge = (h & 1) ? ((h / 2 + 1) & 3) : ((h / 2 + 3) & 3);
      const int city = t.edge_feature[0][static_cast<std::size_t>(corner_edge)];
      if (city < 0 || t.features[static_cast<std::size_t>(city)].kind != FeatureKind::City) continue;
      CHECK((t.features[static_cast<std::size_t>(field)].adjacent_cities & (1u << city)) != 0);
    }
  }
}

TEST_CASE("Aliases find tiles by WikiCarpedia letter and JCZ id", "[catalog]") {
  const auto& cat = builtin_catalog();
  CHECK(cat.lookup("BA/RrG") == cat.lookup("Vg"));
  CHECK(cat.lookup("BA/Cccc+") == cat.lookup("C"));
  CHECK_FALSE(cat.lookup("ZZ").has_value());
}

TEST_CASE("Distinct orientations follow the layout (tiles.md Orient column)", "[catalog]") {
  const auto& cat = builtin_catalog();
  const std::map<std::string, int> orient{{"B", 1}, {"C", 1},  {"X", 1}, {"F", 2}, {"G", 2}, {"H", 2},
                                          {"U", 2}, {"Ug", 2}, {"A", 4}, {"D", 4}, {"V", 4}, {"W", 4}};
  for (const auto& [id, n] : orient) {
    INFO(id);
    CHECK(cat[*cat.lookup(id)].distinct_orientations() == n);
  }
}
