#pragma once
// A temporary file a report is written into part by part while results come,
// so that a run's memory does not grow with its results; the parts are copied
// into the report at the end in the order the format needs (a header that
// needs totals first, results grouped by ruling area or by ruleset, ...).
// The file is unlinked at once (nothing is left behind); where no temporary
// file can be made, the parts are kept in memory instead.
#include <cstdint>
#include <cstdio>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace carc {

class Spool {
 public:
  struct Part {
    std::uint64_t offset = 0, size = 0;
  };

  Spool();
  ~Spool();
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  // Appends text; the part it takes.
  Part append(std::string_view text);
  // Appends text to the parts of a list, merged with the last one when they are adjacent.
  void append_to(std::vector<Part>& list, std::string_view text);
  // Copies parts into out.
  void copy(const Part& part, std::ostream& out);
  void copy(const std::vector<Part>& parts, std::ostream& out);
  // Bytes appended so far.
  std::uint64_t size() const { return size_; }
  // Why the temporary file failed (the report is then incomplete), or empty.
  const std::string& error() const { return error_; }

 private:
  std::FILE* file_ = nullptr;
  std::string memory_;  // without a temporary file
  std::uint64_t size_ = 0;
  bool reading_ = false;
  std::string error_;
};

}  // namespace carc
