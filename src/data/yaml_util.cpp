#include "data/yaml_util.hpp"

#include <stdexcept>

#include "data/closest.hpp"

namespace carc {

void YamlReader::error(const YAML::Mark& at, const std::string& message) {
  ++errors_;
  Diagnostic d;
  d.file = file_;
  if (at.line >= 0) {
    d.line = at.line + 1;
    d.column = at.column + 1;
  }
  d.message = clip(message, kMaxMessage);
  diags_.push_back(std::move(d));
}

void YamlReader::error(const YAML::Node& at, const std::string& message) { error(at.Mark(), message); }

namespace {
std::string node_type(const YAML::Node& n) {
  switch (n.Type()) {
    case YAML::NodeType::Map:
      return "a map";
    case YAML::NodeType::Sequence:
      return "a list";
    case YAML::NodeType::Scalar:
      return "'" + echo(n.Scalar()) + "'";
    case YAML::NodeType::Null:
      return "nothing";
    case YAML::NodeType::Undefined:
      return "nothing";
  }
  return "?";
}
}  // namespace

bool YamlReader::keys(const YAML::Node& node, std::initializer_list<std::string_view> known, std::string_view what,
                      std::vector<std::string>* meant) {
  if (!node.IsMap()) {
    error(node, std::string(what) + ": expected a map, found " + node_type(node));
    return false;
  }
  for (const auto& kv : node) {
    const std::string key = kv.first.IsScalar() ? kv.first.Scalar() : std::string("?");
    bool found = false;
    for (auto k : known) found = found || k == key;
    if (!found) {
      std::string list;
      std::vector<std::string> names;
      for (auto k : known) {
        list += (list.empty() ? "" : ", ") + std::string(k);
        names.emplace_back(k);
      }
      const std::string close = closest_names(key, names, 1, typo_distance(key));
      if (meant && !close.empty()) meant->push_back(close);
      error(kv.first, "unknown key '" + echo(key) + "' in " + std::string(what) + " (" +
                          (close.empty() ? "" : "closest: " + close + "; ") + "expected one of: " + list + ")");
    }
  }
  return true;
}

std::optional<std::string> YamlReader::str(const YAML::Node& node, std::string_view what) {
  if (!node.IsScalar()) {
    error(node, std::string(what) + ": expected a text value, found " + node_type(node));
    return std::nullopt;
  }
  return node.Scalar();
}

std::optional<long long> YamlReader::integer(const YAML::Node& node, std::string_view what) {
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    try {
      std::size_t used = 0;
      const long long v = std::stoll(s, &used);
      if (used == s.size()) return v;
    } catch (const std::out_of_range&) {  // digits, but more than any bound of the format
      error(node, std::string(what) + ": " + s + " is beyond 64-bit signed integers");
      return std::nullopt;
    } catch (...) {
    }
  }
  error(node, std::string(what) + ": expected an integer, found " + node_type(node));
  return std::nullopt;
}

std::optional<bool> YamlReader::boolean(const YAML::Node& node, std::string_view what) {
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    if (s == "true") return true;
    if (s == "false") return false;
  }
  error(node, std::string(what) + ": expected true or false, found " + node_type(node));
  return std::nullopt;
}

std::vector<std::string> YamlReader::str_list(const YAML::Node& node, std::string_view what) {
  std::vector<std::string> out;
  if (node.IsScalar()) {
    out.push_back(node.Scalar());
  } else if (node.IsSequence()) {
    for (const auto& item : node)
      if (auto s = str(item, what)) out.push_back(*s);
  } else {
    error(node, std::string(what) + ": expected a list of text values, found " + node_type(node));
  }
  return out;
}

YAML::Node parse_yaml(const std::string& text, const std::string& file, Diagnostics& diags, const YamlLimits& limits) {
  if (auto over = check_yaml_limits(text, file, limits)) {
    diags.push_back(std::move(*over));
    return YAML::Node();
  }
  try {
    return YAML::Load(text);
  } catch (const YAML::Exception& e) {
    Diagnostic d;
    d.file = file;
    if (e.mark.line >= 0) {
      d.line = e.mark.line + 1;
      d.column = e.mark.column + 1;
    }
    d.message = "YAML syntax error: " + e.msg;
    diags.push_back(std::move(d));
    return YAML::Node();
  }
}

}  // namespace carc
