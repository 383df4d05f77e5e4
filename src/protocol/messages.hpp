#pragma once
// The messages of the adapter protocol, version 6 (oracle/PROTOCOL.md), as plain
// values. codec.hpp turns them into JSON lines and back; nothing here knows JSON,
// the scenario format or the runner.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "answer/answer.hpp"
#include "engine/position_keys.hpp"

namespace carc::proto {

// Version 2 is version 1 plus the stated limits of a position (PROTOCOL.md "Limits",
// engine/limits.hpp); version 3 adds the Tower (PROTOCOL.md §12: position and answer
// keys, moves, phases, reason codes, five switches, scores below zero); version 4 adds
// the dragon, the volcano and the fairy (PROTOCOL.md §13); version 5 sends only the switches
// that can matter to a request's scenario (RuleSet's switch_matters); version 6 adds switches
// and switch values, and changes three defaults (switch_history below). The runner sends 6 and
// accepts implementations answering 1 to 6; serve accepts any of them.
// Version 8 adds new expansions (PROTOCOL.md "Versions"): the Festival, Little Buildings, the
// castles; version 9 Under the Big Top; version 10 the bridges; version 11 the second truth pass
// (issue 47: the default of flier-as-acrobat, the switches dragon-eats-tower-top and exchange-chooser).
inline constexpr int kProtocolVersion = 11;
// From this version a request carries only the switches that can matter to its scenario.
inline constexpr int kSwitchesThatMatterVersion = 5;
// From this version an answer may carry score events (`scored`, query kind `events`), and a garden
// tile needs `abbot` only with an abbot in play (scenarios/capabilities.hpp).
inline constexpr int kEventsVersion = 7;
inline constexpr int kOldestProtocolVersion = 1;
constexpr bool speaks_protocol(int version) { return version >= kOldestProtocolVersion && version <= kProtocolVersion; }

// The protocol version that introduced a rule switch (its capability's version, or a later
// one: switch_history). An implementation answering an older version is never sent the switch:
// it plays the switch's value of its version (default_in_version), so a request with another
// value is unsupported for it.
int switch_introduced_in(std::string_view key);
// A switch that came, or whose default changed, after its capability (PROTOCOL.md "Versions"):
// before `version`, the switch did not exist (new_switch) or `before` was its default, and
// `new_values` were not among its values. An implementation answering an older version plays
// `before` wherever it is not told otherwise.
struct SwitchChange {
  std::string_view key;
  int version = 0;
  std::string_view before;                   // the value played before `version`
  bool new_switch = false;                   // the switch itself is new in `version`
  std::vector<std::string_view> new_values;  // values new in `version` (all of them for a new switch)
};
const std::vector<SwitchChange>& switch_history();
// The value an implementation answering `version` plays when a request does not carry the
// switch or its handshake does not list it: today's default, or the one before a change.
std::string_view default_in_version(std::string_view key, int version);
// Whether `value` is a value of the switch in `version` (false for a switch of a later version).
bool value_in_version(std::string_view key, std::string_view value, int version);
// The version that introduced a value of a switch (its switch's, or later: switch_history).
int value_introduced_in(std::string_view key, std::string_view value);
// The same for an expansion capability (`tower`: 3; `dragon`, `fairy`: 4).
int expansion_introduced_in(std::string_view name);
// A reason code as an implementation answering `version` gives it: a code that refined an
// older one for an existing capability reads as that older code before its version
// (version 5's not-last-knight was no-knight-there); every other code as it is.
std::string_view reason_in_version(std::string_view code, int version);

// A tile type as sent with a position: what an adapter needs to map the tile
// onto its own representation (oracle/tiles/README.md feature specs).
struct TileDefinition {
  std::string id;                     // the id moves and positions use
  std::string edges;                  // N,E,S,W at rotation 0 as C/R/F, e.g. "CRFR"
  std::vector<std::string> features;  // feature specs at rotation 0, e.g. "field{EL,WR} touches city{N}"
  std::string letter, jcz;            // informational aliases; may be empty
  friend bool operator==(const TileDefinition&, const TileDefinition&) = default;
};

struct PlacedTile {
  std::string id;
  int x = 0, y = 0;
  int rotation = 0;  // degrees clockwise: 0, 90, 180, 270
};

struct WireFigure {
  std::string owner, kind;
  int x = 0, y = 0;
  std::string feature;  // address in board orientation, e.g. "road{E,W}"
};

// A tower with floors (version 3): its foundation, height 1..30, closed with nobody on top.
struct WireTower {
  int x = 0, y = 0;
  int height = 1;
  bool closed = false;
};

// A figure held by another player (version 3), listed under its holder.
struct WirePrisoner {
  std::string owner, kind;
};

// A tile's square (version 4: the dragon, the fairy, the dragon's path).
struct WireSquare {
  int x = 0, y = 0;
};

// The fairy (version 4): `at` none = beside the board; `next_to` its host there
// (owner, kind and feature of a figure of the position on that tile), none = no host.
struct WireHost {
  std::string owner, kind, feature;
};
struct WireFairy {
  std::optional<WireSquare> at;
  std::optional<WireHost> next_to;
};
// A little building (version 8): its kind (tower, house, shed) and its tile.
struct WireBuilding {
  std::string kind;
  int x = 0, y = 0;
};

struct Position {
  std::vector<std::string> players;  // colours in seat order
  std::string active;
  std::string phase = "tile";                 // tile | figure | game-over
  std::vector<PlacedTile> tiles;              // each touching an earlier one
  std::optional<std::pair<int, int>> placed;  // phase figure: the tile just placed
  std::string in_hand;                        // phase tile; empty = draw from the pile
  std::vector<std::string> pile;
  bool last_tile = false;
  std::vector<int> rolls;
  carc::PositionFlags flags;  // the rooms' yes/no keys, each sent from its declaration's version on
  // The rooms' per-seat counts (engine/position_keys.hpp): colour -> floors, castles, bridges in
  // hand; empty: not sent (floors: TO-01's number; tokens: that room is not in this game).
  carc::SeatCountsOf<std::map<std::string, int>> counts;
  std::vector<WireFigure> figures;
  std::map<std::string, std::map<std::string, int>> supply;  // colour -> kind -> in hand (kinds owned)
  std::map<std::string, int> scores;
  std::vector<TileDefinition> definitions;  // every tile the message names
  // Version 3, the Tower (PROTOCOL.md §12.4); empty = none.
  std::vector<WireTower> towers;
  std::map<std::string, std::vector<WirePrisoner>> prisoners;  // holder colour -> figures held
  // Version 4, the dragon and the fairy (PROTOCOL.md §13.4); none / empty = none.
  std::optional<WireSquare> dragon;     // none: not in play yet
  std::optional<WireFairy> fairy;       // none: no fairy in this game
  std::vector<std::string> set_aside;   // tile ids, in the order they were set aside
  std::vector<WireSquare> dragon_path;  // phase dragon: the move so far, start first
  // Version 8, Little Buildings (PROTOCOL.md §15); empty = not in this game.
  std::map<std::string, std::map<std::string, int>> building_supply;  // colour -> tower/house/shed -> in hand
  std::vector<WireBuilding> buildings;                                // one per tile
  // Version 8, the castles (PROTOCOL.md §16.3); empty = none.
  std::vector<std::string> castles;  // "COLOUR x,y:city{..} [scored]"
  // Version 9, Under the Big Top: the big top's circus tile and the value of the face-down token
  // under it (none: no circus tile placed yet), the face-down pile (none: the default pile).
  std::optional<WireSquare> big_top;
  int big_top_token = 0;
  std::optional<std::vector<int>> animal_tokens;
  // Version 10, the bridges (PROTOCOL.md §18.3); empty = none.
  std::vector<std::string> bridges;  // "x,y:road{N,S}" or "x,y:road{E,W}"
};

struct Ruleset {
  std::string name;                                           // preset name, informational
  std::vector<std::pair<std::string, std::string>> switches;  // every switch, in the engine's order
};

// The query and the answer are our engine's answering values (src/answer): the
// protocol only carries them.
using Query = carc::Query;
using Answer = carc::Answer;

struct Capabilities {
  std::vector<std::string> expansions;  // base, flier, crop-circles, portal, princess
  std::vector<std::string> figures;     // follower, large, abbot, mayor, wagon, builder, pig, phantom
  std::map<std::string, std::vector<std::string>> switches;  // key -> values it can play
  std::vector<std::string> queries;                          // moves, apply, final-scoring, legal
};

// The reply to `start`.
struct Hello {
  std::string name, version;
  Capabilities capabilities;
  int protocol_version = kProtocolVersion;  // the version it answers with (absent on the wire: this one)
};

struct RunRequest {
  std::string seq;       // the seq as JSON text: opaque, echoed in the reply
  std::string scenario;  // informational: the scenario id
  Ruleset ruleset;
  Position position;
  Query query;
};

enum class ReplyState : unsigned char { Answered, Skipped, Errored };

struct RunReply {
  std::string seq;  // as JSON text
  ReplyState state = ReplyState::Answered;
  Answer answer;
  std::string message;  // the reason (skipped) or the message (errored)
};

// What the implementation reads: start, run or stop.
struct Command {
  enum class Kind : unsigned char { Start, Run, Stop } kind = Kind::Stop;
  int protocol_version = 0;  // start
  RunRequest run;            // run
};

}  // namespace carc::proto
