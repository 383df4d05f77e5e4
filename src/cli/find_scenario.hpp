#pragma once
// Shared by the commands that take one scenario id (`explain`, `request`): the
// scenario with that id in a loaded corpus, or a located error on err.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "scenario/corpus.hpp"

namespace carc {

// The valid scenario with this id (any case). When there is none, prints why on err
// — the corpus's unreadable files first (the scenario may be in one), then "no
// scenario has the id" with the three closest ids, or, for an invalid scenario, its
// problems and "carc-oracle COMMAND: ID is invalid" — and returns null.
// The preset named by a command's --ruleset (a name or an alias), into `name`; empty
// given: empty name. False with "carc-oracle COMMAND: --ruleset: ..." on err when unknown.
bool ruleset_option(const std::string& given, std::string_view command, std::string& name, std::ostream& err);
// The protocol version a command's --protocol-version names (0 given: the newest), or 0
// with "carc-oracle COMMAND: --protocol-version: ..." on err when this runner does not speak it.
int protocol_version_option(int given, std::string_view command, std::ostream& err);

const Scenario* scenario_by_id(const Corpus& corpus, const std::vector<std::string>& paths, const std::string& id,
                               std::string_view command, std::ostream& err);

}  // namespace carc
