#include "engine/state.hpp"

#include <algorithm>
#include <cassert>

#include <limits>

#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/mayor.hpp"
#include "engine/limits.hpp"
#include "engine/movegen.hpp"
#include "engine/rooms.hpp"
#include "engine/scoring.hpp"

namespace carc {

bool engine_supports(FigureKind) { return true; }

// The rooms of capability_table that are neither the base game nor a figure's.
const std::vector<std::string_view>& engine_expansions() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const auto& c : capability_table()) {
      const bool figure = std::any_of(figure_table().begin(), figure_table().end(),
                                      [&](const FigureInfo& f) { return f.capability == c.name; });
      if (c.name != "base" && !figure) out.push_back(c.name);
    }
    return out;
  }();
  return names;
}

void State::end_game(std::vector<Event>* ev) {
  if (phase_ == Phase::GameOver) return;
  Scoring(*this, ev).final_scoring();
  phase_ = Phase::GameOver;
  placed_ = -1;
  in_hand_ = kNoTile;
  if (ev) {
    Event e;
    e.kind = EventKind::GameOver;
    ev->push_back(e);
  }
}

Result<State> State::create(const TileCatalog& catalog, RuleSet rules, const std::vector<Colour>& seats) {
  if (seats.empty() || seats.size() > kMaxPlayers) return fail("a game has 1 to 6 players");
  State s;
  s.catalog_ = &catalog;
  s.rules_ = std::move(rules);
  s.board_ = Board(&catalog);
  for (const Colour c : seats) {
    if (s.player_of(c) >= 0) return fail("colour '" + std::string(colour_name(c)) + "' is seated twice");
    Player p;
    p.colour = c;
    s.players_.push_back(p);
  }
  s.tower_.floors.assign(seats.size(), default_floors(static_cast<int>(seats.size())));  // TO-01
  s.tower_.floors_total = default_floors(static_cast<int>(seats.size())) * static_cast<int>(seats.size());
  return s;
}

int State::player_of(Colour c) const {
  for (std::size_t i = 0; i < players_.size(); ++i)
    if (players_[i].colour == c) return static_cast<int>(i);
  return -1;
}

Result<bool> State::setup_tile(TileTypeId type, Pos p, int rot, std::uint8_t bridge) {
  if (type >= catalog_->size()) return fail("unknown tile");
  // The readers refused these already (check_position_bounds); the State stays safe on its own.
  if (!within_position_bounds(p.x, p.y))
    return fail("position " + to_string(p) + " is outside the bounds of a position");
  if (board_.tile_count() >= kMaxTiles) return fail("a position holds at most " + std::to_string(kMaxTiles) + " tiles");
  const TileDef& d = (*catalog_)[type];
  switch (board_.check(d, p, rot)) {
    case PlaceCheck::Ok:
      break;
    case PlaceCheck::Occupied:
      return fail("position " + to_string(p) + " already holds a tile");
    case PlaceCheck::NotAdjacent:
      return fail("tile " + d.id + " at " + to_string(p) +
                  " touches no tile placed before it (list tiles so each touches an earlier one)");
    case PlaceCheck::EdgeMismatch: {
      bool bridged = bridge != 0;  // a bridge on the tile makes its ends road edges (BC-15)
      for (int e = 0; e < 4; ++e) {
        const int n = board_.tile_at(neighbour(p, e));
        if (n < 0) continue;
        const auto theirs = board_.def(n).edge_at(board_.tile(n).rot, opposite(e));
        const bool end = (bridge & (1u << e)) && d.edge_at(rot, e) == EdgeType::Field;
        if ((end ? EdgeType::Road : d.edge_at(rot, e)) != theirs) bridged = false;
        if (d.edge_at(rot, e) != theirs && !end)
          return fail("tile " + d.id + " at " + to_string(p) + " " + rotation_name(rot) + " shows " +
                      edge_type_letter(d.edge_at(rot, e)) + " on its " + std::string(edge_name(e)) + " edge but " +
                      board_.def(n).id + " at " + to_string(board_.tile(n).pos) + " shows " + edge_type_letter(theirs));
      }
      if (bridged) break;
      return fail("edges do not match");
    }
  }
  note_tile(board_.place(type, p, rot));
  return true;
}

void State::note_tile(int t) {
  if (board_.def(t).tower >= 0) tower_.sites.push_back(TowerSite{t, 0, false});
}

Result<bool> State::setup_tower(Pos p, int height, bool closed) {
  const int t = board_.tile_at(p);
  TowerSite* site = nullptr;
  for (TowerSite& x : tower_.sites)
    if (x.tile == t) site = &x;
  if (!site)
    return fail("no tower foundation at " + to_string(p) +
                (t < 0 ? " (no tile there)" : " (tile " + board_.def(t).id + ")"));
  if (height < 1 || height > kMaxTowerFloors)
    return fail("a tower has 1 to " + std::to_string(kMaxTowerFloors) + " floors, not " + std::to_string(height));
  if (site->height != 0) return fail("the tower at " + to_string(p) + " is given twice");
  tower_.floors_total += height - site->height;
  site->height = static_cast<std::uint8_t>(height);
  site->closed_empty = closed;
  if (closed && rules_.tower_reopens_after_capture())
    return fail("the tower at " + to_string(p) +
                " is closed with nobody on top, which only happens under tower-reopens-after-capture: no");
  return true;
}

Result<bool> State::setup_floors(int player, int count) {
  if (count < 0 || count > kMaxFloorsInHand)
    return fail("a player holds 0 to " + std::to_string(kMaxFloorsInHand) + " floors, not " + std::to_string(count));
  int& f = tower_.floors[static_cast<std::size_t>(player)];
  tower_.floors_total += count - f;
  f = count;
  return true;
}

Result<bool> State::setup_prisoner(int holder, int owner, FigureKind kind) {
  if (holder == owner)
    return fail(std::string(colour_name(players_[static_cast<std::size_t>(holder)].colour)) +
                " cannot hold its own figure");
  for (const Prisoner& p : tower_.prisoners)
    if (p.holder == owner && p.owner == holder)
      return fail(std::string(colour_name(players_[static_cast<std::size_t>(holder)].colour)) + " and " +
                  std::string(colour_name(players_[static_cast<std::size_t>(owner)].colour)) +
                  " hold prisoners of each other (TO-07: they would have been exchanged)");
  Player& pl = players_[static_cast<std::size_t>(owner)];
  if (pl.supply[static_cast<std::size_t>(kind)] == 0)
    return fail(std::string(colour_name(pl.colour)) + " has no " + std::string(figure_name(kind)) +
                " left to be held (owns " + std::to_string(pl.owned[static_cast<std::size_t>(kind)]) + ")");
  --pl.supply[static_cast<std::size_t>(kind)];
  tower_.prisoners.push_back(Prisoner{static_cast<std::uint8_t>(holder), static_cast<std::uint8_t>(owner), kind});
  return true;
}

Result<bool> State::setup_owned(int player, FigureKind kind, int count) {
  if (kind == FigureKind::Pig && count > 0 && rules_.farmer_scoring() != FarmerScoring::Fs3Field3)
    return fail_coded(reason_name(Reason::PigScoringUndefined),
                      "the pig is defined only with per-field farmer scoring (farmer-scoring fs3-field-3; "
                      "rules-reference.md §1.8): ruleset '" +
                          rules_.name + "' uses " + std::string(rules_.get("farmer-scoring")));
  if (count < 0 || count > kMaxFiguresOfKind)
    return fail("a player owns 0 to " + std::to_string(kMaxFiguresOfKind) +
                " figures of a kind (in hand and on the board); " +
                std::string(colour_name(players_[static_cast<std::size_t>(player)].colour)) + " owns " +
                std::to_string(count) + " " + std::string(figure_name(kind)));
  Player& pl = players_[static_cast<std::size_t>(player)];
  const auto k = static_cast<std::size_t>(kind);
  const int on_board = pl.owned[k] - pl.supply[k];
  if (count < on_board)
    return fail(std::string(colour_name(pl.colour)) + " owns " + std::to_string(count) + " " +
                std::string(figure_name(kind)) + " but has " + std::to_string(on_board) + " on the board");
  pl.owned[k] = static_cast<std::uint8_t>(count);
  pl.supply[k] = static_cast<std::uint8_t>(count - on_board);
  return true;
}

Result<bool> State::setup_figure(int player, FigureKind kind, Pos p, FeatureAddr feature) {
  Player& pl = players_[static_cast<std::size_t>(player)];
  const int t = board_.tile_at(p);
  if (t < 0) return fail("no tile at " + to_string(p) + " for the " + std::string(figure_name(kind)));
  const int local = board_.def(t).find(feature, board_.tile(t).rot);
  if (local < 0)
    return fail("tile " + board_.def(t).id + " at " + to_string(p) + " " + rotation_name(board_.tile(t).rot) +
                " has no feature " + to_string(feature));
  if (!may_stand_on(kind, feature.kind))
    return fail(std::string(kind == FigureKind::Abbot ? "an " : "a ") + std::string(figure_name(kind)) +
                " may never stand on a " + std::string(feature_kind_name(feature.kind)));
  const auto k = static_cast<std::size_t>(kind);
  if (pl.supply[k] == 0)
    return fail(std::string(colour_name(pl.colour)) + " has no " + std::string(figure_name(kind)) +
                " left in supply (owns " + std::to_string(pl.owned[k]) + ")");
  add_figure(player, kind, board_.node(t, local));
  return true;
}

void State::setup_pile(std::vector<TileTypeId> pile, bool open_ended) {
  pile_ = std::move(pile);
  pile_next_ = 0;
  open_ended_ = open_ended;
}

Result<bool> State::setup_turn(int active, Phase phase, TileTypeId in_hand, std::optional<Pos> placed) {
  if (active < 0 || active >= player_count()) return fail("active player out of range");
  active_ = active;
  actor_ = active;
  phase_ = phase;
  in_hand_ = kNoTile;
  placed_ = -1;
  flags_ = TurnFlags{};
  stage_ = 0;
  turn_tiles_.clear();
  switch (phase) {
    case Phase::Tile:
      if (placed) return fail("phase 'tile' comes before placement: no placed tile");
      if (in_hand != kNoTile) {
        in_hand_ = in_hand;
      } else {
        draw(nullptr);
      }
      return true;
    case Phase::Figure: {
      if (!placed) return fail("phase 'figure' needs the position of the tile just placed");
      placed_ = board_.tile_at(*placed);
      if (placed_ < 0) return fail("no tile at " + to_string(*placed) + " to be the tile just placed");
      turn_tiles_.push_back(placed_);
      flags_.builder_triggered = extends_builder(*this, placed_);  // TB-04, as if just placed
      return true;
    }
    case Phase::Dragon: {  // a dragon move under way (State::from sets the move itself)
      if (!placed) return fail("phase 'dragon' needs the position of the dragon tile placed this turn");
      placed_ = board_.tile_at(*placed);
      if (placed_ < 0) return fail("no tile at " + to_string(*placed) + " to be the tile just placed");
      if (!rules_.dragon_after_scoring()) turn_tiles_.push_back(placed_);  // V-PD-3: scoring follows the move
      flags_.builder_triggered = extends_builder(*this, placed_);
      flags_.step2_done = true;
      return true;
    }
    case Phase::GameOver:
      return true;
    default:
      return fail("a position starts in phase tile, figure, dragon or game-over; reach later phases by applying moves");
  }
}

int State::strength(const BoardFigure& f) const {
  switch (f.kind) {
    case FigureKind::Large:
      return 2;
    case FigureKind::Mayor:
      return mayor_strength(board_, f.node);
    case FigureKind::Builder:
    case FigureKind::Pig:
      return 0;
    default:
      return 1;
  }
}

void State::add_figure(int player, FigureKind kind, std::uint16_t node) {
  Player& pl = players_[static_cast<std::size_t>(player)];
  --pl.supply[static_cast<std::size_t>(kind)];
  figures_.push_back(BoardFigure{static_cast<std::uint8_t>(player), kind, node});
  if (is_follower(kind)) ++board_.root_mut(node).occupants;
}

void State::remove_figure(std::size_t index, std::vector<Event>* ev, bool returned_event) {
  const BoardFigure f = figures_[index];
  figures_.erase(figures_.begin() + static_cast<std::ptrdiff_t>(index));
  ++players_[f.owner].supply[static_cast<std::size_t>(f.kind)];
  if (is_follower(f.kind)) --board_.root_mut(f.node).occupants;
  fairy_figure_left(*this, f);
  if (ev && returned_event) {
    Event e;
    e.kind = EventKind::FigureReturned;
    e.player = static_cast<std::int8_t>(f.owner);
    e.figure = f.kind;
    e.pos = board_.node_pos(f.node);
    e.feature = board_.node_addr(f.node);
    ev->push_back(e);
  }
}

std::size_t State::find_figure(int owner, FigureKind kind, std::uint16_t node) const {
  for (std::size_t i = 0; i < figures_.size(); ++i)
    if (figures_[i].owner == owner && figures_[i].kind == kind && figures_[i].node == node) return i;
  return figures_.size();
}

int State::place_tile(TileTypeId type, Pos p, int rot) {
  placed_ = board_.place(type, p, rot);
  note_tile(placed_);
  turn_tiles_.push_back(placed_);
  in_hand_ = kNoTile;
  return placed_;
}

void State::add_score(int player, int points) {
  // Checked: positions are bounded (limits.hpp), so the sum stays far inside int; never wrap.
  int& score = players_[static_cast<std::size_t>(player)].score;
  const std::int64_t sum = std::int64_t{score} + points;
  assert(points > 0 && sum <= std::numeric_limits<int>::max() && "scores are bounded (limits.hpp)");
  score = static_cast<int>(std::min<std::int64_t>(sum, std::numeric_limits<int>::max()));
}

void State::transfer_points(int from, int to, int points) {
  players_[static_cast<std::size_t>(from)].score -= points;
  players_[static_cast<std::size_t>(to)].score += points;
}

void State::capture_figure(std::size_t index, int holder) {
  const BoardFigure f = figures_[index];
  figures_.erase(figures_.begin() + static_cast<std::ptrdiff_t>(index));
  if (is_follower(f.kind)) --board_.root_mut(f.node).occupants;
  fairy_figure_left(*this, f);
  tower_.prisoners.push_back(Prisoner{static_cast<std::uint8_t>(holder), f.owner, f.kind});
}

void State::free_prisoner(std::size_t index) {
  const Prisoner p = tower_.prisoners[index];
  tower_.prisoners.erase(tower_.prisoners.begin() + static_cast<std::ptrdiff_t>(index));
  ++players_[p.owner].supply[static_cast<std::size_t>(p.kind)];
}

std::vector<int> State::take_unscored_tiles() {
  std::vector<int> out;
  out.swap(turn_tiles_);
  return out;
}

void State::begin_part(bool second, std::vector<Event>* ev) {
  placed_ = -1;
  flags_ = TurnFlags{};
  flags_.second_part = second;
  if (!second) tower_.ransom_paid = false;  // TO-08: once per turn; the builder's double turn is one turn
  phase_ = Phase::Tile;
  actor_ = active_;
  stage_ = 0;
  if (second) emit(ev, EventKind::SecondTile, active_);
  draw(ev);
}

void State::pass_turn() {
  active_ = (active_ + 1) % player_count();
  ++turn_;
}

bool State::drawable(TileTypeId t) const {
  return has_placement(board_, (*catalog_)[t]) || bridge_placement_exists(*this, (*catalog_)[t]);  // BC-15
}

bool State::draw_gives_turn() const {
  if (open_ended_ || !turn_tiles_.empty()) return true;  // as draw(): no end of the game then
  for (std::size_t i = pile_next_; i < pile_.size(); ++i)
    if (!sets_aside(*this, pile_[i]) && drawable(pile_[i])) return true;
  return false;
}

// Draws until a placeable tile comes up (BG-03: unplaceable tiles are discarded);
// an exhausted closed pile ends the game with final scoring once the turn's scoring is done.
void State::draw(std::vector<Event>* ev) {
  // A tile that leaves the draw without reaching the hand, said as an event.
  const auto tile_event = [&](EventKind kind, TileTypeId t) {
    if (!ev) return;
    Event e;
    e.kind = kind;
    e.player = static_cast<std::int8_t>(active_);
    e.tile = t;
    ev->push_back(e);
  };
  while (pile_next_ < pile_.size()) {
    const TileTypeId t = pile_[pile_next_++];
    if (sets_aside(*this, t)) {  // PD-16: a dragon tile before the dragon is in play
      dragon_fairy_.set_aside.push_back(t);
      tile_event(EventKind::TileSetAside, t);
      continue;
    }
    if (drawable(t)) {
      in_hand_ = t;
      return;
    }
    tile_event(EventKind::TileDiscarded, t);
  }
  in_hand_ = kNoTile;
  if (open_ended_ || !turn_tiles_.empty()) return;
  Scoring(*this, ev).final_scoring();
  phase_ = Phase::GameOver;
  if (ev) {
    Event e;
    e.kind = EventKind::GameOver;
    ev->push_back(e);
  }
}

std::string State::check_invariants() const {
  if (std::string b = board_.check_invariants(); !b.empty()) return b;
  std::vector<std::array<int, kFigureKinds>> on_board(players_.size(), std::array<int, kFigureKinds>{});
  std::vector<int> occupants(board_.node_count(), 0);
  for (const BoardFigure& f : figures_) {
    if (f.owner >= players_.size()) return "figure owned by a player not seated";
    if (f.node >= board_.node_count()) return "figure on a missing feature";
    if (!may_stand_on(f.kind, board_.at(f.node).kind)) return "figure on a feature it may not stand on";
    ++on_board[f.owner][static_cast<std::size_t>(f.kind)];
    if (is_follower(f.kind)) ++occupants[board_.find(f.node)];
  }
  for (const Prisoner& p : tower_.prisoners) {  // held by others: owned, neither in hand nor on the board
    if (p.owner >= players_.size() || p.holder >= players_.size()) return "prisoner of a player not seated";
    ++on_board[p.owner][static_cast<std::size_t>(p.kind)];
  }
  for (std::size_t i = 0; i < board_.node_count(); ++i) {
    const auto n = static_cast<std::uint16_t>(i);
    if (board_.find(n) == n && board_.at(n).occupants != occupants[i])
      return "occupant count of feature " + located(board_.node_pos(n), board_.node_addr(n)) + " is " +
             std::to_string(board_.at(n).occupants) + ", figures say " + std::to_string(occupants[i]);
  }
  for (std::size_t p = 0; p < players_.size(); ++p) {
    for (std::size_t k = 0; k < kFigureKinds; ++k) {
      if (players_[p].supply[k] + on_board[p][k] != players_[p].owned[k])
        return std::string(colour_name(players_[p].colour)) + "'s " +
               std::string(figure_name(static_cast<FigureKind>(k))) +
               " count: supply + board + held by others != owned";
    }
  }
  if (phase_owner(phase_).on_placed_tile && (placed_ < 0 || placed_ >= board_.tile_count()))
    return "step-2 phase without a placed tile";
  if (phase_ == Phase::Tile && placed_ >= 0) return "tile phase with a placed tile";
  for (const RoomInvariants& room : kInvariants)
    if (std::string problem = room.check(*this); !problem.empty()) return problem;
  return {};
}

}  // namespace carc
