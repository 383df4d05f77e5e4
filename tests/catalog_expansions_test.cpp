// The expansion tile sets (tiles.md §3, §4.1, §5.1, §5.2, §8; tiles-extra §2): Flying
// Machines, Crop Circles Mini #7 and The Princess & the Dragon (portal, princess, volcano
// and dragon tiles). Counts per edition, arrows, symbols, princess segments, partitions,
// the corner rule and the distinct orientations.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "data/oracle_data.hpp"

using namespace carc;

namespace {
const TileDef& tile(const std::string& id) {
  const auto& cat = builtin_catalog();
  const auto t = cat.lookup(id);
  INFO(id);
  REQUIRE(t.has_value());
  return cat[*t];
}

// Tile id -> count in one edition of a set.
std::map<std::string, int> counts_of(const std::string& set, const std::string& edition) {
  const auto& cat = builtin_catalog();
  const TileSet* s = cat.set(set);
  REQUIRE(s);
  const auto it = s->counts.find(edition);
  REQUIRE(it != s->counts.end());
  std::map<std::string, int> out;
  for (const auto& [t, n] : it->second) out[cat[t].id] += n;
  return out;
}

// Every tile type a set lists in any of its editions.
std::vector<std::string> ids_of(const std::string& set) {
  const auto& cat = builtin_catalog();
  std::set<std::string> ids;
  for (const auto& [ed, list] : cat.set(set)->counts)
    for (const auto& [t, n] : list) ids.insert(cat[t].id);
  return {ids.begin(), ids.end()};
}

std::string edges_of(const TileDef& t) {
  std::string s;
  for (auto e : t.edges) s += edge_type_letter(e);
  return s;
}

const TileFeature& feature_at(const TileDef& t, const std::string& addr) {
  const auto a = parse_feature_addr(addr);
  REQUIRE(a);
  const int i = t.find(*a, 0);
  INFO(t.id << " " << addr);
  REQUIRE(i >= 0);
  return t.features[static_cast<std::size_t>(i)];
}

bool is_diagonal(Compass c) { return static_cast<int>(c) % 2 == 1; }

const std::vector<std::string> kSets{"flier", "crop-circles", "princess-dragon"};
}  // namespace

// --- counts -----------------------------------------------------------------

TEST_CASE("Flying Machines has 8 tiles per edition, 3 diagonal and 5 orthogonal (tiles.md §3)", "[catalog]") {
  const auto& cat = builtin_catalog();
  for (const char* ed : {"C1", "C2", "C3"}) {
    INFO(ed);
    const auto tiles = cat.tiles_of("flier", ed);
    REQUIRE(tiles);
    CHECK(tiles->size() == 8);
    int diagonal = 0, orthogonal = 0;
    for (const auto t : *tiles) {
      const TileDef& d = cat[t];
      REQUIRE(d.flier >= 0);
      (is_diagonal(d.features[static_cast<std::size_t>(d.flier)].arrow) ? diagonal : orthogonal) += 1;
    }
    CHECK(diagonal == 3);
    CHECK(orthogonal == 5);
    const auto counts = counts_of("flier", ed);
    CHECK(counts.size() == 8);
    for (const auto& [id, n] : counts) CHECK(n == 1);
  }
}

TEST_CASE("Flying Machines C1 has the plain diagonal tile, C2 and C3 its garden twin", "[catalog]") {
  const auto c1 = counts_of("flier", "C1");
  const auto c2 = counts_of("flier", "C2");
  const auto c3 = counts_of("flier", "C3");
  CHECK(c1.count("fl-F.d") == 1);
  CHECK(c1.count("fl-F.dG") == 0);
  CHECK(c2.count("fl-F.d") == 0);
  CHECK(c2.count("fl-F.dG") == 1);
  CHECK(c3 == c2);  // tiles.md §8.7 item 3: C3 = C2
  for (const char* id : {"fl-F.o", "fl-RFr.d", "fl-RFr.NS.o", "fl-RFr.WE.o", "fl-Rr.d", "fl-Rr.NW.o", "fl-Rr.SW.o"}) {
    INFO(id);
    CHECK(c1.count(id) == 1);
    CHECK(c2.count(id) == 1);
  }
  const TileDef& plain = tile("fl-F.d");
  const TileDef& garden = tile("fl-F.dG");
  CHECK(plain.garden < 0);
  CHECK(garden.garden >= 0);
  CHECK(garden.features.size() == plain.features.size() + 1);
  CHECK(garden.edges == plain.edges);
  CHECK(garden.features[static_cast<std::size_t>(garden.flier)].arrow ==
        plain.features[static_cast<std::size_t>(plain.flier)].arrow);
  // Only the diagonal all-field tile has a garden.
  for (const auto& id : ids_of("flier")) {
    INFO(id);
    CHECK((tile(id).garden >= 0) == (id == "fl-F.dG"));
  }
}

TEST_CASE("Crop Circles Mini #7 has 6 tiles in every edition, 2 per symbol (tiles.md §4.1)", "[catalog]") {
  const auto& cat = builtin_catalog();
  for (const char* ed : {"C1", "C2", "C3"}) {
    INFO(ed);
    const auto tiles = cat.tiles_of("crop-circles", ed);
    REQUIRE(tiles);
    CHECK(tiles->size() == 6);
    std::map<CropSymbol, int> symbols;
    for (const auto t : *tiles) {
      const TileDef& d = cat[t];
      REQUIRE(d.crop >= 0);
      ++symbols[d.features[static_cast<std::size_t>(d.crop)].symbol];
      CHECK_FALSE(d.has_pennant());
    }
    CHECK(symbols[CropSymbol::Club] == 2);
    CHECK(symbols[CropSymbol::Shield] == 2);
    CHECK(symbols[CropSymbol::Rake] == 2);
    CHECK(symbols.size() == 3);
    CHECK(counts_of("crop-circles", ed).size() == 6);
  }
  const std::map<std::string, CropSymbol> symbol{{"cc-RRr", CropSymbol::Club},   {"cc-RRRr", CropSymbol::Club},
                                                 {"cc-CFR", CropSymbol::Rake},   {"cc-RCR", CropSymbol::Rake},
                                                 {"cc-CFC", CropSymbol::Shield}, {"cc-CcCc", CropSymbol::Shield}};
  for (const auto& [id, s] : symbol) {
    INFO(id);
    const TileDef& d = tile(id);
    CHECK(d.features[static_cast<std::size_t>(d.crop)].symbol == s);
  }
}

TEST_CASE("Princess & Dragon holds 6 portal, 6 princess, 6 volcano and 12 dragon tiles per edition (PD-41, PD-42)",
          "[catalog]") {
  const auto& cat = builtin_catalog();
  const TileSet* s = cat.set("princess-dragon");
  REQUIRE(s);
  CHECK(s->counts.size() == 2);  // C1 and C2, no C3 printing (PD-41)
  for (const char* ed : {"C1", "C2"}) {
    INFO(ed);
    const auto tiles = cat.tiles_of("princess-dragon", ed);
    REQUIRE(tiles);
    CHECK(tiles->size() == 30);  // 12 + the box's 6 volcano and 12 dragon tiles
    int portal = 0, princess = 0, volcano = 0, dragon = 0;
    for (const auto t : *tiles) {
      const TileDef& d = cat[t];
      const bool has_princess =
          std::any_of(d.features.begin(), d.features.end(), [](const TileFeature& f) { return f.princess; });
      // each tile is exactly one of the four kinds
      CHECK((d.portal >= 0) + has_princess + (d.volcano >= 0) + (d.dragon >= 0) == 1);
      portal += d.portal >= 0;
      princess += has_princess;
      volcano += d.volcano >= 0;
      dragon += d.dragon >= 0;
    }
    CHECK(portal == 6);
    CHECK(princess == 6);
    CHECK(volcano == 6);
    CHECK(dragon == 12);
  }
  const auto c1 = counts_of("princess-dragon", "C1");
  const auto c2 = counts_of("princess-dragon", "C2");
  CHECK(c1.count("pd-Cc.p") == 1);
  CHECK(c1.count("pd-Cc.pG") == 0);
  CHECK(c2.count("pd-Cc.p") == 0);
  CHECK(c2.count("pd-Cc.pG") == 1);
  for (const char* id : {"pd-RrRr.g", "pd-RRR.g", "pd-Ccc+.g", "pd-CcRr.g", "pd-RrC.g", "pd-CRr.g", "pd-CRRR.p",
                         "pd-CCc+.p", "pd-Ccc.p", "pd-Cc!.p", "pd-CcRr.p"}) {
    INFO(id);
    CHECK(c1.count(id) == 1);
    CHECK(c2.count(id) == 1);
  }
  CHECK(tile("pd-Cc.p").garden < 0);
  CHECK(tile("pd-Cc.pG").garden >= 0);
  CHECK(tile("pd-Cc.pG").features.size() == tile("pd-Cc.p").features.size() + 1);
  // One of each, but the dragon tile with two curved roads (tiles-extra §2.2); C1's plain
  // dragon city cap becomes the garden twin in C2.
  CHECK(c1.count("pd-C.d") == 1);
  CHECK(c1.count("pd-C.dG") == 0);
  CHECK(c2.count("pd-C.d") == 0);
  CHECK(c2.count("pd-C.dG") == 1);
  CHECK(tile("pd-C.dG").garden >= 0);
  for (const auto& [ed, list] : s->counts) {
    INFO(ed);
    for (const auto& [t, n] : list) CHECK(n == (cat[t].id == "pd-Rr.d" ? 2 : 1));
  }
}

TEST_CASE("Volcano and dragon symbols are tile-wide, one per tile, and no figure stands on them", "[catalog]") {
  CHECK(parse_feature_addr("volcano")->kind == FeatureKind::Volcano);
  CHECK(parse_feature_addr("dragon")->kind == FeatureKind::Dragon);
  CHECK_FALSE(parse_feature_addr("dragon{N}"));
  CHECK_FALSE(make_tile("x", {"volcano", "volcano", "field{NL,NR,EL,ER,SL,SR,WL,WR}"}));
  for (int k = 0; k < kFigureKinds; ++k) {
    CHECK_FALSE(may_stand_on(static_cast<FigureKind>(k), FeatureKind::Volcano));
    CHECK_FALSE(may_stand_on(static_cast<FigureKind>(k), FeatureKind::Dragon));
  }
  // The one road of DG/R.v runs into the volcano (tiles-extra §2.1).
  CHECK(feature_at(tile("pd-R.v"), "road{S}").road_end == RoadEnd::Volcano);
  // The tunnel (PD-42): one road under the city; each strip one field.
  const TileDef& tunnel = tile("pd-CRcr.d");
  CHECK(tunnel.half_feature[0][0] == tunnel.half_feature[0][1]);
  CHECK(tunnel.half_feature[0][4] == tunnel.half_feature[0][5]);
  CHECK(tunnel.dragon >= 0);
  // The monastery in a city (PD-42): a cloister of its own beside the city.
  const TileDef& lc = tile("pd-LCcc.d");
  CHECK(lc.cloister >= 0);
  CHECK(lc.dragon >= 0);
}

// --- flier arrows -------------------------------------------------------------

TEST_CASE("Flier arrows at rotation 0 follow tiles.md §3 and turn with the tile", "[catalog]") {
  const std::map<std::string, Compass> arrow{
      {"fl-F.d", Compass::NW},   {"fl-F.dG", Compass::NW},    {"fl-F.o", Compass::W},
      {"fl-RFr.d", Compass::NW}, {"fl-RFr.NS.o", Compass::W}, {"fl-RFr.WE.o", Compass::W},
      {"fl-Rr.d", Compass::NW},  {"fl-Rr.NW.o", Compass::W},  {"fl-Rr.SW.o", Compass::W}};
  CHECK(ids_of("flier").size() == arrow.size());
  for (const auto& [id, a] : arrow) {
    INFO(id);
    const TileDef& d = tile(id);
    REQUIRE(d.flier >= 0);
    CHECK(d.features[static_cast<std::size_t>(d.flier)].arrow == a);
  }
  // tiles.md §3: W -> N -> E -> S and NW -> NE -> SE -> SW under r0, r90, r180, r270.
  const TileDef& o = tile("fl-F.o");
  const Compass w = o.features[static_cast<std::size_t>(o.flier)].arrow;
  CHECK(rotate_compass(w, 0) == Compass::W);
  CHECK(rotate_compass(w, 1) == Compass::N);
  CHECK(rotate_compass(w, 2) == Compass::E);
  CHECK(rotate_compass(w, 3) == Compass::S);
  const TileDef& d = tile("fl-F.d");
  const Compass nw = d.features[static_cast<std::size_t>(d.flier)].arrow;
  CHECK(rotate_compass(nw, 1) == Compass::NE);
  CHECK(rotate_compass(nw, 2) == Compass::SE);
  CHECK(rotate_compass(nw, 3) == Compass::SW);
  CHECK(compass_offset(rotate_compass(w, 1)) == Pos{0, -1});
  CHECK(compass_offset(rotate_compass(nw, 2)) == Pos{1, 1});
}

TEST_CASE("Flier tiles have no city, no cloister and no one-edge road (tiles.md §3)", "[catalog]") {
  for (const auto& id : ids_of("flier")) {
    INFO(id);
    const TileDef& t = tile(id);
    CHECK(t.cloister < 0);
    for (const auto& f : t.features) {
      CHECK(f.kind != FeatureKind::City);
      if (f.kind == FeatureKind::Road) CHECK(f.road_end == RoadEnd::None);
    }
  }
}

// --- orientations ---------------------------------------------------------------

TEST_CASE("Every flier tile has 4 distinct orientations: the arrow breaks all symmetry (tiles.md §8.6)", "[catalog]") {
  for (const auto& id : ids_of("flier")) {
    INFO(id);
    CHECK(tile(id).distinct_orientations() == 4);
  }
}

TEST_CASE("Crop-circle and portal/princess orientations follow the Orient column (tiles.md §4.1, §5)", "[catalog]") {
  const std::map<std::string, int> orient{
      {"cc-RRr", 4},
      {"cc-RRRr", 4},
      {"cc-CFR", 4},
      {"cc-RCR", 4},
      {"cc-CFC", 2},
      {"cc-CcCc", 2},
      {"pd-RrRr.g", 2},
      {"pd-RRR.g", 4},
      {"pd-Ccc+.g", 4},
      {"pd-CcRr.g", 4},
      {"pd-RrC.g", 4},
      {"pd-CRr.g", 4},
      {"pd-CRRR.p", 4},
      {"pd-CCc+.p", 4},
      {"pd-Ccc.p", 4},
      {"pd-Cc!.p", 4},
      {"pd-Cc.p", 4},
      {"pd-Cc.pG", 4},
      {"pd-CcRr.p", 4},
      // volcano tiles: the empty field is the same every way; the straight road twice
      {"pd-F.v", 1},
      {"pd-R.v", 4},
      {"pd-C.v", 4},
      {"pd-Rr.v", 4},
      {"pd-RFr.v", 2},
      {"pd-CC.v", 4},
      // dragon tiles: the straight road, the city band with its pennant and the tunnel twice
      {"pd-C.d", 4},
      {"pd-C.dG", 4},
      {"pd-LRRR.d", 4},
      {"pd-RRR.d", 4},
      {"pd-LCcc.d", 4},
      {"pd-Rr.d", 4},
      {"pd-RFr.d", 2},
      {"pd-Cc.d", 4},
      {"pd-CFc+.d", 2},
      {"pd-CRcr.d", 2},
      {"pd-RrC.d", 4},
      {"pd-CRr.d", 4}};
  CHECK(orient.size() == ids_of("crop-circles").size() + ids_of("princess-dragon").size());
  for (const auto& [id, n] : orient) {
    INFO(id);
    CHECK(tile(id).distinct_orientations() == n);
  }
}

// --- roads, princesses ------------------------------------------------------------

TEST_CASE("One-edge roads on crop-circle tiles end at the crop circle (tiles.md §4.1)", "[catalog]") {
  const std::map<std::string, std::vector<std::string>> ending{
      {"cc-RRr", {"road{E}"}}, {"cc-RRRr", {"road{N}", "road{E}"}},
      {"cc-CFR", {"road{S}"}}, {"cc-RCR", {"road{E}", "road{W}"}},
      {"cc-CFC", {}},          {"cc-CcCc", {}}};
  for (const auto& [id, roads] : ending) {
    INFO(id);
    const TileDef& t = tile(id);
    int one_edge = 0;
    for (const auto& f : t.features)
      if (f.kind == FeatureKind::Road && std::popcount(static_cast<unsigned>(f.mask)) == 1) {
        ++one_edge;
        CHECK(f.road_end == RoadEnd::CropCircle);
        CHECK(f.end_feature == t.crop);
      }
    CHECK(one_edge == static_cast<int>(roads.size()));
    for (const auto& r : roads) CHECK(feature_at(t, r).road_end == RoadEnd::CropCircle);
  }
  // tiles.md §8.3: only on CFR does the road end in open land (both halves in one field).
  const TileDef& cfr = tile("cc-CFR");
  CHECK(cfr.half_feature[0][4] == cfr.half_feature[0][5]);
  const TileDef& rcr = tile("cc-RCR");
  CHECK(rcr.half_feature[0][2] != rcr.half_feature[0][3]);
  CHECK(rcr.half_feature[0][6] != rcr.half_feature[0][7]);
}

TEST_CASE("Junction roads of the portal and princess tiles end at the junction", "[catalog]") {
  for (const char* id : {"pd-RRR.g", "pd-CRRR.p"}) {
    INFO(id);
    const TileDef& t = tile(id);
    for (const char* r : {"road{E}", "road{S}", "road{W}"}) CHECK(feature_at(t, r).road_end == RoadEnd::Junction);
  }
  // Elsewhere in the set, one-edge roads end at a junction, a cloister (DG/LRRR.d) or the volcano (DG/R.v).
  for (const auto& id : ids_of("princess-dragon")) {
    INFO(id);
    const TileDef& t = tile(id);
    const RoadEnd want = id == "pd-LRRR.d" ? RoadEnd::Cloister : id == "pd-R.v" ? RoadEnd::Volcano : RoadEnd::Junction;
    for (const auto& f : t.features)
      if (f.kind == FeatureKind::Road && std::popcount(static_cast<unsigned>(f.mask)) == 1) CHECK(f.road_end == want);
  }
}

TEST_CASE("Each princess tile marks exactly the city segment named in tiles.md §5.2", "[catalog]") {
  const std::map<std::string, std::string> princess{
      {"pd-CRRR.p", "city{N}"}, {"pd-CCc+.p", "city{N}"},  {"pd-Ccc.p", "city{N,E,W}"}, {"pd-Cc!.p", "city{N,W}"},
      {"pd-Cc.p", "city{N,W}"}, {"pd-Cc.pG", "city{N,W}"}, {"pd-CcRr.p", "city{N,W}"}};
  for (const auto& [id, city] : princess) {
    INFO(id);
    const TileDef& t = tile(id);
    int marked = 0;
    for (const auto& f : t.features) marked += f.princess;
    CHECK(marked == 1);
    CHECK(feature_at(t, city).princess);
    CHECK(t.portal < 0);
  }
  // DG/CCc+.p: the princess is not on the pennant segment.
  const TileDef& ccc = tile("pd-CCc+.p");
  CHECK(feature_at(ccc, "city{N}").pennants == 0);
  CHECK(feature_at(ccc, "city{E,S}").pennants == 1);
  CHECK_FALSE(feature_at(ccc, "city{E,S}").princess);
  // Portal tiles carry no princess.
  for (const char* id : {"pd-RrRr.g", "pd-RRR.g", "pd-Ccc+.g", "pd-CcRr.g", "pd-RrC.g", "pd-CRr.g"}) {
    INFO(id);
    const TileDef& t = tile(id);
    CHECK(t.portal >= 0);
    for (const auto& f : t.features) CHECK_FALSE(f.princess);
  }
}

TEST_CASE("DG/CCc+.p has the inner field touching both cities (tiles.md §1.3, §5.2)", "[catalog]") {
  const TileDef& t = tile("pd-CCc+.p");
  const TileFeature& inner = feature_at(t, "field{}");
  const int n = t.find(*parse_feature_addr("city{N}"), 0);
  const int es = t.find(*parse_feature_addr("city{E,S}"), 0);
  REQUIRE(n >= 0);
  REQUIRE(es >= 0);
  CHECK(unsigned{inner.adjacent_cities} == ((1u << n) | (1u << es)));
  // JCZ's reading, unverified (tiles.md §8.7 item 2): field{WL,WR} touches city{N} only.
  CHECK(unsigned{feature_at(t, "field{WL,WR}").adjacent_cities} == (1u << n));
}

// --- layout checks (tiles.md §8) ---------------------------------------------------

TEST_CASE("Half-edge partitions hold for every expansion tile (tiles.md §8.2)", "[catalog]") {
  for (const auto& set : kSets)
    for (const auto& id : ids_of(set)) {
      INFO(id);
      const TileDef& t = tile(id);
      for (int h = 0; h < 8; ++h) {
        const bool city_edge = t.edges[static_cast<std::size_t>(h / 2)] == EdgeType::City;
        const int owner = t.half_feature[0][static_cast<std::size_t>(h)];
        CHECK((owner < 0) == city_edge);
      }
      // Through roads keep their two sides apart (tiles.md §8.3), except the tunnel under the
      // city of DG/CRcr.d, which cuts neither strip (PD-42; checked in the volcano/dragon case).
      if (id == "pd-CRcr.d") continue;
      for (const auto& f : t.features) {
        if (f.kind != FeatureKind::Road || std::popcount(static_cast<unsigned>(f.mask)) != 2) continue;
        for (int e = 0; e < 4; ++e)
          if (f.mask & (1u << e))
            CHECK(t.half_feature[0][static_cast<std::size_t>(2 * e)] !=
                  t.half_feature[0][static_cast<std::size_t>(2 * e + 1)]);
      }
    }
}

TEST_CASE("Expansion fields touch the cities at their corners, except DG/CCc+.p (tiles.md §8.4)", "[catalog]") {
  for (const auto& set : kSets)
    for (const auto& id : ids_of(set)) {
      if (id == "pd-CCc+.p") continue;  // documented exception, tiles.md §8.7 item 2
      INFO(id);
      const TileDef& t = tile(id);
      for (int h = 0; h < 8; ++h) {
        const int field = t.half_feature[0][static_cast<std::size_t>(h)];
        if (field < 0) continue;
        const int corner_edge = (h & 1) ? ((h / 2 + 1) & 3) : ((h / 2 + 3) & 3);
        const int city = t.edge_feature[0][static_cast<std::size_t>(corner_edge)];
        if (city < 0 || t.features[static_cast<std::size_t>(city)].kind != FeatureKind::City) continue;
        CHECK((t.features[static_cast<std::size_t>(field)].adjacent_cities & (1u << city)) != 0);
      }
    }
  // The exception really is one: WL sits next to the S edge of city{E,S}.
  const TileDef& p = tile("pd-CCc+.p");
  const int wl = p.half_feature[0][6];
  const int es = p.edge_feature[0][2];
  REQUIRE(wl >= 0);
  REQUIRE(es >= 0);
  CHECK((p.features[static_cast<std::size_t>(wl)].adjacent_cities & (1u << es)) == 0);
}

TEST_CASE("Expansion edge strings match tiles.md (N,E,S,W)", "[catalog]") {
  const std::map<std::string, std::string> edges{{"fl-F.d", "FFFF"},
                                                 {"fl-F.dG", "FFFF"},
                                                 {"fl-F.o", "FFFF"},
                                                 {"fl-RFr.d", "FRFR"},
                                                 {"fl-RFr.NS.o", "RFRF"},
                                                 {"fl-RFr.WE.o", "FRFR"},
                                                 {"fl-Rr.d", "FRRF"},
                                                 {"fl-Rr.NW.o", "RFFR"},
                                                 {"fl-Rr.SW.o", "FFRR"},
                                                 {"cc-RRr", "FRRR"},
                                                 {"cc-RRRr", "RRRR"},
                                                 {"cc-CFR", "CFRF"},
                                                 {"cc-RCR", "CRFR"},
                                                 {"cc-CFC", "CFCF"},
                                                 {"cc-CcCc", "CCCC"},
                                                 {"pd-RrRr.g", "RRRR"},
                                                 {"pd-RRR.g", "FRRR"},
                                                 {"pd-Ccc+.g", "CCFC"},
                                                 {"pd-CcRr.g", "CRRC"},
                                                 {"pd-RrC.g", "CFRR"},
                                                 {"pd-CRr.g", "CRRF"},
                                                 {"pd-CRRR.p", "CRRR"},
                                                 {"pd-CCc+.p", "CCCF"},
                                                 {"pd-Ccc.p", "CCFC"},
                                                 {"pd-Cc!.p", "CFFC"},
                                                 {"pd-Cc.p", "CFFC"},
                                                 {"pd-Cc.pG", "CFFC"},
                                                 {"pd-CcRr.p", "CRRC"},
                                                 // volcano and dragon tiles (tiles-extra §2)
                                                 {"pd-F.v", "FFFF"},
                                                 {"pd-R.v", "FFRF"},
                                                 {"pd-C.v", "CFFF"},
                                                 {"pd-Rr.v", "FFRR"},
                                                 {"pd-RFr.v", "FRFR"},
                                                 {"pd-CC.v", "CCFF"},
                                                 {"pd-C.d", "CFFF"},
                                                 {"pd-C.dG", "CFFF"},
                                                 {"pd-LRRR.d", "FRRR"},
                                                 {"pd-RRR.d", "FRRR"},
                                                 {"pd-LCcc.d", "CCFC"},
                                                 {"pd-Rr.d", "FFRR"},
                                                 {"pd-RFr.d", "FRFR"},
                                                 {"pd-Cc.d", "CFFC"},
                                                 {"pd-CFc+.d", "FCFC"},
                                                 {"pd-CRcr.d", "RCRC"},
                                                 {"pd-RrC.d", "CFRR"},
                                                 {"pd-CRr.d", "CRRF"}};
  std::size_t listed = 0;
  for (const auto& set : kSets) listed += ids_of(set).size();
  CHECK(listed == edges.size());
  for (const auto& [id, e] : edges) {
    INFO(id);
    CHECK(edges_of(tile(id)) == e);
  }
}

TEST_CASE("Expansion tiles are found by their JCZ aliases", "[catalog]") {
  const auto& cat = builtin_catalog();
  CHECK(cat.lookup("FL/F.d") == cat.lookup("fl-F.d"));
  CHECK(cat.lookup("FL/F.dG") == cat.lookup("fl-F.dG"));
  CHECK(cat.lookup("FL/RFr.NS.o") == cat.lookup("fl-RFr.NS.o"));
  CHECK(cat.lookup("CC.2/CcCc") == cat.lookup("cc-CcCc"));
  CHECK(cat.lookup("DG/Ccc+.g") == cat.lookup("pd-Ccc+.g"));
  CHECK(cat.lookup("DG/Cc!.p") == cat.lookup("pd-Cc!.p"));
  CHECK(cat.lookup("DG/CCc+.p") == cat.lookup("pd-CCc+.p"));
  // Every expansion tile's alias is its id with the set prefix swapped for JCZ's.
  const std::map<std::string, std::pair<std::string, std::string>> prefix{
      {"flier", {"fl-", "FL/"}}, {"crop-circles", {"cc-", "CC.2/"}}, {"princess-dragon", {"pd-", "DG/"}}};
  for (const auto& [set, p] : prefix)
    for (const auto& id : ids_of(set)) {
      INFO(id);
      REQUIRE(id.rfind(p.first, 0) == 0);
      const std::string jcz = p.second + id.substr(p.first.size());
      CHECK(tile(id).jcz == jcz);
      CHECK(tile(id).letter.empty());
      CHECK(cat.lookup(jcz) == cat.lookup(id));
    }
  CHECK(cat.lookup("DG/F.v") == cat.lookup("pd-F.v"));
  CHECK(cat.lookup("DG/C.d") == cat.lookup("pd-C.d"));
  // Crop Circles I is not catalogued either.
  CHECK_FALSE(cat.lookup("CC.1/Cc.1").has_value());
}

TEST_CASE("Bridges, Castles & Bazaars has 12 tiles per edition, C2 swapping BB/CFR! for its garden twin (BC-17)",
          "[catalog]") {
  for (const char* edition : {"C1", "C2"}) {
    int total = 0;
    for (const auto& [id, n] : counts_of("bridges-castles", edition)) total += n;
    INFO(edition);
    CHECK(total == 12);
  }
  CHECK(counts_of("bridges-castles", "C1").count("bc-CFR!") == 1);
  CHECK(counts_of("bridges-castles", "C1").count("bc-CFR!G") == 0);
  CHECK(counts_of("bridges-castles", "C2").count("bc-CFR!G") == 1);
  CHECK(counts_of("bridges-castles", "C2").count("bc-CFR!") == 0);
  CHECK(counts_of("bridges-castles", "C2").at("bc-Cccc.b") == 2);
  CHECK(ids_of("bridges-castles").size() == 12);
}

TEST_CASE("Castle bases: one-edge city segments unless marked no-castle (tiles-extra §5.2, BC-02)", "[catalog]") {
  CHECK(castle_base(feature_at(tile("E"), "city{N}")));
  CHECK(castle_base(feature_at(tile("bc-CCCR"), "city{E}")));
  CHECK_FALSE(castle_base(feature_at(tile("bc-CFR!"), "city{W}")));  // JCZ's exclusion: no semicircle
  CHECK_FALSE(castle_base(feature_at(tile("bc-CFR!G"), "city{W}")));
  CHECK_FALSE(castle_base(feature_at(tile("pd-CCc+.p"), "city{N}")));   // the princess segment
  CHECK_FALSE(castle_base(feature_at(tile("bc-CFc.b"), "city{E,W}")));  // two edges: never a town half
  // The word survives the round trip through the feature specs (the protocol sends tiles so).
  const TileDef& t = tile("bc-CFR!");
  auto again = make_tile(t.id, tile_specs(t));
  REQUIRE(again.ok());
  CHECK(again->features[0].no_castle);
  CHECK_FALSE(make_tile("x", {"city{N,E} no-castle", "field{SL,SR,WL,WR} touches city{N,E}"}).ok());
}
