#pragma once
// `carc-oracle explain ID`: one scenario in full - metadata, the position
// drawn, the question, the effective ruleset, the board after the moves,
// expected against actual as a diff, and the rulings behind it with sources.
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "lookup/cards_text.hpp"

namespace carc {

struct ExplainCard {
  ScenarioCard card;                                    // under the ruleset asked for (or the default)
  std::vector<std::pair<std::string, Outcome>> others;  // the verdict under every ruleset it applies to
};
ExplainCard explain_card(const Scenario& s, const std::string& requested, Subject& subject);

void write_explain(std::ostream& out, const ExplainCard& e, const TextOptions& o);

// The board picture explain --svg writes: after the moves (the position itself when there are none).
std::string explain_svg(const ExplainCard& e);

}  // namespace carc
