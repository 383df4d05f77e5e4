#pragma once
// Score events (protocol version 7, query kind `events`; oracle/PROTOCOL.md §7 `scored`): each
// scoring the query's moves and its final scoring made, in one canonical text
//
//   [final ]KIND POINTS COLOUR... at PART... [with FIGURE, FIGURE...]
//
// e.g. "city 8 blue red at 0,0:city{S} 0,1:city{N} with blue follower 0,0:city{S}, red follower 0,1:city{N}".
// KIND is the feature's kind (city, road, cloister, garden, field) or `fairy` (the fairy's points,
// PD-35/36); POINTS what each COLOUR listed got (one event per feature, points and moment: a tie
// pays every tied player the same points in one event; a farm whose tied players get different
// points, a pig's, gives one event per amount); `final` when final scoring made it. PART is every
// located part of the feature on the board (one per tile it spans, board orientation), so any
// engine names the same set whatever its own feature identity; for the fairy the square "x,y" it
// stands on. `with` lists the figures that stood on the feature when it was scored (after step 2,
// before any figure went home): who had what on it, which decides majorities. Colours, parts and
// figures are each sorted. The text is notation (as moves are); src/answer/score_events.hpp makes
// the events from a game.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.hpp"

namespace carc {

struct ScoreEvent {
  bool final_scoring = false;
  std::string kind;                  // city, road, cloister, garden, field, fairy
  int points = 0;                    // each player's
  std::vector<std::string> players;  // colours, sorted
  std::vector<std::string> parts;    // "x,y:FEATURE" (the fairy: "x,y"), sorted
  // The figures on the feature when scored, "COLOUR KIND x,y:FEATURE", sorted; absent in an
  // expectation that does not check them (an answer always gives them, empty for the fairy).
  std::optional<std::vector<std::string>> figures;
};

// The canonical text above.
std::string to_string(const ScoreEvent& e);
// Reads the text above; parts, colours, kinds and figures are checked and put in canonical order.
Result<ScoreEvent> parse_score_event(std::string_view text);
// Whether an answered event meets an expected one: the same moment, kind, points and players,
// every part the expectation names among the answer's (an expectation may name one tile of the
// feature), and, when the expectation gives them, the same figures.
bool score_event_meets(const ScoreEvent& want, const ScoreEvent& got);

}  // namespace carc
