// carc-oracle: the Carcassonne rules oracle's command line (README.md "Commands").
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <exception>
#include <functional>
#include <iostream>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"

namespace {

// A standard descriptor closed by the caller (`carc-oracle run >&-`) is held by /dev/null
// opened read-only: a file the command opens later cannot take its number (and receive
// what was meant for stdout), and every write to it still fails (EBADF), so the check
// of standard output below reports it (exit 74) instead of the command exiting 0.
void hold_closed_standard_descriptors() {
  for (int fd = 0; fd <= 2; ++fd)
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
      const int held = ::open("/dev/null", O_RDONLY);
      if (held >= 0 && held != fd) ::close(held);  // cannot happen: the lowest free number is fd
    }
}

}  // namespace

int main(int argc, char** argv) {
  hold_closed_standard_descriptors();
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
