#pragma once
// Bounds on a YAML text, checked on the parser's event stream before any node
// is built, so hostile input is refused in bounded time and memory: a file
// size cap, a nesting depth cap, and a cap on the node count with every alias
// counted as the nodes it stands for (an alias bomb, "billion laughs", expands
// exponentially although its text is tiny). yaml-cpp 0.7 shares aliased nodes
// instead of copying them, but any walk over the tree would still expand them.
// The parser itself is kept on a leash: it may read only so far past its last
// event, which bounds the tokens yaml-cpp queues before it reports anything.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "data/diagnostic.hpp"

namespace carc {

struct YamlLimits {
  std::size_t max_bytes = std::size_t{1} << 20;  // 1 MiB; the largest scenario file is ~20 KB
  int max_depth = 64;                            // nested maps and lists; scenarios need ~6
  std::size_t max_nodes = 100000;                // per file, aliases expanded; the corpus's largest file has ~1,000
  // Bytes the parser may read past its last event: what yaml-cpp holds as
  // queued tokens (a flow collection is held whole until it closes). The
  // corpus's longest flow collection is under 1 KB.
  std::size_t max_lookahead = std::size_t{64} << 10;
  const char* kind = "scenario files";  // what the files are called in the size message
};

// A file of `bytes` is over the size cap: the diagnostic, checked before reading it.
std::optional<Diagnostic> check_file_size(std::uintmax_t bytes, const std::string& file, const YamlLimits& limits = {});

// The first limit the text exceeds, located where it is exceeded; nothing when
// within bounds (a YAML syntax error is left for the loader to report).
std::optional<Diagnostic> check_yaml_limits(const std::string& text, const std::string& file,
                                            const YamlLimits& limits = {});

}  // namespace carc
