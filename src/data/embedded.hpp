#pragma once
// oracle/ data files compiled into the binaries (cmake/Embed.cmake), so the
// tool runs from any directory with the catalog, presets and ledger it was built with.
#include <string_view>
#include <vector>

namespace carc {

struct EmbeddedFile {
  std::string_view path;  // relative to the repository root, e.g. "oracle/tiles/base.yaml"
  std::string_view text;
};
const std::vector<EmbeddedFile>& embedded_files();

}  // namespace carc
