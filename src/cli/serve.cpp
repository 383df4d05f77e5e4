// `carc-oracle serve`: our engine behind the adapter protocol (oracle/PROTOCOL.md)
// on stdin/stdout. Each position brings its tile definitions: the tiles are
// built from them (cached by content), never looked up in our catalog, and the
// rules from the switches sent, so the whole wire path is exercised.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cstdio>
#include <exception>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "answer/answer.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"
#include "protocol/codec.hpp"
#include "protocol/engine_adapter.hpp"
#include "protocol/line_reader.hpp"

#ifndef CARC_VERSION
#define CARC_VERSION "0.0.0"
#endif

namespace carc {
namespace {

constexpr std::size_t kMaxRequestLine = std::size_t{16} << 20;

proto::RunReply errored(std::string seq, std::string message) {
  proto::RunReply r;
  r.seq = std::move(seq);
  r.state = proto::ReplyState::Errored;
  r.message = std::move(message);
  return r;
}

// A runner speaking an older version reads only what that version defines: the
// Tower's capability, switches and answer keys are version 3, the dragon's and the
// fairy's version 4.
void fit_to_version(proto::Capabilities& c, int version) {
  std::erase_if(c.expansions, [&](const std::string& e) { return proto::expansion_introduced_in(e) > version; });
  // A figure kind that is a capability of its own (the ringmaster: version 9) likewise.
  std::erase_if(c.figures, [&](const std::string& f) { return proto::expansion_introduced_in(f) > version; });
  std::erase_if(c.switches, [&](const auto& kv) { return proto::switch_introduced_in(kv.first) > version; });
  for (auto& entry : c.switches) {  // a value of a later version (version 6's own-segment)
    const std::string& key = entry.first;
    std::erase_if(entry.second, [&](const std::string& v) { return !proto::value_in_version(key, v, version); });
  }
  if (version < proto::kEventsVersion) std::erase(c.queries, "events");  // query kind of version 7
}

void fit_to_version(proto::Answer& a, int version) {
  // A reason code a later version refined, in the terms of the version asked (not-last-knight: 5).
  for (auto& [probe, code] : a.legal) code = std::string(proto::reason_in_version(code, version));
  if (a.rejected) a.rejected->second = std::string(proto::reason_in_version(a.rejected->second, version));
  if (version < proto::kEventsVersion) a.scored.clear();  // score events (§7, version 7)
  if (version < 4) {                                      // the dragon's and the fairy's keys (§13.4)
    a.dragon.clear();
    a.fairy.clear();
    a.set_aside.clear();
    a.dragon_path.clear();
  }
  if (version < 3) {  // the Tower's (§12.4)
    a.towers.clear();
    a.floors.clear();
    a.prisoners.clear();
  }
}

proto::RunReply answer(const proto::RunRequest& run, proto::TileCache& cache, int version) {
  auto rules = proto::ruleset_of(run.ruleset, version);
  if (!rules) return errored(run.seq, rules.error());
  auto catalog = proto::catalog_of(run.position.definitions, cache);
  if (!catalog) return errored(run.seq, catalog.error());
  auto state = proto::state_of(run.position, **catalog, *rules);
  if (!state) return errored(run.seq, "cannot set up the position: " + state.error());
  auto a = answer_query(std::move(*state), run.query);
  if (!a) return errored(run.seq, a.error());
  proto::RunReply r;
  r.seq = run.seq;
  r.answer = std::move(*a);
  fit_to_version(r.answer, version);
  return r;
}

// The position's `definitions` array in a request line: [begin, end) of its text, from its
// `[` to its `]`, when the key occurs once in the line (a quote inside a JSON string is escaped,
// so the key's text cannot come from a string's contents).
std::optional<std::pair<std::size_t, std::size_t>> definitions_span(std::string_view line) {
  constexpr std::string_view kKey = "\"definitions\"";
  const std::size_t key = line.find(kKey);
  if (key == std::string_view::npos || line.find(kKey, key + 1) != std::string_view::npos) return std::nullopt;
  std::size_t i = key + kKey.size();
  const auto skip_space = [&] {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')) ++i;
  };
  skip_space();
  if (i >= line.size() || line[i] != ':') return std::nullopt;
  ++i;
  skip_space();
  if (i >= line.size() || line[i] != '[') return std::nullopt;
  const std::size_t begin = i;
  int depth = 0;
  bool in_string = false;
  for (; i < line.size(); ++i) {
    const char c = line[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if ((c == ']' || c == '}') && --depth == 0) {
      return std::pair{begin, i + 1};
    }
  }
  return std::nullopt;
}

// Request lines decoded with their tile definitions read once per distinct text: a runner
// sends the same definitions with every position of a game, and they are half a line. A line
// whose definitions' text was read before is decoded with an empty array in their place and
// given the definitions read then; anything that does not decode that way is decoded whole,
// so every error reads as before.
class CommandDecoder {
 public:
  Result<proto::Command> decode(const std::string& line) {
    const auto span = definitions_span(line);
    if (!span) return proto::decode_command(line);
    const std::string_view defs = std::string_view(line).substr(span->first, span->second - span->first);
    if (const auto known = known_.find(defs); known != known_.end()) {
      std::string cut;
      cut.reserve(line.size() - defs.size() + 2);
      cut.append(line, 0, span->first).append("[]").append(line, span->second);
      auto cmd = proto::decode_command(cut);
      if (cmd && cmd->kind == proto::Command::Kind::Run && cmd->run.position.definitions.empty()) {
        cmd->run.position.definitions = known->second;
        return cmd;
      }
    }
    auto cmd = proto::decode_command(line);
    if (cmd && cmd->kind == proto::Command::Kind::Run && defs.size() <= kMaxKnownBytes) {
      if (known_.size() >= 64 || known_bytes_ + defs.size() > kMaxKnownBytes) {
        known_.clear();
        known_bytes_ = 0;
      }
      known_.emplace(std::string(defs), cmd->run.position.definitions);
      known_bytes_ += defs.size();
    }
    return cmd;
  }

 private:
  // The texts kept, together: a real game's definitions are some KiB, and 64 distinct
  // sets of a MiB each must not stay in memory for the session.
  static constexpr std::size_t kMaxKnownBytes = std::size_t{4} << 20;
  std::map<std::string, std::vector<proto::TileDefinition>, std::less<>> known_;
  std::size_t known_bytes_ = 0;
};

proto::Hello hello() { return proto::Hello{"carc-oracle", CARC_VERSION, proto::engine_protocol_capabilities()}; }

// A line that is not a valid command: answered as errored when it has a seq, else reported on stderr.
void bad_line(const proto::Line& line, const std::string& why, std::ostream& out, std::ostream& err) {
  if (!line.overlong)
    if (auto seq = proto::peek_seq(line.text)) {
      fmt::print(out, "{}\n", proto::encode_reply(errored(*seq, "invalid request: " + why)));
      return;
    }
  fmt::print(err, "carc-oracle serve: ignored an invalid line: {}\n", why);
}

}  // namespace

void setup_serve(CLI::App& app, std::function<int()>& action) {
  CLI::App* cmd =
      app.add_subcommand("serve", "Serve our engine over the adapter protocol on stdin/stdout (oracle/PROTOCOL.md)");
  cmd->callback([&action] { action = [] { return run_serve(0, std::cout, std::cerr); }; });
}

int run_serve(int in_fd, std::ostream& out, std::ostream& err) {
  proto::LineReader reader(kMaxRequestLine);
  proto::TileCache cache;
  CommandDecoder decoder;
  proto::Line line;
  int version = proto::kProtocolVersion;  // until a start says otherwise
  while (proto::read_line(in_fd, reader, line)) {
    if (line.overlong) {
      bad_line(line, fmt::format("a line of {} bytes", line.size), out, err);
      continue;
    }
    if (line.text.find_first_not_of(" \t") == std::string::npos) continue;
    auto cmd = decoder.decode(line.text);
    if (!cmd) {
      bad_line(line, cmd.error(), out, err);
    } else if (cmd->kind == proto::Command::Kind::Stop) {
      break;
    } else if (cmd->kind == proto::Command::Kind::Start) {
      if (!proto::speaks_protocol(cmd->protocol_version)) {
        fmt::print(err, "carc-oracle serve: protocol version {} is not supported (this serves versions {} to {})\n",
                   cmd->protocol_version, proto::kOldestProtocolVersion, proto::kProtocolVersion);
        return kExitFailures;
      }
      // Answer in the runner's version: a version 1 runner sends only positions within the
      // limits, and a runner before version 3 never sends the Tower (it cannot name it).
      version = cmd->protocol_version;
      proto::Hello h = hello();
      h.protocol_version = version;
      fit_to_version(h.capabilities, version);
      fmt::print(out, "{}\n", proto::encode_hello(h));
    } else {
      try {
        fmt::print(out, "{}\n", proto::encode_reply(answer(cmd->run, cache, version)));
      } catch (const std::exception& e) {
        fmt::print(out, "{}\n", proto::encode_reply(errored(cmd->run.seq, std::string("internal error: ") + e.what())));
      }
    }
    // Flush before blocking on the next read; a reply that cannot be written ends the session.
    if (!reader.has_line() && !flush_checked(out, "standard output (the replies)", err)) return kExitOutput;
  }
  return flush_checked(out, "standard output (the replies)", err) ? kExitOk : kExitOutput;
}

}  // namespace carc
