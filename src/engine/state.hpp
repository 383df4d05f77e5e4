#pragma once
// The game state as data: board, seats, figures, pile, the turn's data and each
// room's per-turn data (expansions/), with a short list of mutators and
// check_invariants(). Play changes it only through apply() (apply.cpp, which
// dispatches to the move's room); positions for scenarios are built with the
// setup_* calls, which return diagnostics for impossible positions instead of
// failing later.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.hpp"
#include "engine/events.hpp"
#include "engine/expansions/big_top.hpp"
#include "engine/expansions/bridges.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/crop_circles.hpp"
#include "engine/expansions/dragon_fairy.hpp"
#include "engine/expansions/flier.hpp"
#include "engine/expansions/little_buildings.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/expansions/wagon.hpp"
#include "engine/figures.hpp"
#include "engine/move.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"
#include "engine/setup.hpp"

namespace carc {

// Which figure kinds this engine models (all of figures.hpp).
bool engine_supports(FigureKind k);
// The rooms this engine models besides the base game and the figures' (capability_table):
// flier, crop-circles, portal, princess, tower, dragon, fairy.
const std::vector<std::string_view>& engine_expansions();

// Per-turn-part flags (TB-09: they reset for the builder's second part).
struct TurnFlags {
  bool flier_used = false;         // the flying machine is claimed (FM-40)
  bool portal_used = false;        // the magic portal is claimed (PH-16)
  bool crashed = false;            // a flight found no landing: no more followers (FM-12)
  bool phantom_blocked = false;    // no phantom this turn part (PH-14, PH-15, V-PH-1, V-FM-5)
  bool builder_triggered = false;  // the tile extended the player's builder feature (TB-04)
  bool second_part = false;        // the builder's second tile (TB-06: no chain)
  bool princess_used = false;      // a knight was removed by the princess (PD-08)
  bool abbot_returned = false;     // the abbot came back early this turn part (AB-04)
  bool step2_done = false;         // the step-2 action is over (phantom phase or later)
  std::int32_t claimed = -1;       // a node of the feature the turn's first follower took (V-FM-10)
  friend bool operator==(const TurnFlags&, const TurnFlags&) = default;
};

class State {
 public:
  // The one place a position becomes a state (setup.hpp): every setup diagnostic,
  // prefixed "tiles: ", "supply: ", "figures: " as the part; where says which item.
  static Result<State> from(const TileCatalog& catalog, RuleSet rules, const Setup& setup,
                            SetupErrorAt* where = nullptr);
  // An empty board with players in seat order; figures are added with setup_owned.
  static Result<State> create(const TileCatalog& catalog, RuleSet rules, const std::vector<Colour>& seats);

  // --- position setup (scenarios, new games) ---
  // bridge: the board edges of a bridge built on the tile with its placement (BC-15), which count
  // as road edges when the tile's edges are matched.
  Result<bool> setup_tile(TileTypeId type, Pos p, int rot, std::uint8_t bridge = 0);
  Result<bool> setup_owned(int player, FigureKind kind, int count);
  Result<bool> setup_figure(int player, FigureKind kind, Pos p, FeatureAddr feature);
  // A score within 0..kMaxScore (limits.hpp; the readers check it).
  void setup_score(int player, int score) { players_[static_cast<std::size_t>(player)].score = score; }
  // The draw order still to come; open_ended means more tiles may follow (no game end when it runs out).
  void setup_pile(std::vector<TileTypeId> pile, bool open_ended);
  // Whose turn and which decision: Tile with a tile in hand (or draw from the pile
  // when in_hand is kNoTile), or Figure after the tile at placed was placed this turn.
  Result<bool> setup_turn(int active, Phase phase, TileTypeId in_hand, std::optional<Pos> placed);
  // Fixed die results, consumed in order by fly moves (DESIGN.md "Dice").
  void setup_rolls(std::vector<int> rolls) {
    rolls_ = std::move(rolls);
    rolls_next_ = 0;
  }
  // Marks the turn part as the builder's second one (no further double turn).
  void setup_second_part(bool on) { flags_.second_part = on; }
  // The tower room's position data (setup.cpp checks it first): floors on the foundation at p
  // (closed: V-TO-2 `no` after a capture), floors in hand, a prisoner, this turn's ransom.
  Result<bool> setup_tower(Pos p, int height, bool closed);
  Result<bool> setup_floors(int player, int count);
  Result<bool> setup_prisoner(int holder, int owner, FigureKind kind);
  void setup_ransom_paid(bool paid) { tower_.ransom_paid = paid; }
  // The dragon-and-fairy room's position data (setup.cpp checks it): where the dragon and the
  // fairy stand, the set-aside tiles, and in phase dragon the move so far (dragon_fairy.hpp).
  void setup_dragon_fairy(DragonFairyData d) { dragon_fairy_ = std::move(d); }
  void setup_little_buildings(LittleBuildingsData d) { little_buildings_ = std::move(d); }
  // The castles room's position data (setup.cpp checks it): tokens in hand, castles on the board.
  void setup_castles(CastleData d) { castles_ = std::move(d); }
  // The big-top room's position data (setup.cpp checks it): the big top and its token, the pile.
  void setup_big_top(BigTopData d) { big_top_ = std::move(d); }
  // The bridges room's position data (setup.cpp checks it): bridges in hand, whether one was built this turn.
  void setup_bridges(BridgeData d) { bridges_ = std::move(d); }

  // --- queries ---
  const TileCatalog& catalog() const { return *catalog_; }
  const RuleSet& rules() const { return rules_; }
  const Board& board() const { return board_; }
  Phase phase() const { return phase_; }
  int active() const { return active_; }  // whose turn it is
  int actor() const { return actor_; }    // who decides now (a wagon owner or crop responder may differ)
  const TurnFlags& flags() const { return flags_; }
  std::optional<int> next_roll() const {
    if (rolls_next_ < rolls_.size()) return rolls_[rolls_next_];
    return std::nullopt;
  }
  const std::vector<int>& rolls() const { return rolls_; }
  std::size_t rolls_next() const { return rolls_next_; }
  // The flier room's data: the figure in flight and the tile it lands on (landing phase).
  const FlightInProgress& flight() const { return flight_; }
  // The crop-circle room's data: the symbol, the choice and the responders still to act.
  const CropStep& crop() const { return crop_; }
  // The wagon room's data: the wagons waiting to move, in decision order (first decides now).
  const std::vector<PendingWagon>& wagon_queue() const { return wagons_; }
  // The tower room's data: foundations and heights, floors in hand, prisoners, this turn's ransom.
  const TowerData& tower() const { return tower_; }
  // The dragon-and-fairy room's data: the dragon, the fairy, the set-aside tiles, the move under way.
  const DragonFairyData& dragon_fairy() const { return dragon_fairy_; }
  const LittleBuildingsData& little_buildings() const { return little_buildings_; }
  // The castles room's data: tokens in hand, castles on the board, the town being decided.
  const CastleData& castles() const { return castles_; }
  // The big-top room's data: the big top, the token under it, the face-down pile.
  const BigTopData& big_top() const { return big_top_; }
  // The bridges room's data: bridges in hand, the turn one was last built.
  const BridgeData& bridges() const { return bridges_; }
  int player_count() const { return static_cast<int>(players_.size()); }
  const Player& player(int i) const { return players_[static_cast<std::size_t>(i)]; }
  int player_of(Colour c) const;  // -1 when not seated
  const std::vector<BoardFigure>& figures() const { return figures_; }
  // Index in figures() of that figure, or figures().size().
  std::size_t find_figure(int owner, FigureKind kind, std::uint16_t node) const;
  TileTypeId in_hand() const { return in_hand_; }
  int placed_tile() const { return placed_; }  // tile index placed this turn, -1 before placement
  // Tiles placed this turn whose step 3 has not run yet.
  const std::vector<int>& unscored_tiles() const { return turn_tiles_; }
  std::size_t pile_remaining() const { return pile_.size() - pile_next_; }
  const std::vector<TileTypeId>& pile() const { return pile_; }
  std::size_t pile_next() const { return pile_next_; }
  bool pile_open_ended() const { return open_ended_; }
  int turn() const { return turn_; }
  // The turn flow's stage a decision was opened in (flow.hpp), where the flow resumes.
  std::size_t stage() const { return stage_; }
  // Majority strength of one figure (BR-04): large 2, mayor = pennants of its city, special figures 0.
  int strength(const BoardFigure& f) const;
  bool occupied(std::uint16_t node) const { return board_.at(board_.find(node)).occupants > 0; }

  // --- change ---
  // Ends the game now: final scoring (BG-14) and phase game-over.
  void end_game(std::vector<Event>* events = nullptr);
  // Validates (is_legal) and applies a move; on Ok the state advanced, otherwise it is unchanged.
  Reason apply(const Move& m, std::vector<Event>* events = nullptr);
  // Empty when every invariant holds, else a description of the first broken one.
  std::string check_invariants() const;

  // --- mutators for the rooms, the scoring and the turn flow (not for positions: see setup_*) ---
  // Places a tile for the active player this turn; its index.
  int place_tile(TileTypeId type, Pos p, int rot);
  void add_figure(int player, FigureKind kind, std::uint16_t node);
  // Removes figures()[index] to its owner's supply; a FigureReturned event when returned_event.
  void remove_figure(std::size_t index, std::vector<Event>* ev, bool returned_event);
  // Adds points > 0 to a score (checked: scores are bounded, limits.hpp).
  void add_score(int player, int points);
  // Moves points from one score to another (a ransom, TO-08; the payer may go below zero, V-TO-4).
  void transfer_points(int from, int to, int points);
  // Takes figures()[index] off the board as a prisoner of holder (TO-05): not to its owner's supply.
  void capture_figure(std::size_t index, int holder);
  // Frees tower().prisoners[index] to its owner's supply (TO-07, TO-08).
  void free_prisoner(std::size_t index);
  void set_phase(Phase p) { phase_ = p; }
  void set_actor(int player) { actor_ = player; }
  void set_stage(std::size_t stage) { stage_ = stage; }
  // The next die result is used.
  void consume_roll() {
    if (rolls_next_ < rolls_.size()) ++rolls_next_;
  }
  TurnFlags& mutable_flags() { return flags_; }
  FlightInProgress& mutable_flight() { return flight_; }
  CropStep& mutable_crop() { return crop_; }
  std::vector<PendingWagon>& mutable_wagons() { return wagons_; }
  TowerData& mutable_tower() { return tower_; }
  DragonFairyData& mutable_dragon_fairy() { return dragon_fairy_; }
  LittleBuildingsData& mutable_little_buildings() { return little_buildings_; }
  CastleData& mutable_castles() { return castles_; }
  BigTopData& mutable_big_top() { return big_top_; }
  BridgeData& mutable_bridges() { return bridges_; }
  // Builds a bridge on the board's tile t across the board edges of mask (bridges.cpp checks BC-15 first).
  bool add_bridge(int t, std::uint8_t mask) { return board_.add_bridge(t, mask); }
  // Puts tiles at the end of the pile still to come (the set-aside dragon tiles, PD-16).
  void append_to_pile(const std::vector<TileTypeId>& tiles) { pile_.insert(pile_.end(), tiles.begin(), tiles.end()); }
  // Hands over the tiles placed this turn for step 3 (and forgets them).
  std::vector<int> take_unscored_tiles();
  // Starts a turn part (the builder's second one when second): no tile placed, fresh flags, a draw.
  void begin_part(bool second, std::vector<Event>* ev);
  // The next player's turn begins (no draw yet).
  void pass_turn();
  // Whether a draw now would give a tile to play (or wait for one): false when the closed pile
  // holds no placeable tile, so the draw ends the game and the turn never happens (PD-35).
  bool draw_gives_turn() const;

 private:
  State() = default;
  void draw(std::vector<Event>* ev);
  // Whether tile t would reach the hand (not set aside, placeable: BG-03, PD-16, BC-15).
  bool drawable(TileTypeId t) const;
  // Indexes a tile just put on the board (its foundation, if any: the tower room's sites).
  void note_tile(int t);

  const TileCatalog* catalog_ = nullptr;
  RuleSet rules_;
  Board board_;
  std::vector<Player> players_;
  std::vector<BoardFigure> figures_;
  std::vector<TileTypeId> pile_;
  std::size_t pile_next_ = 0;
  bool open_ended_ = true;
  TileTypeId in_hand_ = kNoTile;
  int placed_ = -1;
  std::vector<int> turn_tiles_;  // tiles placed this turn whose step 3 has not run yet
  int active_ = 0;
  int actor_ = 0;
  int turn_ = 1;
  Phase phase_ = Phase::Tile;
  std::size_t stage_ = 0;
  TurnFlags flags_;
  std::vector<int> rolls_;
  std::size_t rolls_next_ = 0;
  FlightInProgress flight_;
  CropStep crop_;
  std::vector<PendingWagon> wagons_;
  TowerData tower_;
  DragonFairyData dragon_fairy_;
  LittleBuildingsData little_buildings_;
  CastleData castles_;
  BigTopData big_top_;
  BridgeData bridges_;
};

// Whether the tile fits anywhere on the board (BG-03).
bool has_placement(const Board& b, const TileDef& d);

std::string describe(const Event& e, const State& s);

}  // namespace carc
