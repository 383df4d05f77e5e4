// libFuzzer target: the scenario loader, validation, State building and our
// engine on the result (exercise.hpp). Build and run: scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string>

#include "exercise.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  carc::fuzz::exercise_scenario_text(std::string(reinterpret_cast<const char*>(data), size));
  return 0;
}
