#pragma once
// Capabilities (scenarios/README.md "Metadata"): what a subject must model to
// answer a scenario. This file holds the only list of the capabilities our own
// engine models, derived from engine_supports() so it follows the engine.
#include <string>
#include <string_view>
#include <vector>

#include "engine/figures.hpp"

namespace carc {

struct Scenario;

// Every capability name a scenario may require, in the README's order.
const std::vector<std::string_view>& capability_names();
bool is_capability(std::string_view name);

// The capability a figure kind needs ("base" for the follower).
std::string_view figure_capability(FigureKind k);
// The capability a move verb needs when this engine's notation lacks it ("fly" -> "flier"); empty when none.
std::string_view verb_capability(std::string_view move_text);

// Capabilities this project's engine models: base plus each figure kind engine_supports().
const std::vector<std::string>& engine_capabilities();
bool engine_models(std::string_view capability);

// The protocol version from which a garden tile with no abbot in play needs only `base` (the garden
// is then part of the tile's art); up to version 6 a garden tile needs `abbot` whatever is in play.
// The functions below apply a peer's capability rules: `protocol_version` is the version it answers
// (our own engine and the corpus's `requires` use the latest rules).
inline constexpr int kGardenAloneIsBaseVersion = 7;
inline constexpr int kLatestCapabilityRules = kGardenAloneIsBaseVersion;

// What a scenario's position, moves and expectations use: capability -> the first use, in words.
struct Use {
  std::string capability;
  std::string what;  // e.g. "garden tile Hg at 1,0", "red abbot 0,0:cloister", "move 'fly follower 2'"
};
// An abbot is in play (scenarios/README.md "Metadata") when the scenario names one anywhere: an abbot
// on the board or in a supply of the position, an abbot move (`deploy abbot`, `return abbot`) in
// query.apply or in an expectation (moves, includes, excludes, legal), or an abbot in an expected
// figures, returned or supply key (of the expectation or of a variant). The default supply holds no
// abbot, so a position that states none has none.
bool abbot_in_play(const Scenario& s);
std::vector<Use> inferred_uses(const Scenario& s, int protocol_version = kLatestCapabilityRules);
// requires as written, plus every capability inferred under the rules of protocol_version, sorted
// and unique.
std::vector<std::string> required_capabilities(const Scenario& s, int protocol_version = kLatestCapabilityRules);
// The required capabilities a subject with `has` lacks.
std::vector<std::string> missing_capabilities(const Scenario& s, const std::vector<std::string>& has,
                                              int protocol_version = kLatestCapabilityRules);

}  // namespace carc
