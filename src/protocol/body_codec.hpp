#pragma once
// Internal to src/protocol: the bodies of the messages (position, ruleset,
// query, answer, capabilities) to and from JSON. Readers throw DecodeError.
#include "protocol/json_read.hpp"
#include "protocol/messages.hpp"

namespace carc::proto::detail {

Json to_json(const Position& p);
// As above; without `definitions` their key holds an empty array (encode_run splices their
// text in, cached per definition).
Json to_json(const Position& p, bool definitions);
// A definition's JSON (one element of a position's `definitions`).
Json to_json(const TileDefinition& d);
Json to_json(const Ruleset& r);
Json to_json(const Query& q);
Json to_json(const Answer& a);
Json to_json(const Capabilities& c);

Position read_position(const Json& j, const std::string& path);
Ruleset read_ruleset(const Json& j, const std::string& path);
Query read_query(const Json& j, const std::string& path);
Answer read_answer(const Json& j, const std::string& path);
Capabilities read_capabilities(const Json& j, const std::string& path);

}  // namespace carc::proto::detail
