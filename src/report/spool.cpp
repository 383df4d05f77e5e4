#include "report/spool.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace carc {

Spool::Spool() {
  const char* dir = std::getenv("TMPDIR");
  std::string name = std::string(dir && *dir ? dir : "/tmp") + "/carc-oracle-report-XXXXXX";
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return;
  ::unlink(name.c_str());
  file_ = ::fdopen(fd, "w+b");
  if (!file_) ::close(fd);
}

Spool::~Spool() {
  if (file_) std::fclose(file_);
}

Spool::Part Spool::append(std::string_view text) {
  const Part part{size_, text.size()};
  size_ += text.size();
  if (!file_) {
    memory_.append(text);
    return part;
  }
  if (reading_ && ::fseeko(file_, 0, SEEK_END) != 0 && error_.empty()) error_ = std::strerror(errno);
  reading_ = false;
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() && error_.empty())
    error_ = std::string("a temporary file of the report: ") + std::strerror(errno);
  return part;
}

void Spool::append_to(std::vector<Part>& list, std::string_view text) {
  const Part part = append(text);
  if (!list.empty() && list.back().offset + list.back().size == part.offset)
    list.back().size += part.size;
  else
    list.push_back(part);
}

void Spool::copy(const Part& part, std::ostream& out) {
  if (part.size == 0) return;
  if (!file_) {
    out.write(memory_.data() + part.offset, static_cast<std::streamsize>(part.size));
    return;
  }
  if ((!reading_ && std::fflush(file_) != 0) || ::fseeko(file_, static_cast<off_t>(part.offset), SEEK_SET) != 0) {
    if (error_.empty()) error_ = std::string("a temporary file of the report: ") + std::strerror(errno);
    return;
  }
  reading_ = true;
  char buf[65536];
  for (std::uint64_t left = part.size; left > 0;) {
    const std::size_t want = left < sizeof buf ? static_cast<std::size_t>(left) : sizeof buf;
    const std::size_t got = std::fread(buf, 1, want, file_);
    if (got == 0) {
      if (error_.empty()) error_ = "a temporary file of the report could not be read back";
      return;
    }
    out.write(buf, static_cast<std::streamsize>(got));
    left -= got;
  }
}

void Spool::copy(const std::vector<Part>& parts, std::ostream& out) {
  for (const auto& p : parts) copy(p, out);
}

}  // namespace carc
