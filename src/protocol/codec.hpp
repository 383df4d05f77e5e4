#pragma once
// The JSON-lines codec of the adapter protocol (oracle/PROTOCOL.md). Encoders
// give one line without its newline. Decoders are strict (unknown keys, wrong
// types and bad vocabulary are errors naming the JSON path) and never throw:
// malformed input is a returned error, whatever the bytes.
#include <cstddef>
#include <string>
#include <string_view>

#include "engine/result.hpp"
#include "protocol/messages.hpp"

namespace carc::proto {

// Deeper nesting than this is refused before parsing (the parser recurses).
inline constexpr int kMaxJsonDepth = 32;
// Values of every kind (objects, arrays, their members and elements) in one
// message. The largest position within the limits (engine/limits.hpp) with its
// answer holds well under a quarter of this; a line beyond it is refused as
// the parser reaches the value one too many, before the rest is built
// (protocol/json_budget.hpp), so no line costs more than a bounded tree.
inline constexpr std::size_t kMaxJsonValues = std::size_t{1} << 18;

// --- the runner's side ---
std::string encode_start(int protocol_version = kProtocolVersion);
std::string encode_run(const RunRequest& r);
std::string encode_stop();
Result<Hello> decode_hello(std::string_view line);
// A reply to `run`. An error only when no seq can be read from the line; a line
// with a seq but an invalid body decodes as an Errored reply whose message
// starts with "protocol violation: ".
Result<RunReply> decode_reply(std::string_view line);

// --- the implementation's side ---
Result<Command> decode_command(std::string_view line);
std::string encode_hello(const Hello& h);
std::string encode_reply(const RunReply& r);
// The seq of a message that failed to decode, so its error can still be
// answered; an error when the line has none.
Result<std::string> peek_seq(std::string_view line);

// A short, printable excerpt of a line for messages (control bytes escaped).
std::string excerpt(std::string_view line, std::size_t max = 120);

}  // namespace carc::proto
