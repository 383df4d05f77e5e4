#pragma once
// Running a corpus against a subject: selection (--id, --tag, --ruling,
// --ruleset, --shard), expansion into scenario x ruleset, one request per
// pair, and one RunResult each (src/runner/README.md).
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.hpp"
#include "runner/outcome.hpp"
#include "runner/subject.hpp"
#include "scenario/corpus.hpp"

namespace carc {

struct Selection {
  std::vector<std::string> ids;       // globs over scenario ids (any matches)
  std::vector<std::string> tags;      // any of these tags
  std::vector<std::string> rulings;   // ruling ids or globs, e.g. FM-* (any ruling of the scenario matches)
  std::vector<std::string> rulesets;  // preset names or aliases; empty = each scenario's applies_to
  int shard = 0;                      // 1-based K of --shard K/N; 0 = no sharding
  int shards = 0;
};

// Parses "K/N" with 1 <= K <= N.
Result<std::pair<int, int>> parse_shard(std::string_view text);
// Resolves ruleset aliases to preset names; fails on an unknown name.
Result<Selection> resolve(Selection s);
// `*` matches any run of characters, `?` one character.
bool glob_match(std::string_view pattern, std::string_view text);
// Whether a scenario (or, with s == nullptr, an unreadable file named key) is selected.
bool selected(const Selection& sel, const Scenario* s, const std::string& key);

// Runs the selected scenarios. Invalid scenarios give one `invalid` result
// each (never sent); unreadable files one `invalid` result named by path.
RunReport run_corpus(const Corpus& corpus, const Selection& sel, Subject& subject);

// Runs one scenario under one preset (with the scenario's rules: on top).
RunResult run_one(const Scenario& s, const std::string& preset, Subject& subject);

}  // namespace carc
