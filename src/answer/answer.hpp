#pragma once
// Our engine's answer to a query (oracle/PROTOCOL.md "Answer"): the query's
// moves through State::apply, final scoring when asked, then the state
// described and each probe's legality, all in canonical text. Both subjects use
// it: `carc-oracle serve` (behind the protocol) and the in-process
// EngineSubject, so they agree by construction. Depends on the engine only.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answer/score_events.hpp"
#include "engine/events.hpp"
#include "engine/move.hpp"
#include "engine/result.hpp"
#include "engine/setup.hpp"
#include "engine/state.hpp"

namespace carc {

struct Query {
  std::vector<std::string> apply;  // moves applied in order; stop at the first refused one
  bool final_scoring = false;
  std::vector<std::string> probes;  // moves whose legality is asked in the resulting state
};

// What an implementation answers; every field is optional on the wire (absent = empty).
struct Answer {
  std::vector<std::string> moves;                            // legal moves after the query, sorted
  std::map<std::string, std::string> legal;                  // probe -> "ok" or a reason code
  std::optional<std::pair<int, std::string>> rejected;       // 1-based index into apply, reason code
  std::map<std::string, int> scores;                         // colour -> points
  std::vector<std::string> returned, figures;                // "COLOUR KIND x,y:FEATURE"
  std::map<std::string, std::map<std::string, int>> supply;  // colour -> kind -> in hand
  std::string phase, active;
  std::vector<std::string> towers;                            // "x,y HEIGHT [closed]", every tower with floors
  std::map<std::string, int> floors;                          // colour -> floors in hand
  std::map<std::string, std::vector<std::string>> prisoners;  // holder colour -> "OWNER KIND", sorted
  std::string dragon;                                         // "x,y", or empty while not in play
  std::string fairy;                                          // "beside", "x,y", "COLOUR KIND x,y:F", or empty (absent)
  std::vector<std::string> set_aside, dragon_path;            // tile ids in order; "x,y", start first
  // Version 7, query kind `events`: every scoring the moves and final scoring made (score_events.hpp), sorted.
  std::vector<std::string> scored;
};

// A flying machine's flight made by a `fly` move: from the tile just placed to
// the square the roll reached; `crashed` when it found no landing (FM-11, FM-12).
struct FlightMade {
  Pos from, to;
  int roll = 0;
  bool crashed = false;
};

// What playing a query's moves did, for pictures of the position after them.
struct Played {
  int applied = 0;                       // moves accepted, from the first
  std::optional<ReplayFailure> refused;  // the first refused move
  std::optional<Pos> last_placed;        // the tile the moves placed last
  std::optional<FlightMade> flight;      // the last flight the moves made
  std::vector<Event> events;
  std::vector<ScoreEvent> scored;  // the scorings the accepted moves made (score_events.hpp)
};

// Applies moves in order up to the first refused one, noting what a picture needs.
Played play(State& s, const std::vector<Move>& moves);

// The answer to a query whose moves are already parsed (the in-process subject).
// `after`, when given, receives the state after the moves (before final scoring)
// and `played` what they did, so a caller can draw it without playing them again.
Answer answer_moves(State s, const std::vector<Move>& moves, bool final_scoring, const std::vector<std::string>& probes,
                    std::optional<State>* after = nullptr, Played* played = nullptr);

// The answer to a query in text (serve); an error when a move cannot be parsed.
Result<Answer> answer_query(State s, const Query& q);

}  // namespace carc
