#include "protocol/line_reader.hpp"

#include <unistd.h>

#include <cerrno>

namespace carc::proto {

void LineReader::finish_line() {
  Line line;
  if (dropping_) {
    line.overlong = true;
    line.size = dropped_;
  } else {
    if (!current_.empty() && current_.back() == '\r') current_.pop_back();
    line.size = current_.size();
    line.text = std::move(current_);
  }
  ready_.push_back(std::move(line));
  current_.clear();
  dropping_ = false;
  dropped_ = 0;
}

void LineReader::feed(std::string_view bytes) {
  while (!bytes.empty()) {
    const auto nl = bytes.find('\n');
    const std::string_view part = bytes.substr(0, nl);
    if (dropping_) {
      dropped_ += part.size();
    } else if (current_.size() + part.size() > max_) {
      dropping_ = true;
      dropped_ = current_.size() + part.size();
      current_.clear();
      current_.shrink_to_fit();
    } else {
      current_.append(part);
    }
    if (nl == std::string_view::npos) return;
    finish_line();
    bytes.remove_prefix(nl + 1);
  }
}

bool LineReader::next(Line& out) {
  if (ready_.empty()) return false;
  out = std::move(ready_.front());
  ready_.pop_front();
  return true;
}

void LineReader::clear() {
  current_.clear();
  dropping_ = false;
  dropped_ = 0;
  ready_.clear();
}

bool read_line(int fd, LineReader& reader, Line& out) {
  char buf[65536];
  while (!reader.next(out)) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (reader.partial_size() == 0) return false;
      reader.feed("\n");  // a last line without its newline
      continue;
    }
    reader.feed(std::string_view(buf, static_cast<std::size_t>(n)));
  }
  return true;
}

}  // namespace carc::proto
