#include "cli/output.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace carc {
namespace {

// Why the last write failed, as far as errno still says.
std::string reason(int e) { return e != 0 ? std::strerror(e) : "the write failed"; }

}  // namespace

bool write_file_checked(const std::string& path, bool make_dirs, std::string_view command, std::ostream& err,
                        const std::function<void(std::ostream&)>& write) {
  const auto fail = [&](const std::string& why) {
    err << "carc-oracle " << command << ": cannot write " << path << ": " << why << "\n";
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
  err << "carc-oracle: cannot write to " << what << ": " << reason(e) << "\n";
  return false;
}

}  // namespace carc
