#pragma once
// Splits a byte stream into lines with a hard cap on line length: bytes are
// fed as they arrive (from a pipe, in any fragments), complete lines come out.
// A line longer than the cap is dropped as it streams in (memory never grows
// past the cap) and reported once as an overlong line. Carriage returns before
// the newline are removed. Never throws.
#include <cstddef>
#include <deque>
#include <string>
#include <string_view>

namespace carc::proto {

struct Line {
  std::string text;       // without the newline; empty when overlong
  bool overlong = false;  // longer than the cap: text dropped
  std::size_t size = 0;   // the line's length in bytes (counted even when dropped)
};

class LineReader {
 public:
  explicit LineReader(std::size_t max_line) : max_(max_line) {}

  void feed(std::string_view bytes);
  // The next complete line, if any.
  bool next(Line& out);
  bool has_line() const { return !ready_.empty(); }
  // Bytes of an unfinished line (for "ended in the middle of a line" messages).
  std::size_t partial_size() const { return dropping_ ? dropped_ : current_.size(); }
  void clear();

 private:
  void finish_line();

  std::size_t max_;
  std::string current_;
  bool dropping_ = false;
  std::size_t dropped_ = 0;
  std::deque<Line> ready_;
};

// Reads one line from a file descriptor (blocking), using `reader` as the
// buffer across calls. False at end of input (a trailing partial line is
// returned as a line first).
bool read_line(int fd, LineReader& reader, Line& out);

}  // namespace carc::proto
