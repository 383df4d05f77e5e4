// `carc-oracle serve`: our engine behind the adapter protocol (oracle/PROTOCOL.md)
// on stdin/stdout. Each position brings its tile definitions: the tiles are
// built from them (cached by content), never looked up in our catalog, and the
// rules from the switches sent, so the whole wire path is exercised.
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>

#include "cli/commands.hpp"
#include "answer/answer.hpp"
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

proto::RunReply answer(const proto::RunRequest& run, proto::TileCache& cache) {
  auto rules = proto::ruleset_of(run.ruleset);
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
  return r;
}

proto::Hello hello() {
  return proto::Hello{"carc-oracle", CARC_VERSION, proto::engine_protocol_capabilities()};
}

// A line that is not a valid command: answered as errored when it has a seq, else reported on stderr.
void bad_line(const proto::Line& line, const std::string& why, std::ostream& out, std::ostream& err) {
  if (!line.overlong)
    if (auto seq = proto::peek_seq(line.text)) {
      out << proto::encode_reply(errored(*seq, "invalid request: " + why)) << "\n";
      return;
    }
  err << "carc-oracle serve: ignored an invalid line: " << why << "\n";
}

}  // namespace

void setup_serve(CLI::App& app, std::function<int()>& action) {
  CLI::App* cmd = app.add_subcommand("serve", "Serve our engine over the adapter protocol on stdin/stdout (oracle/PROTOCOL.md)");
  cmd->callback([&action] { action = [] { return run_serve(0, std::cout, std::cerr); }; });
}

int run_serve(int in_fd, std::ostream& out, std::ostream& err) {
  proto::LineReader reader(kMaxRequestLine);
  proto::TileCache cache;
  proto::Line line;
  while (proto::read_line(in_fd, reader, line)) {
    if (line.overlong) {
      bad_line(line, "a line of " + std::to_string(line.size) + " bytes", out, err);
      continue;
    }
    if (line.text.find_first_not_of(" \t") == std::string::npos) continue;
    auto cmd = proto::decode_command(line.text);
    if (!cmd) {
      bad_line(line, cmd.error(), out, err);
    } else if (cmd->kind == proto::Command::Kind::Stop) {
      break;
    } else if (cmd->kind == proto::Command::Kind::Start) {
      if (!proto::speaks_protocol(cmd->protocol_version)) {
        err << "carc-oracle serve: protocol version " << cmd->protocol_version << " is not supported (this serves versions "
            << proto::kOldestProtocolVersion << " to " << proto::kProtocolVersion << ")\n";
        return kExitFailures;
      }
      // Answer in the runner's version: a version 1 runner sends only positions within the limits.
      proto::Hello h = hello();
      h.protocol_version = cmd->protocol_version;
      out << proto::encode_hello(h) << "\n";
    } else {
      try {
        out << proto::encode_reply(answer(cmd->run, cache)) << "\n";
      } catch (const std::exception& e) {
        out << proto::encode_reply(errored(cmd->run.seq, std::string("internal error: ") + e.what())) << "\n";
      }
    }
    // Flush before blocking on the next read; a reply that cannot be written ends the session.
    if (!reader.has_line() && !flush_checked(out, "standard output (the replies)", err)) return kExitOutput;
  }
  return flush_checked(out, "standard output (the replies)", err) ? kExitOk : kExitOutput;
}

}  // namespace carc
