// `carc-oracle merge SHARD... [-o FILE]`: puts the outputs of the shards of one run back
// together, as the unsharded run writes them (README "Shards: a CI matrix, a Kubernetes
// Indexed Job"):
//   - the JSON lines of `run --shard K/N --format json` (one file per shard, every K of 1..N once):
//     the results in the order the unsharded run reports them (by id, then file and place; a
//     scenario's results all come from one shard, in that shard's order) and one
//     summary adding up the shards'. Each result keeps its own "seconds"; nothing else differs
//     from the unsharded run. Other formats are made from the merged file by `carc-oracle render`.
//   - the files of `run --shard K/N --save-expectations FILE`, each saved into a fresh file: one
//     expectations file, entries sorted by id then ruleset as the unsharded run writes them.
// Shards of different runs (scenario files, filters, options, implementation), a shard missing
// or given twice are refused with the file and line at fault: exit 2, nothing written.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "protocol/json_budget.hpp"
#include "report/report.hpp"
#include "runner/expectations.hpp"
#include "runner/outcome.hpp"
#include "runner/runner.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

// As `render` reads them: a line of a saved run is at most a few hundred KiB.
constexpr std::size_t kMergeMaxLineBytes = std::size_t{16} << 20;
constexpr int kMergeMaxDepth = 32;
constexpr std::size_t kMergeMaxValues = std::size_t{1} << 18;

// One shard's JSON lines, read whole.
struct ShardRun {
  std::string path;
  int k = 0, n = 0;
  Json summary;
  std::string summary_where;  // FILE:LINE of the summary record
  std::vector<Json> results;
};

// The first line of a file, or nothing when it cannot be read.
std::optional<std::string> first_line_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string line;
  std::getline(in, line);
  return line;
}

// Whether a file is JSON lines of `run --format json` (else it is taken for an expectations file).
bool looks_like_results(const std::string& first_line) {
  auto parsed = proto::budgeted_parse<Json>(first_line, proto::JsonBudget{kMergeMaxDepth, kMergeMaxValues});
  return parsed.error.empty() && parsed.value.is_object() && parsed.value.contains("type");
}

// Reads one shard's file; the problems found are appended to `problems` ("FILE:LINE: ...").
std::optional<ShardRun> read_shard(const std::string& path, std::vector<std::string>& problems) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problems.push_back(fmt::format("{}: cannot be read", path));
    return std::nullopt;
  }
  ShardRun run;
  run.path = path;
  std::string line;
  const std::size_t before = problems.size();
  for (int number = 1; std::getline(in, line); ++number) {
    const std::string where = fmt::format("{}:{}", path, number);
    if (line.empty()) continue;
    if (line.size() > kMergeMaxLineBytes) {
      problems.push_back(fmt::format("{}: a line over {} bytes", where, kMergeMaxLineBytes));
      return std::nullopt;
    }
    auto parsed = proto::budgeted_parse<Json>(line, proto::JsonBudget{kMergeMaxDepth, kMergeMaxValues});
    Json& j = parsed.value;
    if (!parsed.error.empty() || !j.is_object() || !j.contains("type") || !j["type"].is_string()) {
      problems.push_back(fmt::format("{}: not a record of `run --format json` (a JSON object with a \"type\")", where));
      return std::nullopt;
    }
    if (!run.summary.is_null()) {
      problems.push_back(fmt::format("{}: a record after the summary (at {}): one run of one implementation per file",
                                     where, run.summary_where));
      return std::nullopt;
    }
    const std::string type = j["type"].get<std::string>();
    if (j.contains("implementation") || type == "comparison") {
      problems.push_back(fmt::format(
          "{}: a run of several implementations (--impl repeated); merge each implementation's shards apart", where));
      return std::nullopt;
    }
    if (type == "result") {
      if (!j.contains("id") || !j["id"].is_string() || !j.contains("file") || !j["file"].is_string() ||
          !j.contains("line") || !j["line"].is_number_integer() || !j.contains("column") ||
          !j["column"].is_number_integer()) {
        problems.push_back(fmt::format("{}: a result without its \"id\", \"file\", \"line\" and \"column\"", where));
        return std::nullopt;
      }
      run.results.push_back(std::move(j));
    } else if (type == "summary") {
      run.summary = std::move(j);
      run.summary_where = where;
    } else {
      problems.push_back(
          fmt::format("{}: a record of type \"{}\", not a result or a summary", where, terminal_safe(type)));
      return std::nullopt;
    }
  }
  if (in.bad()) problems.push_back(fmt::format("{}: a read failed", path));
  if (run.summary.is_null())
    problems.push_back(
        fmt::format("{}: no summary record: the shard's output is incomplete (was its run stopped?)", path));
  else if (run.summary.value("format_version", 0) != kJsonLinesVersion)
    problems.push_back(fmt::format("{}: format_version {} (this carc-oracle reads {})", run.summary_where,
                                   run.summary.value("format_version", Json(nullptr)).dump(), kJsonLinesVersion));
  else if (!run.summary.contains("shard") || !run.summary["shard"].is_string())
    problems.push_back(
        fmt::format("{}: not the output of a sharded run (its summary names no \"shard\"): run each with --shard K/N",
                    run.summary_where));
  else if (auto shard = parse_shard(run.summary["shard"].get<std::string>()); !shard)
    problems.push_back(fmt::format("{}: \"shard\": {}", run.summary_where, shard.error()));
  else {
    run.k = shard->first;
    run.n = shard->second;
  }
  if (problems.size() > before) return std::nullopt;
  return run;
}

// The summary keys every shard of one run shares.
constexpr const char* kSharedKeys[] = {"selection", "subject", "capabilities", "name",
                                       "version",   "command", "rerun_options"};

// The merged JSON lines, or the problems that refuse them.
std::string merge_results(std::vector<ShardRun>& shards, std::vector<std::string>& problems, Counts& counts) {
  std::sort(shards.begin(), shards.end(), [](const ShardRun& a, const ShardRun& b) { return a.k < b.k; });
  const ShardRun& first = shards.front();
  std::map<int, const ShardRun*> by_k;
  for (const auto& s : shards) {
    if (s.n != first.n)
      problems.push_back(fmt::format("{}: shard {}/{} of {} shards, but {} is a shard of {}", s.summary_where, s.k, s.n,
                                     s.n, first.path, first.n));
    if (const auto [it, fresh] = by_k.emplace(s.k, &s); !fresh)
      problems.push_back(
          fmt::format("{}: shard {}/{} given twice (also {})", s.summary_where, s.k, s.n, it->second->path));
    for (const char* key : kSharedKeys)
      if (s.summary.value(key, Json(nullptr)) != first.summary.value(key, Json(nullptr)))
        problems.push_back(fmt::format("{}: a shard of another run than {}: \"{}\" differs ({} against {}){}",
                                       s.summary_where, first.path, key,
                                       terminal_safe(s.summary.value(key, Json(nullptr)).dump()),
                                       terminal_safe(first.summary.value(key, Json(nullptr)).dump()),
                                       std::string(key) == "selection"
                                           ? ": other scenario files, filters, implementations, expectations or options"
                                           : ""));
  }
  std::vector<std::string> missing;
  for (int k = 1; k <= first.n; ++k)
    if (!by_k.count(k)) missing.push_back(fmt::format("{}/{}", k, first.n));
  if (!missing.empty())
    problems.push_back(fmt::format("shard{} {} missing ({} of {} given)", missing.size() > 1 ? "s" : "",
                                   fmt::join(missing, ", "), by_k.size(), first.n));
  if (!problems.empty()) return {};

  // The unsharded order (src/runner/runner.cpp entries_of): by id, then file and place in it (only
  // broken duplicates share an id); a scenario's results under its rulesets keep their shard's
  // order (a scenario, its transforms and also_with copies are all in one shard).
  struct Placed {
    const Json* result;
    std::size_t shard, seq;
  };
  std::vector<Placed> all;
  for (std::size_t s = 0; s < shards.size(); ++s)
    for (std::size_t i = 0; i < shards[s].results.size(); ++i) all.push_back({&shards[s].results[i], s, i});
  const auto key = [](const Placed& p) {
    const Json& r = *p.result;
    return std::make_tuple(std::cref(r["id"].get_ref<const std::string&>()),
                           std::cref(r["file"].get_ref<const std::string&>()), r["line"].get<long long>(),
                           r["column"].get<long long>(), p.shard, p.seq);
  };
  std::sort(all.begin(), all.end(), [&key](const Placed& a, const Placed& b) { return key(a) < key(b); });

  std::string text;
  const auto line = [](const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; };
  for (const auto& p : all) text += line(*p.result);

  Json summary = first.summary;
  summary.erase("shard");
  summary.erase("selection");
  std::vector<std::string> sums = {"total", "applicable", "ran"};
  for (std::size_t i = 0; i < kOutcomes; ++i) sums.emplace_back(outcome_name(static_cast<Outcome>(i)));
  for (const auto& name : sums) {
    long long total = 0;
    for (const auto& s : shards) total += s.summary.value(name, 0LL);
    summary[name] = total;
  }
  for (std::size_t i = 0; i < kOutcomes; ++i)
    counts[i] = summary.value(std::string(outcome_name(static_cast<Outcome>(i))), 0);
  for (const auto& s : shards)  // the first shard cut short says why
    if (s.summary.contains("cut_short") && s.summary["cut_short"].is_string()) {
      summary["cut_short"] = s.summary["cut_short"];
      break;
    }
  return text + line(summary);
}

// The merged expectations file, or the problems that refuse it.
std::string merge_expectations(const std::vector<std::string>& paths, bool json, std::vector<std::string>& problems) {
  std::vector<Expectations> files;
  for (const auto& path : paths) {
    auto loaded = load_expectations(path);
    if (!loaded)
      problems.push_back(loaded.error());
    else
      files.push_back(std::move(*loaded));
  }
  if (!problems.empty()) return {};
  Expectations merged = files.front();
  merged.entries.clear();
  std::map<std::pair<std::string, std::string>, std::string> seen;  // (id, ruleset) -> the file listing it
  for (const auto& f : files) {
    if (f.implementation != merged.implementation || f.version != merged.version ||
        f.protocol_version != merged.protocol_version)
      problems.push_back(fmt::format(
          "{}: expectations of {} {} (protocol {}), but {} records {} {} (protocol {}): shards of another run", f.file,
          terminal_safe(f.implementation), terminal_safe(f.version), f.protocol_version, files.front().file,
          terminal_safe(merged.implementation), terminal_safe(merged.version), merged.protocol_version));
    for (const auto& e : f.entries) {
      if (const auto [it, fresh] = seen.emplace(std::make_pair(e.id, e.ruleset), f.file); !fresh)
        problems.push_back(fmt::format(
            "{}: {}{} is listed again (also in {}): a shard given twice, or shards saved into copies of one file "
            "(save each shard into a fresh file)",
            f.file, terminal_safe(e.id), e.ruleset.empty() ? "" : " under " + terminal_safe(e.ruleset), it->second));
      merged.entries.push_back(e);
    }
  }
  if (!problems.empty()) return {};
  // A recorder that saw no result keeps every entry of the file it merges into, sorted as `run` writes them.
  const ExpectationsRecorder recorder(false);
  return recorder.text(Implementation{merged.implementation, merged.version, merged.protocol_version}, json, &merged);
}

bool ends_with_json(const std::string& path) { return path.size() >= 5 && path.substr(path.size() - 5) == ".json"; }

}  // namespace

void setup_merge(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<MergeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Merge the outputs of run --shard K/N (JSON lines, or expectations files) into the unsharded run's");
  cmd->add_option("shards", o->inputs,
                  "Each shard's output: all JSON lines of run --format json, or all files of --save-expectations")
      ->required();
  cmd->add_option("-o,--output", o->output, "Write the merged file here instead of stdout")->type_name("FILE");
  cmd->callback([o, &action] { action = [o] { return run_merge(*o, std::cout, std::cerr); }; });
}

int run_merge(const MergeOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<std::string> problems;
  // Which kind: by the first line of each file; every file must be of the first one's kind.
  std::vector<bool> results_kind;
  for (const auto& path : o.inputs) {
    const auto first = first_line_of(path);
    if (!first) problems.push_back(fmt::format("{}: cannot be read", path));
    results_kind.push_back(first && looks_like_results(*first));
  }
  if (!problems.empty()) {
    for (const auto& p : problems) fmt::print(err, "carc-oracle merge: {}\n", p);
    err << "carc-oracle merge: nothing written\n";
    return kExitInvalidInput;
  }
  const bool results = results_kind.front();
  for (std::size_t i = 1; i < o.inputs.size(); ++i)
    if (results_kind[i] != results)
      problems.push_back(fmt::format("{}: {}, but {} is {}", o.inputs[i],
                                     results_kind[i] ? "JSON lines of a run" : "not JSON lines of a run",
                                     o.inputs.front(), results ? "JSON lines of a run" : "an expectations file"));
  std::string text;
  Counts counts{};
  if (problems.empty() && results) {
    std::vector<ShardRun> shards;
    for (const auto& path : o.inputs)
      if (auto shard = read_shard(path, problems)) shards.push_back(std::move(*shard));
    if (problems.empty()) text = merge_results(shards, problems, counts);
  } else if (problems.empty()) {
    const bool json = o.output.empty() ? ends_with_json(o.inputs.front()) : ends_with_json(o.output);
    text = merge_expectations(o.inputs, json, problems);
  }
  if (!problems.empty()) {
    for (const auto& p : problems) fmt::print(err, "carc-oracle merge: {}\n", p);
    err << "carc-oracle merge: nothing written\n";
    return kExitInvalidInput;
  }
  if (o.output.empty()) {
    out << text << std::flush;
    if (!out) return kExitOutput;
  } else {
    std::ofstream file(o.output, std::ios::binary | std::ios::trunc);
    file << text;
    file.close();
    if (!file) {
      fmt::print(err, "carc-oracle merge: {}: cannot be written\n", o.output);
      return kExitOutput;
    }
    fmt::print(out, "wrote {} ({} files merged)\n", o.output, o.inputs.size());
  }
  if (!results) return kExitOk;
  // The merged run's verdict, as `run` gives it: 2 with an invalid result, 1 with a failure.
  if (!o.output.empty()) fmt::print(out, "{}\ncoverage: {}\n", counts_line(counts), coverage_line(counts));
  bool failure = false;
  for (std::size_t i = 0; i < kOutcomes; ++i)
    failure = failure || (counts[i] > 0 && is_failure(static_cast<Outcome>(i)));
  return counts[static_cast<std::size_t>(Outcome::Invalid)] > 0 ? kExitInvalidInput : failure ? kExitFailures : kExitOk;
}

}  // namespace carc
