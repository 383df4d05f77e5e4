#pragma once
// Small builders shared by the schema generators (schema.cpp: the scenario schema;
// protocol_schema.cpp: the five protocol schemas) and the engine's vocabularies as
// string lists, so no generated schema types a colour, a figure kind or a phase again.
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/events.hpp"
#include "engine/figures.hpp"

namespace carc::schema_build {

using Json = nlohmann::ordered_json;

inline constexpr const char* kDraft = "https://json-schema.org/draft/2020-12/schema";
// The $id of a committed schema file, e.g. "scenario.schema.json".
inline std::string schema_id(const std::string& file) { return "https://carcassonne-oracle.invalid/schemas/" + file; }

inline Json ref(const std::string& def) { return Json{{"$ref", "#/$defs/" + def}}; }
inline Json str(const std::string& pattern) { return Json{{"type", "string"}, {"pattern", pattern}}; }
inline Json enum_of(const std::vector<std::string>& values) { return Json{{"enum", values}}; }
inline Json list_of(const Json& item) { return Json{{"type", "array"}, {"items", item}}; }
inline Json one_or_list(const Json& item) { return Json{{"anyOf", Json::array({item, list_of(item)})}}; }
// An object of key -> integer within min..max (the bounds of src/engine/limits.hpp).
inline Json counts_of(const Json& key, long long max, long long min = 0) {
  return Json{{"type", "object"},
              {"propertyNames", key},
              {"additionalProperties", {{"type", "integer"}, {"minimum", min}, {"maximum", max}}}};
}
inline constexpr long long kIntMax = std::numeric_limits<int>::max();
// A closed object: type, additionalProperties false, required (when any), properties.
inline Json object(Json properties, std::vector<std::string> required = {}) {
  Json o{{"type", "object"}, {"additionalProperties", false}};
  if (!required.empty()) o["required"] = std::move(required);
  o["properties"] = std::move(properties);
  return o;
}
// Json with one more key at the end (descriptions after the structure, as the committed files have them).
inline Json with(Json j, const std::string& key, Json value) {
  j[key] = std::move(value);
  return j;
}

// "(a|b|c)" for a pattern.
inline std::string alternatives(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : "|") + w;
  return "(" + out + ")";
}
// "a, b, c" (sep ", ") for a description.
inline std::string joined(const std::vector<std::string>& words, const std::string& sep = ", ") {
  std::string out;
  for (const auto& w : words) out += (out.empty() ? "" : sep) + w;
  return out;
}

inline std::vector<std::string> colours() {
  std::vector<std::string> out;
  for (int c = 0; c < kMaxPlayers; ++c) out.emplace_back(colour_name(static_cast<Colour>(c)));
  return out;
}

inline std::vector<std::string> figure_kinds() {
  std::vector<std::string> out;
  for (int k = 0; k < kFigureKinds; ++k) out.emplace_back(figure_name(static_cast<FigureKind>(k)));
  return out;
}

// The phases a position may be stated in, in the engine's order.
inline std::vector<std::string> position_phases() {
  std::vector<std::string> out;
  for (const auto name : all_phase_names()) {
    Phase p{};
    if (parse_phase(name, p) && is_position_phase(p)) out.emplace_back(name);
  }
  return out;
}

}  // namespace carc::schema_build
