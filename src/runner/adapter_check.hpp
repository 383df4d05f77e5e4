#pragma once
// The corpus side of `carc-oracle adapter-check` (src/cli/adapter_check.cpp):
// which real scenarios check what a handshake declares, and what each item it
// does not declare would unlock. Everything is derived from the corpus, the
// capability list, the switch specs and the protocol's tables, so a new
// capability, switch or protocol version flows in without edits here.
#include <string>
#include <vector>

#include "protocol/messages.hpp"
#include "runner/subject.hpp"
#include "scenario/corpus.hpp"

namespace carc {

// What a scenario under a preset needs beyond a handshake, one item each, as run
// decides `unsupported`: the missing capabilities ("flier"), then the switch values
// and query kinds it lacks ("switch farmers=off", "query apply"). Empty: run sends it.
std::vector<std::string> missing_items(const Scenario& s, const Request& request, const proto::Hello& hello);

// The items a handshake declares that checks are chosen for: each capability
// (expansions and figure kinds; the follower is `base`) and each non-default
// value of a switch it declares (introduced at or before its protocol version).
std::vector<std::string> declared_items(const proto::Hello& hello);
// Every item it could declare and does not: capabilities, non-default switch
// values of its protocol version (a capability of a later version too, since
// declaring it only needs a newer version), query kinds.
std::vector<std::string> undeclared_items(const proto::Hello& hello);

// One check: a scenario under a preset, sent as `run --impl` would send it.
struct CheckCase {
  std::string item;  // the declared item it checks
  const Scenario* scenario = nullptr;
  std::string ruleset;
  int others = 0;  // other items it uses (the selection's cost)
};

// The rule (oracle/adapters/README.md "adapter-check"): for each declared item,
// the valid scenario x ruleset cases that use it and that the implementation can
// take (nothing missing), fewest other items first (capabilities besides `base`
// and the item, non-default switch values besides the item), then by scenario
// id, then preset order; at most `per_item`, each from a different scenario.
// An item the corpus never uses gets no check.
std::vector<CheckCase> canonical_cases(const Corpus& corpus, const proto::Hello& hello, int per_item = 3);

// What each undeclared item would unlock: among the scenario x ruleset cases
// of the corpus's valid scenarios, those `run` reports `unsupported` for this
// handshake, counted by their missing items.
struct UnlockRow {
  std::string item;
  int alone = 0;        // cases missing only this item: declaring it makes them run
  int with_others = 0;  // cases missing it among others
};
struct UnlockTable {
  std::vector<UnlockRow> rows;  // every undeclared item; most unlocked alone first, then by name
  int cases = 0;                // scenario x ruleset cases of valid scenarios
  int unsupported = 0;          // of which run reports unsupported
  int several = 0;              // of which missing more than one item
};
UnlockTable unlock_table(const Corpus& corpus, const proto::Hello& hello);

}  // namespace carc
