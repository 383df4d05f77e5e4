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

// What a scenario's position, moves and expectations use: capability -> the first use, in words.
struct Use {
  std::string capability;
  std::string what;  // e.g. "garden tile Hg at 1,0", "red abbot 0,0:cloister", "move 'fly follower 2'"
};
std::vector<Use> inferred_uses(const Scenario& s);
// requires as written, plus every inferred capability, sorted and unique.
std::vector<std::string> required_capabilities(const Scenario& s);
// The required capabilities a subject with `has` lacks.
std::vector<std::string> missing_capabilities(const Scenario& s, const std::vector<std::string>& has);

}  // namespace carc
