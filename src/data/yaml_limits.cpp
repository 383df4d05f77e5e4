#include "data/yaml_limits.hpp"

#include <fmt/format.h>

#include <yaml-cpp/anchor.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <istream>
#include <map>
#include <optional>
#include <streambuf>
#include <utility>
#include <vector>

namespace carc {
namespace {

std::string depth_message(const YamlLimits& limits) {
  return fmt::format("YAML nested more than {} levels deep; refused before loading", limits.max_depth);
}

struct LimitExceeded {
  YAML::Mark mark;
  std::string message;
};

// Counts nodes (aliases expanded) and depth per document; throws LimitExceeded.
class LimitCounter final : public YAML::EventHandler {
 public:
  explicit LimitCounter(const YamlLimits& limits) : limits_(limits) {}

  // Where the parser's last event was: the input it has read beyond this is
  // held as tokens (see LookaheadBuffer).
  const YAML::Mark& last_event() const { return last_; }

  // yaml-cpp 0.7 loops forever, one empty document after another, on a
  // document that starts with a stray ',' (jbeder/yaml-cpp#1040, fixed by
  // #1319 in later releases): a document starting where the previous one did
  // is that loop.
  void OnDocumentStart(const YAML::Mark& mark) override {
    last_ = mark;
    if (documents_++ > 0 && mark.pos == last_start_)
      throw LimitExceeded{mark,
                          "YAML syntax error: a document cannot start here (a ',' outside a [...] or {...} list?)"};
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
    last_ = mark;
    const auto it = sizes_.find(anchor);
    add(mark, it == sizes_.end() ? 1 : it->second);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value) override {
    open(mark, anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value) override {
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
      throw LimitExceeded{
          mark, fmt::format("more than {} YAML nodes with aliases expanded (an alias bomb?); refused before loading",
                            limits_.max_nodes)};
  }
  void leaf(const YAML::Mark& mark, YAML::anchor_t anchor) {
    last_ = mark;
    add(mark, 1);
    if (anchor != YAML::NullAnchor) sizes_[anchor] = 1;
  }
  void open(const YAML::Mark& mark, YAML::anchor_t anchor) {
    last_ = mark;
    if (static_cast<int>(open_.size()) >= limits_.max_depth) throw LimitExceeded{mark, depth_message(limits_)};
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
  YAML::Mark last_;  // pos 0, line 0, column 0 before the first event
};

// yaml-cpp's scanner holds every token it reads after a potential simple key
// until that key is settled, and in a flow collection ('[', '{') that is only
// at its end: a megabyte of '[' (or of '![', '&a [', 'a[', '"]" [', ...)
// costs hundreds of MiB of queued tokens before the first event. Rather than
// guess from the raw text where yaml-cpp starts a flow collection, this buffer
// hands the text to the parser a chunk at a time and refuses to hand more once
// the parser has read `limit` bytes past its last event: what the scanner can
// hold is then bounded by the limit, whatever the text does.
class LookaheadBuffer final : public std::streambuf {
 public:
  LookaheadBuffer(const std::string& text, std::size_t limit, const LimitCounter& counter)
      : text_(text), limit_(limit), counter_(counter) {}

 protected:
  int_type underflow() override {
    if (served_ >= text_.size()) return traits_type::eof();
    const YAML::Mark& last = counter_.last_event();
    if (served_ > static_cast<std::size_t>(std::max(last.pos, 0)) + limit_)
      throw LimitExceeded{last, fmt::format("more than {} bytes of YAML after this point without a complete node (a "
                                            "[...] or {{...}} that long or never closed?); refused before loading",
                                            limit_)};
    const std::size_t n = std::min(kChunk, text_.size() - served_);
    char* begin = const_cast<char*>(text_.data()) + served_;
    setg(begin, begin, begin + n);
    served_ += n;
    return traits_type::to_int_type(*begin);
  }

 private:
  static constexpr std::size_t kChunk = 4096;
  const std::string& text_;
  const std::size_t limit_;
  const LimitCounter& counter_;
  std::size_t served_ = 0;
};

}  // namespace

std::optional<Diagnostic> check_file_size(std::uintmax_t bytes, const std::string& file, const YamlLimits& limits) {
  if (bytes <= limits.max_bytes) return std::nullopt;
  return Diagnostic{file, 0, 0,
                    fmt::format("file of {} bytes; {} are limited to {} bytes", bytes, limits.kind, limits.max_bytes)};
}

std::optional<Diagnostic> check_yaml_limits(const std::string& text, const std::string& file,
                                            const YamlLimits& limits) {
  if (auto big = check_file_size(text.size(), file, limits)) return big;
  LimitCounter counter(limits);
  LookaheadBuffer buffer(text, limits.max_lookahead, counter);
  std::istream in(&buffer);
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
