#pragma once
// The rulings ledger (oracle/rulings.yaml, embedded): the part the scenario
// loader, the runner's filters, the reports and `coverage` need. The ledger's
// own format is documented at the top of oracle/rulings.yaml.
#include <string>
#include <string_view>
#include <vector>

namespace carc {

struct LedgerRuling {
  std::string id, area, title, status;
  bool disputed = false;
  bool encodable = true;
  std::string not_encodable;  // the ledger's reason when encodable is not true
};

// A variant switch of the ledger (V-BG-1, ...): scenarios may cite it in `rulings:`.
struct LedgerSwitch {
  std::string id, key;
  std::vector<std::string> rulings;  // the rulings it feeds
};

// The built-in ledger in file order; broken embedded data is an internal error (exit 70).
const std::vector<LedgerRuling>& builtin_ledger();
const LedgerRuling* find_ruling(std::string_view id);
const std::vector<LedgerSwitch>& builtin_ledger_switches();
const LedgerSwitch* find_ledger_switch(std::string_view id);
// The ruling a scenario's `rulings:` entry stands for: itself, or a switch's first ruling.
const LedgerRuling* ruling_for(std::string_view ledger_id);

// The status tiers, most authoritative first.
const std::vector<std::string_view>& status_tiers();

}  // namespace carc
