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
//   - the --out directories of `explore --shard K/N` (into -o DIR): explore.jsonl (each
//     disagreement once, as first seen over all games, seen as often as in all shards; the counts
//     added up; times aside, the unsharded run's) and candidates/ (the unsharded run's files).
//     summary.md as the unsharded explore writes it (explore_summary_md); report.html is not made
//     (run --impl on DIR/candidates makes the report).
// Shards of different runs (scenario files, filters, options, implementation), a shard missing
// or given twice are refused with the file and line at fault: exit 2, nothing written.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <filesystem>
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
#include "cli/output.hpp"
#include "protocol/json_budget.hpp"
#include "report/report.hpp"
#include "runner/expectations.hpp"
#include "runner/outcome.hpp"
#include "runner/runner.hpp"

namespace carc {
namespace {

using Json = nlohmann::ordered_json;

// One shard's JSON lines, read whole.
struct ShardRun {
  std::string path;
  int k = 0, n = 0;
  Json summary;
  std::string summary_where;  // FILE:LINE of the summary record
  // Each result as written (the line itself, never rewritten) with what orders it: the parsed
  // records are not kept, so a merge holds about the size of its files.
  struct Line {
    std::string text, id, file;
    long long line = 0, column = 0;
  };
  std::vector<Line> results;
};

// The first line of a file, or nothing when it cannot be read.
std::optional<std::string> first_line_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string line;
  read_line_within(in, line, kSavedLineBytes);
  return line;
}

// Whether a file is JSON lines of `run --format json` (else it is taken for an expectations file).
bool looks_like_results(const std::string& first_line) {
  auto parsed = proto::budgeted_parse<Json>(first_line, proto::JsonBudget{kSavedDepth, kSavedValues});
  return parsed.error.empty() && parsed.value.is_object() && parsed.value.contains("type");
}

// Gives each non-empty line of `in` (read from `path`) to `take(record, "PATH:LINE", line)` as a
// JSON object with a string "type", read within the merge's bounds; false at the first problem,
// appended to `problems`: a line over the limit, a line that is not such a record (`what` names
// the file it should be a record of), or what `take` refused (it appends its own).
template <typename J, typename Take>
bool for_each_record(std::istream& in, const std::string& path, std::string_view what,
                     std::vector<std::string>& problems, Take take) {
  std::string line;
  for (int number = 1; read_line_within(in, line, kSavedLineBytes + 1); ++number) {
    const std::string where = fmt::format("{}:{}", path, number);
    if (line.empty()) continue;
    if (line.size() > kSavedLineBytes) {
      problems.push_back(fmt::format("{}: a line over {} bytes", where, kSavedLineBytes));
      return false;
    }
    auto parsed = proto::budgeted_parse<J>(line, proto::JsonBudget{kSavedDepth, kSavedValues});
    J& j = parsed.value;
    if (!parsed.error.empty() || !j.is_object() || !j.contains("type") || !j["type"].is_string()) {
      problems.push_back(fmt::format("{}: not a record of {} (a JSON object with a \"type\")", where, what));
      return false;
    }
    if (!take(j, where, line)) return false;
  }
  return true;
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
  const std::size_t before = problems.size();
  const bool read = for_each_record<Json>(
      in, path, "`run --format json`", problems, [&](Json& j, const std::string& where, const std::string& line) {
        if (!run.summary.is_null()) {
          problems.push_back(
              fmt::format("{}: a record after the summary (at {}): one run of one implementation per file", where,
                          run.summary_where));
          return false;
        }
        const std::string type = j["type"].get<std::string>();
        if (j.contains("implementation") || type == "comparison") {
          problems.push_back(fmt::format(
              "{}: a run of several implementations (--impl repeated); merge each implementation's shards apart",
              where));
          return false;
        }
        if (type == "result") {
          if (!j.contains("id") || !j["id"].is_string() || !j.contains("file") || !j["file"].is_string() ||
              !j.contains("line") || !j["line"].is_number_integer() || !j.contains("column") ||
              !j["column"].is_number_integer()) {
            problems.push_back(
                fmt::format("{}: a result without its \"id\", \"file\", \"line\" and \"column\"", where));
            return false;
          }
          run.results.push_back({line, j["id"].get<std::string>(), j["file"].get<std::string>(),
                                 j["line"].get<long long>(), j["column"].get<long long>()});
        } else if (type == "summary") {
          run.summary = std::move(j);
          run.summary_where = where;
        } else {
          problems.push_back(
              fmt::format("{}: a record of type \"{}\", not a result or a summary", where, terminal_safe(type)));
          return false;
        }
        return true;
      });
  if (!read) return std::nullopt;
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

// One shard as given: its K of N and how an error names it (FILE:LINE or a directory).
struct ShardName {
  int k = 0, n = 0;
  std::string where, path;
};

// Every K of 1..N once, all of one N: each shard given twice, of another N, or missing is a problem.
void check_shard_set(const std::vector<ShardName>& given, std::vector<std::string>& problems) {
  const ShardName& first = given.front();
  std::map<int, const ShardName*> by_k;
  for (const auto& s : given) {
    if (s.n != first.n)
      problems.push_back(fmt::format("{}: shard {}/{} of {} shards, but {} is a shard of {}", s.where, s.k, s.n, s.n,
                                     first.path, first.n));
    if (const auto [it, fresh] = by_k.emplace(s.k, &s); !fresh)
      problems.push_back(fmt::format("{}: shard {}/{} given twice (also {})", s.where, s.k, s.n, it->second->path));
  }
  std::vector<std::string> missing;
  for (int k = 1; k <= first.n; ++k)
    if (!by_k.count(k)) missing.push_back(fmt::format("{}/{}", k, first.n));
  if (!missing.empty())
    problems.push_back(fmt::format("shard{} {} missing ({} of {} given)", missing.size() > 1 ? "s" : "",
                                   fmt::join(missing, ", "), by_k.size(), first.n));
}

// The summary keys every shard of one run shares.
constexpr const char* kSharedKeys[] = {"selection", "subject", "capabilities", "name",
                                       "version",   "command", "rerun_options"};

// The merged JSON lines, or the problems that refuse them.
std::string merge_results(std::vector<ShardRun>& shards, std::vector<std::string>& problems, Counts& counts) {
  std::sort(shards.begin(), shards.end(), [](const ShardRun& a, const ShardRun& b) { return a.k < b.k; });
  const ShardRun& first = shards.front();
  std::vector<ShardName> names;
  for (const auto& s : shards) names.push_back({s.k, s.n, s.summary_where, s.path});
  check_shard_set(names, problems);
  for (const auto& s : shards) {
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
  if (!problems.empty()) return {};

  // The unsharded order (src/runner/runner.cpp entries_of): by id, then file and place in it (only
  // broken duplicates share an id); a scenario's results under its rulesets keep their shard's
  // order (a scenario, its transforms and also_with copies are all in one shard).
  struct Placed {
    const ShardRun::Line* result;
    std::size_t shard, seq;
  };
  std::vector<Placed> all;
  for (std::size_t s = 0; s < shards.size(); ++s)
    for (std::size_t i = 0; i < shards[s].results.size(); ++i) all.push_back({&shards[s].results[i], s, i});
  const auto key = [](const Placed& p) {
    const ShardRun::Line& r = *p.result;
    return std::tie(r.id, r.file, r.line, r.column, p.shard, p.seq);
  };
  std::sort(all.begin(), all.end(), [&key](const Placed& a, const Placed& b) { return key(a) < key(b); });

  std::string text;
  const auto line = [](const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"; };
  for (const auto& p : all) text += p.result->text + "\n";

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
  // The results sent with a value played in place of the scenario's, by "KEY=SENT for ASKED"
  // (RunTally::played_as): added up, in the key order run writes them.
  std::map<std::string, long long> played;
  for (const auto& s : shards)
    if (s.summary.contains("played_as") && s.summary["played_as"].is_object())
      for (const auto& [what, n] : s.summary["played_as"].items())
        if (n.is_number_integer()) played[what] += n.get<long long>();
  if (played.empty()) {
    summary.erase("played_as");
  } else if (summary.contains("played_as")) {
    summary["played_as"] = played;
  } else {  // where run writes it: after cut_short
    Json placed = Json::object();
    for (const auto& [name, value] : summary.items()) {
      placed[name] = value;
      if (name == "cut_short") placed["played_as"] = played;
    }
    summary = std::move(placed);
  }
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

// --- explore --shard K/N --out DIR: explore.jsonl and candidates/ ------------------------------

using Plain = nlohmann::json;  // explore.jsonl's records: keys sorted, as explore writes them

struct ExploreShard {
  std::string dir;
  int k = 0, n = 0;
  Plain summary;
  std::vector<Plain> findings;
};

std::optional<ExploreShard> read_explore_shard(const std::string& dir, std::vector<std::string>& problems) {
  const std::string path = dir + "/explore.jsonl";
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    problems.push_back(fmt::format("{}: cannot be read (not the --out DIR of explore?)", path));
    return std::nullopt;
  }
  ExploreShard shard;
  shard.dir = dir;
  std::string summary_where;
  const bool read = for_each_record<Plain>(
      in, path, "explore.jsonl", problems, [&](Plain& j, const std::string& where, const std::string&) {
        if (!shard.summary.is_null()) {
          problems.push_back(fmt::format("{}: a record after explore.jsonl's summary (at {})", where, summary_where));
          return false;
        }
        if (j["type"] == "finding") {
          for (const char* key : {"id", "impl", "versus", "signature"})
            if (!j.contains(key) || !j[key].is_string()) {
              problems.push_back(fmt::format("{}: a finding without its \"{}\"", where, key));
              return false;
            }
          for (const char* key : {"first_game", "decision", "seen"})
            if (!j.contains(key) || !j[key].is_number_integer()) {
              problems.push_back(fmt::format("{}: a finding without its \"{}\"", where, key));
              return false;
            }
          shard.findings.push_back(std::move(j));
        } else if (j["type"] == "summary") {
          shard.summary = std::move(j);
          summary_where = where;
        } else {
          problems.push_back(fmt::format("{}: a record neither a finding nor the summary", where));
          return false;
        }
        return true;
      });
  if (!read) return std::nullopt;
  if (shard.summary.is_null()) {
    problems.push_back(fmt::format("{}: no summary record: the shard's run did not finish", path));
    return std::nullopt;
  }
  const auto shard_text = shard.summary.value("shard", std::string());
  auto parsed = parse_shard(shard_text);
  if (!shard.summary.contains("selection") || !parsed) {
    problems.push_back(fmt::format(
        "{}: not the output of a sharded explore (its summary names no \"selection\"): run each with --shard K/N",
        summary_where));
    return std::nullopt;
  }
  shard.k = parsed->first;
  shard.n = parsed->second;
  return shard;
}

// A finding's id as explore makes it before a second implementation's copy gets "-iN".
std::string base_id(const std::string& id) {
  const auto at = id.rfind("-i");
  if (at == std::string::npos || at + 2 >= id.size()) return id;
  for (std::size_t i = at + 2; i < id.size(); ++i)
    if (id[i] < '0' || id[i] > '9') return id;
  return id.substr(0, at);
}

// The merged explore.jsonl and candidate files (name -> text), or the problems that refuse them.
std::vector<std::pair<std::string, std::string>> merge_explore(std::vector<ExploreShard>& shards,
                                                               std::vector<std::string>& problems, bool& found) {
  std::sort(shards.begin(), shards.end(), [](const auto& a, const auto& b) { return a.k < b.k; });
  const ExploreShard& first = shards.front();
  std::vector<ShardName> names;
  for (const auto& s : shards) names.push_back({s.k, s.n, s.dir, s.dir});
  check_shard_set(names, problems);
  for (const auto& s : shards) {
    for (const char* key : {"selection", "seed"})
      if (s.summary.value(key, Plain()) != first.summary.value(key, Plain()))
        problems.push_back(fmt::format("{}: a shard of another explore run than {}: \"{}\" differs ({} against {})",
                                       s.dir, first.dir, key, s.summary.value(key, Plain()).dump(),
                                       first.summary.value(key, Plain()).dump()));
  }
  if (!problems.empty()) return {};

  // Each disagreement (implementation, other side, signature) once: as first seen over all games (a
  // game is one shard's), seen as often as in every shard together; in the order the unsharded run
  // finds them (by game, then decision; equal ones keep their shard's order).
  struct Kept {
    const Plain* finding;
    const ExploreShard* shard;
    std::size_t seq;
    long long seen;
  };
  std::map<std::tuple<std::string, std::string, std::string>, Kept> kept;
  for (const auto& s : shards)
    for (std::size_t i = 0; i < s.findings.size(); ++i) {
      const Plain& f = s.findings[i];
      const auto key = std::make_tuple(f["impl"].get<std::string>(), f["versus"].get<std::string>(),
                                       f["signature"].get<std::string>());
      const auto place = [](const Plain& x) {
        return std::make_pair(x["first_game"].get<long long>(), x["decision"].get<long long>());
      };
      auto [it, fresh] = kept.emplace(key, Kept{&f, &s, i, f["seen"].get<long long>()});
      if (fresh) continue;
      it->second.seen += f["seen"].get<long long>();
      if (place(f) < place(*it->second.finding)) {
        it->second.finding = &f;
        it->second.shard = &s;
        it->second.seq = i;
      }
    }
  std::vector<Kept> order;
  for (const auto& [key, k] : kept) order.push_back(k);
  std::sort(order.begin(), order.end(), [](const Kept& a, const Kept& b) {
    return std::make_tuple((*a.finding)["first_game"].get<long long>(), (*a.finding)["decision"].get<long long>(),
                           a.shard->k, a.seq) < std::make_tuple((*b.finding)["first_game"].get<long long>(),
                                                                (*b.finding)["decision"].get<long long>(), b.shard->k,
                                                                b.seq);
  });
  std::vector<std::pair<std::string, std::string>> files;
  std::string jsonl;
  Plain records = Plain::array();  // explore.jsonl's, for summary.md
  std::map<std::string, int> taken;
  for (const Kept& k : order) {
    Plain f = *k.finding;
    const std::string old_id = f["id"].get<std::string>();
    std::string id = base_id(old_id);
    if (const int n = taken[id]++; n > 0) id += fmt::format("-i{}", n + 1);
    const long long old_seen = f["seen"].get<long long>();
    f["id"] = id;
    f["seen"] = k.seen;
    const std::string candidate = k.shard->dir + "/candidates/" + old_id + ".yaml";
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(candidate, ec); !ec && size > kSavedLineBytes) {
      problems.push_back(fmt::format("{}: over {} bytes, not a candidate explore wrote", candidate, kSavedLineBytes));
      continue;
    }
    std::ifstream in(candidate, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) {
      problems.push_back(fmt::format("{}/candidates/{}.yaml: cannot be read", k.shard->dir, old_id));
      continue;
    }
    // The candidate as the unsharded run writes it: its id, and how often the disagreement was seen.
    std::string body = text.str();
    const auto swap = [&body](const std::string& from, const std::string& to) {
      if (const auto at = body.find(from); at != std::string::npos) body.replace(at, from.size(), to);
    };
    swap("id: " + old_id + "\n", "id: " + id + "\n");
    swap(fmt::format("seen at {} decision(s)", old_seen), fmt::format("seen at {} decision(s)", k.seen));
    files.emplace_back("candidates/" + id + ".yaml", body);
    jsonl += f.dump() + "\n";
    records.push_back(f);
  }
  // The summary: the shards' counts added up; the budget flags if any shard's; the time the longest.
  Plain summary = first.summary;
  summary.erase("selection");
  summary["shard"] = "1/1";
  for (const char* key : {"games", "decisions", "asked", "unsupported", "not_answered", "unsynced"}) {
    long long total = 0;
    for (const auto& s : shards) total += s.summary.value(key, 0LL);
    summary[key] = total;
  }
  double seconds = 0;
  bool budget = false, cut = false;
  std::map<std::string, Plain> impls;  // by name, in the first shard's order below
  for (const auto& s : shards) {
    seconds += s.summary.value("seconds", 0.0);
    budget = budget || s.summary.value("budget_exhausted", false);
    cut = cut || s.summary.value("cut_in_game", false);
    for (const auto& t : s.summary.value("implementations", Plain::array())) {
      const std::string name = t.value("impl", std::string());
      Plain& m = impls[name];
      if (m.is_null()) {
        m = t;
        continue;
      }
      for (const char* key : {"asked", "unsupported", "not_answered"}) m[key] = m.value(key, 0LL) + t.value(key, 0LL);
      for (const char* key : {"unanswered", "lacks", "played_as"}) {
        const Plain counts = t.value(key, Plain::object());  // held: items() does not keep a temporary alive
        if (!counts.is_object()) continue;
        for (const auto& [what, count] : counts.items())
          if (count.is_number_integer()) m[key][what] = m[key].value(what, 0LL) + count.get<long long>();
      }
    }
  }
  Plain tallies = Plain::array();
  for (const auto& t : first.summary.value("implementations", Plain::array()))
    tallies.push_back(impls[t.value("impl", std::string())]);
  summary["implementations"] = tallies;
  summary["disagreements"] = order.size();
  summary["budget_exhausted"] = budget;
  summary["cut_in_game"] = cut;
  summary["seconds"] = seconds;  // the shards' time added up (times are not compared)
  summary["decisions_per_second"] =
      seconds > 0 ? static_cast<double>(summary["decisions"].get<long long>()) / seconds : 0.0;
  found = !order.empty() || summary["not_answered"].get<long long>() > 0;
  for (const auto& t : tallies) found = found || t.value("asked", 0LL) == 0;
  files.emplace_back("explore.jsonl", jsonl + summary.dump() + "\n");
  records.push_back(summary);
  files.emplace_back("summary.md", explore_summary_md(records));  // as explore writes it
  return files;
}

bool ends_with_json(const std::string& path) { return path.size() >= 5 && path.substr(path.size() - 5) == ".json"; }

}  // namespace

void setup_merge(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<MergeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Merge the outputs of run --shard K/N (JSON lines, or expectations files) or explore --shard K/N (--out "
      "directories) into the unsharded run's");
  cmd->add_option("shards", o->inputs,
                  "Each shard's output: all JSON lines of run --format json, all files of --save-expectations, or all "
                  "--out directories of explore")
      ->required();
  cmd->add_option("-o,--output", o->output,
                  "Write the merged file here instead of stdout (explore: the directory, required)")
      ->type_name("FILE|DIR");
  cmd->callback([o, &action] { action = [o] { return run_merge(*o, std::cout, std::cerr); }; });
}

// `merge DIR... -o OUT`: the --out directories of explore --shard K/N.
int run_merge_explore(const MergeOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<std::string> problems;
  if (o.output.empty()) problems.push_back("explore shards (directories) merge into a directory: give -o DIR");
  std::vector<ExploreShard> shards;
  for (const auto& dir : o.inputs)
    if (auto shard = read_explore_shard(dir, problems)) shards.push_back(std::move(*shard));
  bool found = false;
  std::vector<std::pair<std::string, std::string>> files;
  if (problems.empty()) files = merge_explore(shards, problems, found);
  if (!problems.empty()) {
    for (const auto& p : problems) fmt::print(err, "carc-oracle merge: {}\n", p);
    err << "carc-oracle merge: nothing written\n";
    return kExitInvalidInput;
  }
  std::error_code ec;
  std::filesystem::create_directories(o.output + "/candidates", ec);
  for (const auto& [name, text] : files) {
    std::ofstream file(o.output + "/" + name, std::ios::binary | std::ios::trunc);
    file << text;
    file.close();
    if (!file) {
      fmt::print(err, "carc-oracle merge: {}/{}: cannot be written\n", o.output, name);
      return kExitOutput;
    }
  }
  fmt::print(out,
             "wrote {} candidate{}, explore.jsonl and summary.md into {} ({} shards merged); the HTML report of the "
             "candidates: carc-oracle run {}/candidates --impl ... --format html\n",
             files.size() - 2, files.size() == 3 ? "" : "s", o.output, shards.size(), o.output);
  return found ? kExitFailures : kExitOk;
}

int run_merge(const MergeOptions& o, std::ostream& out, std::ostream& err) {
  std::vector<std::string> problems;
  {
    std::error_code ec;
    if (std::filesystem::is_directory(o.inputs.front(), ec)) return run_merge_explore(o, out, err);
  }
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
