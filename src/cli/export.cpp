// `carc-oracle export --out DIR [PATHS]`: every scenario x ruleset as language-neutral
// JSON (oracle/EXPORT.md), so an implementer can run the corpus inside their own test
// runner without this binary: per scenario file one JSON-lines file of cases, each
// with the exact `run` message `run --impl` sends, the expected answer (only the keys
// the scenario checks), how each key is compared, ids, rulings with their tiers, the
// ruleset and what the case requires; and DIR/manifest.json with the versions and
// digests. Invalid scenarios are reported (file:line:col on stderr and in the
// manifest) and the valid ones still exported; the exit code is then 2, as for run.
#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/find_scenario.hpp"
#include "cli/output.hpp"
#include "data/diagnostic.hpp"
#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "protocol/codec.hpp"
#include "report/report.hpp"
#include "runner/evaluate.hpp"
#include "runner/runner.hpp"
#include "runner/wire.hpp"
#include "scenario/capabilities.hpp"

namespace carc {

// The export format's version (oracle/EXPORT.md "Versions"): bumped on any change of its shape or rules.
inline constexpr int kExportVersion = 2;  // 2: checkpoints (EXPORT.md "Versions")

void setup_export(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write every scenario x ruleset as language-neutral JSON (the exact request, the expected answer, the "
      "comparison rules) for other test runners (oracle/EXPORT.md)");
  cmd->add_option("--out", o->out_dir, "Directory to write manifest.json and cases/ into")
      ->type_name("DIR")
      ->required();
  cmd->add_option("paths", o->paths, "Scenario files or folders (default: scenarios/)");
  cmd->add_option("--ruleset", o->rulesets, "Only under this preset (a name or alias; repeatable)")
      ->type_name("PRESET")
      ->allow_extra_args(false);
  cmd->add_option("--protocol-version", o->protocol_version,
                  fmt::format("Requests as sent to an implementation answering this version (1 to {0}; default {0})",
                              proto::kProtocolVersion))
      ->type_name("N");
  cmd->callback([o, &action] { action = [o] { return run_export(*o, std::cout, std::cerr); }; });
}

namespace {

using ExportJson = nlohmann::json;
namespace fs = std::filesystem;

// How each expected key is compared (oracle/EXPORT.md "Comparison rules"): what the runner's
// evaluation does (src/runner/evaluate.cpp), named.
const std::map<std::string, std::string>& rules_by_key() {
  static const std::map<std::string, std::string> rules{{"moves", "canonical-exact-set"},
                                                        {"includes", "canonical-contains"},
                                                        {"excludes", "canonical-excludes"},
                                                        {"moves_of", "canonical-exact-set-per-verb"},
                                                        {"count", "length"},
                                                        {"legal", "per-probe"},
                                                        {"rejected", "equal-or-null"},
                                                        {"scores", "per-player"},
                                                        {"floors", "per-player"},
                                                        {"supply", "per-player-kind-missing-is-0"},
                                                        {"figures", "multiset"},
                                                        {"returned", "multiset"},
                                                        {"towers", "multiset"},
                                                        {"prisoners", "per-holder-multiset"},
                                                        {"phase", "equal"},
                                                        {"active", "equal"},
                                                        {"dragon", "equal-absent-is-none"},
                                                        {"fairy", "equal-absent-is-absent"},
                                                        {"set_aside", "ordered-list"},
                                                        {"dragon_path", "ordered-list"},
                                                        {"scored", "score-events"}};
  return rules;
}

const std::map<std::string, std::string>& rule_texts() {
  static const std::map<std::string, std::string> texts{
      {"canonical-exact-set",
       "canonicalise each answered move (a placement's rotation through canonical_rotations), then every expected move "
       "appears exactly once and nothing else appears (an equivalent rotation listed twice counts twice)"},
      {"canonical-contains", "every expected move appears among the canonicalised answered moves"},
      {"canonical-excludes", "no expected move appears among the canonicalised answered moves"},
      {"canonical-exact-set-per-verb",
       "for each verb listed, the canonicalised answered moves whose first word is that verb are exactly the "
       "expected moves of that verb (an empty list: none); answered moves of other verbs are not judged"},
      {"length", "the number of entries of answer.moves, as answered, equals the expected number"},
      {"per-probe",
       "for each probe (keyed exactly as sent in query.probes) answer.legal has the expected verdict, or, where "
       "false is expected, any verdict but ok (refused for whatever reason); a probe missing from answer.legal "
       "fails"},
      {"equal-or-null",
       "answer.rejected (absent = null) equals the expected {move, reason}, or is null when null is expected"},
      {"per-player", "for each colour listed, the answer's value for that colour is present and equal"},
      {"per-player-kind-missing-is-0",
       "for each colour and figure kind listed, the answer's count (a colour or kind it does not list counts 0) is "
       "equal"},
      {"multiset", "the answer's list equals the expected list as a multiset (order is free, duplicates count)"},
      {"per-holder-multiset",
       "for each holder colour listed, the answer's list for it (absent = empty) equals the expected list as a "
       "multiset"},
      {"equal", "the answer's string equals the expected string"},
      {"equal-absent-is-none",
       "the answer's string, or \"none\" when the answer leaves the key out, equals the expected string"},
      {"equal-absent-is-absent",
       "the answer's string, or \"absent\" when the answer leaves the key out, equals the expected string"},
      {"ordered-list", "the answer's list (absent = empty) equals the expected list, in the same order"},
      {"score-events",
       "each expected score event is met by its own answered one (absent = empty), and none is left over: the same "
       "final word, kind, points and colours, every part the expectation names among the answered parts, and the "
       "same figures when the expectation gives 'with' (PROTOCOL.md §7 scored)"}};
  return texts;
}

ExportJson sorted_unique(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::vector<std::string> canonical_moves(const std::vector<MoveText>& moves) {
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(canonical_move(m, builtin_catalog()));
  return out;
}

// The expectations as the answer's own JSON shapes, only the keys the scenario checks;
// `rejected` always (a refused move the scenario does not expect fails).
ExportJson expected_json(const Expect& e) {
  ExportJson j = ExportJson::object();
  if (e.moves) j["moves"] = sorted_unique(canonical_moves(*e.moves));
  if (e.includes) j["includes"] = sorted_unique(canonical_moves(*e.includes));
  if (e.excludes) j["excludes"] = sorted_unique(canonical_moves(*e.excludes));
  if (e.moves_of) {
    ExportJson parts = ExportJson::object();
    for (const auto& [verb, listed] : *e.moves_of) parts[verb] = sorted_unique(canonical_moves(listed));
    j["moves_of"] = std::move(parts);
  }
  if (e.count) j["count"] = *e.count;
  if (e.legal) {
    ExportJson legal = ExportJson::object();
    for (const auto& [m, verdict] : *e.legal)  // false: refused, any reason (kAnyRefusal)
      legal[wire_move(m.text)] = verdict == kAnyRefusal ? ExportJson(false) : ExportJson(verdict);
    j["legal"] = std::move(legal);
  }
  j["rejected"] =
      e.rejected ? ExportJson{{"move", e.rejected->move}, {"reason", e.rejected->reason}} : ExportJson(nullptr);
  const auto per_colour = [](const std::map<Colour, int>& m) {
    ExportJson out = ExportJson::object();
    for (const auto& [c, n] : m) out[std::string(colour_name(c))] = n;
    return out;
  };
  if (e.scores) j["scores"] = per_colour(*e.scores);
  if (e.supply) {
    ExportJson supply = ExportJson::object();
    for (const auto& [c, kinds] : *e.supply)
      for (const auto& [k, n] : kinds) supply[std::string(colour_name(c))][std::string(figure_name(k))] = n;
    j["supply"] = std::move(supply);
  }
  const auto figures = [](const std::vector<FigureEntry>& list) {
    std::vector<std::string> out;
    for (const auto& f : list) out.push_back(to_string(f));
    std::sort(out.begin(), out.end());
    return out;
  };
  if (e.figures) j["figures"] = figures(*e.figures);
  if (e.returned) j["returned"] = figures(*e.returned);
  if (e.phase) j["phase"] = *e.phase;
  if (e.active) j["active"] = std::string(colour_name(*e.active));
  if (e.towers) {
    auto towers = *e.towers;
    std::sort(towers.begin(), towers.end());
    j["towers"] = towers;
  }
  if (e.floors) j["floors"] = per_colour(*e.floors);
  if (e.prisoners) {
    ExportJson held = ExportJson::object();
    for (const auto& [c, list] : *e.prisoners) {
      auto sorted = list;
      std::sort(sorted.begin(), sorted.end());
      held[std::string(colour_name(c))] = sorted;
    }
    j["prisoners"] = std::move(held);
  }
  if (e.dragon) j["dragon"] = *e.dragon;  // "x,y" or "none"
  if (e.fairy) j["fairy"] = *e.fairy;     // as the answer writes it, or "absent"
  if (e.set_aside) j["set_aside"] = *e.set_aside;
  if (e.dragon_path) j["dragon_path"] = *e.dragon_path;
  if (e.scored) j["scored"] = *e.scored;  // canonical text (PROTOCOL.md §7)
  return j;
}

// For each tile the request defines, its four rotations mapped to the smallest giving the same layout.
ExportJson canonical_rotations(const proto::RunRequest& w) {
  ExportJson out = ExportJson::object();
  for (const auto& d : w.position.definitions) {
    const auto t = builtin_catalog().lookup(d.id);
    if (!t) continue;
    ExportJson rots = ExportJson::array();
    for (const auto r : builtin_catalog()[*t].canonical_rot) rots.push_back(static_cast<int>(r) * 90);
    out[d.id] = std::move(rots);
  }
  return out;
}

ExportJson case_json(const Scenario& s, const std::string& preset, const Request& request, int version) {
  Expect e = expect_in_version(s.resolved_expect(request.rules), version);
  if (version < proto::kEventsVersion) e.scored.reset();  // never asked of a version before 7
  const proto::RunRequest w = wire_request(request, "1", version);
  ExportJson j;
  j["id"] = s.id;
  j["ruleset"] = preset;
  j["file"] = s.file;
  j["line"] = s.loc.line;
  j["column"] = s.loc.column;
  j["title"] = s.title;
  if (!s.status.empty()) j["status"] = s.status;
  j["disputed"] = s.disputed;
  if (!s.disputed_reason.empty()) j["disputed_reason"] = s.disputed_reason;
  j["tags"] = s.tags;
  ExportJson rulings = ExportJson::array();
  for (const auto& id : s.rulings) {
    ExportJson r{{"id", id}};
    if (const LedgerRuling* l = ruling_for(id)) {
      r["tier"] = l->status;
      r["disputed"] = l->disputed;
      r["area"] = l->area;
    }
    rulings.push_back(std::move(r));
  }
  j["rulings"] = std::move(rulings);
  ExportJson switches = ExportJson::object();
  for (const auto& [k, v] : w.ruleset.switches)
    if (find_switch(k) && proto::default_in_version(k, version) != v) switches[k] = v;
  // The case's verdict under other rules: the final state's and every checkpoint's expectation
  // met by our engine (run's verdict, runner.hpp engine_meets).
  // Each checkpoint's request and expectation are made once (a request points at its scenario).
  std::vector<std::unique_ptr<Scenario>> cuts;
  std::vector<std::pair<Request, Expect>> cut_parts;
  for (std::size_t i = 0; i < s.checkpoints.size(); ++i) {
    const Scenario& cs = *cuts.emplace_back(std::make_unique<Scenario>(checkpoint_scenario(s, i)));
    Expect ce = expect_in_version(cs.resolved_expect(request.rules), version);
    cut_parts.emplace_back(request_of(cs, request.rules, ce), std::move(ce));
  }
  const auto holds = [&](const RuleSet& rules) {
    if (!engine_meets(request, rules, e)) return false;
    return std::all_of(cut_parts.begin(), cut_parts.end(),
                       [&](const auto& part) { return engine_meets(part.first, rules, part.second); });
  };
  // Else the verdict is not ours to predict: nothing is relaxed. Asked only when something may be.
  std::optional<bool> ours_cache;
  const auto ours = [&] {
    if (!ours_cache) ours_cache = holds(request.rules);
    return *ours_cache;
  };
  // A value of a later version than the export's (a switch new since, or a changed default) that
  // can change this case's verdict: no implementation of that version can declare it, so the case
  // is unsupported for it, as run decides (runner.hpp settle_lacks: one that cannot change it is
  // played as the version's value).
  const std::vector<std::string> caps = required_capabilities(s, version);
  const auto later_of = [&](const Request& r) {
    std::vector<std::string> later;
    for (const auto& [k, v] : r.rules.effective())
      if (const SwitchSpec* spec = find_switch(k);
          spec && switch_matters(*spec, caps) && !proto::value_in_version(k, v, version) &&
          v != proto::default_in_version(k, version) && proto::expansion_introduced_in(spec->capability) <= version)
        later.push_back(fmt::format("switch {}={}", k, v));
    return later;
  };
  std::vector<std::string> later = later_of(request);
  if (!later.empty() && ours()) {
    Request settled = request;
    later = settle_lacks(
                settled, std::move(later),
                [version](std::string_view k) {
                  return std::vector<std::string>{std::string(proto::default_in_version(k, version))};
                },
                later_of, holds)
                .lacks;
  }
  for (const auto& item : later) {
    const auto eq = item.find('=');
    switches[item.substr(7, eq - 7)] = item.substr(eq + 1);  // after "switch "
  }
  // For each required switch, the other values of the version under which the case's verdict is
  // the same (the other switches as required): an implementation that plays one of them instead
  // may be sent the case with it, as run does (PROTOCOL.md §4).
  ExportJson holds_under = ExportJson::object();
  if (!switches.empty() && ours())
    for (const auto& [key, value] : switches.items()) {
      ExportJson values = ExportJson::array();
      if (const SwitchSpec* spec = find_switch(key))
        for (const auto& other : spec->values) {
          RuleSet trial = request.rules;
          if (other != value.get<std::string>() && proto::value_in_version(key, other, version) &&
              trial.set(key, other) && holds(trial))
            values.push_back(other);
        }
      if (!values.empty()) holds_under[key] = std::move(values);
    }
  // The request, the expected answer and how each key is compared, of the final state or of a
  // checkpoint (whose request plays query.apply up to its move, EXPORT.md "Checkpoints").
  const auto asked = [](ExportJson& into, const proto::RunRequest& run, const Expect& expect) {
    into["request"] = ExportJson::parse(proto::encode_run(run));
    into["expected"] = expected_json(expect);
    ExportJson compare = ExportJson::object();
    for (const auto& [key, value] : into["expected"].items()) compare[key] = rules_by_key().at(key);
    into["compare"] = std::move(compare);
  };
  // `events` is required only by a case expecting nothing but score events, at every checkpoint
  // too: without it the others are checked and `scored` is not asked (PROTOCOL.md section 8), as
  // run decides.
  bool only_events = true;
  const auto note = [&only_events](const Expect& x) {
    Expect rest = x;
    rest.remove("scored");
    if (!rest.empty()) only_events = false;
  };
  note(e);
  std::vector<std::string> queries = request.queries;
  ExportJson checkpoints = ExportJson::array();
  for (std::size_t i = 0; i < s.checkpoints.size(); ++i) {
    const Scenario cs = checkpoint_scenario(s, i);
    const Expect ce = expect_in_version(cs.resolved_expect(request.rules), version);
    note(ce);
    const Request cr = request_of(cs, request.rules, ce);
    for (const auto& q : cr.queries)
      if (std::find(queries.begin(), queries.end(), q) == queries.end()) queries.push_back(q);
    ExportJson c{{"after", s.checkpoints[i].after}};
    asked(c, wire_request(cr, "1", version), ce);
    checkpoints.push_back(std::move(c));
  }
  if (version < proto::kEventsVersion || !only_events) std::erase(queries, std::string(kEventsQuery));
  j["requires"] =
      ExportJson{{"capabilities", caps}, {"switches", std::move(switches)}, {"queries", std::move(queries)}};
  if (!holds_under.empty()) j["requires"]["holds_under"] = std::move(holds_under);
  asked(j, w, e);
  if (!checkpoints.empty()) j["checkpoints"] = std::move(checkpoints);
  j["canonical_rotations"] = canonical_rotations(w);
  return j;
}

// Where a scenario file's cases go: cases/<its path below the folder given>.jsonl (a file given: its name).
std::string case_file_of(const std::string& file, const std::vector<std::string>& given) {
  std::error_code ec;
  const fs::path f = fs::weakly_canonical(fs::absolute(file, ec), ec);
  fs::path rel = fs::path(file).filename();
  for (const auto& g : given) {
    const fs::path root = fs::weakly_canonical(fs::absolute(g, ec), ec);
    const fs::path r = f.lexically_relative(root);
    if (!r.empty() && *r.begin() != ".." && r != ".") {
      rel = r;
      break;
    }
  }
  rel.replace_extension(".jsonl");
  return (fs::path("cases") / rel).generic_string();
}

ExportJson problem_json(const Diagnostic& d) {
  return ExportJson{{"file", d.file}, {"line", d.line}, {"column", d.column}, {"message", d.message}};
}

}  // namespace

int run_export(const ExportOptions& o, std::ostream& out, std::ostream& err) {
  const int version = protocol_version_option(o.protocol_version, "export", err);
  if (version == 0) return kExitInvalidInput;
  Selection asked;
  asked.rulesets = o.rulesets;
  auto sel = resolve(asked);
  if (!sel) {
    fmt::print(err, "carc-oracle export: {}\n", sel.error());
    return kExitInvalidInput;
  }
  const auto paths = scenario_paths(o.paths, "export", err);
  if (paths.empty()) return kExitInvalidInput;
  const Corpus corpus = load_corpus(paths);
  // As run: a --ruleset that selects nothing is said first, and the exit code is 2 once the export is written.
  const SelectionCheck selection = sel->rulesets.empty() ? SelectionCheck{} : check_selection(corpus, *sel, {});
  for (const auto& u : selection.unmatched) fmt::print(err, "carc-oracle export: {} selects no scenario\n", echo(u));
  if (selection.empty && selection.unmatched.empty())
    err << "carc-oracle export: the rulesets together select no scenario\n";

  std::map<std::string, std::string> lines_by_file;          // case file -> its JSON lines
  std::map<std::string, std::pair<std::string, int>> files;  // case file -> (scenario file, cases)
  ExportJson invalid = ExportJson::array();
  int cases = 0;
  const auto report_invalid = [&](const Diagnostic& d) {
    fmt::print(err, "{}\n", terminal_safe(d.to_string()));
    invalid.push_back(problem_json(d));
  };
  for (const auto& f : corpus.files) {
    for (const auto& d : f.problems) report_invalid(d);
    for (const auto& s : f.scenarios) {
      if (!s.valid()) {
        for (const auto& d : s.problems) report_invalid(d);
        continue;
      }
      for (const auto& preset : scenario_rulesets(s)) {
        if (!sel->rulesets.empty() &&
            std::find(sel->rulesets.begin(), sel->rulesets.end(), preset) == sel->rulesets.end())
          continue;
        // A variant with its own query.apply: the case asks its moves and checkpoints.
        const std::optional<Scenario> branch = branch_for(s, preset);
        const Scenario& branched = branch ? *branch : s;
        auto request = request_for(branched, preset);
        if (!request) {
          report_invalid(Diagnostic{s.file, s.loc.line, s.loc.column, request.error()});
          continue;
        }
        const std::string target = case_file_of(f.path, paths);
        lines_by_file[target] +=
            case_json(branched, preset, *request, version).dump(-1, ' ', false, ExportJson::error_handler_t::replace) +
            "\n";
        auto& entry = files[target];
        entry.first = f.path;
        ++entry.second;
        ++cases;
      }
    }
  }

  const fs::path dir(o.out_dir);
  for (const auto& entry : lines_by_file)
    if (!write_file_checked((dir / entry.first).string(), true, "export", err,
                            [&entry](std::ostream& file) { file << entry.second; }))
      return kExitOutput;

  ExportJson manifest;
  manifest["format"] = "carc-oracle-export";
  manifest["export_version"] = kExportVersion;
  manifest["tool"] = ExportJson{{"name", "carc-oracle"}, {"version", tool_version()}};
  manifest["protocol_version"] = version;
  manifest["ledger_version"] = builtin_ledger_version();
  ExportJson sources = ExportJson::array();
  for (const auto& p : paths) {
    const ScenariosDigest d = scenarios_digest(p);
    ExportJson one{{"path", p}, {"files", d.files}, {"digest", d.hex}};
    if (!d.error.empty()) one["error"] = d.error;
    sources.push_back(std::move(one));
  }
  manifest["scenarios"] = std::move(sources);
  manifest["rulesets"] = o.rulesets;
  manifest["cases"] = cases;
  ExportJson list = ExportJson::array();
  for (const auto& [target, entry] : files)
    list.push_back(ExportJson{{"path", target}, {"source", entry.first}, {"cases", entry.second}});
  manifest["files"] = std::move(list);
  manifest["invalid"] = std::move(invalid);
  ExportJson rules = ExportJson::object();
  for (const auto& [name, text] : rule_texts()) rules[name] = text;
  manifest["comparison_rules"] = std::move(rules);
  if (!write_file_checked((dir / "manifest.json").string(), true, "export", err, [&](std::ostream& file) {
        fmt::print(file, "{}\n", manifest.dump(2, ' ', false, ExportJson::error_handler_t::replace));
      }))
    return kExitOutput;
  fmt::print(out, "carc-oracle export: {} cases from {} scenario files to {} (manifest.json)", cases, files.size(),
             o.out_dir);
  if (!manifest["invalid"].empty()) fmt::print(out, "; {} invalid (named above)", manifest["invalid"].size());
  out << "\n";
  if (!manifest["invalid"].empty() || !selection.unmatched.empty() || selection.empty) return kExitInvalidInput;
  return kExitOk;
}

}  // namespace carc
