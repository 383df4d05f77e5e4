#include "cli/file_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace carc {
namespace {

std::string why(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

}  // namespace

LockedFile::LockedFile(const std::string& path) : path_(path) {
  // A bounded number of tries: each retry means another process replaced the file meanwhile.
  for (int attempt = 0; attempt < 1000; ++attempt) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd_ < 0) {
      error_ = why("cannot open", path);
      return;
    }
    int rc;
    while ((rc = ::flock(fd_, LOCK_EX)) != 0 && errno == EINTR) {
    }
    if (rc != 0) {
      error_ = why("cannot lock", path);
      ::close(fd_);
      fd_ = -1;
      return;
    }
    struct stat held {
    }, named{};
    if (::fstat(fd_, &held) == 0 && ::stat(path.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
        held.st_ino == named.st_ino)
      return;      // locked, and still the file the path names
    ::close(fd_);  // replaced meanwhile: lock the new one
    fd_ = -1;
  }
  error_ = "cannot lock " + path + ": it kept being replaced by other processes";
}

LockedFile::~LockedFile() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the lock
}

bool LockedFile::read(std::string& text, std::size_t max_bytes) {
  text.clear();
  if (fd_ < 0) return false;
  if (::lseek(fd_, 0, SEEK_SET) < 0) {
    error_ = why("cannot read", path_);
    return false;
  }
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error_ = why("cannot read", path_);
      return false;
    }
    if (n == 0) return true;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > max_bytes) {
      error_ = "cannot read " + path_ + ": larger than " + std::to_string(max_bytes) + " bytes";
      return false;
    }
  }
}

bool LockedFile::replace(const std::string& text) {
  if (fd_ < 0) return false;
  const std::string temp = path_ + ".tmp-" + std::to_string(::getpid());
  const int out = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (out < 0) {
    error_ = why("cannot write", temp);
    return false;
  }
  if (struct stat held{}; ::fstat(fd_, &held) == 0) (void)::fchmod(out, held.st_mode & 07777);  // keep its mode
  const bool written = write_all(out, text) && ::fsync(out) == 0;
  const int saved = errno;
  const bool closed = ::close(out) == 0;
  if (!written || !closed) {
    errno = written ? errno : saved;
    error_ = why("cannot write", temp);
    ::unlink(temp.c_str());
    return false;
  }
  if (::rename(temp.c_str(), path_.c_str()) != 0) {
    error_ = why("cannot replace", path_);
    ::unlink(temp.c_str());
    return false;
  }
  return true;
}

}  // namespace carc
