// The position value (setup.hpp): State::from, the canonical text form, snapshot, replay.
#include "engine/setup.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <functional>

#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/dragon_fairy.hpp"
#include "engine/names.hpp"
#include "engine/queries.hpp"
#include "engine/rooms.hpp"
#include "engine/state.hpp"

namespace carc {

Setup Setup::with_seats(std::vector<Colour> seats) {
  Setup s;
  s.seats = std::move(seats);
  s.supply.assign(s.seats.size(), std::array<int, kFigureKinds>{});
  s.scores.assign(s.seats.size(), 0);
  for (const SeatCountKey* k : kSeatCountKeys)  // the counts kept for every seat at all times
    if (k->every_seat) s.counts[*k].assign(s.seats.size(), k->unlisted);
  return s;
}
static_assert(kFloorsKey.unlisted == kDefaultFloors);

namespace {

// The dragon-and-fairy room's part of a position (scenarios/README.md, the load checks), put into
// the state: the tiles and figures are there already, the turn not yet (the draw reads the dragon).
Result<bool> check_dragon_fairy(State& s, const Setup& setup, const std::function<void(SetupPart, std::size_t)>& at) {
  const Board& b = s.board();
  const TileCatalog& cat = s.catalog();
  DragonFairyData d;
  bool volcano = false;
  for (int t = 0; t < b.tile_count(); ++t) volcano = volcano || b.def(t).volcano >= 0;
  at(SetupPart::Dragon, 0);
  if (setup.dragon) {
    if (b.tile_at(*setup.dragon) < 0) return fail("dragon: no tile at " + to_string(*setup.dragon) + " for the dragon");
    if (!volcano) return fail("dragon: the dragon is in play, but no volcano tile is on the board (PD-17)");
    d.dragon_in_play = true;
    d.dragon = *setup.dragon;
  } else if (volcano) {
    return fail("dragon: a volcano tile is on the board, so the dragon is in play: say where it stands (PD-17)");
  }
  // Figures no play can leave where they stand: on the dragon's tile when figures may never go there
  // (V-PD-10 forbidden; the dragon eats what is on a tile it enters), on a volcano closed for good (V-PD-11).
  for (const BoardFigure& f : s.figures()) {
    const Pos p = b.node_pos(f.node);
    const std::string who = std::string(colour_name(s.player(f.owner).colour)) + " " +
                            std::string(figure_name(f.kind)) + " " + located(p, b.node_addr(f.node));
    if (d.dragon_in_play && p == d.dragon && s.rules().dragon_tile_forbidden() && !dragon_spares(s, f.node))
      return fail("dragon: the " + who +
                  " stands on the dragon's tile, which dragon-tile-deployment: forbidden keeps free of figures "
                  "(V-PD-10)");
    if (b.def(b.at(f.node).tile).volcano >= 0 && s.rules().volcano_closed_for_good())
      return fail("dragon: the " + who +
                  " stands on a volcano tile, which volcano-tile-deployment: never keeps free of figures (V-PD-11)");
  }
  at(SetupPart::Fairy, 0);
  d.fairy = setup.fairy.place;
  if (setup.fairy.place == FairyPlace::OnTile) {
    d.fairy_pos = setup.fairy.pos;
    if (b.tile_at(d.fairy_pos) < 0) return fail("fairy: no tile at " + to_string(d.fairy_pos) + " for the fairy");
    if (const auto& h = setup.fairy.host) {
      if (!is_follower(h->kind))
        return fail("fairy: a " + std::string(figure_name(h->kind)) +
                    " is no follower; the fairy stands next to followers (PD-33)");
      if (h->pos != d.fairy_pos) return fail("fairy: its host stands on another tile");
      const int owner = s.player_of(h->owner);
      const int node = owner < 0 ? -1 : node_of(b, h->pos, h->feature);
      if (node < 0 || s.find_figure(owner, h->kind, static_cast<std::uint16_t>(node)) == s.figures().size())
        return fail("fairy: no " + std::string(colour_name(h->owner)) + " " + std::string(figure_name(h->kind)) +
                    " on " + located(h->pos, h->feature) + " (the host is a figure of figures)");
      if (!s.rules().fairy_on_tile()) {  // under on-tile the host is ignored (PROTOCOL.md §13.4)
        d.has_host = true;
        d.host = BoardFigure{static_cast<std::uint8_t>(owner), h->kind, static_cast<std::uint16_t>(node)};
      }
    }
  }
  for (std::size_t i = 0; i < setup.set_aside.size(); ++i) {
    at(SetupPart::SetAside, i);
    const TileTypeId t = setup.set_aside[i];
    if (d.dragon_in_play) return fail("set_aside: tiles are set aside only while the dragon is not in play (PD-16)");
    if (t >= cat.size() || cat[t].dragon < 0)
      return fail("set_aside: " + (t < cat.size() ? cat[t].id : std::string("?")) + " is no dragon tile");
  }
  d.set_aside = setup.set_aside;
  at(SetupPart::Turn, 0);
  if (setup.in_hand != kNoTile && setup.in_hand < cat.size() && cat[setup.in_hand].dragon >= 0 && !d.dragon_in_play)
    return fail("a dragon tile in hand while the dragon is not in play: it would have been set aside (PD-16)");
  const int placed = setup.placed ? b.tile_at(*setup.placed) : -1;
  if (setup.phase == Phase::Figure && placed >= 0 && b.def(placed).volcano >= 0)
    for (const BoardFigure& f : s.figures())
      if (b.at(f.node).tile == placed) return fail("figures: a figure on the volcano tile placed this turn (PD-12)");
  at(SetupPart::DragonPath, 0);
  if (setup.phase != Phase::Dragon && !setup.dragon_path.empty()) return fail("dragon_path: only in phase dragon");
  if (setup.phase == Phase::Dragon) {
    const auto& path = setup.dragon_path;
    if (path.empty()) return fail("dragon_path: phase dragon needs the move so far (its start tile first)");
    if (placed < 0 || b.def(placed).dragon < 0)
      return fail("phase dragon needs the dragon tile placed this turn part as its placed tile");
    if (!d.dragon_in_play || path.back() != d.dragon) return fail("dragon_path: it ends at the dragon's tile");
    if (path.size() > static_cast<std::size_t>(kDragonSteps))
      return fail("dragon_path: at most 6 entries (the sixth step ends the move)");
    for (std::size_t i = 0; i < path.size(); ++i) {
      at(SetupPart::DragonPath, i);
      if (b.tile_at(path[i]) < 0) return fail("dragon_path: no tile at " + to_string(path[i]));
      if (i == 0) continue;
      if (std::abs(path[i].x - path[i - 1].x) + std::abs(path[i].y - path[i - 1].y) != 1)
        return fail("dragon_path: " + to_string(path[i]) + " is not an orthogonal neighbour of " +
                    to_string(path[i - 1]) + " (PD-19)");
      if (std::find(path.begin(), path.begin() + static_cast<std::ptrdiff_t>(i), path[i]) !=
          path.begin() + static_cast<std::ptrdiff_t>(i))
        return fail("dragon_path: " + to_string(path[i]) + " is entered twice (PD-20)");
      if (d.fairy == FairyPlace::OnTile && path[i] == d.fairy_pos)
        return fail("dragon_path: the dragon never enters the fairy's tile (PD-22)");
      for (const BoardFigure& f : s.figures()) {
        if (b.node_pos(f.node) != path[i] || dragon_spares(s, f.node))
          continue;  // a castle's occupant (PD-24), a tower's top under V-PD-12 `no`
        return fail("dragon_path: a figure stands on " + to_string(path[i]) + ", which the dragon entered (PD-23)");
      }
    }
  }
  s.setup_dragon_fairy(std::move(d));
  return true;
}

// The castles room's part of a position: tokens in hand and castles on towns, checked against the
// board and the figures already set up (BC-01, BC-02, BC-07).
Result<bool> check_castles(State& s, const Setup& setup, const std::function<void(SetupPart, std::size_t)>& at) {
  at(SetupPart::Castles, 0);
  const std::vector<int>& tokens = setup.counts[kCastleTokensKey];
  if (tokens.empty() && setup.castles.empty()) return true;
  if (!tokens.empty() && tokens.size() != setup.seats.size()) return fail("castles: castle tokens are given per seat");
  CastleData d;
  d.in_hand = tokens;
  d.in_hand.resize(setup.seats.size(), 0);
  std::vector<int> owned = d.in_hand;
  const Board& b = s.board();
  for (std::size_t i = 0; i < setup.castles.size(); ++i) {
    const SetupCastle& c = setup.castles[i];
    at(SetupPart::Castles, i);
    const std::string what = "castles: the castle " + to_string(c);
    const int owner = s.player_of(c.owner);
    if (owner < 0) return fail(what + ": " + std::string(colour_name(c.owner)) + " is not seated");
    const int node = node_of(b, c.pos, c.feature);
    if (node < 0) return fail(what + ": no such feature on the board");
    const auto root = b.find(static_cast<std::uint16_t>(node));
    if (!is_town(s, root))
      return fail(what + " is not on a completed town of two one-edge castle-base segments (BC-02)");
    for (const Castle& other : d.castles)
      if (b.find(other.town) == root) return fail(what + ": two castles on one town");
    int occupants = 0;
    for (const BoardFigure& f : s.figures()) {
      if (b.find(f.node) != root) continue;
      ++occupants;
      if (f.owner != owner || !is_follower(f.kind))
        return fail(what + ": its occupant must be one of its owner's followers (BC-03)");
    }
    if (occupants > 1) return fail(what + ": a castle holds one occupant (BC-03)");
    if (c.scored && occupants > 0) return fail(what + ": a scored castle's occupant went home (BC-07)");
    std::vector<std::uint16_t> nodes;
    add_feature_nodes(b, root, nodes);
    Castle x;
    x.town = b.at(nodes[0]).tile < b.at(nodes[1]).tile ? nodes[0] : nodes[1];
    x.tile_a = b.at(x.town).tile;
    x.tile_b = b.at(nodes[0]).tile + b.at(nodes[1]).tile - x.tile_a;
    x.owner = static_cast<std::uint8_t>(owner);
    x.scored = c.scored;
    d.castles.push_back(x);
    ++owned[static_cast<std::size_t>(owner)];
  }
  for (std::size_t p = 0; p < owned.size(); ++p)
    if (d.in_hand[p] < 0 || owned[p] > kMaxCastlesInHand) {
      at(SetupPart::Castles, 0);
      return fail("castles: " + std::string(colour_name(setup.seats[p])) + " owns " + std::to_string(owned[p]) +
                  " castles (in hand and on the board); at most " + std::to_string(kMaxCastlesInHand) + " (BC-01)");
    }
  s.setup_castles(std::move(d));
  return true;
}

// The big-top room's part of a position: the big top and its token, the face-down pile (BT-01,
// BT-02), and the acrobats (BT-10, BT-13) and circus spaces (BT-02) of the figures.
Result<bool> check_big_top(State& s, const Setup& setup, const std::function<void(SetupPart, std::size_t)>& at) {
  const Board& b = s.board();
  at(SetupPart::BigTop, 0);
  BigTopData d;
  if (setup.big_top) {
    const int t = b.tile_at(*setup.big_top);
    if (t < 0 || b.def(t).circus < 0)
      return fail("big_top: no circus tile at " + to_string(*setup.big_top) + " for the big top (BT-02)");
    if (animal_token_count(setup.big_top_token) == 0)
      return fail("big_top: " + std::to_string(setup.big_top_token) +
                  " is no animal token (1, 3, 4, 5, 6 or 7: BT-01)");
    d.up = true;
    d.pos = *setup.big_top;
    d.token = setup.big_top_token;
  } else {
    for (int t = 0; t < b.tile_count(); ++t)
      if (b.def(t).circus >= 0 && !(setup.phase == Phase::Figure && setup.placed == b.tile(t).pos))
        return fail("big_top: a circus tile is on the board at " + to_string(b.tile(t).pos) +
                    ", so the big top stands on one: say where and over which token (BT-02)");
  }
  d.tokens = setup.animal_tokens ? *setup.animal_tokens : default_animal_tokens(d.up ? d.token : 0);
  // A circus tile placed this turn (phase figure) still has its big-top step to come.
  if (setup.phase == Phase::Figure && setup.placed) {
    const int t = b.tile_at(*setup.placed);
    if (t >= 0 && b.def(t).circus >= 0) {
      if (d.up && d.pos == *setup.placed)
        return fail("big_top: the circus tile placed this turn gets the big top only after scoring (BT-03)");
      d.due.push_back(*setup.placed);
    }
  }
  s.setup_big_top(std::move(d));
  if (std::string e = big_top_invariants(s); !e.empty()) return fail("big_top: " + e);
  return true;
}

}  // namespace

std::string to_string(const SetupCastle& c) {
  return std::string(colour_name(c.owner)) + " " + located(c.pos, c.feature) + (c.scored ? " scored" : "");
}

Result<SetupCastle> parse_castle_entry(std::string_view text) {
  const auto w = words_of(text, " \t");
  const std::string form = "expected 'COLOUR x,y:FEATURE [scored]'";
  if (w.size() < 2 || w.size() > 3 || (w.size() == 3 && w[2] != "scored")) return fail(form);
  SetupCastle c;
  if (!parse_colour(w[0], c.owner)) return fail("unknown colour '" + std::string(w[0]) + "'");
  auto at = parse_located(w[1]);
  if (!at) return fail(at.error());
  if (at->second.kind != FeatureKind::City) return fail("a castle covers a town: name one of its city segments");
  c.pos = at->first;
  c.feature = at->second;
  c.scored = w.size() == 3;
  return c;
}

namespace {

// A bridge on the tile just set up at b.pos: straight across two field edges, each end facing an
// empty square or a road edge (BC-15 items 3-5).
Result<bool> setup_bridge(State& s, const SetupBridge& b) {
  const std::string what = "the bridge " + located(b.pos, b.road);
  const Board& board = s.board();
  const int t = board.tile_at(b.pos);
  if (b.road.kind != FeatureKind::Road || (b.road.mask != kBridgeNS && b.road.mask != kBridgeEW))
    return fail(what + ": a bridge is road{N,S} or road{E,W} (BC-15)");
  if (board.tile(t).bridge >= 0) return fail(what + ": one bridge per tile (BC-15)");
  for (int e = 0; e < 4; ++e) {
    if (!(b.road.mask & (1u << e))) continue;
    if (board.def(t).edge_at(board.tile(t).rot, e) != EdgeType::Field)
      return fail(what + ": its " + std::string(edge_name(e)) + " end is on no field edge (BC-15)");
    const int n = board.tile_at(neighbour(b.pos, e));
    if (n >= 0 && board.def(n).edge_at(board.tile(n).rot, opposite(e)) != EdgeType::Road)
      return fail(what + ": its " + std::string(edge_name(e)) + " end faces " + board.def(n).id + " at " +
                  to_string(board.tile(n).pos) + ", which shows no road there");
  }
  if (!s.add_bridge(t, b.road.mask)) return fail(what + ": the tile has no room for another feature");
  return true;
}

// The bridges room's part of a position: bridges in hand, every listed bridge on a tile, this turn's.
Result<bool> check_bridges(State& s, const Setup& setup, const std::function<void(SetupPart, std::size_t)>& at) {
  const std::vector<int>& tokens = setup.counts[kBridgeTokensKey];
  if (tokens.empty() && setup.bridges.empty() && !setup.flags[kBridgeBuiltKey]) return true;
  at(SetupPart::Bridges, 0);
  if (!tokens.empty() && tokens.size() != setup.seats.size())
    return fail("bridges: bridges in hand are given per seat");
  for (std::size_t i = 0; i < setup.bridges.size(); ++i)
    if (s.board().tile_at(setup.bridges[i].pos) < 0) {
      at(SetupPart::Bridges, i);
      return fail("bridges: the bridge " + located(setup.bridges[i].pos, setup.bridges[i].road) + " stands on no tile");
    }
  BridgeData d;
  d.in_hand = tokens;
  d.in_hand.resize(setup.seats.size(), 0);
  for (const int n : d.in_hand)
    if (n < 0 || n > kMaxBridgesInHand) return fail("bridges: bridges in hand are 0 to 3 (BC-15)");
  if (setup.flags[kBridgeBuiltKey]) {
    if (setup.phase != Phase::Figure && setup.phase != Phase::Dragon &&
        !(setup.phase == Phase::Tile && setup.flags[kSecondTileKey]))
      return fail("bridges: '" + std::string(kBridgeBuiltKey.text) +
                  "' belongs to the turn of a tile placed (phase figure or dragon, or the builder's "
                  "second tile)");
    d.built_turn = s.turn();
  }
  s.setup_bridges(std::move(d));
  return true;
}

}  // namespace

Result<State> State::from(const TileCatalog& catalog, RuleSet rules, const Setup& setup, SetupErrorAt* where) {
  auto at = [&](SetupPart part, std::size_t index) {
    if (where) *where = SetupErrorAt{part, index};
  };
  at(SetupPart::Seats, 0);
  auto st = create(catalog, std::move(rules), setup.seats);
  if (!st) return st;
  State& s = *st;
  if (setup.supply.size() != setup.seats.size() || setup.scores.size() != setup.seats.size())
    return fail("supply and scores are given per seat");
  for (std::size_t i = 0; i < setup.tiles.size(); ++i) {
    const SetupTile& t = setup.tiles[i];
    std::uint8_t bridge = 0;
    for (const SetupBridge& br : setup.bridges)
      if (br.pos == t.pos && br.road.kind == FeatureKind::Road) bridge = br.road.mask;
    if (auto ok = s.setup_tile(t.type, t.pos, t.rot, bridge); !ok) {
      at(SetupPart::Tiles, i);
      return fail("tiles: " + ok.error());
    }
    // A bridge stands on its tile from the tile's placement on: later tiles meet its road (BC-15).
    for (std::size_t j = 0; j < setup.bridges.size(); ++j)
      if (setup.bridges[j].pos == t.pos)
        if (auto ok = setup_bridge(s, setup.bridges[j]); !ok) {
          at(SetupPart::Bridges, j);
          return fail("bridges: " + ok.error());
        }
  }
  if (auto ok = check_bridges(s, setup, at); !ok) return fail(ok.error());
  for (std::size_t i = 0; i < setup.towers.size(); ++i) {
    const SetupTower& t = setup.towers[i];
    if (auto ok = s.setup_tower(t.pos, t.height, t.closed); !ok) {
      at(SetupPart::Towers, i);
      return fail("towers: " + ok.error());
    }
  }
  const std::vector<int>& floors = setup.counts[kFloorsKey];
  if (!floors.empty() && floors.size() != setup.seats.size()) return fail("floors are given per seat");
  for (std::size_t p = 0; p < floors.size(); ++p) {
    if (floors[p] == kDefaultFloors) continue;
    if (auto ok = s.setup_floors(static_cast<int>(p), floors[p]); !ok) {
      at(SetupPart::Floors, p);
      return fail("floors: " + ok.error());
    }
  }
  if (s.tower().floors_total > kMaxTowerFloors) {
    at(SetupPart::Floors, 0);
    return fail("floors: " + std::to_string(s.tower().floors_total) +
                " floors in hand and on towers, but the box holds " + std::to_string(kMaxTowerFloors));
  }
  for (std::size_t p = 0; p < setup.seats.size(); ++p) {
    // The supply rule: a player owns what is in hand, what stands on the board and what others hold.
    std::array<int, kFigureKinds> owned = setup.supply[p];
    for (const SetupFigure& f : setup.figures)
      if (f.owner == setup.seats[p]) ++owned[static_cast<std::size_t>(f.kind)];
    for (const SetupPrisoner& pr : setup.prisoners)
      if (pr.owner == setup.seats[p]) ++owned[static_cast<std::size_t>(pr.kind)];
    for (int k = 0; k < kFigureKinds; ++k) {
      const int n = owned[static_cast<std::size_t>(k)];
      if (n == 0) continue;
      if (auto ok = s.setup_owned(static_cast<int>(p), static_cast<FigureKind>(k), n); !ok) {
        at(SetupPart::Supply, p);
        return ok.error_in("supply: ");
      }
    }
  }
  for (std::size_t i = 0; i < setup.figures.size(); ++i) {
    const SetupFigure& f = setup.figures[i];
    at(SetupPart::Figures, i);
    const int player = s.player_of(f.owner);
    if (player < 0) return fail("figures: " + std::string(colour_name(f.owner)) + " is not seated");
    if (auto ok = s.setup_figure(player, f.kind, f.pos, f.feature); !ok) return fail("figures: " + ok.error());
    if (f.feature.kind != FeatureKind::Tower) continue;
    const TowerSite* site = tower_site(s, f.pos);
    if (site->height == 0)
      return fail("figures: the " + std::string(figure_name(f.kind)) + " on " + located(f.pos, f.feature) +
                  " stands on an empty foundation (TO-03: list the tower's floors under towers)");
    if (site->closed_empty)
      return fail("figures: the tower at " + to_string(f.pos) +
                  " is closed with nobody on top, yet a figure stands there");
    if (s.board().at(tower_node(s, *site)).occupants > 1)
      return fail("figures: two figures on the tower at " + to_string(f.pos));
  }
  for (std::size_t i = 0; i < setup.prisoners.size(); ++i) {
    const SetupPrisoner& pr = setup.prisoners[i];
    at(SetupPart::Prisoners, i);
    const int holder = s.player_of(pr.holder), owner = s.player_of(pr.owner);
    if (holder < 0 || owner < 0)
      return fail("prisoners: " + std::string(colour_name(holder < 0 ? pr.holder : pr.owner)) + " is not seated");
    if (auto ok = s.setup_prisoner(holder, owner, pr.kind); !ok) return fail("prisoners: " + ok.error());
  }
  for (std::size_t p = 0; p < setup.seats.size(); ++p) s.setup_score(static_cast<int>(p), setup.scores[p]);
  // The castles first: a castle's occupant may stand where the dragon went (BC-13, PD-24).
  if (auto ok = check_castles(s, setup, at); !ok) return fail(ok.error());
  if (auto ok = check_dragon_fairy(s, setup, at); !ok) return fail(ok.error());
  if (!setup.building_supply.empty() || !setup.buildings.empty()) {  // Little Buildings (LB-01, LB-02)
    at(SetupPart::Buildings, 0);
    LittleBuildingsData lb;
    lb.in_play = true;
    lb.supply.assign(setup.seats.size(), {});
    std::array<int, kBuildingKinds> total{};
    for (std::size_t p = 0; p < setup.building_supply.size() && p < setup.seats.size(); ++p)
      for (std::size_t k = 0; k < kBuildingKinds; ++k) {
        const int n = setup.building_supply[p][k];
        if (n < 0 || n > 6) return fail("buildings: a player holds 0 to 6 of each kind (LB-01)");
        lb.supply[p][k] = static_cast<std::uint8_t>(n);
        total[k] += n;
      }
    for (std::size_t i = 0; i < setup.buildings.size(); ++i) {
      const PlacedBuilding& pb = setup.buildings[i];
      at(SetupPart::Buildings, i);
      if (s.board().tile_at(pb.pos) < 0) return fail("buildings: no tile at " + to_string(pb.pos));
      for (const PlacedBuilding& other : lb.placed)
        if (other.pos == pb.pos) return fail("buildings: one building per tile (LB-02), two at " + to_string(pb.pos));
      lb.placed.push_back(pb);
      ++total[static_cast<std::size_t>(pb.kind)];
    }
    for (std::size_t k = 0; k < kBuildingKinds; ++k)
      if (total[k] > 6)
        return fail("buildings: more than 6 of the kind " + std::string(building_name(static_cast<BuildingKind>(k))) +
                    " (LB-01: 6 towers, 6 houses, 6 sheds)");
    s.setup_little_buildings(std::move(lb));
  }
  if (auto ok = check_big_top(s, setup, at); !ok) return fail(ok.error());
  s.setup_pile(setup.pile, !setup.last_tile);
  at(SetupPart::Turn, 0);
  if (auto ok = s.setup_turn(setup.active, setup.phase, setup.in_hand, setup.placed); !ok) return fail(ok.error());
  // A drawn tile that fits nowhere is discarded and another drawn (BG-03), so a tile in hand always
  // has a placement; a position holding one that has none could not arise and would end in no move.
  // After the turn: a bridge the active player may build can make it fit (BC-19).
  if (setup.phase == Phase::Tile && setup.in_hand != kNoTile && setup.in_hand < catalog.size() &&
      !has_placement(s.board(), catalog[setup.in_hand]) &&
      !bridge_placement_exists(s, catalog[setup.in_hand])) {  // BC-19: a bridge may make it fit
    at(SetupPart::InHand, 0);
    return fail("in_hand: " + catalog[setup.in_hand].id +
                " fits nowhere on this board; a drawn tile that fits nowhere is discarded and the next one drawn "
                "(BG-03), so it is never in hand (give it in the pile instead)");
  }
  s.setup_rolls(setup.rolls);
  s.setup_second_part(setup.flags[kSecondTileKey]);
  s.setup_ransom_paid(setup.flags[kRansomPaidKey]);
  if (setup.phase == Phase::Dragon) {  // the move under way: its player and the stage it resumes in
    DragonFairyData& d = s.mutable_dragon_fairy();
    d.dragon_pending = true;
    d.dragon_path = setup.dragon_path;
    s.set_actor((s.active() + static_cast<int>(d.dragon_path.size()) - 1) % s.player_count());
    s.set_stage(dragon_stage_index(s.rules().dragon_after_scoring()));
  }
  return st;
}

// --- the text form -------------------------------------------------------------
//
// One item per line, words separated by spaces; blank lines and lines starting
// with '#' are ignored. The lines, in canonical order (to_string writes them so,
// omitting what is at its default; parse_setup takes them in any order after
// `seats`, which comes first):
//
//   castle-tokens red 3                castles in hand (any such line brings castles
//                                      into the game; unnamed seats hold 0)
//   castle red 0,1:city{N} [scored]    a castle on the town with that segment
//   seats red blue                     the colours in seat order (required, first)
//   tile D 0,0 r0                      a tile: catalog id or alias, position, rotation;
//                                      in placing order, each touching an earlier one
//   figure red follower 1,0:road{E,W}  a figure on the board: owner, kind, located feature
//   supply red follower=6 abbot=1      figures in hand (default 0 of each kind);
//                                      owned = in hand + on the board
//   score red 12                       a score (default 0)
//   turn red tile                      the active player and the phase: tile,
//   turn red figure 1,0                figure with the position of the tile placed
//   turn red game-over                 this turn, or game-over (default: the first seat, tile)
//   in-hand V                          the tile in hand (default: drawn from the pile)
//   pile U V W                         the draw order still to come (default empty)
//   pile-end closed                    the game ends when the pile runs out
//                                      (default: open, more tiles may follow)
//   rolls 2 1                          fixed die results for flights, in order
//   second-tile yes                    the builder's second turn part
//   tower 2,0 3                        a tower: foundation square and height 1..30;
//   tower 0,3 2 closed                 closed = nobody on top but closed (V-TO-2 `no`)
//   floors red 9                       tower floors in hand, 0..10 (default: TO-01's number;
//                                      the counts stated at most the box's 30)
//   prisoner red blue follower         red holds blue's follower (one line per figure)
//   ransom-paid yes                    this turn's ransom is paid (TO-08)
//   dragon 2,1                         the dragon's tile (default: not in play)
//   fairy beside                       the fairy in the game, beside the board;
//   fairy 1,0                          on a tile with no host (or under on-tile);
//   fairy red follower 1,0:road{E,W}   next to that figure (default: no fairy)
//   set-aside pd-Rr.d pd-C.d           dragon tiles set aside, in order (PD-16)
//   dragon-path 2,1 1,1                phase dragon (`turn red dragon 3,0`): the
//                                      tiles stood on in this move, start first
//   buildings red tower=2 house=2 shed=2  Little Buildings tokens in hand (any such
//                                      line or a building: Little Buildings in the game)
//   building house 1,0                 a little building on the tile at 1,0 (LB-02)
//                                      (each list at most the box's pieces: 30 tower,
//                                      12 castle, 12 bridge, 18 building lines)
//   big-top 2,0 4                      the big top's circus tile and the value of the face-down
//                                      token under it (default: no circus tile placed yet)
//   animal-tokens 5 3 7                the face-down pile, next first (default: the 16 tokens
//                                      in value order less one under the big top; BT-01)
//
// Example: a two-player game with red's follower on a road, red to place a V.
//
//   seats red blue
//   tile D 0,0 r0
//   tile U 1,0 r90
//   figure red follower 1,0:road{E,W}
//   supply red follower=6
//   supply blue follower=7
//   turn red tile
//   in-hand V

namespace {

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : " ") + p;
  return out;
}

bool parse_int(std::string_view s, int& out) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), out);
  return r.ec == std::errc{} && r.ptr == s.data() + s.size();
}

// Reads one line into the Setup; the error without the line number.
class LineReader {
 public:
  LineReader(Setup& s, const TileCatalog& cat) : s_(s), cat_(cat) {}

  Result<bool> read(const std::vector<std::string_view>& w) {
    const std::string_view key = w[0];
    if (!seated_ && key != "seats") return fail("the first line is 'seats COLOUR...'");
    if (key == "seats") return seats(w);
    if (key == "tile") return tile(w);
    if (key == "figure") return figure(w);
    if (key == "supply") return supply(w);
    if (key == "score") return score(w);
    if (key == "turn") return turn(w);
    if (key == "in-hand") {
      if (w.size() != 2) return fail("expected 'in-hand TILE'");
      auto t = tile_id(w[1]);
      if (!t) return fail(t.error());
      s_.in_hand = *t;
      return true;
    }
    if (key == "pile") {
      for (std::size_t i = 1; i < w.size(); ++i) {
        auto t = tile_id(w[i]);
        if (!t) return fail(t.error());
        s_.pile.push_back(*t);
      }
      return true;
    }
    if (key == "pile-end") {
      if (w.size() != 2 || (w[1] != "closed" && w[1] != "open"))
        return fail("expected 'pile-end closed' or 'pile-end open'");
      s_.last_tile = w[1] == "closed";
      return true;
    }
    if (key == "rolls") {
      for (std::size_t i = 1; i < w.size(); ++i) {
        int r = 0;
        if (!parse_int(w[i], r) || r < 1 || r > 3)
          return fail("a die result is 1, 2 or 3, not '" + std::string(w[i]) + "'");
        s_.rolls.push_back(r);
      }
      return true;
    }
    if (const FlagKey* f = flag_by_text(key)) {
      if (w.size() != 2 || (w[1] != "yes" && w[1] != "no"))
        return fail("expected '" + std::string(key) + " yes' or '" + std::string(key) + " no'");
      s_.flags[*f] = w[1] == "yes";
      return true;
    }
    if (const SeatCountKey* k = seat_count_by_text(key)) return count(*k, w);
    if (const EntryListKey* e = entry_list_by_text(key); e && ++entries_[e->slot] > static_cast<std::size_t>(e->max))
      return fail(std::string(e->text) + ": " + entry_list_error(*e, entries_[e->slot]));
    if (key == "tower") return tower(w);
    if (key == "dragon" || key == "dragon-path") {
      if (key == "dragon" && w.size() != 2) return fail("expected 'dragon x,y'");
      std::vector<Pos> ps;
      for (std::size_t i = 1; i < w.size(); ++i) {
        Pos p;
        if (!parse_pos(w[i], p)) return fail("'" + std::string(w[i]) + "': expected a position " + pos_syntax());
        ps.push_back(p);
      }
      if (key == "dragon")
        s_.dragon = ps.front();
      else
        s_.dragon_path = std::move(ps);
      return true;
    }
    if (key == "big-top") {
      if (w.size() != 3) return fail("expected 'big-top x,y TOKEN'");
      Pos p;
      if (!parse_pos(w[1], p)) return fail("'" + std::string(w[1]) + "': expected a position " + pos_syntax());
      int v = 0;
      if (!parse_int(w[2], v) || v < 0 || v > 99) return fail("'" + std::string(w[2]) + "': expected a token value");
      s_.big_top = p;
      s_.big_top_token = v;
      return true;
    }
    if (key == "animal-tokens") {
      std::vector<int> vs;
      for (std::size_t i = 1; i < w.size(); ++i) {
        int v = 0;
        if (!parse_int(w[i], v) || v < 0 || v > 99) return fail("'" + std::string(w[i]) + "': expected a token value");
        vs.push_back(v);
      }
      if (vs.size() > kAnimalTokens.size()) return fail("more than 16 animal tokens (BT-01)");
      s_.animal_tokens = std::move(vs);
      return true;
    }
    if (key == "fairy") {
      std::string rest;
      for (std::size_t i = 1; i < w.size(); ++i) rest += (i > 1 ? " " : "") + std::string(w[i]);
      auto f = parse_fairy_entry(rest);
      if (!f) return fail(f.error());
      s_.fairy = *f;
      return true;
    }
    if (key == "set-aside") {
      for (std::size_t i = 1; i < w.size(); ++i) {
        auto t = tile_id(w[i]);
        if (!t) return fail(t.error());
        s_.set_aside.push_back(*t);
      }
      return true;
    }
    if (key == "buildings") {
      if (w.size() < 2) return fail("expected 'buildings COLOUR KIND=N...'");
      auto p = seat(w[1]);
      if (!p) return fail(p.error());
      if (s_.building_supply.size() != s_.seats.size()) s_.building_supply.assign(s_.seats.size(), {});
      for (std::size_t i = 2; i < w.size(); ++i) {
        const auto eq = w[i].find('=');
        BuildingKind k;
        int n = 0;
        if (eq == std::string_view::npos || !parse_building(w[i].substr(0, eq), k) ||
            !parse_int(w[i].substr(eq + 1), n) || n < 0)
          return fail("'" + std::string(w[i]) + "': expected tower=N, house=N or shed=N");
        s_.building_supply[static_cast<std::size_t>(*p)][static_cast<std::size_t>(k)] = n;
      }
      return true;
    }
    if (key == "building") {
      if (w.size() != 3) return fail("expected 'building KIND x,y'");
      PlacedBuilding pb;
      if (!parse_building(w[1], pb.kind)) return fail("unknown building '" + std::string(w[1]) + "'");
      if (!parse_pos(w[2], pb.pos)) return fail("'" + std::string(w[2]) + "': expected a position " + pos_syntax());
      s_.buildings.push_back(pb);
      return true;
    }
    if (key == "bridge") {
      if (w.size() != 2) return fail("expected 'bridge x,y:road{N,S}' or 'bridge x,y:road{E,W}'");
      auto at = parse_located(w[1]);
      if (!at) return fail(at.error());
      s_.bridges.push_back({at->first, at->second});
      return true;
    }
    if (key == "castle") {
      std::string rest;
      for (std::size_t i = 1; i < w.size(); ++i) rest += (i > 1 ? " " : "") + std::string(w[i]);
      auto c = parse_castle_entry(rest);
      if (!c) return fail(c.error());
      s_.castles.push_back(*c);
      return true;
    }
    if (key == "prisoner") {
      if (w.size() != 4) return fail("expected 'prisoner HOLDER OWNER KIND'");
      SetupPrisoner pr;
      if (!parse_colour(w[1], pr.holder)) return fail("unknown colour '" + std::string(w[1]) + "'");
      if (!parse_colour(w[2], pr.owner)) return fail("unknown colour '" + std::string(w[2]) + "'");
      if (!parse_figure(w[3], pr.kind)) return fail("unknown figure kind '" + std::string(w[3]) + "'");
      s_.prisoners.push_back(pr);
      return true;
    }
    return fail("unknown item '" + std::string(key) + "'");
  }

 private:
  Result<TileTypeId> tile_id(std::string_view name) const {
    const auto t = cat_.lookup(name);
    if (!t) return fail("unknown tile '" + std::string(name) + "'");
    return *t;
  }
  Result<int> seat(std::string_view name) const {
    Colour c;
    if (!parse_colour(name, c)) return fail("unknown colour '" + std::string(name) + "'");
    const auto it = std::find(s_.seats.begin(), s_.seats.end(), c);
    if (it == s_.seats.end()) return fail(std::string(name) + " is not seated");
    return static_cast<int>(it - s_.seats.begin());
  }
  // A room's per-seat count, "KEYWORD COLOUR N", checked against its declaration's bounds: one
  // player's 0..max, and all stated counts together no more than the box holds.
  Result<bool> count(const SeatCountKey& k, const std::vector<std::string_view>& w) {
    if (w.size() != 3) return fail("expected '" + std::string(k.text) + " COLOUR N'");
    auto p = seat(w[1]);
    if (!p) return fail(p.error());
    int n = 0;
    if (!parse_int(w[2], n) || n < 0 || n > k.max)
      return fail("'" + std::string(w[2]) + "': " + std::string(k.what) + " are 0 to " + std::to_string(k.max) + " (" +
                  std::string(k.rule) + ")");
    std::vector<int>& v = s_.counts[k];
    v.resize(s_.seats.size(), k.unlisted);
    v[static_cast<std::size_t>(*p)] = n;
    long long total = 0;
    for (const int c : v) total += c == k.unlisted && k.every_seat ? 0 : c;
    if (total > k.box) return fail(count_box_error(k, total));
    return true;
  }
  Result<bool> seats(const std::vector<std::string_view>& w) {
    if (seated_) return fail("'seats' is given twice");
    std::vector<Colour> seats;
    for (std::size_t i = 1; i < w.size(); ++i) {
      Colour c;
      if (!parse_colour(w[i], c)) return fail("unknown colour '" + std::string(w[i]) + "'");
      seats.push_back(c);
    }
    s_ = Setup::with_seats(std::move(seats));
    seated_ = true;
    return true;
  }
  Result<bool> tile(const std::vector<std::string_view>& w) {
    if (w.size() != 4) return fail("expected 'tile ID x,y ROT'");
    auto t = tile_id(w[1]);
    if (!t) return fail(t.error());
    SetupTile st{*t, {}, 0};
    if (!parse_pos(w[2], st.pos)) return fail("'" + std::string(w[2]) + "': expected a position " + pos_syntax());
    if (!parse_rotation(w[3], st.rot)) return fail("'" + std::string(w[3]) + "': expected r0, r90, r180 or r270");
    s_.tiles.push_back(st);
    return true;
  }
  Result<bool> figure(const std::vector<std::string_view>& w) {
    if (w.size() != 4) return fail("expected 'figure COLOUR KIND x,y:FEATURE'");
    SetupFigure f;
    if (!parse_colour(w[1], f.owner)) return fail("unknown colour '" + std::string(w[1]) + "'");
    if (!parse_figure(w[2], f.kind)) return fail("unknown figure kind '" + std::string(w[2]) + "'");
    auto loc = parse_located(w[3]);
    if (!loc) return fail(loc.error());
    f.pos = loc->first;
    f.feature = loc->second;
    s_.figures.push_back(f);
    return true;
  }
  Result<bool> tower(const std::vector<std::string_view>& w) {
    if (w.size() != 3 && w.size() != 4) return fail("expected 'tower x,y HEIGHT [closed]'");
    auto t =
        parse_tower_entry(std::string(w[1]) + " " + std::string(w[2]) + (w.size() == 4 ? " " + std::string(w[3]) : ""));
    if (!t) return fail(t.error());
    s_.towers.push_back(*t);
    return true;
  }
  Result<bool> supply(const std::vector<std::string_view>& w) {
    if (w.size() < 2) return fail("expected 'supply COLOUR KIND=N...'");
    auto p = seat(w[1]);
    if (!p) return fail(p.error());
    for (std::size_t i = 2; i < w.size(); ++i) {
      const auto eq = w[i].find('=');
      FigureKind k;
      int n = 0;
      if (eq == std::string_view::npos || !parse_figure(w[i].substr(0, eq), k) || !parse_int(w[i].substr(eq + 1), n) ||
          n < 0)
        return fail("'" + std::string(w[i]) + "': expected KIND=N (a figure kind and a count)");
      s_.supply[static_cast<std::size_t>(*p)][static_cast<std::size_t>(k)] = n;
    }
    return true;
  }
  Result<bool> score(const std::vector<std::string_view>& w) {
    if (w.size() != 3) return fail("expected 'score COLOUR N'");
    auto p = seat(w[1]);
    if (!p) return fail(p.error());
    int n = 0;
    if (!parse_int(w[2], n))
      return fail("'" + std::string(w[2]) + "': a score is a whole number (below 0 after a ransom, V-TO-4)");
    s_.scores[static_cast<std::size_t>(*p)] = n;
    return true;
  }
  Result<bool> turn(const std::vector<std::string_view>& w) {
    if (w.size() < 3) return fail("expected 'turn COLOUR PHASE [x,y]'");
    auto p = seat(w[1]);
    if (!p) return fail(p.error());
    s_.active = *p;
    if (!parse_phase(w[2], s_.phase)) return fail("unknown phase '" + std::string(w[2]) + "'");
    s_.placed.reset();
    if (s_.phase == Phase::Figure || s_.phase == Phase::Dragon) {
      Pos at;
      if (w.size() != 4 || !parse_pos(w[3], at))
        return fail("expected 'turn COLOUR " + std::string(phase_name(s_.phase)) + " x,y' (the tile placed this turn)");
      s_.placed = at;
    } else if (w.size() != 3) {
      return fail("only the figure and dragon phases name a placed tile");
    }
    return true;
  }

  Setup& s_;
  const TileCatalog& cat_;
  std::array<std::size_t, kEntryListKeyCount> entries_{};  // the lines of each entry list so far
  bool seated_ = false;
};

}  // namespace

std::string to_string(const SetupFairy& f) {
  switch (f.place) {
    case FairyPlace::Absent:
      return "absent";
    case FairyPlace::Beside:
      return "beside";
    case FairyPlace::OnTile:
      break;
  }
  if (!f.host) return to_string(f.pos);
  return std::string(colour_name(f.host->owner)) + " " + std::string(figure_name(f.host->kind)) + " " +
         located(f.host->pos, f.host->feature);
}

Result<SetupFairy> parse_fairy_entry(std::string_view text) {
  const auto w = words_of(text, " \t\r");
  SetupFairy f;
  f.place = FairyPlace::OnTile;
  if (w.size() == 1 && w[0] == "beside") {
    f.place = FairyPlace::Beside;
    return f;
  }
  if (w.size() == 1) {
    if (!parse_pos(w[0], f.pos))
      return fail("'" + std::string(w[0]) + "': expected 'beside', a position x,y or 'COLOUR KIND x,y:FEATURE'");
    return f;
  }
  if (w.size() != 3)
    return fail("expected 'beside', a position x,y or 'COLOUR KIND x,y:FEATURE', not '" + std::string(text) + "'");
  SetupFigure h;
  if (!parse_colour(w[0], h.owner)) return fail("unknown colour '" + std::string(w[0]) + "'");
  if (!parse_figure(w[1], h.kind)) return fail("unknown figure kind '" + std::string(w[1]) + "'");
  auto loc = parse_located(w[2]);
  if (!loc) return fail(loc.error());
  h.pos = loc->first;
  h.feature = loc->second;
  f.pos = h.pos;
  f.host = h;
  return f;
}

std::string to_string(const SetupTower& t) {
  return to_string(t.pos) + " " + std::to_string(t.height) + (t.closed ? " closed" : "");
}

Result<SetupTower> parse_tower_entry(std::string_view text) {
  const auto w = words_of(text, " \t\r");
  if (w.size() != 2 && !(w.size() == 3 && w[2] == "closed"))
    return fail("expected 'x,y HEIGHT [closed]', not '" + std::string(text) + "'");
  SetupTower t;
  if (!parse_pos(w[0], t.pos)) return fail("'" + std::string(w[0]) + "': expected a position " + pos_syntax());
  if (!parse_int(w[1], t.height)) return fail("'" + std::string(w[1]) + "': a tower's height is a whole number");
  t.closed = w.size() == 3;
  return t;
}

namespace {

// A room's flag: "KEYWORD yes" when set, nothing at its default.
void flag_line(std::vector<std::string>& lines, const Setup& s, const FlagKey& k) {
  if (s.flags[k]) lines.push_back(std::string(k.text) + " yes");
}

// A room's per-seat count: "KEYWORD COLOUR N" per seat, in seat order; a count kept for every
// seat is left out at its default, any other is written for every seat once the room is in play.
void count_lines(std::vector<std::string>& lines, const Setup& s, const SeatCountKey& k) {
  const std::vector<int>& v = s.counts[k];
  for (std::size_t p = 0; p < s.seats.size() && p < v.size(); ++p)
    if (!k.every_seat || v[p] != k.unlisted)
      lines.push_back(std::string(k.text) + " " + std::string(colour_name(s.seats[p])) + " " + std::to_string(v[p]));
}

}  // namespace

std::string to_string(const Setup& s, const TileCatalog& catalog) {
  auto tile_name = [&](TileTypeId t) { return t < catalog.size() ? catalog[t].id : std::string("?"); };
  auto colour = [&](Colour c) { return std::string(colour_name(c)); };
  std::vector<std::string> lines;
  std::vector<std::string> seat_names;
  for (const Colour c : s.seats) seat_names.push_back(colour(c));
  lines.push_back("seats " + joined(seat_names));
  for (const SetupTile& t : s.tiles)
    lines.push_back("tile " + tile_name(t.type) + " " + to_string(t.pos) + " " + rotation_name(t.rot));
  for (const SetupFigure& f : s.figures)
    lines.push_back("figure " + colour(f.owner) + " " + std::string(figure_name(f.kind)) + " " +
                    located(f.pos, f.feature));
  for (const SetupTower& t : s.towers) lines.push_back("tower " + to_string(t));
  for (std::size_t p = 0; p < s.seats.size() && p < s.supply.size(); ++p) {
    std::vector<std::string> parts;
    for (int k = 0; k < kFigureKinds; ++k)
      if (const int n = s.supply[p][static_cast<std::size_t>(k)]; n != 0)
        parts.push_back(std::string(figure_name(static_cast<FigureKind>(k))) + "=" + std::to_string(n));
    if (!parts.empty()) lines.push_back("supply " + colour(s.seats[p]) + " " + joined(parts));
  }
  count_lines(lines, s, kFloorsKey);
  for (const SetupPrisoner& pr : s.prisoners)
    lines.push_back("prisoner " + colour(pr.holder) + " " + colour(pr.owner) + " " + std::string(figure_name(pr.kind)));
  for (std::size_t p = 0; p < s.seats.size() && p < s.scores.size(); ++p)
    if (s.scores[p] != 0) lines.push_back("score " + colour(s.seats[p]) + " " + std::to_string(s.scores[p]));
  const bool default_turn = s.active == 0 && s.phase == Phase::Tile;
  if (!default_turn && s.active >= 0 && static_cast<std::size_t>(s.active) < s.seats.size())
    lines.push_back("turn " + colour(s.seats[static_cast<std::size_t>(s.active)]) + " " +
                    std::string(phase_name(s.phase)) + (s.placed ? " " + to_string(*s.placed) : std::string()));
  if (s.in_hand != kNoTile) lines.push_back("in-hand " + tile_name(s.in_hand));
  if (!s.pile.empty()) {
    std::vector<std::string> ids;
    for (const TileTypeId t : s.pile) ids.push_back(tile_name(t));
    lines.push_back("pile " + joined(ids));
  }
  if (s.last_tile) lines.push_back("pile-end closed");
  if (!s.rolls.empty()) {
    std::vector<std::string> rolls;
    for (const int r : s.rolls) rolls.push_back(std::to_string(r));
    lines.push_back("rolls " + joined(rolls));
  }
  flag_line(lines, s, kSecondTileKey);
  flag_line(lines, s, kRansomPaidKey);
  if (s.dragon) lines.push_back("dragon " + to_string(*s.dragon));
  if (s.fairy.place != FairyPlace::Absent) lines.push_back("fairy " + to_string(s.fairy));
  if (!s.set_aside.empty()) {
    std::vector<std::string> ids;
    for (const TileTypeId t : s.set_aside) ids.push_back(tile_name(t));
    lines.push_back("set-aside " + joined(ids));
  }
  if (s.big_top) lines.push_back("big-top " + to_string(*s.big_top) + " " + std::to_string(s.big_top_token));
  if (s.animal_tokens) {
    std::string l = "animal-tokens";
    for (const int v : *s.animal_tokens) l += " " + std::to_string(v);
    lines.push_back(l);
  }
  if (!s.dragon_path.empty()) {
    std::vector<std::string> ps;
    for (const Pos p : s.dragon_path) ps.push_back(to_string(p));
    lines.push_back("dragon-path " + joined(ps));
  }
  count_lines(lines, s, kCastleTokensKey);
  for (const SetupCastle& c : s.castles) lines.push_back("castle " + to_string(c));
  count_lines(lines, s, kBridgeTokensKey);
  for (const SetupBridge& br : s.bridges) lines.push_back("bridge " + located(br.pos, br.road));
  flag_line(lines, s, kBridgeBuiltKey);
  for (std::size_t p = 0; p < s.seats.size() && p < s.building_supply.size(); ++p) {
    std::vector<std::string> parts;
    for (int k = 0; k < kBuildingKinds; ++k)
      parts.push_back(std::string(building_name(static_cast<BuildingKind>(k))) + "=" +
                      std::to_string(s.building_supply[p][static_cast<std::size_t>(k)]));
    lines.push_back("buildings " + colour(s.seats[p]) + " " + joined(parts));
  }
  for (const PlacedBuilding& pb : s.buildings)
    lines.push_back("building " + std::string(building_name(pb.kind)) + " " + to_string(pb.pos));
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

Result<Setup> parse_setup(std::string_view text, const TileCatalog& catalog) {
  Setup s;
  LineReader reader(s, catalog);
  std::size_t line_no = 0;
  bool any = false;
  while (!text.empty()) {
    ++line_no;
    const auto nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
    const auto w = words_of(line, " \t\r");
    if (w.empty() || w[0].front() == '#') continue;
    any = true;
    if (auto ok = reader.read(w); !ok) return fail("line " + std::to_string(line_no) + ": " + ok.error());
  }
  if (!any) return fail("line 1: empty position (expected 'seats COLOUR...')");
  return s;
}

std::optional<Setup> snapshot(const State& st) {
  const Phase phase = st.phase();
  if (!is_position_phase(phase)) return std::nullopt;
  if (!st.wagon_queue().empty() || !st.crop().tiles.empty() || !st.crop().responders.empty()) return std::nullopt;
  const Board& b = st.board();
  // The turn data a position states must be all there is: what setup_turn would rebuild.
  TurnFlags expected;
  expected.second_part = st.flags().second_part;
  if (phase == Phase::Figure) {
    if (st.unscored_tiles() != std::vector<int>{st.placed_tile()}) return std::nullopt;
    // A second part's tile never triggers the builder (TB-06); setup_turn's flag is inert there.
    expected.builder_triggered =
        expected.second_part ? st.flags().builder_triggered : extends_builder(st, st.placed_tile());
  } else if (phase == Phase::Dragon) {
    // Before scoring the placed tile waits for step 3; after scoring nothing does (V-PD-3).
    const std::vector<int> unscored =
        st.rules().dragon_after_scoring() ? std::vector<int>{} : std::vector<int>{st.placed_tile()};
    if (st.unscored_tiles() != unscored) return std::nullopt;
    // Step 2 is over: only the flags the rest of the turn reads are stated (the builder's trigger).
    expected = st.flags();
    expected.builder_triggered =
        expected.second_part ? st.flags().builder_triggered : extends_builder(st, st.placed_tile());
  } else if (!st.unscored_tiles().empty()) {
    return std::nullopt;
  }
  if (phase == Phase::GameOver) expected = TurnFlags{};
  if (!(st.flags() == expected) && phase != Phase::GameOver) return std::nullopt;
  if (phase == Phase::GameOver && st.in_hand() != kNoTile) return std::nullopt;
  std::vector<Colour> seats;
  for (int p = 0; p < st.player_count(); ++p) seats.push_back(st.player(p).colour);
  Setup s = Setup::with_seats(std::move(seats));
  for (int t = 0; t < b.tile_count(); ++t) s.tiles.push_back({b.tile(t).type, b.tile(t).pos, b.tile(t).rot});
  for (const BoardFigure& f : st.figures())
    s.figures.push_back({st.player(f.owner).colour, f.kind, b.node_pos(f.node), b.node_addr(f.node)});
  for (int p = 0; p < st.player_count(); ++p) {
    for (int k = 0; k < kFigureKinds; ++k)
      s.supply[static_cast<std::size_t>(p)][static_cast<std::size_t>(k)] =
          st.player(p).supply[static_cast<std::size_t>(k)];
    s.scores[static_cast<std::size_t>(p)] = st.player(p).score;
  }
  s.phase = phase;
  s.active = st.active();
  s.in_hand = phase == Phase::Tile ? st.in_hand() : kNoTile;
  if (phase == Phase::Figure || phase == Phase::Dragon) s.placed = b.tile(st.placed_tile()).pos;
  s.pile.assign(st.pile().begin() + static_cast<std::ptrdiff_t>(st.pile_next()), st.pile().end());
  s.last_tile = !st.pile_open_ended();
  s.rolls.assign(st.rolls().begin() + static_cast<std::ptrdiff_t>(st.rolls_next()), st.rolls().end());
  s.flags[kSecondTileKey] = st.flags().second_part;
  const TowerData& tw = st.tower();
  if (tw.capture_site >= 0 || tw.exchange_with >= 0) return std::nullopt;
  for (const TowerSite& site : tw.sites)
    if (site.height > 0) s.towers.push_back({b.tile(site.tile).pos, site.height, site.closed_empty});
  const int dealt = default_floors(st.player_count());
  for (std::size_t p = 0; p < tw.floors.size(); ++p)
    s.counts[kFloorsKey][p] = tw.floors[p] == dealt ? kDefaultFloors : tw.floors[p];
  for (const Prisoner& pr : tw.prisoners)
    s.prisoners.push_back({st.player(pr.holder).colour, st.player(pr.owner).colour, pr.kind});
  s.flags[kRansomPaidKey] = tw.ransom_paid;
  const DragonFairyData& d = st.dragon_fairy();
  const BridgeData& bd = st.bridges();
  s.counts[kBridgeTokensKey] = bd.in_hand;
  for (int t = 0; t < b.tile_count(); ++t)
    if (b.tile(t).bridge >= 0) s.bridges.push_back({b.tile(t).pos, b.bridge_at(t)});
  s.flags[kBridgeBuiltKey] =
      !bd.in_hand.empty() && bd.built_turn == st.turn() &&
      (phase == Phase::Figure || phase == Phase::Dragon || (phase == Phase::Tile && s.flags[kSecondTileKey]));
  const CastleData& cd = st.castles();
  s.counts[kCastleTokensKey] = cd.in_hand;
  for (const Castle& c : cd.castles)
    s.castles.push_back({st.player(c.owner).colour, b.node_pos(c.town), b.node_addr(c.town), c.scored});
  if (d.dragon_pending && phase != Phase::Dragon) return std::nullopt;  // a move due but not yet begun
  if (d.dragon_in_play) s.dragon = d.dragon;
  s.fairy.place = d.fairy;
  s.fairy.pos = d.fairy_pos;
  if (d.has_host)
    s.fairy.host =
        SetupFigure{st.player(d.host.owner).colour, d.host.kind, b.node_pos(d.host.node), b.node_addr(d.host.node)};
  s.set_aside = d.set_aside;
  s.dragon_path = d.dragon_path;
  if (const LittleBuildingsData& lb = st.little_buildings(); lb.in_play) {
    for (const auto& hand : lb.supply) {
      std::array<int, kBuildingKinds> h{};
      for (std::size_t k = 0; k < kBuildingKinds; ++k) h[k] = hand[k];
      s.building_supply.push_back(h);
    }
    s.buildings = lb.placed;
  }
  const BigTopData& bt = st.big_top();
  // The circus tile in the figure phase waits for its big-top step; any other pending one cannot be stated.
  const std::vector<Pos> due = phase == Phase::Figure && b.def(st.placed_tile()).circus >= 0
                                   ? std::vector<Pos>{b.tile(st.placed_tile()).pos}
                                   : std::vector<Pos>{};
  if (bt.due != due) return std::nullopt;
  if (bt.up) {
    s.big_top = bt.pos;
    s.big_top_token = bt.token;
  }
  if (bt.tokens != default_animal_tokens(bt.up ? bt.token : 0)) s.animal_tokens = bt.tokens;
  return s;
}

std::optional<ReplayFailure> replay(State& s, const std::vector<Move>& moves, std::vector<Event>* ev) {
  for (std::size_t i = 0; i < moves.size(); ++i)
    if (const Reason r = s.apply(moves[i], ev); r != Reason::Ok) return ReplayFailure{i, r};
  return std::nullopt;
}

}  // namespace carc
