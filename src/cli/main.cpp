// carc-oracle: the Carcassonne rules oracle's command line (README.md "Commands").
#include <cstdio>
#include <exception>
#include <functional>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"

int main(int argc, char** argv) {
  CLI::App app{"carc-oracle: executable Carcassonne rulings and a conformance runner"};
  app.require_subcommand(1);
  app.set_version_flag("--version", carc::version_text,
                       "Print the tool and protocol versions, the ledger and data it was built with, and a digest of "
                       "./scenarios, then exit");
  std::function<int()> action;
  carc::setup_play(app, action);
  carc::setup_run(app, action);
  carc::setup_report(app, action);
  carc::setup_render(app, action);
  carc::setup_check(app, action);
  carc::setup_moves(app, action);
  carc::setup_perft(app, action);
  carc::setup_coverage(app, action);
  carc::setup_lookup(app, action);
  carc::setup_explain(app, action);
  carc::setup_request(app, action);
  carc::setup_adapter_check(app, action);
  carc::setup_export(app, action);
  carc::setup_schema(app, action);
  carc::setup_serve(app, action);
  carc::setup_docs(app, action);
  int rc = carc::kExitOk;
  try {
    app.parse(argc, argv);
    rc = action ? action() : carc::kExitInvalidInput;
  } catch (const CLI::ParseError& e) {
    rc = app.exit(e) == 0 ? carc::kExitOk : carc::kExitInvalidInput;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    rc = carc::kExitInternal;
  }
  // Whatever went to stdout must have arrived (`run > /dev/full` is an error, not exit 0);
  // a command that found it out already has said so.
  if (rc != carc::kExitOutput && !carc::flush_checked(std::cout, "standard output", std::cerr) &&
      rc != carc::kExitInternal)
    rc = carc::kExitOutput;
  return rc;
}
