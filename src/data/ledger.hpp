#pragma once
// The rulings ledger (oracle/rulings.yaml, embedded): the part the scenario
// loader, the runner's filters, the reports and `coverage` need. The ledger's
// own format is documented at the top of oracle/rulings.yaml.
#include <string>
#include <string_view>
#include <vector>

#include "data/diagnostic.hpp"

namespace carc {

// A citation: a key of the ledger's `sources:`, where in it, the passages of it
// that support the ruling, and when.
struct LedgerSourceRef {
  std::string ref, locator;
  std::vector<std::string> passages;  // keys of the source's `passages:`
  std::string date;                   // YYYY, YYYY-MM or YYYY-MM-DD
  // What the date is: "" (the date the cited passage carries), or the source's kind of date
  // (revision, post, publication, commit, inferred), or "accessed" (the source shows none).
  std::string date_kind;
  std::string supports = "yes";  // yes, partial, unverified (no quoted text of it was reached)
  std::string note;              // what a partial citation leaves out
};

// A quoted passage of a source, in its own language with an English translation.
struct LedgerPassage {
  std::string key, where, tier, date, lang;
  std::string checked;  // seed, stored-copy, located (not read), not-retrieved
  std::string original, english, note;
  bool quoted() const { return !original.empty(); }
};

// An entry of the ledger's `sources:`: what it is, its public address, its tier and
// the passages the ledger quotes from it.
struct LedgerSource {
  std::string key, title, kind, tier, url, revision, date, date_kind, date_note, notes;
  std::string translates;  // kind translation: the address of the original it translates
  std::vector<std::string> also, tried;
  std::vector<LedgerPassage> passages;
  const LedgerPassage* passage(std::string_view name) const;
  // The address to follow: the exact revision where one is known, else the page.
  const std::string& link() const { return revision.empty() ? url : revision; }
};

struct LedgerRuling {
  std::string id, area, title, status;
  std::vector<std::string> derives_from;  // for a DERIVED ruling: the rulings it follows from
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

// The status tiers, most authoritative first: RULE, OFFICIAL, EXAMPLE, EDITORIAL,
// DERIVED, IMPL, COMMUNITY, UNVERIFIED.
const std::vector<std::string_view>& status_tiers();
// The tiers a source or passage may carry, most authoritative first (the status tiers
// without DERIVED and UNVERIFIED, which are statuses of rulings only).
const std::vector<std::string_view>& source_tiers();

// What is wrong with a ledger's sources and citations, one line each: a source
// without a public address (http:// or https://), without a date, or with an unknown tier or
// kind, a source whose tier outranks what its kind allows (a review, a shop page or a fan
// site is COMMUNITY; a translation keeps its original's tier only when it names the original
// in `translates`), a passage that outranks its source or quotes nothing without saying why, a
// citation without passages or without a date, a ruling whose status ranks above the
// best passage it cites or above what its sources' kinds allow (DERIVED names the rulings it derives from instead;
// UNVERIFIED needs nothing). Empty when all hold.
std::vector<std::string> ledger_source_problems(const Ledger& ledger);
// The built-in ledger, whole.
const Ledger& builtin_ledger_file();

}  // namespace carc
