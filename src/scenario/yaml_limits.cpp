#include "scenario/yaml_limits.hpp"

#include <yaml-cpp/anchor.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <utility>
#include <sstream>
#include <vector>

namespace carc {
namespace {

std::string depth_message(const YamlLimits& limits) {
  return "YAML nested more than " + std::to_string(limits.max_depth) + " levels deep; refused before loading";
}

struct LimitExceeded {
  YAML::Mark mark;
  std::string message;
};

// Counts nodes (aliases expanded) and depth per document; throws LimitExceeded.
class LimitCounter final : public YAML::EventHandler {
 public:
  explicit LimitCounter(const YamlLimits& limits) : limits_(limits) {}

  // yaml-cpp 0.7 loops forever, one empty document after another, on a
  // document that starts with a stray ',' (jbeder/yaml-cpp#1040, fixed by
  // #1319 in later releases): a document starting where the previous one did
  // is that loop.
  void OnDocumentStart(const YAML::Mark& mark) override {
    if (documents_++ > 0 && mark.pos == last_start_)
      throw LimitExceeded{mark, "YAML syntax error: a document cannot start here (a ',' outside a [...] or {...} list?)"};
    last_start_ = mark.pos;
    sizes_.clear();
    open_.clear();
  }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { leaf(mark, anchor); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string&) override {
    leaf(mark, anchor);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto it = sizes_.find(anchor);
    add(mark, it == sizes_.end() ? 1 : it->second);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Open {
    YAML::anchor_t anchor;
    std::size_t nodes;  // this collection and everything inside it so far
  };

  void add(const YAML::Mark& mark, std::size_t n) {
    nodes_ += n;
    for (auto& o : open_) o.nodes += n;
    if (nodes_ > limits_.max_nodes)
      throw LimitExceeded{mark, "more than " + std::to_string(limits_.max_nodes) +
                                    " YAML nodes with aliases expanded (an alias bomb?); refused before loading"};
  }
  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor) {
    add(mark, 1);
    if (anchor != YAML::NullAnchor) sizes_[anchor] = 1;
  }
  void open(const YAML::Mark& mark, YAML::anchor_t anchor) {
    if (static_cast<int>(open_.size()) >= limits_.max_depth)
      throw LimitExceeded{mark, depth_message(limits_)};
    add(mark, 1);
    open_.push_back(Open{anchor, 1});
  }
  void close() {
    if (open_.empty()) return;
    const Open done = open_.back();
    open_.pop_back();
    if (done.anchor != YAML::NullAnchor) sizes_[done.anchor] = done.nodes;
  }

  const YamlLimits& limits_;
  std::size_t nodes_ = 0;  // in the whole file, aliases expanded
  std::size_t documents_ = 0;
  int last_start_ = -1;
  std::map<YAML::anchor_t, std::size_t> sizes_;  // anchor -> nodes it expands to
  std::vector<Open> open_;
};

// yaml-cpp's scanner queues every token of unclosed flow collections ('[' or
// '{') before emitting the first event, so a megabyte of '[' costs hundreds of
// MiB before the event limits could act. This raw pass counts flow nesting
// first: a bracket counts when it starts a node (at a line start, or after an
// indicator ':', '-', '?', ',', '[', '{'), quoted scalars and comments are
// skipped. It never misses the nesting yaml-cpp sees, and may over-count text
// in block scalars, which matters only beyond the depth limit.
class FlowDepthScan {
 public:
  FlowDepthScan(const std::string& text, int max_depth) : t_(text), max_(max_depth) {}

  // The 0-based line and column of the bracket that goes too deep, if any.
  std::optional<std::pair<int, int>> run() {
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (c == '\n') {
        newline();
        continue;
      }
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i_;
        continue;
      }
      if (c == '#' && (i_ == 0 || is_space(t_[i_ - 1]))) {
        while (i_ < t_.size() && t_[i_] != '\n') ++i_;
        continue;
      }
      if (node_start_ && (c == '[' || c == '{')) {
        if (++depth_ > max_) return std::pair{line_, column()};
      } else if (node_start_ && (c == '\'' || c == '"')) {
        skip_quoted(c);
        node_start_ = false;
        continue;
      } else if ((c == ']' || c == '}') && depth_ > 0) {
        --depth_;
        node_start_ = false;
      } else if (c == ',' && depth_ > 0) {
        node_start_ = true;
        ++i_;
        continue;
      } else if (c == ':' || c == '-' || c == '?') {
        node_start_ = depth_ > 0 || i_ + 1 >= t_.size() || is_space(t_[i_ + 1]);
        ++i_;
        continue;
      } else {
        node_start_ = false;
      }
      ++i_;
    }
    return std::nullopt;
  }

 private:
  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
  int column() const { return static_cast<int>(i_ - line_start_); }
  void newline() {
    ++i_;
    ++line_;
    line_start_ = i_;
    node_start_ = true;
  }
  // From an opening quote past its closing quote ('' and \" escape), across lines.
  void skip_quoted(char q) {
    ++i_;
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (c == '\n') {
        ++i_;
        ++line_;
        line_start_ = i_;
      } else if (q == '"' && c == '\\') {
        i_ += 2;
      } else if (c == q && q == '\'' && i_ + 1 < t_.size() && t_[i_ + 1] == '\'') {
        i_ += 2;
      } else {
        ++i_;
        if (c == q) return;
      }
    }
  }

  const std::string& t_;
  const int max_;
  std::size_t i_ = 0, line_start_ = 0;
  int line_ = 0, depth_ = 0;
  bool node_start_ = true;
};

}  // namespace

std::optional<Diagnostic> check_file_size(std::uintmax_t bytes, const std::string& file, const YamlLimits& limits) {
  if (bytes <= limits.max_bytes) return std::nullopt;
  return Diagnostic{file, 0, 0, "file of " + std::to_string(bytes) + " bytes; scenario files are limited to " +
                                    std::to_string(limits.max_bytes) + " bytes"};
}

std::optional<Diagnostic> check_yaml_limits(const std::string& text, const std::string& file, const YamlLimits& limits) {
  if (auto big = check_file_size(text.size(), file, limits)) return big;
  if (const auto at = FlowDepthScan(text, limits.max_depth).run())
    return Diagnostic{file, at->first + 1, at->second + 1, depth_message(limits)};
  std::istringstream in(text);
  LimitCounter counter(limits);
  try {
    YAML::Parser parser(in);
    while (parser.HandleNextDocument(counter)) {
    }
  } catch (const LimitExceeded& e) {
    return Diagnostic{file, e.mark.line + 1, e.mark.column + 1, e.message};
  } catch (const YAML::Exception&) {
    return std::nullopt;  // a syntax error: the loader reports it with its own location
  }
  return std::nullopt;
}

}  // namespace carc
