#pragma once
// Our engine behind the protocol's values: tile definitions -> a TileCatalog,
// switches -> a RuleSet, a wire position -> a State. `carc-oracle serve` answers
// the query on that State with answer_query (src/answer), the code the in-process
// EngineSubject answers with too.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "engine/catalog.hpp"
#include "engine/result.hpp"
#include "engine/rules.hpp"
#include "engine/state.hpp"
#include "protocol/messages.hpp"

namespace carc::proto {

// Tile definitions built once per distinct content (id, edges and specs), so a
// long run builds each tile type once. Bounded: cleared when it grows past max.
class TileCache {
 public:
  explicit TileCache(std::size_t max_entries = 4096) : max_(max_entries) {}
  // The tile of a definition; an error when the specs are malformed or contradict `edges`.
  Result<TileDef> tile(const TileDefinition& d);

 private:
  std::size_t max_;
  std::map<std::string, TileDef, std::less<>> tiles_;
};

// A catalog of exactly the definitions given (by id; aliases are not registered).
Result<std::unique_ptr<TileCatalog>> catalog_of(const std::vector<TileDefinition>& defs, TileCache& cache);
// Every switch set from the message (a switch or value of a later version than asked too: serve
// plays what it is told); a switch not sent keeps the default of the version asked
// (default_in_version).
Result<RuleSet> ruleset_of(const Ruleset& r, int version = kProtocolVersion);
// The state of a position; the catalog must hold its definitions and outlive the state.
Result<State> state_of(const Position& p, const TileCatalog& catalog, const RuleSet& rules);

// What our engine declares in the handshake.
Capabilities engine_protocol_capabilities();
// The definition of one of our tiles, as the runner sends it.
TileDefinition definition_of(const TileDef& t);

}  // namespace carc::proto
