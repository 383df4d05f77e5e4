// The scenario lookup of `explain` and `request` (find_scenario.hpp).
#include "cli/find_scenario.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "cli/output.hpp"
#include "data/closest.hpp"
#include "data/oracle_data.hpp"
#include "lookup/cards_text.hpp"
#include "protocol/messages.hpp"

namespace carc {
namespace {

// The scenario with this id (any case); null when there is none.
const Scenario* find_scenario(const Corpus& corpus, const std::string& id) {
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios)
      if (s.id.size() == id.size() && edit_distance(s.id, id) == 0) return &s;
  return nullptr;
}

std::string closest_ids(const Corpus& corpus, const std::string& id) {
  std::vector<std::string> ids;
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios)
      if (!s.id.empty()) ids.push_back(echo(s.id));  // an id from a file may be long
  std::sort(ids.begin(), ids.end());
  return closest_names(id, ids);
}

std::string joined_paths(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

bool ruleset_option(const std::string& given, std::string_view command, std::string& name, std::ostream& err) {
  name.clear();
  if (given.empty()) return true;
  const Preset* p = find_preset(given);
  if (!p) {
    fmt::print(err, "carc-oracle {}: --ruleset: {}\n", command, ruleset_named(given).error());
    return false;
  }
  name = p->name;
  return true;
}

int protocol_version_option(int given, std::string_view command, std::ostream& err) {
  const int version = given == 0 ? proto::kProtocolVersion : given;
  if (proto::speaks_protocol(version)) return version;
  fmt::print(err, "carc-oracle {}: --protocol-version: {} is not a version this runner speaks (1 to {})\n", command,
             given, proto::kProtocolVersion);
  return 0;
}

const Scenario* scenario_by_id(const Corpus& corpus, const std::vector<std::string>& paths, const std::string& id,
                               std::string_view command, std::ostream& err) {
  const Scenario* s = find_scenario(corpus, id);
  if (!s) {
    // The scenario may be in a file that could not be read or parsed: say so first.
    for (const auto& f : corpus.files)
      for (const auto& d : f.problems) fmt::print(err, "{}\n", printable(d.to_string()));
    fmt::print(err, "{}: error: no scenario has the id '{}'", joined_paths(paths), printable(echo(id)));
    const std::string close = closest_ids(corpus, id);
    fmt::print(err, "{}\n", (close.empty() ? "" : " (closest: " + printable(close) + ")"));  // ids come from files
    return nullptr;
  }
  if (!s->valid()) {
    for (const auto& d : s->problems) fmt::print(err, "{}\n", printable(d.to_string()));
    fmt::print(err, "carc-oracle {}: {} is invalid; `carc-oracle check {}` lists its problems\n", command,
               printable(s->id), printable(s->file));
    return nullptr;
  }
  return s;
}

}  // namespace carc
