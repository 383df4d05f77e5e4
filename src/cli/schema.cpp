// `carc-oracle schema`: prints oracle/schemas/scenario.schema.json (JSON Schema
// draft 2020-12) for editors. The structure follows scenarios/README.md; the
// vocabularies (colours, figure kinds, capabilities, rulesets, rule switches,
// reason codes) come from the engine and the oracle data, so the committed file
// is regenerated, never edited (tests/scenario_schema_test.cpp keeps it current).
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <filesystem>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"
#include "cli/schema_build.hpp"
#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "engine/expansions/bridges.hpp"
#include "engine/expansions/builder_pig.hpp"
#include "engine/expansions/castles.hpp"
#include "engine/expansions/tower.hpp"
#include "engine/limits.hpp"
#include "engine/state.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/scenario.hpp"

namespace carc {
namespace {

using namespace schema_build;

std::vector<std::string> reasons() {
  std::vector<std::string> out;
  const auto& names = all_reason_names();
  for (std::size_t i = 1; i < names.size(); ++i) out.emplace_back(names[i]);
  return out;
}

// A switch's values as YAML may type them: "4" also as 4, "true" also as true.
Json switch_values(const SwitchSpec& spec) {
  Json values = Json::array();
  for (const auto v : spec.values) {
    values.push_back(std::string(v));
    if (v == "true" || v == "false")
      values.push_back(v == "true");
    else if (v.find_first_not_of("0123456789") == std::string_view::npos)
      values.push_back(std::stoi(std::string(v)));
  }
  return Json{{"enum", values}};
}

Json vocabularies() {
  Json d;
  std::vector<std::string> presets;
  for (const auto& p : builtin_presets()) {
    presets.push_back(p.name);
    for (const auto& a : p.aliases) presets.push_back(a);
  }
  std::vector<std::string> caps(capability_names().begin(), capability_names().end());
  Json switches;
  for (const auto& s : switch_specs()) switches[std::string(s.key)] = switch_values(s);
  d["colour"] = enum_of(colours());
  d["figureKind"] = enum_of(figure_kinds());
  d["capability"] = enum_of(caps);
  d["ruleset"] = enum_of(presets);
  d["phase"] = enum_of(std::vector<std::string>(all_phase_names().begin(), all_phase_names().end()));
  d["reason"] = enum_of(reasons());
  {
    std::vector<std::string> tiers;
    for (const auto t : status_tiers()) tiers.emplace_back(t);
    d["status"] = enum_of(tiers);
  }
  d["switches"] = Json{{"type", "object"}, {"additionalProperties", false}, {"properties", switches}};
  Json when = switches;
  when["ruleset"] = one_or_list(ref("ruleset"));
  d["when"] = Json{{"type", "object"}, {"minProperties", 1}, {"additionalProperties", false}, {"properties", when}};
  return d;
}

// Patterns of the notation (src/engine/README.md).
void notation(Json& d) {
  const std::string pos = "-?[0-9]+,-?[0-9]+";
  const std::string halves = "(NL|NR|EL|ER|SL|SR|WL|WR)";
  const std::string feature =
      "((city|road)\\{[NESW](,[NESW])*\\}|field\\{(" + halves + "(," + halves +
      ")*)?\\}|cloister|garden|flier|crop-circle|portal|tower|volcano|dragon|festival|circus|acrobat)";
  const std::string loc = pos + ":" + feature;
  const std::string kind = alternatives(figure_kinds());
  const std::string colour = alternatives(colours());
  const std::string rot = "r(0|90|180|270)";
  const std::string bounds =
      fmt::format("x and y within {}..{} (scenarios/README.md \"Limits\")", -kMaxCoord, kMaxCoord);
  d["position"] = str("^" + pos + "$");
  d["position"]["description"] = "A square x,y of the position: " + bounds + ".";
  d["tileEntry"] = str("^\\S+ " + pos + " " + rot + "$");
  d["tileEntry"]["description"] = "TILE x,y ROTATION: " + bounds + ".";
  d["figureEntry"] = str("^" + colour + " " + kind + " " + loc + "$");
  d["move"] = str("^(place \\S+ " + pos + " " + rot + "( bridge " + pos + ":road\\{(N,S|E,W)\\})?|deploy " + kind +
                  " " + loc + "( portal)?|fly " + kind + " [1-3]|land " + loc + "|return abbot " + loc + "|princess " +
                  kind + " " + colour + " " + loc + "|crop (add|remove)|(add|remove) " + kind + " " + loc + "|wagon " +
                  loc + "|floor " + pos + "|capture " + kind + " " + colour + " " + loc + "|exchange " + kind +
                  "|ransom " + kind + " " + colour + "|fairy " + kind + " " + loc + "|fairy " + pos + "|dragon " + pos +
                  "|festival " + kind + " " + loc + "|building (tower|house|shed)|castle " + loc + "|acrobats " + pos +
                  "|bridge " + pos + ":road\\{(N,S|E,W)\\}|pass)$");
  d["move"]["description"] = "A move in canonical notation (src/engine/README.md).";
  d["moves"] = list_of(ref("move"));
  d["towerEntry"] = str("^" + pos + " ([1-9]|[12][0-9]|30)( closed)?$");
  d["towerEntry"]["description"] =
      "x,y HEIGHT [closed]: a foundation with 1 to 30 floors (scenarios/README.md, the Tower).";
  d["prisonerEntry"] = str("^" + colour + " " + kind + "$");
  d["prisonerEntry"]["description"] = "OWNER KIND: a figure held as a prisoner (TO-05).";
  d["fairyEntry"] = str("^(beside|" + pos + "|" + colour + " " + kind + " " + loc + ")$");
  d["fairyEntry"]["description"] =
      "Where the fairy is: beside the board, on a tile (x,y), or next to that figure (scenarios/README.md, the dragon "
      "and the fairy).";
}

// The tower's prisoners: holder -> the figures it holds.
Json prisoners_def() {
  return Json{
      {"type", "object"}, {"propertyNames", ref("colour")}, {"additionalProperties", list_of(ref("prisonerEntry"))}};
}

// A room's flag (engine/position_keys.hpp): its key and a boolean.
std::pair<std::string, Json> scenario_flag_def(const FlagKey& k) {
  return {std::string(k.key), Json{{"type", "boolean"}}};
}

// A room's per-seat count (engine/position_keys.hpp): its key, colour -> 0..max.
std::pair<std::string, Json> scenario_count_def(const SeatCountKey& k) {
  return {std::string(k.key), counts_of(ref("colour"), k.max)};
}

Json position_def() {
  Json supply{{"type", "object"},
              {"propertyNames", ref("colour")},
              {"additionalProperties", counts_of(ref("figureKind"), kMaxFiguresOfKind)}};
  return object(
      {{"players",
        {{"type", "array"},
         {"minItems", 1},
         {"maxItems", kMaxPlayers},
         {"uniqueItems", true},
         {"items", ref("colour")}}},
       {"active", ref("colour")},
       {"phase", enum_of(position_phases())},
       {"tiles", {{"type", "array"}, {"minItems", 1}, {"maxItems", kMaxTiles}, {"items", ref("tileEntry")}}},
       {"placed", ref("position")},
       {"in_hand", {{"type", "string"}, {"description", "A tile id or alias of the catalog (oracle/tiles/)."}}},
       {"pile", {{"type", "array"}, {"maxItems", kMaxTiles}, {"items", {{"type", "string"}}}}},
       {"last_tile", {{"type", "boolean"}}},
       {"rolls",
        {{"type", "array"}, {"maxItems", kMaxRolls}, {"items", {{"type", "integer"}, {"minimum", 1}, {"maximum", 3}}}}},
       scenario_flag_def(kSecondTileKey),
       {"figures", list_of(ref("figureEntry"))},
       {"supply", supply},
       {"scores", counts_of(ref("colour"), kMaxScore, -kMaxScore)},
       {"towers", list_of(ref("towerEntry"))},
       scenario_count_def(kFloorsKey),
       {"prisoners", prisoners_def()},
       scenario_flag_def(kRansomPaidKey),
       {"dragon", ref("position")},
       {"fairy", ref("fairyEntry")},
       {"set_aside", {{"type", "array"}, {"maxItems", kMaxTiles}, {"items", {{"type", "string"}}}}},
       {"dragon_path", {{"type", "array"}, {"minItems", 1}, {"maxItems", kDragonSteps}, {"items", ref("position")}}},
       {"building_supply",
        {{"type", "object"},
         {"propertyNames", ref("colour")},
         {"additionalProperties",
          {{"type", "object"},
           {"propertyNames", {{"enum", {"tower", "house", "shed"}}}},
           {"additionalProperties", {{"type", "integer"}, {"minimum", 0}, {"maximum", 6}}}}}}},
       {"buildings",
        {{"type", "array"}, {"items", {{"type", "string"}, {"pattern", "^(tower|house|shed) -?[0-9]+,-?[0-9]+$"}}}}},
       scenario_count_def(kCastleTokensKey),
       {"castles", {{"type", "array"}, {"items", {{"type", "string"}}}}},
       {"big_top", {{"type", "string"}, {"pattern", "^-?[0-9]+,-?[0-9]+ [0-9]+$"}}},
       {"animal_tokens", {{"type", "array"}, {"maxItems", 16}, {"items", {{"type", "integer"}}}}},
       scenario_count_def(kBridgeTokensKey),
       {"bridges", {{"type", "array"}, {"items", {{"type", "string"}}}}},
       scenario_flag_def(kBridgeBuiltKey)},
      {"players", "active", "phase", "tiles"});
}

Json expect_def() {
  Json legal{{"type", "object"},
             {"propertyNames", ref("move")},
             {"additionalProperties",
              {{"anyOf", Json::array({Json{{"const", "ok"}}, ref("reason"), Json{{"const", false}}})}}}};
  Json supply{{"type", "object"},
              {"propertyNames", ref("colour")},
              {"additionalProperties", counts_of(ref("figureKind"), kMaxFiguresOfKind)}};
  Json e = object(
      {{"moves", ref("moves")},
       {"includes", ref("moves")},
       {"excludes", ref("moves")},
       {"moves_of",
        {{"type", "object"},
         {"minProperties", 1},
         {"propertyNames", {{"enum", move_verbs()}}},
         {"additionalProperties", ref("moves")},
         {"description", "Part of the move list: verb -> exactly the legal moves with that verb ([] for none)"}}},
       {"count", {{"type", "integer"}, {"minimum", 0}, {"maximum", kIntMax}}},
       {"legal", legal},
       {"rejected",
        object({{"move", {{"type", "integer"}, {"minimum", 1}, {"maximum", kIntMax}}}, {"reason", ref("reason")}},
               {"move", "reason"})},
       {"scores", counts_of(ref("colour"), kIntMax, -kMaxScore)},
       {"returned", list_of(ref("figureEntry"))},
       {"figures", list_of(ref("figureEntry"))},
       {"supply", supply},
       {"phase", ref("phase")},
       {"active", ref("colour")},
       {"towers", list_of(ref("towerEntry"))},
       {"floors", counts_of(ref("colour"), kMaxTowerFloors)},
       {"prisoners", prisoners_def()},
       {"dragon", {{"anyOf", Json::array({ref("position"), Json{{"const", "none"}}})}}},
       {"fairy", ref("fairyEntry")},
       {"set_aside", {{"type", "array"}, {"items", {{"type", "string"}}}}},
       {"dragon_path", {{"type", "array"}, {"maxItems", kDragonSteps + 1}, {"items", ref("position")}}},
       {"scored",
        {{"type", "array"},
         {"items",
          {{"type", "string"},
           {"pattern",
            "^(final )?(city|road|field|cloister|garden|fairy|big-top|ringmaster|acrobats) [0-9]+( [a-z]+)+ at .+$"},
           {"description",
            "A score event (protocol 7): [final ]KIND POINTS COLOUR... at PART... [with FIGURE, ...] "
            "(oracle/PROTOCOL.md section 7)."}}}}}});
  e["minProperties"] = 1;
  return e;
}

Json scenario_schema() {
  Json s;
  s["$schema"] = kDraft;
  s["$id"] = schema_id("scenario.schema.json");
  s["title"] = "Carcassonne rules oracle: scenario (scenarios/README.md)";
  s["description"] =
      "Generated by `carc-oracle schema`; do not edit. The loader (src/scenario) checks more: tile ids, ledger ids, "
      "positions, seated colours, canonical placements.";
  const Json text{{"type", "string"}, {"minLength", 1}};
  // A checkpoint: expectations after the first `after` moves of query.apply, any key but `rejected`
  // (scenarios/README.md "Checkpoints"); a variant's names one and replaces or removes its keys.
  const Json remove{{"type", "array"}, {"minItems", 1}, {"uniqueItems", true}, {"items", enum_of(expect_keys())}};
  const Json after{{"type", "integer"}, {"minimum", 1}, {"maximum", kIntMax}};
  const Json checkpoint_expect{
      {"allOf", Json::array({ref("expect"), Json{{"not", {{"required", Json::array({"rejected"})}}}}})}};
  const Json checkpoint = object({{"after", after}, {"expect", checkpoint_expect}}, {"after", "expect"});
  Json variant_checkpoint = object({{"after", after}, {"expect", checkpoint_expect}, {"remove", remove}}, {"after"});
  variant_checkpoint["anyOf"] = Json::array({Json{{"required", {"expect"}}}, Json{{"required", {"remove"}}}});
  // A variant replaces keys of expect (`expect`), leaves some out (`remove`), does either at
  // checkpoints (`checkpoints`), asks moves of its own (`query`: apply only), or several.
  Json variant = object({{"when", ref("when")},
                         {"query", object({{"apply", ref("moves")}}, {"apply"})},
                         {"expect", ref("expect")},
                         {"remove", remove},
                         {"checkpoints", Json{{"type", "array"}, {"minItems", 1}, {"items", variant_checkpoint}}}},
                        {"when"});
  variant["anyOf"] = Json::array({Json{{"required", {"expect"}}}, Json{{"required", {"remove"}}},
                                  Json{{"required", {"checkpoints"}}}, Json{{"required", {"query"}}}});
  Json combination = ref("switches");
  Json also_with{{"type", "array"},
                 {"minItems", 1},
                 {"items", {{"allOf", Json::array({combination, Json{{"minProperties", 1}}})}}}};
  Json props{
      {"id", str("^([A-Z]{2,3}-[0-9]{2,3}(-[a-z0-9]+)*|EXP-[a-z0-9]+(-[a-z0-9]+)*)$")},
      {"title", text},
      {"rulings", one_or_list(str("^((BR|FM|PH|CC|XR|TO|PD|FE|LB|BC|BT)-[0-9]{2}|TO-T[0-9]|V-[A-Z0-9]+(-[0-9]+)?)$"))},
      {"status", ref("status")},
      {"disputed",
       {{"oneOf", Json::array({Json{{"type", "boolean"}},
                               Json{{"type", "object"},
                                    {"additionalProperties", false},
                                    {"required", Json::array({"value", "reason"})},
                                    {"properties", {{"value", {{"type", "boolean"}}}, {"reason", text}}}}})}}},
      {"source", text},
      {"tags", one_or_list(Json{{"type", "string"}})},
      {"requires", one_or_list(ref("capability"))},
      {"applies_to", one_or_list(ref("ruleset"))},
      {"rules", ref("switches")},
      {"also_with", also_with},
      {"notes", {{"type", "string"}}},
      {"position", ref("positionSpec")},
      {"query", object({{"apply", ref("moves")}, {"final_scoring", {{"type", "boolean"}}}})},
      {"expect", ref("expect")},
      {"checkpoints", Json{{"type", "array"}, {"minItems", 1}, {"items", checkpoint}}},
      {"variants", list_of(variant)}};
  s.update(object(props, {"id", "title", "source", "position", "expect"}));
  // A candidate (EXP- id, written by a tool) is UNVERIFIED and may cite no ruling; any other
  // scenario cites at least one.
  s["if"] = Json{{"properties", {{"id", str("^EXP-")}}}};
  s["then"] = Json{{"required", {"status"}}, {"properties", {{"status", {{"const", "UNVERIFIED"}}}}}};
  s["else"] = Json{{"required", {"rulings"}}};
  Json defs = vocabularies();
  notation(defs);
  defs["positionSpec"] = position_def();
  defs["expect"] = expect_def();
  s["$defs"] = defs;
  return s;
}

}  // namespace

std::string scenario_schema_text() { return scenario_schema().dump(2) + "\n"; }

void setup_schema(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<SchemaOptions>();
  CLI::App* cmd = app.add_subcommand(
      "schema",
      "Print a generated JSON Schema: of scenario files (oracle/schemas/scenario.schema.json) or, with --protocol, "
      "of a protocol message; --all writes every one");
  auto* out = cmd->add_option("--out", o->out_file, "Write to this file instead of stdout")->type_name("FILE");
  auto* protocol = cmd->add_option("--protocol", o->protocol,
                                   "The schema of this protocol message (oracle/schemas/protocol-NAME.schema.json): " +
                                       schema_build::joined(protocol_schema_names()))
                       ->type_name("NAME");
  cmd->add_option(
         "--all", o->all_dir,
         "Write every generated schema (scenario and protocol) into DIR under its file name in oracle/schemas/")
      ->type_name("DIR")
      ->excludes(out)
      ->excludes(protocol);
  cmd->callback([o, &action] { action = [o] { return run_schema(*o, std::cout, std::cerr); }; });
}

int run_schema(const SchemaOptions& o, std::ostream& out, std::ostream& err) {
  if (!o.all_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.all_dir, ec);
    if (ec) {
      fmt::print(err, "carc-oracle schema: cannot create {}: {}\n", o.all_dir, ec.message());
      return kExitOutput;
    }
    for (const auto& schema : generated_schemas()) {
      const auto& text = schema.second;  // a named reference, not a structured binding: clang 14 cannot capture those
      const std::string path = (std::filesystem::path(o.all_dir) / schema.first).string();
      if (!write_file_checked(path, false, "schema", err, [&](std::ostream& f) { f << text; })) return kExitOutput;
      fmt::print(out, "wrote {}\n", path);
    }
    return kExitOk;
  }
  std::string text = scenario_schema_text();
  if (!o.protocol.empty()) {
    text = protocol_schema_text(o.protocol);
    if (text.empty()) {
      fmt::print(err, "carc-oracle schema: unknown protocol schema '{}' (expected one of {})\n", o.protocol,
                 schema_build::joined(protocol_schema_names()));
      return kExitInvalidInput;
    }
  }
  if (o.out_file.empty()) {
    out << text;
    return kExitOk;
  }
  if (!write_file_checked(o.out_file, false, "schema", err, [&](std::ostream& f) { f << text; })) return kExitOutput;
  return kExitOk;
}

}  // namespace carc
