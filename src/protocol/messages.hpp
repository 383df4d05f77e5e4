#pragma once
// The messages of the adapter protocol, version 2 (oracle/PROTOCOL.md), as plain
// values. codec.hpp turns them into JSON lines and back; nothing here knows JSON,
// the scenario format or the runner.
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answer/answer.hpp"

namespace carc::proto {

// Version 2 is version 1 plus the stated limits of a position (PROTOCOL.md "Limits",
// engine/limits.hpp). The runner sends 2 and accepts implementations answering 1 or 2
// (it only ever sends positions within the limits); serve accepts a start with either.
inline constexpr int kProtocolVersion = 2;
inline constexpr int kOldestProtocolVersion = 1;
constexpr bool speaks_protocol(int version) { return version >= kOldestProtocolVersion && version <= kProtocolVersion; }

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

struct Position {
  std::vector<std::string> players;  // colours in seat order
  std::string active;
  std::string phase = "tile";        // tile | figure | game-over
  std::vector<PlacedTile> tiles;     // each touching an earlier one
  std::optional<std::pair<int, int>> placed;  // phase figure: the tile just placed
  std::string in_hand;               // phase tile; empty = draw from the pile
  std::vector<std::string> pile;
  bool last_tile = false;
  std::vector<int> rolls;
  bool second_tile = false;
  std::vector<WireFigure> figures;
  std::map<std::string, std::map<std::string, int>> supply;  // colour -> kind -> in hand (kinds owned)
  std::map<std::string, int> scores;
  std::vector<TileDefinition> definitions;  // every tile the message names
};

struct Ruleset {
  std::string name;  // preset name, informational
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
  std::vector<std::string> queries;     // moves, apply, final-scoring, legal
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
