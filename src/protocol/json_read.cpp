#include "protocol/json_read.hpp"

#include <limits>

#include "protocol/codec.hpp"
#include "protocol/json_budget.hpp"

namespace carc::proto::detail {

bool too_deep(std::string_view text, int max_depth) {
  int depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == '"')
      in_string = true;
    else if (c == '[' || c == '{') {
      if (++depth > max_depth) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

Json parse_object(std::string_view line) {
  if (too_deep(line, kMaxJsonDepth))
    bad("line", "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
  auto parsed = budgeted_parse<Json>(line, JsonBudget{kMaxJsonDepth, kMaxJsonValues});
  if (!parsed.error.empty()) {
    if (parsed.over_budget) throw DecodeError(parsed.error);  // the message starts with its JSON path
    bad("line", parsed.error);
  }
  if (!parsed.value.is_object()) bad("line", "expected a JSON object, got " + std::string(parsed.value.type_name()));
  return std::move(parsed.value);
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

void only_keys(const Json& obj, std::initializer_list<std::string_view> known, const std::string& path) {
  if (!obj.is_object()) bad(path, "expected an object, got " + std::string(obj.type_name()));
  for (const auto& [key, value] : obj.items()) {
    bool ok = false;
    for (const auto k : known) ok = ok || k == key;
    if (ok) continue;
    std::string list;
    for (const auto k : known) list += (list.empty() ? "" : ", ") + std::string(k);
    bad(path, "unknown key '" + key + "' (known: " + list + ")");
  }
}

const Json& member(const Json& obj, std::string_view key, const std::string& path) {
  const auto it = obj.find(key);
  if (it == obj.end()) bad(path, "missing required key '" + std::string(key) + "'");
  return *it;
}

std::string str(const Json& j, const std::string& path) {
  if (!j.is_string()) bad(path, "expected a string, got " + std::string(j.type_name()));
  return j.get<std::string>();
}

int integer(const Json& j, const std::string& path, int min, int max) {
  const std::string bounds = std::to_string(min) + ".." + std::to_string(max);
  if (!j.is_number_integer()) bad(path, "expected an integer within " + bounds + ", got " + std::string(j.type_name()));
  if (j.is_number_unsigned()) {
    const auto v = j.get<std::uint64_t>();
    if (v > static_cast<std::uint64_t>(max)) bad(path, std::to_string(v) + " is outside " + bounds);
    return static_cast<int>(v);
  }
  const auto v = j.get<std::int64_t>();
  if (v < min || v > max) bad(path, std::to_string(v) + " is outside " + bounds);
  return static_cast<int>(v);
}

std::int64_t wide_integer(const Json& j, const std::string& path) {
  if (!j.is_number_integer()) bad(path, "expected an integer, got " + std::string(j.type_name()));
  if (j.is_number_unsigned() &&
      j.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
    bad(path, std::to_string(j.get<std::uint64_t>()) + " is beyond 64-bit signed integers");
  return j.get<std::int64_t>();
}

bool boolean(const Json& j, const std::string& path) {
  if (!j.is_boolean()) bad(path, "expected true or false, got " + std::string(j.type_name()));
  return j.get<bool>();
}

std::vector<std::string> str_list(const Json& j, const std::string& path) {
  if (!j.is_array()) bad(path, "expected a list of strings, got " + std::string(j.type_name()));
  std::vector<std::string> out;
  out.reserve(j.size());
  for (std::size_t i = 0; i < j.size(); ++i) out.push_back(str(j[i], path + "[" + std::to_string(i) + "]"));
  return out;
}

std::map<std::string, int> int_map(const Json& j, const std::string& path) {
  if (!j.is_object()) bad(path, "expected an object of integers, got " + std::string(j.type_name()));
  std::map<std::string, int> out;
  for (const auto& [key, value] : j.items())
    out[key] = integer(value, path + "." + key, std::numeric_limits<int>::min(), std::numeric_limits<int>::max());
  return out;
}

std::map<std::string, std::map<std::string, int>> nested_int_map(const Json& j, const std::string& path) {
  if (!j.is_object()) bad(path, "expected an object, got " + std::string(j.type_name()));
  std::map<std::string, std::map<std::string, int>> out;
  for (const auto& [key, value] : j.items()) out[key] = int_map(value, path + "." + key);
  return out;
}

}  // namespace carc::proto::detail
