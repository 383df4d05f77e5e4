#pragma once
// Internal to src/protocol: strict reading of nlohmann JSON values. Each
// accessor throws DecodeError naming the JSON path on a wrong type or an
// unknown key; the codec's public functions catch it and return the message.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace carc::proto::detail {

using Json = nlohmann::ordered_json;

struct DecodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] inline void bad(const std::string& path, const std::string& what) {
  throw DecodeError(path + ": " + what);
}

// Whether brackets nest deeper than max_depth (strings are skipped).
bool too_deep(std::string_view text, int max_depth);
// Parses one line; DecodeError on bad JSON, too deep nesting or a non-object.
Json parse_object(std::string_view line);
// The dump of a value for messages and seq echoing (invalid UTF-8 replaced).
std::string dump(const Json& j);

void only_keys(const Json& obj, std::initializer_list<std::string_view> known, const std::string& path);
const Json& member(const Json& obj, std::string_view key, const std::string& path);  // required
std::string str(const Json& j, const std::string& path);
int integer(const Json& j, const std::string& path, int min, int max);
// Any JSON integer that fits 64 bits, unchecked, for check_position_bounds to judge.
std::int64_t wide_integer(const Json& j, const std::string& path);
bool boolean(const Json& j, const std::string& path);
std::vector<std::string> str_list(const Json& j, const std::string& path);
std::map<std::string, int> int_map(const Json& j, const std::string& path);
std::map<std::string, std::map<std::string, int>> nested_int_map(const Json& j, const std::string& path);

}  // namespace carc::proto::detail
