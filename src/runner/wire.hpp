#pragma once
// From the runner's requests to the protocol's messages (oracle/PROTOCOL.md):
// a scenario's position made self-contained (the definitions of every tile it
// names travel with it), the effective ruleset (from version 5 its switches that can matter
// to the scenario), and the query
// with moves in canonical notation.
#include <string>
#include <vector>

#include "protocol/messages.hpp"
#include "runner/subject.hpp"

namespace carc {

// The `run` message of a request; seq is its JSON text. protocol_version is the
// version the implementation answered the handshake with: the switches a later
// version introduced are left out of the ruleset (proto::switch_introduced_in).
proto::RunRequest wire_request(const Request& r, std::string seq, int protocol_version = proto::kProtocolVersion);
proto::Position wire_position(const Scenario& s, const std::vector<std::string>& extra_moves);
// From version 5 only the switches that can matter to a scenario needing these capabilities
// (switch_matters; null: every switch) are sent, and only they make a request unsupported.
proto::Ruleset wire_ruleset(const RuleSet& rules, int protocol_version = proto::kProtocolVersion,
                            const std::vector<std::string>* capabilities = nullptr);
// Whether a request to an implementation speaking protocol_version carries the switch.
bool switch_sent(std::string_view key, int protocol_version, const std::vector<std::string>* capabilities);
// A move as sent: the canonical text (tile ids, not aliases) when this
// engine's notation parses it, else as written.
std::string wire_move(const std::string& text);

// The query kinds a request needs (PROTOCOL.md "Capabilities"): `moves` when
// the expectations look at the legal moves, `apply`, `final-scoring`, `legal`.
std::vector<std::string> query_kinds(const Scenario& s, const Expect& e, const std::vector<std::string>& probes);

}  // namespace carc
