#pragma once
// The scenario model and its strict loader. scenarios/README.md is the format
// specification; oracle/schemas/scenario.schema.json mirrors it for editors.
//
// A file holds one scenario or several YAML documents separated by `---`.
// Every problem is a located Diagnostic on the scenario (or on the file when
// no scenario could be read), and a scenario with any problem is `invalid`.
// Loading never throws and never stops at the first bad file.
#include <array>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "data/diagnostic.hpp"
#include "engine/figures.hpp"
#include "engine/move.hpp"
#include "engine/position_keys.hpp"
#include "engine/rules.hpp"
#include "engine/state.hpp"

namespace carc {

// Where a value was written (1-based; 0 when unknown).
struct Loc {
  int line = 0;
  int column = 0;
};

// A move as written. `move` is set when this engine's notation knows the verb;
// moves of capabilities it does not model (fly, land, crop, ...) stay text.
struct MoveText {
  std::string text;
  std::optional<Move> move;
  Loc loc;
};

struct TileEntry {
  TileTypeId tile = kNoTile;
  Pos pos;
  int rot = 0;
  Loc loc;
};

// "COLOUR KIND x,y:FEATURE": a figure on the board (position and expectations).
struct FigureEntry {
  Colour owner = Colour::Red;
  FigureKind kind = FigureKind::Follower;
  Pos pos;
  FeatureAddr feature;
  Loc loc;
};
std::string to_string(const FigureEntry& f);
Result<FigureEntry> parse_figure_entry(std::string_view text);

// Figures in hand per kind; -1 = not given.
using FigureCounts = std::array<int, kFigureKinds>;
inline constexpr FigureCounts kNoCounts{-1, -1, -1, -1, -1, -1, -1, -1};

struct Position {
  std::vector<Colour> players;
  Colour active = Colour::Red;
  std::string phase = "tile";  // a position starts in tile, figure, dragon or game-over
  std::vector<TileEntry> tiles;
  std::optional<Pos> placed;
  TileTypeId in_hand = kNoTile;
  std::vector<TileTypeId> pile;
  bool last_tile = false;
  std::vector<int> rolls;  // fixed die results (1..3), consumed in order by fly moves
  PositionFlags flags;     // the rooms' yes/no keys (engine/position_keys.hpp): second tile, ransom, bridge
  // The rooms' per-seat counts (engine/position_keys.hpp) as written, colour -> floors, castles,
  // bridges in hand: floors not listed are TO-01's number; any castle or bridge token entry brings
  // that room into the game (a player not listed then holds none).
  SeatCountsOf<std::map<Colour, int>> counts;
  std::vector<FigureEntry> figures;
  std::map<Colour, FigureCounts> supply;  // as written
  std::map<Colour, int> scores;
  // The tower (scenarios/README.md "the Tower"): foundations with floors, prisoners per holder
  // (owner, kind); floors in hand are among the counts, this turn's ransom among the flags.
  std::vector<SetupTower> towers;
  std::map<Colour, std::vector<std::pair<Colour, FigureKind>>> prisoners;
  // The dragon and the fairy (scenarios/README.md): the dragon's tile, where the fairy is,
  // the set-aside dragon tiles, and in phase dragon the move so far.
  std::optional<Pos> dragon;
  SetupFairy fairy;
  std::vector<TileTypeId> set_aside;
  std::vector<Pos> dragon_path;
  // Little Buildings (scenarios/README.md): the tokens in hand per player (tower, house, shed) and
  // the buildings on tiles. Either key puts Little Buildings in the game.
  std::map<Colour, std::array<int, kBuildingKinds>> building_supply;
  std::vector<PlacedBuilding> buildings;
  // The castles (scenarios/README.md "Castles"): castles on the board (tokens in hand: counts).
  std::vector<SetupCastle> castles;
  // Under the Big Top: the big top's circus tile and its face-down token, the pile of tokens.
  std::optional<Pos> big_top;
  int big_top_token = 0;
  std::optional<std::vector<int>> animal_tokens;
  // The bridges (scenarios/README.md "Bridges"): bridges on the board (in hand: counts; whether one
  // was built this turn: a flag).
  std::vector<SetupBridge> bridges;
  std::map<std::string, Loc> locs;  // key -> where it was written
};
// A player's figures in hand after the default rule of scenarios/README.md:
// kinds given are taken as written; follower defaults to 7 minus that
// player's followers on the board and held by others; any other kind defaults to 0.
FigureCounts effective_supply(const Position& p, Colour c);

struct Rejection {
  int move = 0;  // 1-based index into query.apply
  std::string reason;
  Loc loc;
};

// The expectations; each key is optional and only given keys are checked.
// A `legal:` verdict written `false`: the move is refused, whatever the reason code (for rulings
// that say "not allowed" without saying why). Met by any answer but `ok`.
inline constexpr std::string_view kAnyRefusal = "illegal";
// Whether an answered verdict meets the expected one (a code, `ok`, or kAnyRefusal).
inline bool verdict_meets(std::string_view want, std::string_view got) {
  if (want == kAnyRefusal) return !got.empty() && got != "ok";
  return got == want;
}

struct Expect {
  std::optional<std::vector<MoveText>> moves, includes, excludes;
  // A part of the move list (scenarios/README.md "Part of a move list"): verb -> exactly the legal
  // moves with that verb (empty: none), the other verbs' moves left unjudged. In the order written.
  std::optional<std::vector<std::pair<std::string, std::vector<MoveText>>>> moves_of;
  std::optional<int> count;
  // move -> "ok", a reason code, or kAnyRefusal (`legal: {MOVE: false}`: refused, for any reason).
  std::optional<std::vector<std::pair<MoveText, std::string>>> legal;
  std::optional<Rejection> rejected;
  std::optional<std::map<Colour, int>> scores;
  std::optional<std::vector<FigureEntry>> returned, figures;
  std::optional<std::map<Colour, std::map<FigureKind, int>>> supply;
  std::optional<std::string> phase;
  std::optional<Colour> active;
  std::optional<std::vector<std::string>> towers;                       // "x,y HEIGHT [closed]", canonical
  std::optional<std::map<Colour, int>> floors;                          // in hand after
  std::optional<std::map<Colour, std::vector<std::string>>> prisoners;  // holder -> "OWNER KIND"
  std::optional<std::string> dragon;                                    // "x,y" or "none"
  std::optional<std::string> fairy;                                     // as the position writes it
  std::optional<std::vector<std::string>> set_aside;                    // tile ids, in order
  std::optional<std::vector<std::string>> dragon_path;                  // "x,y", start first
  // Score events (protocol 7, query kind `events`; engine/score_event.hpp), canonical text, a multiset.
  std::optional<std::vector<std::string>> scored;
  Loc loc;

  // Replaces every key that `over` sets.
  void overlay(const Expect& over);
  // Leaves out the key named (one of expect_keys()); false for a name that is not a key.
  bool remove(std::string_view key);
  bool has(std::string_view key) const;
  bool empty() const;
};
// The keys of `expect`, in the order the format lists them.
const std::vector<std::string>& expect_keys();
// The verbs a move may start with (the engine's notation, including the moves kept as text), and
// the verb of a move's text (its first word).
const std::vector<std::string>& move_verbs();
std::string_view move_verb(std::string_view text);

// A checkpoint (scenarios/README.md "Checkpoints"): expectations on the state after the first
// `after` moves of query.apply (1 <= after < their number; the state after all of them is
// `expect`). Any key of `expect` but `rejected`. In a variant, `expect` holds the keys that replace
// those of the scenario's checkpoint after the same move, and `remove` the keys it leaves out.
struct Checkpoint {
  int after = 0;
  Expect expect;
  std::vector<std::string> remove;  // a variant's only
  std::vector<Loc> remove_locs;
  Loc loc, after_loc;
};

// Switch values as written (`rules:`, a variant's `when`, an `also_with` entry): key -> value.
using SwitchValues = std::vector<std::pair<std::string, std::string>>;

// One entry of `variants`: when every condition of `when` holds, its keys replace `expect`'s
// and the keys of `remove` are left out. A variant naming switch values takes precedence over
// one naming rulesets only (scenarios/README.md "Where publishers or editions differ").
struct Variant {
  SwitchValues switches;              // switch key -> value
  std::vector<std::string> rulesets;  // canonical preset names; empty = any
  Loc when_loc;                       // where `when` was written
  Expect expect;                      // the keys it replaces (none given: only removals)
  std::vector<std::string> remove;    // keys of the scenario's expect it leaves out
  std::vector<Loc> remove_locs;
  std::vector<Checkpoint> checkpoints;  // per checkpoint of the scenario (by `after`): keys replaced or left out
  // Its own `query.apply` (scenarios/README.md "Moves per branch"): the moves asked under it in place
  // of the scenario's. Only then may `checkpoints` name a move the scenario has no checkpoint after:
  // a checkpoint of this branch alone (its `expect` whole).
  std::optional<std::vector<MoveText>> apply;
  Loc apply_loc;
  Loc loc;
  bool matches(const RuleSet& effective) const;
  bool keyed_on_switches() const { return !switches.empty(); }
};

// One entry of `also_with`: switch values the scenario also runs under, on top of `rules:`,
// as results of its own with the id ID[switch=value,...] (scenarios/README.md).
struct Combination {
  SwitchValues switches;
  Loc loc;
};
// "ID[switch=value,switch=value]": the id of a scenario run under an also_with combination.
std::string combination_id(const std::string& id, const SwitchValues& switches);
// The id a result or copy was made from: without "@transform" and "[switch=value]".
std::string written_id(const std::string& id);

struct Scenario {
  std::string file;  // as given (relative to the current directory)
  Loc loc;           // start of its document
  std::string id, title, source, notes, status;
  bool disputed = false;
  // Why the answer does or does not rest on a disputed point, as the author wrote it
  // (`disputed: {value: false, reason: ...}`); empty when not given.
  std::string disputed_reason;
  std::vector<std::string> rulings, tags, required;  // `requires` as written, or [base]
  std::vector<Loc> ruling_locs;                      // where each of `rulings` was written
  std::vector<std::string> applies_to;               // canonical preset names; empty = every preset
  SwitchValues rules;
  std::vector<Combination> also_with;  // as written; empty in the copies made from it
  // A copy made from an also_with entry (id ID[switch=value]): the switch values it adds to
  // rules (rules holds them already); empty for a scenario as written.
  SwitchValues combination;
  // A candidate: an EXP-<signature> id, status UNVERIFIED, rulings optional (written by a tool,
  // not yet judged); reported apart from the corpus and refused by `check --strict`.
  bool candidate = false;
  Position position;
  std::vector<MoveText> apply;
  bool final_scoring = false;
  Expect expect;
  std::vector<Checkpoint> checkpoints;  // in the order of query.apply
  std::vector<Variant> variants;
  std::map<std::string, Loc> locs;  // top-level key -> where it was written
  // Keys whose reading reported a problem ("requires", "position.tiles", ...; "position.*": the
  // position as a whole): the checks that need them are skipped, so that a problem is reported
  // once and not again as its consequences.
  std::set<std::string> unread;
  Diagnostics problems;  // non-empty: the scenario is invalid
  Diagnostics warnings;  // shown by check; the scenario stays valid

  bool valid() const { return problems.empty(); }
  Loc loc_of(const std::string& key) const;
  // Whether every key named was read without a problem (Scenario::unread).
  bool read_cleanly(std::initializer_list<std::string_view> keys) const;
  void problem(Loc at, std::string message, std::string code = {});  // code: a reason code naming it
  void warning(Loc at, std::string message);
  // The variant that applies under `effective`, or null (scenarios/README.md "Which variant applies").
  const Variant* chosen_variant(const RuleSet& effective) const;
  // The expectations that hold under `effective` (the first matching variant applied).
  Expect resolved_expect(const RuleSet& effective) const;
  // Those of each checkpoint under `effective`, in order: (after, expectations); the variant that
  // applies may add checkpoints of its own branch (when it gives query.apply).
  std::vector<std::pair<int, Expect>> resolved_checkpoints(const RuleSet& effective) const;
};

// The scenario as it is asked under `effective` when the variant that applies gives its own
// query.apply (scenarios/README.md "Moves per branch"): its moves in place of the scenario's and its
// own checkpoints among the scenario's, in order; everything else as written. nullopt when the
// variant that applies (if any) gives no moves: the scenario is asked as written. A request points
// at the scenario it asks, so the caller keeps the branch alive while its requests live.
std::optional<Scenario> branch_scenario(const Scenario& s, const RuleSet& effective);
// Every move list the scenario asks: query.apply, then each variant's own.
template <typename S, typename F>
void for_each_apply(S& s, F f) {
  f(s.apply, static_cast<decltype(&s.variants.front())>(nullptr));
  for (auto& v : s.variants)
    if (v.apply) f(*v.apply, &v);
}

// Every expectation a scenario writes, with where it holds: its `expect`, each variant's, each
// checkpoint's and each variant's checkpoint's (a variant's may be empty: removals only). Checks
// over expectations (colours, repeats, canonical placements, capabilities, transforms) visit
// them all, so a key added to Expect is checked at checkpoints without more code.
struct ExpectSite {
  int after = 0;                     // 0: the final state; K: the checkpoint after move K
  const Variant* variant = nullptr;  // null: the scenario's own
};
template <typename S, typename F>
void for_each_expect(S& s, F f) {
  f(s.expect, ExpectSite{});
  for (auto& c : s.checkpoints) f(c.expect, ExpectSite{c.after, nullptr});
  for (auto& v : s.variants) {
    f(v.expect, ExpectSite{0, &v});
    for (auto& c : v.checkpoints) f(c.expect, ExpectSite{c.after, &v});
  }
}

// The scenario a checkpoint asks about: the same position, query.apply cut after the
// checkpoint's move, no final scoring, the checkpoint's expectations as `expect` and each
// variant's for that checkpoint as the variant (a variant with none kept, empty, so that the same
// variant is chosen as for the whole scenario), no checkpoints. What is sent to a subject for it.
Scenario checkpoint_scenario(const Scenario& s, std::size_t index);

struct ScenarioFile {
  std::string path;
  std::vector<Scenario> scenarios;
  Diagnostics problems;  // the file itself could not be read or parsed
  bool unread = false;   // the path could not be read at all (missing, not a regular file, a directory not listable)
  bool valid() const;
};

// Loads and validates the scenarios of one file (text given, or read from disk
// with the guards of src/data/text_file.hpp). `given` is the path on the
// command line the file was found under (by default the file itself).
ScenarioFile load_scenario_text(const std::string& text, const std::string& path);
ScenarioFile load_scenario_file(const std::string& path, const std::string& given = "");

// How a path is shown in diagnostics and reports: a relative path as given;
// an absolute one relative to the current directory when it lies below it,
// else from the folder or file given (`given`), so that no report carries the
// location of a checkout or anything above the current directory.
std::string display_path(const std::string& path, const std::string& given);

// The preset names a scenario runs under, in preset order: applies_to, or every preset whose rules
// were still in print when each room the scenario requires was first printed (a tower scenario
// does not run under the rules of 2000: oracle/rulesets `printed:`, CapabilityInfo::first_printed).
std::vector<std::string> scenario_rulesets(const Scenario& s);
// Why the default applies_to leaves presets out of scenario_rulesets: the scenario's id, each preset
// left out (edition, years in print) and the capability it went out of print before; empty when
// applies_to is given or nothing is left out. `check` prints it as a note (scenarios/README.md).
std::string default_rulesets_note(const Scenario& s);
// The year a capability's room was first printed (0: unknown), and whether a preset's rules went
// out of print before one of the capabilities was first printed.
int first_printed(std::string_view capability);
struct Preset;
bool predates(const Preset& p, const std::vector<std::string>& capabilities);
// A preset with the scenario's `rules:` overrides applied on top.
Result<RuleSet> scenario_rules(const Scenario& s, const std::string& preset);

// The scenario's position as the engine's position value (supply after the
// default rule); an error only when its phase is not one a position can state.
Result<Setup> scenario_setup(const Scenario& s);

// Builds the engine state of a scenario's position. On failure, *where (when
// given) is set to the location of the entry at fault.
Result<State> build_state(const Scenario& s, const RuleSet& rules, Loc* where = nullptr);

// A move in canonical notation: placements under their smallest equivalent
// rotation (TileDef::canonical_rot), other moves as to_string prints them.
std::string canonical_move(const Move& m, const TileCatalog& catalog);
std::string canonical_move(const MoveText& m, const TileCatalog& catalog);

}  // namespace carc
