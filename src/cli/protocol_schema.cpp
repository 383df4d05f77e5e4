// The JSON Schemas of the adapter protocol's messages (oracle/schemas/protocol-*.schema.json,
// draft 2020-12), generated like the scenario schema (schema.cpp): the structure follows
// oracle/PROTOCOL.md and the codec (src/protocol/body_codec.cpp); the vocabularies
// (colours, figure kinds, phases, feature kinds, switches and their values, capabilities,
// queries, protocol versions) and the bounds come from the engine and the protocol's own
// tables, so the committed files are regenerated, never edited
// (tests/protocol_schema_test.cpp keeps them current).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/schema_build.hpp"
#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/dragon_fairy.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/limits.hpp"
#include "engine/rules.hpp"
#include "engine/tile.hpp"
#include "protocol/engine_adapter.hpp"
#include "protocol/messages.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

using namespace schema_build;

// --- vocabularies -------------------------------------------------------------

std::vector<int> protocol_versions() {
  std::vector<int> out;
  for (int v = proto::kOldestProtocolVersion; v <= proto::kProtocolVersion; ++v) out.push_back(v);
  return out;
}

// "1, 2, 3 or 4".
std::string versions_in_words(int first, int last) {
  std::string out;
  for (int v = first; v <= last; ++v) out += fmt::format("{}{}", v == first ? "" : v == last ? " or " : ", ", v);
  return out;
}

// Switch keys sorted, as the schemas list them (the engine's table is in ledger order).
std::vector<const SwitchSpec*> sorted_switches() {
  std::vector<const SwitchSpec*> out;
  for (const auto& s : switch_specs()) out.push_back(&s);
  std::sort(out.begin(), out.end(), [](const SwitchSpec* a, const SwitchSpec* b) { return a->key < b->key; });
  return out;
}

std::vector<std::string> switch_keys() {
  std::vector<std::string> out;
  for (const auto* s : sorted_switches()) out.emplace_back(s->key);
  return out;
}

// The expansion capabilities a start reply declares: every capability that is not a figure's.
std::vector<std::string> expansion_names() {
  std::vector<std::string> figures;
  for (int k = 0; k < kFigureKinds; ++k) figures.emplace_back(figure_capability(static_cast<FigureKind>(k)));
  std::vector<std::string> out;
  for (const auto name : capability_names())
    if (name == "base" || std::find(figures.begin(), figures.end(), name) == figures.end()) out.emplace_back(name);
  return out;
}

std::vector<std::string> feature_kinds_where(bool (*keep)(FeatureKind)) {
  std::vector<std::string> out;
  for (int k = 0; k < kFeatureKinds; ++k)
    if (keep(static_cast<FeatureKind>(k))) out.emplace_back(feature_kind_name(static_cast<FeatureKind>(k)));
  return out;
}

// A feature address in board orientation (PROTOCOL.md §5.4): edges for cities and roads,
// half-edges for fields, else a tile-wide name. The volcano and the dragon (version 4) are
// tile-wide features of tile definitions only: no figure stands on them, so no address names them.
std::string feature_pattern() {
  const auto edged = feature_kinds_where([](FeatureKind k) { return uses_edges(k); });
  const auto halved = feature_kinds_where([](FeatureKind k) { return uses_halves(k); });
  const auto wide = feature_kinds_where([](FeatureKind k) {
    return is_tile_wide(k) && k != FeatureKind::Volcano && k != FeatureKind::Dragon && k != FeatureKind::Festival;
  });
  std::string halves_part;
  for (const auto* h : {"NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"})
    halves_part += std::string("(") + h + (std::string_view(h) == "WR" ? ")?" : ",?)?");
  return "^" + alternatives(edged) + "\\{(N,?)?(E,?)?(S,?)?(W)?\\}$|^" + joined(halved, "|") + "\\{" + halves_part +
         "\\}$|^" + alternatives(wide) + "$";
}

const std::string kSquarePattern = "-?[0-9]+,-?[0-9]+";

// --- shared parts ---------------------------------------------------------------

Json header(const std::string& name, const std::string& what, const std::string& description) {
  Json s;
  s["$schema"] = kDraft;
  s["$id"] = schema_id("protocol-" + name + ".schema.json");
  s["title"] = fmt::format("Adapter protocol v{}: {}", proto::kProtocolVersion, what);
  s["description"] = description;
  return s;
}

Json type(const std::string& t) { return Json{{"type", t}}; }
Json constant(const Json& value) { return Json{{"const", value}}; }
Json described(Json j, const std::string& text) { return with(std::move(j), "description", text); }
Json xy_object() { return object({{"x", ref("coordinate")}, {"y", ref("coordinate")}}, {"x", "y"}); }
// An array with its bounds in the committed files' order: type, items, minItems, maxItems.
Json bounded_list(const Json& item, int min_items, int max_items) {
  Json j = list_of(item);
  if (min_items > 0) j["minItems"] = min_items;
  j["maxItems"] = max_items;
  return j;
}
Json owner_kind() { return Json{{"owner", ref("colour")}, {"kind", ref("figureKind")}}; }

// --- start, stop -----------------------------------------------------------------

Json start_schema() {
  const int now = proto::kProtocolVersion, oldest = proto::kOldestProtocolVersion;
  Json s = header("start", "start (runner -> implementation)",
                  "The first message of a session (oracle/PROTOCOL.md). The implementation answers with one "
                  "protocol-start-reply line.");
  const std::string versions =
      fmt::format("{} (this runner); runners of versions {} to {} sent {}, which serve still accepts.", now, oldest,
                  now - 1, versions_in_words(oldest, now - 1));
  s.update(object(
      {{"cmd", constant("start")}, {"protocol_version", described(Json{{"enum", protocol_versions()}}, versions)}},
      {"cmd", "protocol_version"}));
  return s;
}

Json stop_schema() {
  Json s = header("stop", "stop (runner -> implementation)",
                  "The last message: the implementation exits without replying (oracle/PROTOCOL.md).");
  s.update(object({{"cmd", constant("stop")}}, {"cmd"}));
  return s;
}

// --- the start reply -------------------------------------------------------------

Json start_reply_schema() {
  Json s =
      header("start-reply", "reply to start (implementation -> runner)",
             "The handshake: who the implementation is and what it can answer (oracle/PROTOCOL.md \"Capabilities\"). "
             "Names this runner does not know are ignored with a note.");
  const auto names = [](const std::string& description, const Json& examples) {
    Json j = list_of(type("string"));
    j["uniqueItems"] = true;
    j["description"] = description;
    if (!examples.is_null()) j["examples"] = examples;
    return j;
  };
  const auto expansions = expansion_names();
  const auto figures = figure_kinds();
  const auto queries = proto::engine_protocol_capabilities().queries;
  Json switch_values = list_of(type("string"));
  switch_values["uniqueItems"] = true;
  Json switches{{"type", "object"},
                {"description",
                 "Switch key -> the values the implementation can play; a switch not listed is played at its default "
                 "value only."},
                {"additionalProperties", switch_values},
                {"propertyNames", enum_of(switch_keys())}};
  Json capabilities =
      object({{"expansions",
               names("Known: " + joined(expansions) + ".", Json::array({Json::array({expansions[0], expansions[1]})}))},
              {"figures", names("Known: " + joined(figures) + ". Gardens come with the abbot.",
                                Json::array({Json::array({figures[0], std::string(figure_name(FigureKind::Abbot))})}))},
              {"switches", switches},
              {"queries", names("Known: " + joined(queries) + ".", Json())}},
             {"expansions", "figures", "queries"});
  const std::string accepts = "The version the implementation speaks; the runner accepts " +
                              versions_in_words(proto::kOldestProtocolVersion, proto::kProtocolVersion) + ".";
  s.update(object({{"name", Json{{"type", "string"}, {"minLength", 1}}},
                   {"version", type("string")},
                   {"protocol_version", described(Json{{"enum", protocol_versions()}}, accepts)},
                   {"capabilities", capabilities}},
                  {"name", "version", "capabilities"}));
  return s;
}

// --- run ---------------------------------------------------------------------------

Json definition_def() {
  return object({{"id", Json{{"type", "string"}, {"minLength", 1}}},
                 {"edges", described(str("^[CRF]{4}$"), "N,E,S,W at rotation 0: C city, R road, F field.")},
                 {"features", with(described(list_of(Json{{"type", "string"}, {"minLength", 1}}),
                                             "Feature specs at rotation 0 (oracle/PROTOCOL.md \"Tile definitions\")."),
                                   "maxItems", kMaxTileFeatures)},
                 {"letter", type("string")},
                 {"jcz", type("string")}},
                {"id", "edges", "features"});
}

// A room's flag (engine/position_keys.hpp): its key, a boolean, and from version 2 on the
// version that brought it with the declaration's words.
std::pair<std::string, Json> protocol_flag_def(const FlagKey& k) {
  if (k.doc.empty()) return {std::string(k.key), type("boolean")};
  return {std::string(k.key), described(type("boolean"), fmt::format("Version {}: {}", k.version, k.doc))};
}

// A room's per-seat count: its key, colour -> 0..max, with the version that brought it and the
// declaration's words.
std::pair<std::string, Json> protocol_count_def(const SeatCountKey& k) {
  return {std::string(k.key),
          described(counts_of(ref("colour"), k.max), fmt::format("Version {}: {}", k.version, k.doc))};
}

Json protocol_position_def() {
  Json supply{{"type", "object"},
              {"propertyNames", ref("colour")},
              {"additionalProperties", counts_of(ref("figureKind"), kMaxFiguresOfKind)}};
  Json players = bounded_list(ref("colour"), 1, kMaxPlayers);
  players["uniqueItems"] = true;
  Json prisoners{
      {"type", "object"}, {"propertyNames", ref("colour")}, {"additionalProperties", list_of(ref("prisoner"))}};
  return object(
      {{"players", players},
       {"active", ref("colour")},
       {"phase", enum_of(position_phases())},
       {"tiles", described(bounded_list(ref("tile"), 1, kMaxTiles),
                           fmt::format("At most {} tiles on the board, in hand and in the pile together.", kMaxTiles))},
       {"placed", xy_object()},
       {"in_hand", type("string")},
       {"pile", bounded_list(type("string"), 0, kMaxTiles)},
       {"last_tile", type("boolean")},
       {"rolls", bounded_list(Json{{"enum", {1, 2, 3}}}, 0, kMaxRolls)},
       protocol_flag_def(kSecondTileKey),
       {"figures", list_of(ref("figure"))},
       {"supply", supply},
       {"scores",
        described(counts_of(ref("colour"), kMaxScore, -kMaxScore),
                  "Points per player; below 0 only after a tower ransom under ransom-score-floor: none (version 3).")},
       {"definitions", list_of(ref("definition"))},
       {"towers",
        described(list_of(ref("tower")),
                  "Version 3: every tower foundation with at least one floor; a foundation not listed is empty.")},
       protocol_count_def(kFloorsKey),
       {"prisoners",
        described(prisoners, "Version 3: per holder, the figures of other players it holds (owner and kind).")},
       protocol_flag_def(kRansomPaidKey),
       {"dragon",
        described(ref("square"), "Version 4: the tile the dragon stands on; absent while it is not in play (PD-17).")},
       {"fairy",
        described(ref("fairy"),
                  "Version 4: the fairy is in this game; {} beside the board, else its tile and, under fairy-placement "
                  "next-to-follower, its host. Absent: no fairy in this game.")},
       {"set_aside",
        described(bounded_list(type("string"), 0, kMaxTiles),
                  fmt::format("Version 4: the dragon tiles set aside while the dragon was not in play, in the order "
                              "drawn (PD-16); they count among the position's {} tiles.",
                              kMaxTiles))},
       {"dragon_path",
        described(bounded_list(ref("square"), 1, kDragonSteps),
                  "Version 4, phase dragon only: the tiles the dragon stood on during this move, its start tile "
                  "first and its tile now last.")},
       {"building_supply",
        described(Json{{"type", "object"},
                       {"propertyNames", ref("colour")},
                       {"additionalProperties",
                        Json{{"type", "object"},
                             {"propertyNames", Json{{"enum", {"tower", "house", "shed"}}}},
                             {"additionalProperties", Json{{"type", "integer"}, {"minimum", 0}, {"maximum", 6}}}}}},
                  "Version 8: Little Buildings' tokens in hand per player (tower, house, shed; not listed: 0). "
                  "Present (or buildings): Little Buildings is in this game.")},
       {"buildings", described(list_of(object({{"kind", Json{{"enum", {"tower", "house", "shed"}}}},
                                               {"x", ref("coordinate")},
                                               {"y", ref("coordinate")}},
                                              {"kind", "x", "y"})),
                               "Version 8: the little buildings on tiles, one per tile (LB-02).")},
       protocol_count_def(kCastleTokensKey),
       {"castles", described(list_of(type("string")),
                             "Version 8: the castles on the board, each 'COLOUR x,y:city{..}' naming one segment of "
                             "the town it covers, with ' scored' once its occupant has scored (BC-07).")},
       {"big_top", described(Json{{"type", "object"},
                                  {"additionalProperties", false},
                                  {"required", {"x", "y", "token"}},
                                  {"properties",
                                   {{"x", {{"type", "integer"}}},
                                    {"y", {{"type", "integer"}}},
                                    {"token", {{"type", "integer"}, {"enum", {1, 3, 4, 5, 6, 7}}}}}}},
                             "Version 9: the circus tile the big top stands on and the value of the face-down animal "
                             "token under it (BT-02); absent before the first circus tile.")},
       {"animal_tokens", described(bounded_list(Json{{"type", "integer"}, {"enum", {1, 3, 4, 5, 6, 7}}}, 0, 16),
                                   "Version 9: the face-down animal tokens still to draw, the next first; absent: the "
                                   "16 tokens of BT-01 in value order less one under the big top.")},
       protocol_count_def(kBridgeTokensKey),
       {"bridges", described(list_of(type("string")),
                             "Version 10: the bridges on the board, each 'x,y:road{N,S}' or 'x,y:road{E,W}', built "
                             "right after its tile was placed (BC-15).")},
       protocol_flag_def(kBridgeBuiltKey)},
      {"players", "active", "phase", "tiles", "definitions"});
}

// Version 5: the base switches always, every other one only when it can matter to the
// scenario (PROTOCOL.md §5.9), so only the base ones are required.
Json ruleset_def() {
  Json values;
  std::vector<std::string> always;
  for (const auto* spec : sorted_switches()) {
    values[std::string(spec->key)] = enum_of(std::vector<std::string>(spec->values.begin(), spec->values.end()));
    if (spec->capability == "base") always.emplace_back(spec->key);
  }
  return object(
      {{"name", described(type("string"), "The preset, informational: the switches are what counts.")},
       {"switches", described(object(values, always),
                              "The base switches always; every other switch when it can matter to the scenario "
                              "(PROTOCOL.md 5.9). A switch left out cannot change the answer.")}},
      {"name", "switches"});
}

Json fairy_def() {
  Json host = described(object({{"owner", ref("colour")}, {"kind", ref("figureKind")}, {"feature", ref("feature")}},
                               {"owner", "kind", "feature"}),
                        "The fairy's host: a figure of `figures` on the fairy's tile.");
  Json f{{"type", "object"}, {"additionalProperties", false}};
  f["dependentRequired"] =
      Json{{"x", Json::array({"y"})}, {"y", Json::array({"x"})}, {"next_to", Json::array({"x", "y"})}};
  f["properties"] = Json{{"x", ref("coordinate")}, {"y", ref("coordinate")}, {"next_to", host}};
  return f;
}

Json run_schema_json() {
  Json s =
      header("run", "run (runner -> implementation)",
             "One question: a self-contained position, the effective ruleset and the query (oracle/PROTOCOL.md). The "
             "implementation answers with one protocol-run-reply line carrying the same seq.");
  s.update(object({{"cmd", constant("run")},
                   {"seq", Json{{"description", "Opaque: echo it unchanged."}}},
                   {"scenario", described(type("string"), "The scenario id, for the implementation's logs only.")},
                   {"ruleset", ref("ruleset")},
                   {"position", ref("position")},
                   {"query", ref("query")}},
                  {"cmd", "seq", "ruleset", "position", "query"}));
  Json d;
  d["colour"] = enum_of(colours());
  d["figureKind"] = enum_of(figure_kinds());
  d["coordinate"] = Json{{"type", "integer"},
                         {"minimum", -kMaxCoord},
                         {"maximum", kMaxCoord},
                         {"description", fmt::format("Limits: a position's coordinates lie within -{0}..{0} "
                                                     "(oracle/PROTOCOL.md \"Limits\").",
                                                     kMaxCoord)}};
  d["feature"] = described(
      str(feature_pattern()),
      "A feature address in board orientation: city{N,W}, road{E,W}, field{NL,NR,EL,WR}, field{}, cloister, ...");
  d["move"] = Json{{"type", "string"},
                   {"minLength", 1},
                   {"description", "A move in canonical notation (oracle/PROTOCOL.md \"Moves\")."}};
  d["definition"] = definition_def();
  d["tile"] = object({{"id", type("string")},
                      {"x", ref("coordinate")},
                      {"y", ref("coordinate")},
                      {"rotation", Json{{"enum", {0, 90, 180, 270}}}}},
                     {"id", "x", "y", "rotation"});
  Json figure = owner_kind();
  figure["x"] = ref("coordinate");
  figure["y"] = ref("coordinate");
  figure["feature"] = ref("feature");
  d["figure"] = object(figure, {"owner", "kind", "x", "y", "feature"});
  d["position"] = protocol_position_def();
  d["ruleset"] = ruleset_def();
  d["query"] =
      object({{"apply", list_of(ref("move"))}, {"final_scoring", type("boolean")}, {"probes", list_of(ref("move"))}});
  d["tower"] =
      object({{"x", ref("coordinate")},
              {"y", ref("coordinate")},
              {"height", Json{{"type", "integer"}, {"minimum", 1}, {"maximum", kMaxTowerFloors}}},
              {"closed", described(type("boolean"), "Closed with nobody on top (tower-reopens-after-capture: no).")}},
             {"x", "y", "height"});
  d["prisoner"] = object(owner_kind(), {"owner", "kind"});
  d["square"] = xy_object();
  d["fairy"] = fairy_def();
  s["$defs"] = d;
  return s;
}

// --- the run reply -------------------------------------------------------------------

Json answer_def() {
  const std::string figure = "^" + alternatives(colours()) + " " + alternatives(figure_kinds()) + " " + kSquarePattern +
                             ":[a-z-]+(\\{[A-Z,]*\\})?$";
  const std::string prisoner = "^" + alternatives(colours()) + " " + alternatives(figure_kinds()) + "$";
  const Json square = str("^" + kSquarePattern + "$");
  const Json count = Json{{"type", "integer"}, {"minimum", 0}};
  Json rejected{{"oneOf", Json::array({type("null"), object({{"move", Json{{"type", "integer"}, {"minimum", 1}}},
                                                             {"reason", type("string")}},
                                                            {"move", "reason"})})}};
  return object(
      {{"moves", described(list_of(type("string")),
                           "Every legal move in the resulting state, canonical notation, each distinct layout once.")},
       {"legal", described(Json{{"type", "object"}, {"additionalProperties", type("string")}},
                           "Each probe as sent -> \"ok\" or a reason code.")},
       {"rejected", rejected},
       {"scores", described(Json{{"type", "object"}, {"additionalProperties", type("integer")}},
                            "Points per player (below 0 only after a tower ransom, version 3).")},
       {"returned", list_of(str(figure))},
       {"figures", list_of(str(figure))},
       {"supply",
        Json{{"type", "object"}, {"additionalProperties", Json{{"type", "object"}, {"additionalProperties", count}}}}},
       {"phase", type("string")},
       {"active", type("string")},
       {"towers",
        described(list_of(str("^" + kSquarePattern + " [0-9]+( closed)?$")),
                  "Version 3: every tower with at least one floor, \"x,y HEIGHT\" or \"x,y HEIGHT closed\".")},
       {"floors", described(Json{{"type", "object"}, {"additionalProperties", count}},
                            "Version 3: tower floors in hand per player.")},
       {"prisoners", described(Json{{"type", "object"}, {"additionalProperties", list_of(str(prisoner))}},
                               "Version 3: holder colour -> the figures it holds, \"OWNER KIND\".")},
       {"dragon", described(square, "Version 4: the dragon's tile \"x,y\"; absent while it is not in play.")},
       {"fairy",
        described(Json{{"type", "string"}, {"minLength", 1}},
                  "Version 4: \"beside\", the fairy's tile \"x,y\", or with its host \"COLOUR KIND x,y:FEATURE\"; "
                  "absent when there is no fairy in the game.")},
       {"set_aside", described(list_of(type("string")), "Version 4: the set-aside dragon tiles, in the order drawn.")},
       {"dragon_path",
        described(list_of(square), "Version 4, phase dragon: the dragon's move so far, \"x,y\", start first.")},
       {"scored", described(list_of(str("^(final )?(city|road|field|cloister|garden|fairy|big-top|ringmaster|acrobats) "
                                        "[0-9]+( [a-z]+)+ at .+$")),
                            "Version 7, query kind events: every scoring of the moves and final scoring, \"[final "
                            "]KIND POINTS COLOUR... at PART... [with FIGURE, ...]\" (PROTOCOL.md section 7).")}});
}

Json run_reply_schema() {
  Json s = header(
      "run-reply", "reply to run (implementation -> runner)",
      "Exactly one of answer, skipped or errored, with the seq of the run message (oracle/PROTOCOL.md \"Replies\").");
  const Json seq = Json::object();
  s["oneOf"] = Json::array(
      {object({{"seq", seq}, {"answer", ref("answer")}}, {"seq", "answer"}),
       object({{"seq", seq}, {"skipped", constant(true)}, {"reason", type("string")}}, {"seq", "skipped"}),
       object({{"seq", seq}, {"errored", constant(true)}, {"message", type("string")}}, {"seq", "errored"})});
  s["$defs"] = Json{{"answer", answer_def()}};
  return s;
}

}  // namespace

const std::vector<std::string>& protocol_schema_names() {
  static const std::vector<std::string> names{"start", "start-reply", "run", "run-reply", "stop"};
  return names;
}

std::string protocol_schema_text(std::string_view name) {
  Json s;
  if (name == "start")
    s = start_schema();
  else if (name == "start-reply")
    s = start_reply_schema();
  else if (name == "run")
    s = run_schema_json();
  else if (name == "run-reply")
    s = run_reply_schema();
  else if (name == "stop")
    s = stop_schema();
  else
    return {};
  return s.dump(2) + "\n";
}

std::vector<std::pair<std::string, std::string>> generated_schemas() {
  std::vector<std::pair<std::string, std::string>> out{{"scenario.schema.json", scenario_schema_text()}};
  for (const auto& name : protocol_schema_names())
    out.emplace_back("protocol-" + name + ".schema.json", protocol_schema_text(name));
  return out;
}

}  // namespace carc
