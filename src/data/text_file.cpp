#include "data/text_file.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace carc {
namespace {

std::string size_message(unsigned long long bytes, std::size_t max_bytes, std::string_view kind) {
  return fmt::format("file of {} bytes; {} are limited to {} bytes", bytes, kind, max_bytes);
}

// Closes the descriptor on every path out.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string errno_text(int e) {
  std::string s = std::strerror(e);
  if (!s.empty() && s[0] >= 'A' && s[0] <= 'Z') s[0] = static_cast<char>(s[0] - 'A' + 'a');
  return s;
}

std::string file_type_name(unsigned mode) {
  switch (mode & S_IFMT) {
    case S_IFIFO:
      return "a FIFO (named pipe)";
    case S_IFCHR:
      return "a character device";
    case S_IFBLK:
      return "a block device";
    case S_IFDIR:
      return "a directory";
    case S_IFSOCK:
      return "a socket";
    case S_IFLNK:
      return "a symbolic link";
    default:
      return "not a regular file";
  }
}

Result<std::string> read_text_file(const std::string& path, std::size_t max_bytes, std::string_view kind) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return fail(errno_text(errno));
  if (!S_ISREG(st.st_mode)) return fail("not a regular file but " + file_type_name(st.st_mode));
  if (static_cast<unsigned long long>(st.st_size) > max_bytes)
    return fail(size_message(static_cast<unsigned long long>(st.st_size), max_bytes, kind));
  const Fd file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) return fail(errno_text(errno));
  // The path may have been swapped between stat and open: check what was opened.
  if (::fstat(file.fd, &st) != 0) return fail(errno_text(errno));
  if (!S_ISREG(st.st_mode)) return fail("not a regular file but " + file_type_name(st.st_mode));
  std::string text;
  text.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  while (true) {
    const ssize_t n = ::read(file.fd, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return fail(errno_text(errno));
    }
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > max_bytes) return fail(size_message(text.size(), max_bytes, kind) + " (it grew while read)");
  }
  return text;
}

}  // namespace carc
