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
enum class Phase : std::uint8_t { Tile, Figure, GameOver };
std::string_view phase_name(Phase p);
bool parse_phase(std::string_view s, Phase& out);

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
};
std::string_view reason_name(Reason r);

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

enum class EventKind : std::uint8_t { TilePlaced, TileDiscarded, FigureDeployed, FeatureScored, FigureReturned, AbbotReturned, GameOver };

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

// Which figure kinds this engine models fully so far (others are refused at setup).
bool engine_supports(FigureKind k);

class State {
 public:
  // An empty board with players in seat order; figures are added with setup_owned.
  static Result<State> create(const TileCatalog& catalog, RuleSet rules, const std::vector<Colour>& seats);

  // --- position setup (scenarios, new games) ---
  Result<bool> setup_tile(TileTypeId type, Pos p, int rot);
  Result<bool> setup_owned(int player, FigureKind kind, int count);
  Result<bool> setup_figure(int player, FigureKind kind, Pos p, FeatureAddr feature);
  void setup_score(int player, int score) { players_[static_cast<std::size_t>(player)].score = score; }
  // The draw order still to come; open_ended means more tiles may follow (no game end when it runs out).
  void setup_pile(std::vector<TileTypeId> pile, bool open_ended);
  // Whose turn and which decision: Tile with a tile in hand (or draw from the pile
  // when in_hand is kNoTile), or Figure after the tile at placed was placed this turn.
  Result<bool> setup_turn(int active, Phase phase, TileTypeId in_hand, std::optional<Pos> placed);

  // --- queries ---
  const TileCatalog& catalog() const { return *catalog_; }
  const RuleSet& rules() const { return rules_; }
  const Board& board() const { return board_; }
  Phase phase() const { return phase_; }
  int active() const { return active_; }
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
  // Validates (is_legal) and applies a move; on Ok the state advanced, otherwise it is unchanged.
  Reason apply(const Move& m, std::vector<Event>* events = nullptr);
  // Empty when every invariant holds, else a description of the first broken one.
  std::string check_invariants() const;

 private:
  friend Reason is_legal(const State&, const Move&);
  friend void legal_moves(const State&, MoveList&);
  friend class Scoring;
  State() = default;
  void finish_turn_part(std::vector<Event>* ev);
  void next_turn(std::vector<Event>* ev);
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
  int active_ = 0;
  int turn_ = 1;
  Phase phase_ = Phase::Tile;
};

// Every legal move now, placements listed once per distinct layout (smallest rotation).
void legal_moves(const State& s, MoveList& out);
MoveList legal_moves(const State& s);
// Independent legality check; accepts every rotation that gives a legal layout.
Reason is_legal(const State& s, const Move& m);

// A whole turn's options without applying: each legal placement with each
// step-2 choice that would follow it (deploy, abbot return, pass).
struct TurnOption {
  Move place;
  Move action;
};
void legal_turns(const State& s, std::vector<TurnOption>& out);

std::string describe(const Event& e, const State& s);

}  // namespace carc
