#pragma once
// Our engine behind the protocol's values: tile definitions -> a TileCatalog,
// switches -> a RuleSet, a wire position -> a State, a query on a State -> an
// Answer. `carc-oracle serve` uses all of it; the in-process EngineSubject uses
// answer_query, so both subjects answer through the same code.
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
// Every switch set from the message; a switch not sent keeps its default.
Result<RuleSet> ruleset_of(const Ruleset& r);
// The state of a position; the catalog must hold its definitions and outlive the state.
Result<State> state_of(const Position& p, const TileCatalog& catalog, const RuleSet& rules);

// Our engine's answer: the query's moves through State::apply, stopping at the
// first refused one (answer.rejected), final scoring when asked, then the state
// described and each probe's legality. An error when a move cannot be parsed.
Result<Answer> answer_query(State s, const Query& q);

// What our engine declares in the handshake.
Capabilities engine_protocol_capabilities();
// The definition of one of our tiles, as the runner sends it.
TileDefinition definition_of(const TileDef& t);

}  // namespace carc::proto
