#pragma once
// The rulings ledger (oracle/rulings.yaml, embedded): the part the scenario
// loader, the runner's filters, the reports and `coverage` need. The ledger's
// own format is documented at the top of oracle/rulings.yaml.
#include <string>
#include <string_view>
#include <vector>

#include "data/diagnostic.hpp"

namespace carc {

// A citation: a key of the ledger's `sources:` with where in it and when.
struct LedgerSourceRef {
  std::string ref, locator, date;  // date: YYYY, YYYY-MM or YYYY-MM-DD, may be empty
};

// An entry of the ledger's `sources:`.
struct LedgerSource {
  std::string key, title, where;
};

struct LedgerRuling {
  std::string id, area, title, status;
  bool disputed = false;
  bool encodable = true;
  std::string not_encodable;  // the ledger's reason when encodable is not true
  // The full text, for `lookup` and `explain`.
  std::string statement, notes;
  // What the scenarios citing the ruling actually check, in one line (`checks:`); empty when not written.
  std::string checks;
  std::vector<std::string> expansions, editions, publishers, switches;
  std::vector<LedgerSourceRef> sources;
};

// One `presets:` entry of a switch: a value and who takes it, in words.
struct LedgerWho {
  std::string value, who;
};

// A variant switch of the ledger (V-BG-1, ...): scenarios may cite it in `rulings:`.
struct LedgerSwitch {
  std::string id, key;
  std::vector<std::string> rulings;  // the rulings it feeds
  std::string title, statement, default_value;
  bool disputed = false;
  std::vector<std::string> values;
  std::vector<LedgerWho> presets;
  std::vector<LedgerSourceRef> sources;
};

// A whole ledger file.
struct Ledger {
  int version = 0;
  std::vector<LedgerRuling> rulings;
  std::vector<LedgerSwitch> switches;
  std::vector<LedgerSource> sources;
};

// Reads a ledger's text strictly: a key the format does not define (`statment:`),
// a wrong type or a missing `rulings:` is a located diagnostic in `diags`.
Ledger parse_ledger(const std::string& text, const std::string& path, Diagnostics& diags);

// The built-in ledger in file order; broken embedded data is an internal error (exit 70).
const std::vector<LedgerRuling>& builtin_ledger();
// The ledger's `version:` (the format's version, bumped when its meaning changes).
int builtin_ledger_version();
const LedgerRuling* find_ruling(std::string_view id);
const std::vector<LedgerSwitch>& builtin_ledger_switches();
const LedgerSwitch* find_ledger_switch(std::string_view id);
const std::vector<LedgerSource>& builtin_ledger_sources();
const LedgerSource* find_ledger_source(std::string_view key);
// The ruling a scenario's `rulings:` entry stands for: itself, or a switch's first ruling.
const LedgerRuling* ruling_for(std::string_view ledger_id);

// The status tiers, most authoritative first.
const std::vector<std::string_view>& status_tiers();

}  // namespace carc
