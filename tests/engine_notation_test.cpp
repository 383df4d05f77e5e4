// The canonical notation (src/engine/README.md): positions, rotations, feature
// addresses and moves round-trip, and malformed text is rejected with a reason.
#include <catch2/catch.hpp>

#include "engine_fixture.hpp"

using namespace carc;
using namespace carc::test;

TEST_CASE("Rotating half-edges follows tiles.md §1.2", "[geometry]") {
  // rot 90: NL->EL, WR->NR; rot 180: NL->SL; rot 270: NL->WL
  CHECK(rotate_half(0, 1) == 2);
  CHECK(rotate_half(7, 1) == 1);
  CHECK(rotate_half(0, 2) == 4);
  CHECK(rotate_half(0, 3) == 6);
  CHECK(rotate_edge_mask(0b0001, 1) == 0b0010);            // N -> E
  CHECK(rotate_edge_mask(0b1000, 1) == 0b0001);            // W -> N
  CHECK(rotate_half_mask(0b1000'0001, 1) == 0b0000'0110);  // {NL,WR} -> {NR,EL}
}

TEST_CASE("Across an edge L meets the opposite edge's R (tiles.md §1.2)", "[geometry]") {
  CHECK(half_name(facing_half(parse_half("NL"))) == "SR");
  CHECK(half_name(facing_half(parse_half("NR"))) == "SL");
  CHECK(half_name(facing_half(parse_half("EL"))) == "WR");
  CHECK(half_name(facing_half(parse_half("ER"))) == "WL");
}

TEST_CASE("Flier arrows rotate with the tile (tiles.md §3)", "[geometry]") {
  CHECK(rotate_compass(Compass::W, 1) == Compass::N);
  CHECK(rotate_compass(Compass::NW, 1) == Compass::NE);
  CHECK(rotate_compass(Compass::W, 3) == Compass::S);
}

TEST_CASE("Feature addresses round-trip in canonical order", "[notation]") {
  for (const char* text :
       {"city{N,W}", "road{E,W}", "field{NL,NR,EL,WR}", "field{}", "cloister", "garden", "road{S}"}) {
    auto a = parse_feature_addr(text);
    REQUIRE(a.ok());
    CHECK(to_string(*a) == text);
  }
}

TEST_CASE("Malformed feature addresses say what was expected", "[notation]") {
  CHECK_THAT(parse_feature_addr("meadow{N}").error(), Catch::Contains("unknown feature kind"));
  CHECK_THAT(parse_feature_addr("city{X}").error(), Catch::Contains("not an edge"));
  CHECK_THAT(parse_feature_addr("city{W,N}").error(), Catch::Contains("clockwise order"));
  CHECK_THAT(parse_feature_addr("field{N}").error(), Catch::Contains("half-edge"));
  CHECK_THAT(parse_feature_addr("cloister{N}").error(), Catch::Contains("tile-wide"));
  CHECK_THAT(parse_feature_addr("city{}").error(), Catch::Contains("at least one edge"));
}

TEST_CASE("Moves round-trip through their text", "[notation]") {
  for (const char* text :
       {"place D 0,-1 r90", "place Vg -12,3 r270", "deploy follower 2,-1:road{E,W}", "deploy abbot 0,1:garden",
        "deploy large 1,1:field{NL,NR,EL,WR}", "return abbot 4,4:cloister", "pass"}) {
    auto m = parse_move(text, cat());
    REQUIRE(m.ok());
    CHECK(to_string(*m, cat()) == text);
  }
}

TEST_CASE("Tiles are found by id, WikiCarpedia letter and JCZ id in moves", "[notation]") {
  CHECK(to_string(move("place BA/RCr 1,0 r0"), cat()) == "place D 1,0 r0");
}

TEST_CASE("Malformed moves are rejected with a message", "[notation]") {
  CHECK_THAT(parse_move("place Z 0,0 r0", cat()).error(), Catch::Contains("unknown tile"));
  CHECK_THAT(parse_move("place D 0;0 r0", cat()).error(), Catch::Contains("not a position"));
  CHECK_THAT(parse_move("place D 0,0 r45", cat()).error(), Catch::Contains("not a rotation"));
  CHECK_THAT(parse_move("deploy meeple 0,0:city{N}", cat()).error(), Catch::Contains("unknown figure kind"));
  CHECK_THAT(parse_move("return follower 0,0:cloister", cat()).error(), Catch::Contains("only the abbot"));
  CHECK_THAT(parse_move("jump", cat()).error(), Catch::Contains("unknown move"));
  CHECK_THAT(parse_move("pass now", cat()).error(), Catch::Contains("no arguments"));
}

TEST_CASE("Tile specs are checked when a tile is built", "[notation][catalog]") {
  CHECK_THAT(make_tile("x", {"city{N}", "road{N,S}"}).error(), Catch::Contains("two features"));
  CHECK_THAT(make_tile("x", {"road{E,W}", "field{NL,NR,EL,WR}"}).error(), Catch::Contains("belongs to no field"));
  CHECK_THAT(make_tile("x", {"city{N}", "field{NL,EL,ER,SL,SR,WL,WR}"}).error(), Catch::Contains("city edge"));
  CHECK_THAT(make_tile("x", {"field{NL,NR,EL,ER,SL,SR,WL,WR} touches city{N}"}).error(),
             Catch::Contains("does not have"));
  CHECK_THAT(make_tile("x", {"cloister", "cloister", "field{NL,NR,EL,ER,SL,SR,WL,WR}"}).error(),
             Catch::Contains("at most one"));
  CHECK(make_tile("x", {"flier NW", "field{NL,NR,EL,ER,SL,SR,WL,WR}"}).ok());
  CHECK_THAT(make_tile("x", {"flier", "field{NL,NR,EL,ER,SL,SR,WL,WR}"}).error(), Catch::Contains("arrow"));
}

TEST_CASE("An arrow makes every rotation of an all-field tile distinct (tiles.md §8.6)", "[catalog]") {
  auto t = make_tile("x", {"flier W", "field{NL,NR,EL,ER,SL,SR,WL,WR}"});
  REQUIRE(t.ok());
  CHECK(t->distinct_orientations() == 4);
  auto plain = make_tile("y", {"field{NL,NR,EL,ER,SL,SR,WL,WR}"});
  CHECK(plain->distinct_orientations() == 1);
}

TEST_CASE("One-edge roads say where they end (tiles.md §1.4)", "[catalog]") {
  CHECK_THAT(make_tile("x", {"road{S}", "field{NL,NR,EL,ER,SL,SR,WL,WR}"}).error(),
             Catch::Contains("must say where it ends"));
  CHECK_THAT(make_tile("x", {"road{E,S} ends junction", "field{NL,NR,EL,SR,WL,WR}", "field{ER,SL}"}).error(),
             Catch::Contains("only a one-edge road"));
  auto a = make_tile("x", {"cloister", "road{S} ends cloister", "field{NL,NR,EL,ER,SL,SR,WL,WR}"});
  REQUIRE(a.ok());
  CHECK(a->features[1].road_end == RoadEnd::Cloister);
  CHECK(a->features[1].end_feature == 0);
  const TileDef& s = cat()[tile("S")];
  CHECK(s.features[static_cast<std::size_t>(s.find(addr("road{S}"), 0))].road_end == RoadEnd::City);
}
