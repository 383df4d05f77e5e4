#include "scenario/corpus.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>

namespace carc {
namespace {

namespace fs = std::filesystem;

bool is_yaml(const fs::path& p) { return p.extension() == ".yaml" || p.extension() == ".yml"; }

void collect(const std::string& path, std::vector<std::string>& files, Diagnostics& problems) {
  std::error_code ec;
  const fs::path root(path);
  if (fs::is_regular_file(root, ec)) {
    files.push_back(path);
    return;
  }
  if (!fs::is_directory(root, ec)) {
    problems.push_back({path, 0, 0, "no such file or directory"});
    return;
  }
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec) && is_yaml(it->path())) files.push_back(it->path().generic_string());
  if (ec) problems.push_back({path, 0, 0, "cannot read this directory: " + ec.message()});
}

std::string where(const Scenario& s) { return s.file + ":" + std::to_string(s.loc.line) + ":" + std::to_string(s.loc.column); }

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
      list[i]->problem(list[i]->loc_of("id"), "id '" + id + "' is not unique: also used at " + where(other));
    }
  }
}

}  // namespace

std::size_t Corpus::scenario_count() const {
  std::size_t n = 0;
  for (const auto& f : files) n += f.scenarios.size();
  return n;
}

bool Corpus::valid() const {
  return problems.empty() && std::all_of(files.begin(), files.end(), [](const ScenarioFile& f) { return f.valid(); });
}

Diagnostics Corpus::all_problems() const {
  Diagnostics out = problems;
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

Corpus load_corpus(const std::vector<std::string>& paths) {
  Corpus c;
  std::vector<std::string> files;
  for (const auto& p : paths) collect(p, files, c.problems);
  std::sort(files.begin(), files.end());
  files.erase(std::unique(files.begin(), files.end()), files.end());
  for (const auto& f : files) c.files.push_back(load_scenario_file(f));
  std::sort(c.files.begin(), c.files.end(), [](const ScenarioFile& a, const ScenarioFile& b) { return a.path < b.path; });
  check_unique_ids(c);
  return c;
}

}  // namespace carc
