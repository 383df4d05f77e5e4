// `carc-oracle request ID [PATHS]`: the exact messages `run --impl` sends for one
// scenario under one ruleset — start, run, stop, one JSON line each — so an adapter
// author can pipe them into the adapter by hand (oracle/PROTOCOL.md §9).
// Exit 0; 2 for an unknown id, an invalid scenario, a ruleset it does not apply
// under or an unknown protocol version.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <iostream>
#include <memory>

#include <string>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/find_scenario.hpp"
#include "cli/output.hpp"
#include "data/oracle_data.hpp"
#include "lookup/cards.hpp"
#include "lookup/cards_text.hpp"
#include "protocol/codec.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"

namespace carc {

void setup_request(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<RequestOptions>();
  CLI::App* cmd = app.add_subcommand(
      "request",
      "Print the protocol messages run --impl sends for one scenario (start, run, stop; pipe them into an adapter)");
  cmd->add_option("id", o->id, "Scenario id, e.g. FM-13-a")->required();
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_option("--ruleset", o->ruleset,
                  "Under this preset (default: hig-c3 where the scenario applies, else its first)")
      ->type_name("PRESET");
  cmd->add_option("--protocol-version", o->protocol_version,
                  fmt::format("As sent to an implementation speaking this version (1 to {0}; default {0})",
                              proto::kProtocolVersion))
      ->type_name("N");
  cmd->add_flag("--run-only", o->run_only, "Print only the run message (to paste into a session already started)");
  cmd->callback([o, &action] { action = [o] { return run_request(*o, std::cout, std::cerr); }; });
}

int run_request(const RequestOptions& o, std::ostream& out, std::ostream& err) {
  const int version = protocol_version_option(o.protocol_version, "request", err);
  if (version == 0) return kExitInvalidInput;
  std::string asked;
  if (!ruleset_option(o.ruleset, "request", asked, err)) return kExitInvalidInput;
  const auto paths = scenario_paths(o.paths, "request", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  const Scenario* s = scenario_by_id(corpus, paths, o.id, "request", err);
  if (!s) return kExitInvalidInput;
  const std::string ruleset = ruleset_for(*s, asked);
  if (ruleset.empty()) {
    std::string list;
    for (const auto& r : scenario_rulesets(*s)) list += (list.empty() ? "" : ", ") + r;
    fmt::print(err, "{}:{}:{}: error: {} does not apply under {} (it applies to {})\n", printable(s->file), s->loc.line,
               s->loc.column, printable(s->id), asked, list);
    return kExitInvalidInput;
  }
  // A variant with its own query.apply: its moves and checkpoints are what is sent.
  const std::optional<Scenario> branch = branch_for(*s, ruleset);
  if (branch) s = &*branch;
  auto request = request_for(*s, ruleset);
  if (!request) {
    fmt::print(err, "{}:{}:{}: error: {}\n", printable(s->file), s->loc.line, s->loc.column, request.error());
    return kExitInvalidInput;
  }
  if (!o.run_only) fmt::print(out, "{}\n", proto::encode_start(version));
  // One run message per checkpoint first (query.apply cut after its move), seqs 1, 2, ...; the
  // scenario's own last, as run --impl sends them (scenarios/README.md "Checkpoints").
  int seq = 0;
  for (std::size_t i = 0; i < s->checkpoints.size(); ++i) {
    const Scenario cut = checkpoint_scenario(*s, i);
    if (auto part = request_for(cut, ruleset))
      fmt::print(out, "{}\n", proto::encode_run(wire_request(*part, std::to_string(++seq), version)));
  }
  fmt::print(out, "{}\n", proto::encode_run(wire_request(*request, std::to_string(++seq), version)));
  if (!o.run_only) fmt::print(out, "{}\n", proto::encode_stop());
  return kExitOk;
}

}  // namespace carc
