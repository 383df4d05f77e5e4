#pragma once
// A file that several processes update at once (`run --shard K/N --save-expectations FILE` on
// one machine, N shards saving into one FILE): each takes an exclusive advisory lock (flock) on
// the file itself, reads what is there now, merges and replaces it whole (a new file renamed
// over it), so no update is lost and a reader never sees half a file. The lock lives on the
// file's inode: a process that waited for it checks, once it holds it, that the path still names
// that inode (another process may have renamed a new file over it meanwhile) and else locks again.
#include <cstddef>
#include <string>

namespace carc {

class LockedFile {
 public:
  // Opens (creating it empty when missing) and locks PATH; `error()` says why not.
  explicit LockedFile(const std::string& path);
  ~LockedFile();
  LockedFile(const LockedFile&) = delete;
  LockedFile& operator=(const LockedFile&) = delete;

  const std::string& error() const { return error_; }
  // The file's bytes as they are under the lock; false, with error(), when it cannot be read or
  // holds more than max_bytes.
  bool read(std::string& text, std::size_t max_bytes);
  // Replaces the file's contents with TEXT: written beside it, flushed, renamed over it. False,
  // with error(), when any step failed (the file is then as it was).
  bool replace(const std::string& text);

 private:
  std::string path_, error_;
  int fd_ = -1;
};

}  // namespace carc
