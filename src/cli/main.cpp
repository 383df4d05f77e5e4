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
  std::function<int()> action;
  carc::setup_commands(app, action);
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
