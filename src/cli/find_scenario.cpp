// The scenario lookup of `explain` and `request` (find_scenario.hpp).
#include "cli/find_scenario.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cctype>
#include <utility>

#include "cli/output.hpp"
#include "data/oracle_data.hpp"
#include "lookup/cards_text.hpp"
#include "protocol/messages.hpp"

namespace carc {
namespace {

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      const bool same =
          std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// The scenario with this id (any case); null when there is none.
const Scenario* find_scenario(const Corpus& corpus, const std::string& id) {
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios)
      if (s.id.size() == id.size() && edit_distance(s.id, id) == 0) return &s;
  return nullptr;
}

std::string closest_ids(const Corpus& corpus, const std::string& id) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& f : corpus.files)
    for (const auto& s : f.scenarios)
      if (!s.id.empty()) scored.emplace_back(edit_distance(s.id, id), s.id);
  std::sort(scored.begin(), scored.end());
  std::string out;
  for (std::size_t i = 0; i < scored.size() && i < 3; ++i)
    out += (i ? ", " : "") + echo(scored[i].second);  // an id from a file may be long
  return out;
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
