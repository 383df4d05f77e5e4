#include "cli/output.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "report/report.hpp"

namespace carc {
namespace {

// Why the last write failed, as far as errno still says.
std::string reason(int e) { return e != 0 ? std::strerror(e) : "the write failed"; }

}  // namespace

bool write_file_checked(const std::string& path, bool make_dirs, std::string_view command, std::ostream& err,
                        const std::function<void(std::ostream&)>& write) {
  const auto fail = [&](const std::string& why) {
    fmt::print(err, "carc-oracle {}: cannot write {}: {}\n", command, path, why);
    return false;
  };
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (make_dirs && !parent.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(parent, ec);
    if (ec) return fail(ec.message());
  }
  errno = 0;
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return fail(reason(errno));
  write(file);
  errno = 0;
  file.flush();
  const int after_flush = errno;
  file.close();
  if (!file) return fail(reason(after_flush != 0 ? after_flush : errno));
  return true;
}

bool flush_checked(std::ostream& out, std::string_view what, std::ostream& err) {
  int e = errno;  // when a write failed already, as far as errno still says why
  if (out) {
    errno = 0;
    out.flush();
    e = errno;
  }
  if (out) return true;
  fmt::print(err, "carc-oracle: cannot write to {}: {}\n", what, reason(e));
  return false;
}

bool use_colour(const std::ostream& out) {
  return &out == &std::cout && std::getenv("NO_COLOR") == nullptr && isatty(fileno(stdout)) == 1;
}

bool write_reports(ReportSet& set, const std::string& dir, const std::string& file, std::string_view command,
                   std::ostream& out, std::ostream& err) {
  bool ok = true;
  for (std::size_t i = 0; i < set.formats().size(); ++i) {
    std::string incomplete;
    const auto finish = [&](std::ostream& to) { incomplete = set.writer(i).finish(to); };
    if (dir.empty() && file.empty()) {
      finish(out);
      if (!flush_checked(out, "standard output", err)) return false;
    } else {
      const std::string path =
          file.empty() ? (std::filesystem::path(dir) / report_file_name(set.formats()[i])).generic_string() : file;
      if (!write_file_checked(path, true, command, err, finish)) {
        ok = false;
        continue;
      }
      fmt::print(out, "wrote {}\n", path);
    }
    if (!incomplete.empty()) {
      fmt::print(err, "carc-oracle {}: the report could not be written whole: {}\n", command, incomplete);
      ok = false;
    }
  }
  return ok;
}

// The next line without its newline, cut after `max` bytes (the caller refuses it then):
// a line of a gigabyte is never read whole. False at the end of the file.
bool read_line_within(std::istream& in, std::string& line, std::size_t max) {
  line.clear();
  std::streambuf* buf = in.rdbuf();
  bool any = false;
  for (int c = buf->sbumpc(); c != std::char_traits<char>::eof(); c = buf->sbumpc()) {
    any = true;
    if (c == '\n') return true;
    line.push_back(static_cast<char>(c));
    if (line.size() >= max) return true;
  }
  in.setstate(std::ios::eofbit);
  return any;
}

}  // namespace carc
