#pragma once
// Cards as JSON for tools (the shapes are listed in src/lookup/README.md).
#include <nlohmann/json.hpp>

#include "lookup/cards.hpp"

namespace carc {

nlohmann::ordered_json sources_json(const std::vector<SourceLine>& sources);
nlohmann::ordered_json variant_json(const VariantCard& card);
nlohmann::ordered_json scenario_json(const ScenarioCard& card);
nlohmann::ordered_json ruling_json(const RulingCard& card);
nlohmann::ordered_json sections_json(const std::vector<AnswerSection>& sections);

}  // namespace carc
