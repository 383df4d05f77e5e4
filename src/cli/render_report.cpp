// `carc-oracle render RESULTS.jsonl [PATHS] --format F[,F...] [--out DIR | -o FILE]`:
// any report format made later from the JSON lines of a run (run --format json),
// so a slow implementation is run once and reported as often as needed. The
// scenarios the results name are read again from their files (titles,
// positions, boards); everything judged comes from the file (src/report/README.md
// "The JSON lines").
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"
#include "data/oracle_data.hpp"
#include "data/text_file.hpp"
#include "protocol/json_budget.hpp"
#include "report/report.hpp"
#include "runner/board_views.hpp"
#include "scenario/corpus.hpp"
#include "scenario/scenario_transform.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

struct Located {
  std::string where;  // "FILE:LINE"
  std::string what;
};

// The records of the file one by one; `visit` gets each parsed object with its line number.
template <typename Visit>
std::optional<Located> each_record(const std::string& path, Visit visit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Located{path, "cannot be read"};
  std::string line;
  for (int n = 1; read_line_within(in, line, kSavedLineBytes + 1); ++n) {
    const std::string where = fmt::format("{}:{}", path, n);
    if (line.size() > kSavedLineBytes) return Located{where, fmt::format("a line over {} bytes", kSavedLineBytes)};
    if (line.empty()) continue;
    // Built within a budget: a line of 16 MiB of `[` or of numbers is refused as the parser
    // reaches the level or the value too many, before it becomes a tree of a gigabyte.
    auto parsed = proto::budgeted_parse<Json>(line, proto::JsonBudget{kSavedDepth, kSavedValues});
    if (parsed.over_budget) return Located{where, parsed.error};
    Json& j = parsed.value;
    if (!parsed.error.empty() || !j.is_object() || !j.contains("type") || !j["type"].is_string())
      return Located{where, "not a record of `run --format json` (a JSON object with a \"type\")"};
    if (auto problem = visit(j, where)) return problem;
  }
  if (in.bad()) return Located{path, "a read failed"};
  return std::nullopt;
}

std::vector<std::string> strings_of(const Json& j, const char* key) {
  std::vector<std::string> out;
  if (j.contains(key) && j[key].is_array())
    for (const auto& x : j[key])
      if (x.is_string()) out.push_back(x.get<std::string>());
  return out;
}

std::string string_of(const Json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

RunHeader header_of(const Json& summary) {
  return RunHeader{string_of(summary, "subject"),        strings_of(summary, "capabilities"),
                   strings_of(summary, "rerun_options"), string_of(summary, "name"),
                   string_of(summary, "version"),        string_of(summary, "command")};
}

// The scenarios the results name, loaded together from their files as `run` loaded them.
class Scenarios {
 public:
  explicit Scenarios(const std::vector<std::string>& files) : corpus_(load_corpus(files)) {
    for (const auto& f : corpus_.files)
      for (const auto& s : f.scenarios) by_key_[{s.file, s.valid() ? s.id : s.id.empty() ? s.file : s.id}] = &s;
  }

  // The scenario of a result: as written, or the transform its id names (X@r90); null when gone.
  const Scenario* find(const std::string& file, const std::string& id) {
    if (const auto it = by_key_.find({file, id}); it != by_key_.end()) return it->second;
    const auto at = id.find('@');
    if (at == std::string::npos) return nullptr;
    const auto base = by_key_.find({file, id.substr(0, at)});
    if (base == by_key_.end() || !base->second->valid()) return nullptr;
    for (const auto& t : metamorphic_transforms())
      if (t.name() == id.substr(at + 1)) {
        transformed_.push_back(std::make_unique<Scenario>(transform_scenario(*base->second, t, builtin_catalog())));
        by_key_[{file, id}] = transformed_.back().get();
        return transformed_.back().get();
      }
    return nullptr;
  }

  // Why the scenario of a result is not found (find gave null): the file's own problem
  // (cannot be read, not YAML, ...) or that no scenario of the file has the id.
  std::string why_not_found(const std::string& file, const std::string& id) const {
    for (const auto& f : corpus_.files)
      if (f.path == file) {
        if (!f.problems.empty()) return f.problems.front().to_string();
        return fmt::format("{}: no scenario with the id {}", file, id);
      }
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) return fmt::format("{}: no such file", file);
    return fmt::format("{}: not among the scenario paths given", file);
  }

 private:
  Corpus corpus_;
  std::map<std::pair<std::string, std::string>, const Scenario*> by_key_;
  std::vector<std::unique_ptr<Scenario>> transformed_;
};

std::optional<Outcome> outcome_named(const std::string& name) {
  for (std::size_t i = 0; i < kOutcomes; ++i)
    if (outcome_name(static_cast<Outcome>(i)) == name) return static_cast<Outcome>(i);
  return std::nullopt;
}

std::optional<RunResult> result_of(const Json& j, Scenarios& scenarios, bool boards) {
  const auto outcome = outcome_named(string_of(j, "state"));
  if (!outcome || !j.contains("id") || !j["id"].is_string()) return std::nullopt;
  RunResult r;
  r.id = string_of(j, "id");
  r.ruleset = string_of(j, "ruleset");
  r.file = string_of(j, "file");
  r.loc.line = j.value("line", 0);
  r.loc.column = j.value("column", 0);
  r.outcome = *outcome;
  r.message = string_of(j, "message");
  r.area = string_of(j, "area") == "(invalid)" ? "" : string_of(j, "area");
  if (j.contains("diffs") && j["diffs"].is_array())
    for (const auto& d : j["diffs"])
      r.diffs.push_back(Diff{string_of(d, "key"), strings_of(d, "expected"), strings_of(d, "actual"),
                             d.value("omitted", std::size_t{0}), d.value("after", 0)});
  if (j.contains("rules") && j["rules"].is_object())
    for (const auto& [k, v] : j["rules"].items())
      if (v.is_string()) r.rules.emplace_back(k, v.get<std::string>());
  if (j.contains("played_as") && j["played_as"].is_array())
    for (const auto& p : j["played_as"])
      if (p.is_object())
        r.played_as.push_back(PlayedAs{string_of(p, "switch"), string_of(p, "asked"), string_of(p, "sent")});
  if (j.contains("seconds") && j["seconds"].is_number()) r.seconds = j["seconds"].get<double>();
  r.scenario = scenarios.find(r.file, r.id);
  if (boards && r.scenario && r.scenario->valid() && !r.ruleset.empty())
    r.views = std::make_shared<const ScenarioViews>(scenario_views(*r.scenario, r.ruleset));
  return r;
}

}  // namespace

void setup_render(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<RenderOptions>();
  CLI::App* cmd = app.add_subcommand(
      "render", "Write any report format from the JSON lines of a run (run --format json), without running again");
  cmd->add_option("results", o->results, "The JSON lines a run wrote (run --format json: results.jsonl)")->required();
  cmd->add_option("paths", o->paths,
                  "The scenario files or folders the run was given (default: the files the results name, from the "
                  "current directory)");
  cmd->add_option("--format", o->format, fmt::format("{}; several separated by commas with --out", format_choices()))
      ->type_name("FORMAT[,FORMAT...]")
      ->capture_default_str();
  cmd->add_option("--out", o->out_dir, "Write each format into this directory under its usual name (report.html, ...)")
      ->type_name("DIR");
  cmd->add_option("-o,--output", o->output, "Write the one format into this file")->type_name("FILE");
  cmd->add_option("--junit-unsupported", o->junit_unsupported,
                  "JUnit: each unsupported result as a <skipped> testcase, or omit them (as run's option)")
      ->type_name("skipped|omit")
      ->check(CLI::IsMember({"skipped", "omit"}))
      ->capture_default_str();
  cmd->callback([o, &action] { action = [o] { return run_render(*o, std::cout, std::cerr); }; });
}

int run_render(const RenderOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<Format> formats;
  if (std::string why; !parse_formats(o.format, formats, why)) {
    fmt::print(err, "carc-oracle render: --format: {}\n", echo(why));
    return kExitInvalidInput;
  }
  if (!o.out_dir.empty() && !o.output.empty()) {
    err << "carc-oracle render: give --out DIR or -o FILE, not both\n";
    return kExitInvalidInput;
  }
  if (formats.size() > 1 && o.out_dir.empty()) {
    err << "carc-oracle render: several formats need --out DIR: each is written to its own file there\n";
    return kExitInvalidInput;
  }
  // A FIFO or a device is refused before it is opened (its open could block).
  if (struct stat st{}; ::stat(o.results.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    const int e = errno;
    fmt::print(
        err, "carc-oracle render: {}: {}\n", o.results,
        (::stat(o.results.c_str(), &st) != 0 ? errno_text(e) : "not a regular file but " + file_type_name(st.st_mode)));
    return kExitInvalidInput;
  }
  // First pass: each run's summary (who ran, in order) and the scenario files named.
  std::vector<RunHeader> headers;
  std::set<std::string> files;
  int pending = 0;  // results since the last summary
  const auto first = each_record(o.results, [&](const Json& j, const std::string& where) -> std::optional<Located> {
    const std::string type = j["type"].get<std::string>();
    if (type == "result") {
      ++pending;
      if (const std::string file = string_of(j, "file"); !file.empty()) files.insert(file);
    } else if (type == "summary") {
      if (j.value("format_version", 0) != kJsonLinesVersion)
        return Located{where, fmt::format("a summary of format_version {}; this carc-oracle renders version {}",
                                          j.value("format_version", Json(nullptr)).dump(), kJsonLinesVersion)};
      headers.push_back(header_of(j));
      pending = 0;
    }
    return std::nullopt;
  });
  if (!first && headers.empty()) {
    fmt::print(err, "carc-oracle render: {}: no summary record: not the whole output of `run --format json`\n",
               o.results);
    return kExitInvalidInput;
  }
  if (!first && pending > 0) {
    fmt::print(err, "carc-oracle render: {}: {} results after the last summary: the run did not finish writing it\n",
               o.results, pending);
    return kExitInvalidInput;
  }
  if (first) {
    fmt::print(err, "carc-oracle render: {}: {}\n", first->where, echo(first->what));
    return kExitInvalidInput;
  }
  // The scenarios as the run loaded them: from its paths when given (a file shows as the run showed it), else the files
  // named.
  Scenarios scenarios(o.paths.empty() ? std::vector<std::string>(files.begin(), files.end()) : o.paths);
  const bool colour = o.out_dir.empty() && o.output.empty() && use_colour(out);
  ReportOptions report_options{colour, true};
  report_options.junit_omit_unsupported = o.junit_unsupported == "omit";
  ReportSet reports(formats, report_options, headers.size() > 1);
  const bool boards = reports.has(Format::Html);
  // Second pass: each run's results, a scenario (results sharing id and file) at a time.
  std::size_t run = 0;
  bool begun = false;
  std::vector<RunResult> group;
  std::size_t missing = 0;  // results whose scenario was not found again
  constexpr std::size_t kMaxMissingShown = 10;
  const auto flush = [&] {
    if (!group.empty()) reports.add(group);
    group.clear();
  };
  const auto second = each_record(o.results, [&](const Json& j, const std::string& where) -> std::optional<Located> {
    const std::string type = j["type"].get<std::string>();
    if (type != "result" && type != "summary") return std::nullopt;
    if (!begun) {
      reports.begin_run(headers[run]);
      begun = true;
    }
    if (type == "summary") {
      flush();
      reports.end_run();
      ++run;
      begun = false;
      return std::nullopt;
    }
    auto r = result_of(j, scenarios, boards);
    if (!r) return Located{where, "a result record without an id or with an unknown state"};
    // Rendered without it (no title, position or board), and the exit code says so.
    if (!r->scenario && !r->file.empty()) {
      if (++missing <= kMaxMissingShown)
        fmt::print(err, "carc-oracle render: {}: the scenario of result {} is missing: {}\n", where, echo(r->id),
                   echo(scenarios.why_not_found(r->file, r->id)));
    }
    if (!group.empty() && (group.front().id != r->id || group.front().file != r->file)) flush();
    group.push_back(std::move(*r));
    return std::nullopt;
  });
  if (second) {
    fmt::print(err, "carc-oracle render: {}: {}\n", second->where, echo(second->what));
    return kExitInvalidInput;
  }
  if (missing > kMaxMissingShown)
    fmt::print(err, "carc-oracle render: ... and {} more results whose scenario is missing\n",
               missing - kMaxMissingShown);
  if (!write_reports(reports, o.out_dir, o.output, "render", out, err)) return kExitOutput;
  if (missing > 0) {
    fmt::print(err,
               "carc-oracle render: {} results name a scenario that could not be read again: they are rendered "
               "without it\n",
               missing);
    return kExitInvalidInput;
  }
  return kExitOk;
}

}  // namespace carc
