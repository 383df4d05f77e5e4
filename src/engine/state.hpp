#pragma once
// The game state: everything that decides a legal move. Changed only through
// apply(); positions for scenarios are built with the setup_* calls, which
// return diagnostics for impossible positions instead of failing later.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.hpp"
#include "engine/figures.hpp"
#include "engine/move.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"

namespace carc {

// The decision the state waits for (DESIGN.md "Phases").
//   tile          the active player places the tile in hand
//   figure        step 2 on the tile just placed (deploy, fly, portal, abbot return, princess, pass)
//   landing       a flier chooses where to land on the target tile (FM-07: it must land)
//   phantom       the phantom as a second figure after another step-2 action (PH-04)
//   wagon         a wagon owner moves or returns a scored wagon (AM-05, AM-07)
//   crop-choice   the active player chooses crop add or crop remove (CC-05)
//   crop-response each player in turn adds or removes a figure (CC-08)
enum class Phase : std::uint8_t { Tile, Figure, Landing, Phantom, Wagon, CropChoice, CropResponse, GameOver };
std::string_view phase_name(Phase p);
bool parse_phase(std::string_view s, Phase& out);
const std::vector<std::string_view>& all_phase_names();

// Why a move is illegal: stable codes used by scenarios and the protocol.
enum class Reason : std::uint8_t {
  Ok,
  WrongPhase,
  NoTileInHand,
  NotInHand,
  PositionTaken,
  NotAdjacent,
  EdgeMismatch,
  NotOnPlacedTile,
  NoSuchFeature,
  FigureNotAllowed,
  FigureNotInGame,
  NoFigureInSupply,
  FeatureOccupied,
  FarmersOff,
  NoAbbotThere,
  FeatureComplete,
  NoFlier,
  FlierUsed,
  WrongRoll,
  NoLanding,
  NoPortal,
  PortalUsed,
  NoPrincess,
  NoKnightThere,
  PrincessRequired,
  NotAllowedNow,
  NoWagonMove,
  NoCropChoice,
  NotYourFigure,
  CropAddMandatory,
  PigScoringUndefined,
};
std::string_view reason_name(Reason r);
bool parse_reason(std::string_view s, Reason& out);
const std::vector<std::string_view>& all_reason_names();  // "ok" first

struct Player {
  Colour colour = Colour::Red;
  int score = 0;
  std::array<std::uint8_t, kFigureKinds> supply{};  // in hand
  std::array<std::uint8_t, kFigureKinds> owned{};   // in the game (supply + board)
};

struct BoardFigure {
  std::uint8_t owner = 0;
  FigureKind kind = FigureKind::Follower;
  std::uint16_t node = 0;  // board feature node it stands on
  friend bool operator==(const BoardFigure&, const BoardFigure&) = default;
};

enum class EventKind : std::uint8_t {
  TilePlaced,
  TileDiscarded,
  FigureDeployed,
  FeatureScored,
  FigureReturned,
  AbbotReturned,
  FlierCrashed,   // no legal landing: the figure stays in supply (FM-12)
  WagonMoved,
  KnightRemoved,  // by the princess (PD-06)
  CropChoice,     // points: 1 add, 0 remove
  SecondTile,     // the builder's double turn begins (TB-05)
  GameOver
};

// What happened while applying a move; the sum of FeatureScored points is each player's score change.
struct Event {
  EventKind kind = EventKind::TilePlaced;
  std::int8_t player = -1;
  int points = 0;
  bool final_scoring = false;
  FigureKind figure = FigureKind::Follower;
  TileTypeId tile = kNoTile;
  Pos pos;
  FeatureAddr feature;
};

// Which figure kinds this engine models (all of figures.hpp).
bool engine_supports(FigureKind k);
// The tile features with rules of their own that this engine models.
const std::vector<std::string_view>& engine_expansions();  // flier, crop-circles, portal, princess

// Per-turn-part flags (TB-09: they reset for the builder's second part).
enum TurnFlag : std::uint16_t {
  kFlierUsed = 1 << 0,         // the flying machine is claimed (FM-40)
  kPortalUsed = 1 << 1,        // the magic portal is claimed (PH-16)
  kCrashed = 1 << 2,           // a flight found no landing: no more followers (FM-12)
  kPhantomBlocked = 1 << 3,    // no phantom this turn part (PH-14, PH-15, V-PH-1, V-FM-5)
  kBuilderTriggered = 1 << 4,  // the tile extended the player's builder feature (TB-04)
  kSecondPart = 1 << 5,        // the builder's second tile (TB-06: no chain)
  kPrincessUsed = 1 << 6,      // a knight was removed by the princess (PD-08)
  kAbbotReturned = 1 << 7,     // the abbot came back early this turn part (AB-04)
  kStep2Done = 1 << 8,         // the step-2 action is over (phantom phase or later)
};

class State {
 public:
  // An empty board with players in seat order; figures are added with setup_owned.
  static Result<State> create(const TileCatalog& catalog, RuleSet rules, const std::vector<Colour>& seats);

  // --- position setup (scenarios, new games) ---
  Result<bool> setup_tile(TileTypeId type, Pos p, int rot);
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
  void setup_rolls(std::vector<int> rolls) { rolls_ = std::move(rolls); rolls_next_ = 0; }
  // Marks the turn part as the builder's second one (no further double turn).
  void setup_second_part(bool on) { flags_ = on ? static_cast<std::uint16_t>(flags_ | kSecondPart) : static_cast<std::uint16_t>(flags_ & ~kSecondPart); }

  // --- queries ---
  const TileCatalog& catalog() const { return *catalog_; }
  const RuleSet& rules() const { return rules_; }
  const Board& board() const { return board_; }
  Phase phase() const { return phase_; }
  int active() const { return active_; }   // whose turn it is
  int actor() const { return actor_; }     // who decides now (a wagon owner or crop responder may differ)
  std::uint16_t flags() const { return flags_; }
  bool flag(TurnFlag f) const { return (flags_ & f) != 0; }
  std::optional<int> next_roll() const {
    if (rolls_next_ < rolls_.size()) return rolls_[rolls_next_];
    return std::nullopt;
  }
  // Landing phase: the figure in flight and its target position.
  FigureKind flying() const { return flying_; }
  Pos flight_target() const { return flight_target_; }
  // Crop-circle step: the symbol, the choice (add?) and the responders still to act, in order.
  CropSymbol crop_symbol() const { return crop_symbol_; }
  bool crop_add() const { return crop_add_; }
  const std::vector<std::uint8_t>& crop_queue() const { return crop_queue_; }
  // Wagon phase: the wagons waiting to move, in decision order (first decides now).
  struct PendingWagon {
    std::uint8_t owner;
    std::uint16_t node;  // where the wagon stood (its feature has just scored)
    std::uint16_t root;  // the scored feature
  };
  const std::vector<PendingWagon>& wagon_queue() const { return wagons_; }
  int player_count() const { return static_cast<int>(players_.size()); }
  const Player& player(int i) const { return players_[static_cast<std::size_t>(i)]; }
  int player_of(Colour c) const;  // -1 when not seated
  const std::vector<BoardFigure>& figures() const { return figures_; }
  TileTypeId in_hand() const { return in_hand_; }
  int placed_tile() const { return placed_; }  // tile index placed this turn, -1 before placement
  std::size_t pile_remaining() const { return pile_.size() - pile_next_; }
  const std::vector<TileTypeId>& pile() const { return pile_; }
  std::size_t pile_next() const { return pile_next_; }
  bool pile_open_ended() const { return open_ended_; }
  int turn() const { return turn_; }
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

 private:
  friend class Scoring;
  friend class Turn;
  State() = default;
  void draw(std::vector<Event>* ev);
  void remove_figure(std::size_t index, std::vector<Event>* ev, bool returned_event);
  void add_figure(int player, FigureKind kind, std::uint16_t node);

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
  std::uint16_t flags_ = 0;
  std::vector<int> rolls_;
  std::size_t rolls_next_ = 0;
  FigureKind flying_ = FigureKind::Follower;
  Pos flight_target_;
  CropSymbol crop_symbol_ = CropSymbol::None;
  bool crop_add_ = false;
  std::vector<std::uint8_t> crop_queue_;
  std::vector<int> crop_tiles_;  // crop-circle tiles placed this turn part, step 4 still to run
  std::vector<PendingWagon> wagons_;
};

// Whether the tile fits anywhere on the board (BG-03).
bool has_placement(const Board& b, const TileDef& d);

// Every legal move now, for the player to act; placements listed once per
// distinct layout (smallest rotation).
void legal_moves(const State& s, MoveList& out);
MoveList legal_moves(const State& s);
// Independent legality check; accepts every rotation that gives a legal layout.
Reason is_legal(const State& s, const Move& m);

// A whole turn's options without applying: each legal placement with each
// step-2 choice that would follow it among a follower other than the phantom on
// the placed tile (not through a portal), an abbot return and pass; exactly
// those moves of legal_moves after the placement (tested in the battery).
struct TurnOption {
  Move place;
  Move action;
};
void legal_turns(const State& s, std::vector<TurnOption>& out);

// Flying machines (FM-05..FM-13): where a flight with `roll` would end, and the
// features a figure of `kind` could land on there (empty: the flight crashes).
std::optional<Pos> flight_target(const State& s, int roll);
std::vector<FeatureAddr> landing_options(const State& s, FigureKind kind, Pos target);

std::string describe(const Event& e, const State& s);

}  // namespace carc
