// `carc-oracle --version`: what a CI log needs to say which oracle judged an
// implementation — the tool, the protocol versions it speaks, the ledger and data
// it was built with, and the scenarios of the current directory (README "Commands").
#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

#include "cli/commands.hpp"
#include "data/embedded.hpp"
#include "data/ledger.hpp"
#include "protocol/messages.hpp"

#ifndef CARC_VERSION
#define CARC_VERSION "0.0.0"
#endif

namespace carc {
namespace {

// FNV-1a, 64 bits: a digest to tell two data sets apart in a log, not a security hash.
struct Digest {
  std::uint64_t h = 14695981039346656037ULL;
  void add(std::string_view bytes) {
    for (const char c : bytes) {
      h ^= static_cast<unsigned char>(c);
      h *= 1099511628211ULL;
    }
    h ^= 0xff;  // a separator, so "ab"+"c" and "a"+"bc" differ
    h *= 1099511628211ULL;
  }
  std::string hex() const { return fmt::format("{:016x}", h); }
};

std::string plural(std::size_t n, const char* one, const char* many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

std::string embedded_line() {
  Digest d;
  std::size_t n = 0;
  for (const auto& f : embedded_files()) {
    d.add(f.path);
    d.add(f.text);
    ++n;
  }
  return fmt::format("built-in data (oracle/: tiles, rulesets, ledger, vocabulary): {}, digest {}",
                     plural(n, "file", "files"), d.hex());
}

}  // namespace

ScenariosDigest scenarios_digest(const std::filesystem::path& path) {
  namespace fs = std::filesystem;
  ScenariosDigest out;
  std::error_code ec;
  std::vector<fs::path> files;
  fs::path dir = path;
  if (fs::is_regular_file(path, ec)) {
    dir = path.parent_path();
    files.push_back(path.filename());
  } else if (!fs::is_directory(path, ec)) {
    out.error = "not found";
    return out;
  } else {
    for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
         !ec && it != end; it.increment(ec))
      if (it->is_regular_file(ec) && (it->path().extension() == ".yaml" || it->path().extension() == ".yml"))
        files.push_back(it->path().lexically_relative(dir));
    if (ec) {
      out.error = fmt::format("cannot be read ({})", ec.message());
      return out;
    }
  }
  std::sort(files.begin(), files.end());
  Digest d;
  for (const auto& f : files) {
    std::ifstream in(dir / f, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      out.error = fmt::format("{} cannot be read", f.generic_string());
      return out;
    }
    d.add(f.generic_string());
    d.add(text);
  }
  out.files = files.size();
  out.hex = d.hex();
  return out;
}

std::string tool_version() { return CARC_VERSION; }

namespace {

// The YAML files under DIR, by relative path; their paths and contents digested in that order.
std::string scenarios_line(const std::filesystem::path& dir) {
  const ScenariosDigest d = scenarios_digest(dir);
  if (!d.error.empty())
    return fmt::format("{}/: {}", dir.string(),
                       d.error == "not found" ? "not found in the current directory" : d.error);
  return fmt::format("{}/ (current directory): {}, digest {}", dir.string(),
                     plural(d.files, "scenario file", "scenario files"), d.hex);
}

}  // namespace

std::string version_text() {
  return fmt::format(
      "carc-oracle {}\nadapter protocol: versions {} to {} (sends {})\nrulings ledger: version {}, {}, {}\n{}\n{}",
      CARC_VERSION, proto::kOldestProtocolVersion, proto::kProtocolVersion, proto::kProtocolVersion,
      builtin_ledger_version(), plural(builtin_ledger().size(), "ruling", "rulings"),
      plural(builtin_ledger_switches().size(), "switch", "switches"), embedded_line(), scenarios_line("scenarios"));
}

}  // namespace carc
