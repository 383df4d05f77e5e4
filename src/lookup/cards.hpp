#pragma once
// What `lookup` and `explain` show, as values: a ruling with its sources and
// the switches on which publishers and editions differ, and a scenario run
// through our engine with its question, answer and boards. cards_text.cpp
// writes them for people, cards_json.cpp for tools.
#include <optional>
#include <string>
#include <vector>

#include "data/ledger.hpp"
#include "lookup/search.hpp"
#include "report/answer.hpp"
#include "runner/board_views.hpp"
#include "runner/subject.hpp"

namespace carc {

// A citation as shown: the source (its title, tier and address), where in it, when,
// and the passages quoted from it (original language, English translation).
struct SourceLine {
  std::string ref, locator, date, date_kind, supports, note;
  const LedgerSource* source = nullptr;        // null when the ref names no source
  std::vector<const LedgerPassage*> passages;  // the cited passages that exist
};
std::vector<SourceLine> source_lines(const std::vector<LedgerSourceRef>& refs);

// One value of a switch: who takes it (the ledger's words) and the presets that do.
struct VariantValue {
  std::string value, who;
  std::vector<std::string> presets;  // built-in presets with this value (engine switches only)
  bool is_default = false;
};

struct VariantCard {
  const LedgerSwitch* ledger = nullptr;
  bool engine_switch = false;  // the engine models it (else scenarios only assert it)
  std::string ruleset;         // the ruleset asked about
  std::string effective;       // its value under that ruleset ("" when not an engine switch)
  std::vector<VariantValue> values;
  std::vector<SourceLine> sources;
};
VariantCard variant_card(const LedgerSwitch& s, const std::string& ruleset);

// A scenario run under one ruleset, or the reason it was not.
struct ScenarioCard {
  const Scenario* scenario = nullptr;
  std::string ruleset;  // empty when not run
  std::string not_run;  // why not (the ruleset asked for does not apply)
  RunResult result;
  std::vector<AnswerSection> sections;
  ScenarioViews views;
};
// The ruleset to explain a scenario under: the one asked for, else hig-c3 when it applies, else its first.
std::string ruleset_for(const Scenario& s, const std::string& requested);
ScenarioCard scenario_card(const Scenario& s, const std::string& requested, Subject& subject);

struct RulingCard {
  const LedgerRuling* ruling = nullptr;
  std::vector<SourceLine> sources;
  std::vector<VariantCard> variants;
  std::vector<ScenarioCard> scenarios;  // every scenario citing the ruling, the one asked about first
};
RulingCard ruling_card(const LedgerRuling& r, const SearchIndex& index, const std::string& ruleset, Subject& subject,
                       const std::string& first_scenario = "");

}  // namespace carc
