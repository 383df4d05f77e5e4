#pragma once
// Moves as values, with the canonical text notation (src/engine/README.md):
//   place TILE x,y ROT | deploy KIND x,y:FEATURE [portal] | fly KIND ROLL |
//   land x,y:FEATURE | return abbot x,y:FEATURE | princess KIND COLOUR x,y:FEATURE |
//   crop add | crop remove | add KIND x,y:FEATURE | remove KIND x,y:FEATURE |
//   wagon x,y:FEATURE | floor x,y | capture KIND COLOUR x,y:FEATURE | exchange KIND |
//   ransom KIND COLOUR | fairy KIND x,y:FEATURE | fairy x,y | dragon x,y |
//   festival KIND x,y:FEATURE | building tower|house|shed | castle x,y:FEATURE | acrobats x,y |
//   bridge x,y:road{..} | place TILE x,y ROT bridge x,y:road{..} | pass
// Feature addresses are in board orientation, so a move never depends on internal ids.
#include <string>
#include <string_view>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/figures.hpp"
#include "engine/geometry.hpp"
#include "engine/result.hpp"
#include "engine/tile.hpp"

namespace carc {

enum class MoveKind : std::uint8_t {
  Place,           // place TILE x,y ROT
  Deploy,          // deploy KIND x,y:FEATURE [portal]
  ReturnAbbot,     // return abbot x,y:FEATURE
  Pass,            // pass
  Fly,             // fly KIND ROLL
  Land,            // land x,y:FEATURE
  Princess,        // princess KIND COLOUR x,y:FEATURE
  CropChoice,      // crop add | crop remove  (add = true for "add")
  CropAdd,         // add KIND x,y:FEATURE
  CropRemove,      // remove KIND x,y:FEATURE
  Wagon,           // wagon x,y:FEATURE
  Floor,           // floor x,y (tower)
  Capture,         // capture KIND COLOUR x,y:FEATURE (tower)
  Exchange,        // exchange KIND (tower)
  Ransom,          // ransom KIND COLOUR (tower)
  Fairy,           // fairy KIND x,y:FEATURE | fairy x,y (on_tile) (dragon and fairy)
  DragonStep,      // dragon x,y (dragon and fairy)
  FestivalReturn,  // festival KIND x,y:FEATURE (festival)
  Building,        // building tower|house|shed (little buildings)
  Castle,          // castle x,y:FEATURE (castles)
  Acrobats,        // acrobats x,y (big top: score a complete pyramid)
  Bridge,          // bridge x,y:road{N,S} | bridge x,y:road{E,W} (bridges)
};

struct Move {
  MoveKind kind = MoveKind::Pass;
  FigureKind figure = FigureKind::Follower;
  std::uint8_t rot = 0;
  std::uint8_t roll = 0;
  bool portal = false;          // Deploy through a magic portal
  bool add = false;             // CropChoice
  bool on_tile = false;         // Fairy: the `fairy x,y` form (fairy-placement: on-tile)
  std::uint8_t token = 0;       // Building: the building kind (BuildingKind)
  Colour colour = Colour::Red;  // Princess: the knight's owner; Capture: the figure's owner; Ransom: the holder
  bool with_bridge = false;     // Place: the placement carries a bridge on bridge_pos, across feature (BC-15)
  Pos bridge_pos;
  TileTypeId tile = kNoTile;
  Pos pos;
  FeatureAddr feature;
  friend bool operator==(const Move&, const Move&) = default;

  static Move place(TileTypeId t, Pos p, int rot) {
    Move m;
    m.kind = MoveKind::Place;
    m.tile = t;
    m.pos = p;
    m.rot = static_cast<std::uint8_t>(rot);
    return m;
  }
  static Move located_move(MoveKind kind, FigureKind k, Pos p, FeatureAddr f) {
    Move m;
    m.kind = kind;
    m.figure = k;
    m.pos = p;
    m.feature = f;
    return m;
  }
  static Move deploy(FigureKind k, Pos p, FeatureAddr f, bool portal = false) {
    Move m = located_move(MoveKind::Deploy, k, p, f);
    m.portal = portal;
    return m;
  }
  static Move return_abbot(Pos p, FeatureAddr f) {
    return located_move(MoveKind::ReturnAbbot, FigureKind::Abbot, p, f);
  }
  static Move fly(FigureKind k, int roll) {
    Move m;
    m.kind = MoveKind::Fly;
    m.figure = k;
    m.roll = static_cast<std::uint8_t>(roll);
    return m;
  }
  static Move land(Pos p, FeatureAddr f) { return located_move(MoveKind::Land, FigureKind::Follower, p, f); }
  static Move princess(FigureKind k, Colour c, Pos p, FeatureAddr f) {
    Move m = located_move(MoveKind::Princess, k, p, f);
    m.colour = c;
    return m;
  }
  static Move crop_choice(bool add) {
    Move m;
    m.kind = MoveKind::CropChoice;
    m.add = add;
    return m;
  }
  static Move crop_add(FigureKind k, Pos p, FeatureAddr f) { return located_move(MoveKind::CropAdd, k, p, f); }
  static Move crop_remove(FigureKind k, Pos p, FeatureAddr f) { return located_move(MoveKind::CropRemove, k, p, f); }
  static Move wagon(Pos p, FeatureAddr f) { return located_move(MoveKind::Wagon, FigureKind::Wagon, p, f); }
  static Move floor(Pos p) {
    Move m;
    m.kind = MoveKind::Floor;
    m.pos = p;
    return m;
  }
  static Move capture(FigureKind k, Colour c, Pos p, FeatureAddr f) {
    Move m = located_move(MoveKind::Capture, k, p, f);
    m.colour = c;
    return m;
  }
  static Move exchange(FigureKind k) {
    Move m;
    m.kind = MoveKind::Exchange;
    m.figure = k;
    return m;
  }
  static Move ransom(FigureKind k, Colour c) {
    Move m;
    m.kind = MoveKind::Ransom;
    m.figure = k;
    m.colour = c;
    return m;
  }
  static Move fairy(FigureKind k, Pos p, FeatureAddr f) { return located_move(MoveKind::Fairy, k, p, f); }
  static Move fairy_tile(Pos p) {
    Move m;
    m.kind = MoveKind::Fairy;
    m.on_tile = true;
    m.pos = p;
    return m;
  }
  static Move dragon(Pos p) {
    Move m;
    m.kind = MoveKind::DragonStep;
    m.pos = p;
    return m;
  }
  static Move festival_return(FigureKind k, Pos p, FeatureAddr f) {
    return located_move(MoveKind::FestivalReturn, k, p, f);
  }
  template <class Kind>
  static Move building(Kind k) {
    Move m;
    m.kind = MoveKind::Building;
    m.token = static_cast<std::uint8_t>(k);
    return m;
  }
  static Move castle(Pos p, FeatureAddr f) { return located_move(MoveKind::Castle, FigureKind::Follower, p, f); }
  static Move acrobats(Pos p) {
    Move m;
    m.kind = MoveKind::Acrobats;
    m.pos = p;
    return m;
  }
  static Move bridge(Pos p, FeatureAddr road) { return located_move(MoveKind::Bridge, FigureKind::Follower, p, road); }
  static Move place_bridge(TileTypeId t, Pos p, int rot, Pos host, FeatureAddr road) {
    Move m = place(t, p, rot);
    m.with_bridge = true;
    m.bridge_pos = host;
    m.feature = road;
    return m;
  }
  static Move pass() { return Move{}; }
};

using MoveList = std::vector<Move>;

std::string to_string(const Move& m, const TileCatalog& catalog);
Result<Move> parse_move(std::string_view text, const TileCatalog& catalog);

// The words of one written move, for a verb's parser: parse_move splits the text into words
// and hands them to the parser of the form whose verb is the first word. Each accessor reads
// one word and fails with the move quoted ("'fly follower 4': the roll is 1, 2 or 3").
class MoveWords {
 public:
  MoveWords(std::string_view text, const TileCatalog& catalog);
  std::size_t size() const { return words_.size(); }
  std::string_view operator[](std::size_t i) const { return words_[i]; }
  const TileCatalog& catalog() const { return *catalog_; }
  // A failure naming the move: "'TEXT': what".
  Error error(const std::string& what) const;
  // Fails unless the move has exactly n words: "expected 'FORM'".
  Result<bool> expect(std::size_t n, std::string_view form) const;
  Result<FigureKind> figure(std::size_t i) const;
  Result<Colour> colour(std::size_t i) const;
  Result<Pos> pos(std::size_t i) const;
  Result<std::pair<Pos, FeatureAddr>> located(std::size_t i) const;

 private:
  std::string quoted_;
  std::vector<std::string_view> words_;
  const TileCatalog* catalog_;
};

// `VERB KIND x,y:FEATURE` (deploy, return, add, remove): the figure and where; with portal,
// a fourth word `portal` is allowed.
struct FigureAt {
  FigureKind kind;
  Pos pos;
  FeatureAddr feature;
};
Result<FigureAt> figure_at(const MoveWords& w, bool portal = false);

// The move vocabulary: every written form of every move kind, with the room (capability) that
// owns it, the phases it is made in and what it does. Each room declares its forms next to its
// code (its RoomWords, engine/words.hpp); the table lists them room by room. PROTOCOL.md's move
// table is generated from it (`carc-oracle docs`); a test parses each form's example with
// parse_move. parse reads the words of every form of the verb (the first word of syntax), text
// writes every move of the kind; a further form of a verb or kind another row already reads or
// writes has neither.
struct MoveForm {
  MoveKind kind;
  std::string_view syntax, room, phases, meaning, example;
  Result<Move> (*parse)(const MoveWords&) = nullptr;
  std::string (*text)(const Move&, const TileCatalog&) = nullptr;
  std::string_view verb() const { return syntax.substr(0, syntax.find(' ')); }
};
const std::vector<MoveForm>& move_forms();
// A located feature "x,y:city{N}".
std::string located(Pos p, FeatureAddr a);
Result<std::pair<Pos, FeatureAddr>> parse_located(std::string_view s);

}  // namespace carc
