// libFuzzer target: the adapter protocol's readers (line splitting, start/run/
// stop commands, hello and run replies) and serve's handling of a run request
// (exercise.hpp). Build and run: scripts/fuzz.sh.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "exercise.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  carc::fuzz::exercise_protocol_bytes(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
