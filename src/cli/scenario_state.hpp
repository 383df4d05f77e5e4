#pragma once
// Shared by `moves` and `perft`: the engine state of one scenario's position
// after its query.apply, from a scenario file.
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "engine/state.hpp"

namespace carc {

// Loads FILE, picks the scenario (by id when the file holds several), builds its
// state under the ruleset (preset or alias, with the scenario's rules: on top)
// and applies query.apply. On any problem prints it on err, prefixed with
// "carc-oracle COMMAND: " where not located, and returns nothing.
std::optional<State> scenario_state(const std::string& file, const std::string& id, const std::string& ruleset,
                                    std::string_view command, std::ostream& err);

}  // namespace carc
