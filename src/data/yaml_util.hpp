#pragma once
// Strict reading of YAML nodes: every accessor records a located diagnostic
// on a wrong type or an unknown key instead of throwing.
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "data/diagnostic.hpp"
#include "data/yaml_limits.hpp"

namespace carc {

class YamlReader {
 public:
  YamlReader(std::string file, Diagnostics& diags) : file_(std::move(file)), diags_(diags) {}

  const std::string& file() const { return file_; }
  void error(const YAML::Node& at, const std::string& message);
  void error(const YAML::Mark& at, const std::string& message);
  // Reports keys of a map that are not in `known`, each with the closest known key; false when
  // `node` is not a map. `meant` (when given) gets the known keys the unknown ones are closest to.
  bool keys(const YAML::Node& node, std::initializer_list<std::string_view> known, std::string_view what,
            std::vector<std::string>* meant = nullptr);
  std::optional<std::string> str(const YAML::Node& node, std::string_view what);
  std::optional<long long> integer(const YAML::Node& node, std::string_view what);
  std::optional<bool> boolean(const YAML::Node& node, std::string_view what);
  std::vector<std::string> str_list(const YAML::Node& node, std::string_view what);  // a scalar or a sequence
  bool ok() const { return errors_ == 0; }
  int errors() const { return errors_; }

 private:
  std::string file_;
  Diagnostics& diags_;
  int errors_ = 0;
};

// Parses text as YAML within the limits (size, depth, nodes, look-ahead:
// yaml_limits.hpp), checked before any node is built; on a limit or a syntax
// error records it and returns a null node.
YAML::Node parse_yaml(const std::string& text, const std::string& file, Diagnostics& diags,
                      const YamlLimits& limits = {});

}  // namespace carc
