#include "scenario/corpus.hpp"

#include <fmt/format.h>

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <map>
#include <set>
#include <system_error>

#include "data/text_file.hpp"

namespace carc {
namespace {

namespace fs = std::filesystem;

bool is_yaml(const fs::path& p) { return p.extension() == ".yaml" || p.extension() == ".yml"; }

// What a walk over the given paths found: candidate files, and the paths that could not be read.
struct Walk {
  std::vector<std::pair<std::string, std::string>> files;  // path, and the path given it was found under
  std::string given;                                       // the path on the command line being walked
  std::vector<ScenarioFile> unreadable;
  std::set<std::pair<dev_t, ino_t>> dirs;  // searched already (symbolic links may loop)

  void refuse(const std::string& path, const std::string& why) {
    ScenarioFile f;
    f.path = display_path(path, given);
    f.problems.push_back({f.path, 0, 0, why});
    f.unread = true;
    unreadable.push_back(std::move(f));
  }

  // A path of the walk: a directory is searched, a regular YAML file kept,
  // anything else named *.yaml refused with the reason (never opened).
  void visit(const std::string& path, bool top) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) {
      const int e = errno;
      struct stat link {};
      const bool dangling = ::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode);
      if (top)
        refuse(path, dangling ? "a symbolic link to a missing file" : errno_text(e));
      else if (is_yaml(path))
        refuse(path, dangling ? "cannot read this file: a symbolic link to a missing file"
                              : "cannot read this file: " + errno_text(e));
      return;
    }
    if (S_ISDIR(st.st_mode)) return search(path, st);
    if (!top && !is_yaml(path)) return;
    if (S_ISREG(st.st_mode))
      files.emplace_back(path, given);
    else
      refuse(path, "cannot read this file: not a regular file but " + file_type_name(st.st_mode));
  }

  void search(const std::string& dir, const struct stat& st) {
    if (!dirs.insert({st.st_dev, st.st_ino}).second) return;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    if (ec) return refuse(dir, "cannot read this directory: " + ec.message());
    std::vector<std::string> entries;
    for (const fs::directory_iterator end; it != end; it.increment(ec)) entries.push_back(it->path().generic_string());
    if (ec) refuse(dir, "cannot read all of this directory: " + ec.message());
    std::sort(entries.begin(), entries.end());
    for (const auto& e : entries) visit(e, false);
  }
};

std::string where(const Scenario& s) { return fmt::format("{}:{}:{}", s.file, s.loc.line, s.loc.column); }

// Scenarios sharing an id are all invalid: ids are the stable key of results.
void check_unique_ids(Corpus& c) {
  std::map<std::string, std::vector<Scenario*>> by_id;
  for (auto& f : c.files)
    for (auto& s : f.scenarios)
      if (!s.id.empty()) by_id[s.id].push_back(&s);
  for (auto& [id, list] : by_id) {
    if (list.size() < 2) continue;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const Scenario& other = *list[i == 0 ? 1 : 0];
      list[i]->problem(list[i]->loc_of("id"), "id '" + echo(id) + "' is not unique: also used at " + where(other));
    }
  }
}

}  // namespace

std::size_t Corpus::scenario_count() const {
  std::size_t n = 0;
  for (const auto& f : files)
    n += static_cast<std::size_t>(
        std::count_if(f.scenarios.begin(), f.scenarios.end(), [](const Scenario& s) { return s.combination.empty(); }));
  return n;
}

bool Corpus::valid() const {
  return std::all_of(files.begin(), files.end(), [](const ScenarioFile& f) { return f.valid(); });
}

Diagnostics Corpus::all_problems() const {
  Diagnostics out;
  for (const auto& f : files) {
    out.insert(out.end(), f.problems.begin(), f.problems.end());
    for (const auto& s : f.scenarios) {
      Diagnostics d = s.problems;
      std::stable_sort(d.begin(), d.end(), [](const Diagnostic& a, const Diagnostic& b) {
        return std::pair(a.line, a.column) < std::pair(b.line, b.column);
      });
      out.insert(out.end(), d.begin(), d.end());
    }
  }
  return out;
}

Diagnostics Corpus::all_warnings() const {
  Diagnostics out;
  for (const auto& f : files)
    for (const auto& s : f.scenarios) out.insert(out.end(), s.warnings.begin(), s.warnings.end());
  return out;
}

Corpus load_corpus(const std::vector<std::string>& paths) {
  Corpus c;
  Walk walk;
  for (const auto& p : paths) {
    walk.given = p;
    walk.visit(p, true);
  }
  // A file found twice (under two given paths) is loaded once.
  std::sort(walk.files.begin(), walk.files.end());
  walk.files.erase(std::unique(walk.files.begin(), walk.files.end(),
                               [](const auto& a, const auto& b) { return a.first == b.first; }),
                   walk.files.end());
  for (const auto& [f, given] : walk.files) c.files.push_back(load_scenario_file(f, given));
  for (auto& f : walk.unreadable) c.files.push_back(std::move(f));
  std::sort(c.files.begin(), c.files.end(),
            [](const ScenarioFile& a, const ScenarioFile& b) { return a.path < b.path; });
  check_unique_ids(c);
  return c;
}

}  // namespace carc
