// Scenario files: documents, metadata and the shared value readers.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <regex>

#include "data/closest.hpp"
#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "data/text_file.hpp"
#include "data/yaml_limits.hpp"
#include "scenario/capabilities.hpp"
#include "scenario/scenario_reader.hpp"

namespace carc {

Loc loc_of(const YAML::Node& n) {
  if (!n.IsDefined()) return {};
  const YAML::Mark m = n.Mark();
  if (m.line < 0) return {};
  return {m.line + 1, m.column + 1};
}

MapView::MapView(const YAML::Node& map, YamlReader& r) {
  if (!map.IsDefined() || !map.IsMap()) return;
  for (const auto& kv : map) {
    if (!kv.first.IsScalar()) continue;  // YamlReader::keys reports it
    std::string key = kv.first.Scalar();
    if (get(key)) {
      r.error(kv.first, "key '" + echo(key) + "' is given twice");
      continue;
    }
    entries_.emplace_back(std::move(key), kv.second, kv.first);
  }
}

const YAML::Node* MapView::get(std::string_view key) const {
  for (const auto& e : entries_)
    if (std::get<0>(e) == key) return &std::get<1>(e);
  return nullptr;
}

Loc MapView::key_loc(std::string_view key) const {
  for (const auto& e : entries_)
    if (std::get<0>(e) == key) return loc_of(std::get<2>(e));
  return {};
}

void Scenario::problem(Loc at, std::string message, std::string code) {
  problems.push_back(
      Diagnostic{file, at.line, at.line > 0 ? at.column : 0, clip(message, kMaxMessage), std::move(code)});
}

void Scenario::warning(Loc at, std::string message) {
  warnings.push_back(Diagnostic{file, at.line, at.line > 0 ? at.column : 0, clip("warning: " + message, kMaxMessage)});
}

bool Scenario::read_cleanly(std::initializer_list<std::string_view> keys) const {
  for (const auto key : keys) {
    if (unread.count(std::string(key))) return false;
    if (key.starts_with("position.") && unread.count("position.*")) return false;
  }
  return true;
}

void ScenarioReader::mark_meant(const std::vector<std::string>& meant, const std::string& prefix) {
  for (const auto& key : meant) s_.unread.insert(prefix + key);
}

Loc Scenario::loc_of(const std::string& key) const {
  const auto it = locs.find(key);
  return it != locs.end() ? it->second : loc;
}

void ScenarioReader::missing(std::string_view key, std::string_view hint) {
  s_.problem(s_.loc, "missing required key '" + std::string(key) + "' (" + std::string(hint) + ")");
}

std::vector<std::pair<std::string, Loc>> ScenarioReader::list(const YAML::Node& n, std::string_view what) {
  std::vector<std::pair<std::string, Loc>> out;
  if (n.IsScalar()) {
    out.emplace_back(n.Scalar(), loc_of(n));
  } else if (n.IsSequence()) {
    for (const auto& item : n)
      if (auto v = r_.str(item, what)) out.emplace_back(*v, loc_of(item));
  } else {
    r_.error(n, std::string(what) + ": expected a list of text values");
  }
  return out;
}

std::optional<int> ScenarioReader::count(const YAML::Node& n, std::string_view what, int min, int max) {
  const auto v = r_.integer(n, what);
  if (!v) return std::nullopt;
  if (*v < min || *v > max) {
    r_.error(n, fmt::format("{}: expected an integer from {} to {}, found {}", what, min, max, *v));
    return std::nullopt;
  }
  return static_cast<int>(*v);
}

std::vector<std::string> ScenarioReader::presets(const YAML::Node& n, std::string_view what) {
  std::vector<std::string> out;
  for (const auto& [name, at] : list(n, what)) {
    const Preset* p = find_preset(name);
    if (!p) {
      std::string known;
      std::vector<std::string> names;
      for (const auto& q : builtin_presets()) {
        known += (known.empty() ? "" : ", ") + q.name;
        names.push_back(q.name);
      }
      const std::string close = closest_names(name, names, 1, typo_distance(name));
      s_.problem(at, std::string(what) + ": unknown ruleset '" + echo(name) + "' (" +
                         (close.empty() ? "" : "closest: " + close + "; ") + "known: " + known + ")");
      continue;
    }
    if (std::find(out.begin(), out.end(), p->name) == out.end()) out.push_back(p->name);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> ScenarioReader::switches(const MapView& m, std::string_view what,
                                                                          std::string_view except) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& [key, value, key_node] : m.entries()) {
    if (key == except) continue;
    auto v = r_.str(value, std::string(what) + " " + key);
    if (!v) continue;
    RuleSet probe;
    if (auto ok = probe.set(key, *v); !ok) {
      // The closest spelling first: a misspelt switch or value names the one meant.
      const SwitchSpec* spec = find_switch(key);
      std::vector<std::string> names;
      if (spec)
        for (const auto name : spec->values) names.emplace_back(name);
      else
        for (const auto& sw : switch_specs()) names.emplace_back(sw.key);
      const std::string& given = spec ? *v : key;
      const std::string close = closest_names(given, names, 3, typo_distance(given));
      std::string message = ok.error();
      if (!close.empty() && !spec) {
        message = "unknown rule switch '" + echo(key) + "' (closest: " + close + ")";
      } else if (!close.empty()) {
        std::string allowed;
        for (const auto& name : names) allowed += (allowed.empty() ? "" : ", ") + name;
        message = "rule switch '" + key + "' has no value '" + echo(*v) + "' (closest: " + close +
                  "; allowed: " + allowed + ")";
      }
      r_.error(spec ? value : key_node, std::string(what) + ": " + message);
      continue;
    }
    out.emplace_back(key, *v);
  }
  return out;
}

namespace {

bool well_formed_id(const std::string& id) {
  static const std::regex pattern("^[A-Z]{2,3}-[0-9]{2,3}(-[a-z0-9]+)*$");
  static const std::regex candidate("^EXP-[a-z0-9]+(-[a-z0-9]+)*$");
  return std::regex_match(id, pattern) || std::regex_match(id, candidate);
}

std::string join(const std::vector<std::string_view>& v) {
  std::string out;
  for (auto s : v) out += (out.empty() ? "" : ", ") + std::string(s);
  return out;
}

}  // namespace

namespace {

// Why a free-text field cannot be kept as written: a NUL byte (it cuts the text short in
// C strings, XML and terminals) or bytes that are not UTF-8 (the JSON reports could not hold
// them); with the byte offset. Empty when the text is fine. Other control characters are
// kept: every report escapes them (tests/runner_report_test.cpp).
std::string free_text_problem(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      if (c == 0) return fmt::format("a NUL byte at byte {}", i);
      ++i;
      continue;
    }
    // A UTF-8 sequence: its length from the lead byte, continuation bytes 10xxxxxx, and no
    // overlong form, surrogate or code point beyond U+10FFFF.
    const std::size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    bool ok = len > 0 && i + len <= text.size();
    for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    if (ok && len >= 3) {
      const auto c1 = static_cast<unsigned char>(text[i + 1]);
      ok = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0) && !(c == 0xf0 && c1 < 0x90) &&
           !(c == 0xf4 && c1 >= 0x90);
    }
    if (!ok) return fmt::format("bytes that are not UTF-8 (0x{:02x}) at byte {}", c, i);
    i += len;
  }
  return {};
}

}  // namespace

// A field of free text: read as a string, then refused (located) when it holds a NUL
// or invalid UTF-8 (issue 45: a title with a NUL byte was accepted).
std::string ScenarioReader::text(const YAML::Node& n, std::string_view what) {
  std::string value = r_.str(n, what).value_or("");
  if (const std::string why = free_text_problem(value); !why.empty()) r_.error(n, std::string(what) + ": " + why);
  return value;
}

void ScenarioReader::read_meta(const MapView& m) {
  if (const auto* n = m.get("id")) {
    if (auto id = r_.str(*n, "id")) {
      s_.id = *id;
      if (!well_formed_id(*id))
        r_.error(*n, "id '" + echo(*id) +
                         "': expected the main ruling id plus a suffix, e.g. BR-03-a or REG-001 "
                         "(pattern ^[A-Z]{2,3}-[0-9]{2,3}(-[a-z0-9]+)*$), or EXP-SIGNATURE for a candidate "
                         "(status UNVERIFIED, lowercase letters and digits)");
    }
  } else {
    missing("id", "stable and unique, e.g. BR-03-a");
  }
  if (const auto* n = m.get("title"))
    s_.title = text(*n, "title");
  else
    missing("title", "one line saying what the scenario shows");
  if (const auto* n = m.get("source"))
    s_.source = text(*n, "source");
  else
    missing("source", "where the expected answer comes from, in words");
  if (const auto* n = m.get("notes")) s_.notes = text(*n, "notes");
  read_rulings(m);
  read_requirements(m);
}

// rulings, and status and disputed with their defaults from the ledger.
void ScenarioReader::read_rulings(const MapView& m) {
  s_.candidate = s_.id.starts_with("EXP-");
  if (const auto* n = m.get("rulings")) {
    for (const auto& [id, at] : list(*n, "rulings")) {
      if (!find_ruling(id) && !find_ledger_switch(id))
        s_.problem(
            at, "rulings: unknown ruling '" + echo(id) + "' (neither a ruling nor a switch id of oracle/rulings.yaml)");
      s_.rulings.push_back(id);
      s_.ruling_locs.push_back(at);
    }
    if (s_.rulings.empty() && r_.ok() && !s_.candidate)
      r_.error(*n, "rulings: list at least one ruling id of oracle/rulings.yaml");
  } else if (!s_.candidate) {
    missing("rulings", "ids of oracle/rulings.yaml, e.g. [BR-03]");
  }
  const LedgerRuling* first = s_.rulings.empty() ? nullptr : ruling_for(s_.rulings.front());
  s_.status = first ? first->status : "";
  if (const auto* n = m.get("status")) {
    if (auto st = r_.str(*n, "status")) {
      const auto& tiers = status_tiers();
      const auto rank = std::find(tiers.begin(), tiers.end(), *st);
      if (rank == tiers.end())
        r_.error(*n, "status: unknown tier '" + echo(*st) + "' (expected one of: " + join(tiers) + ")");
      // A scenario is no better sourced than the rulings it cites (issue 47: PH-27-a said OFFICIAL
      // for an IMPL ruling): its status may not rank above the best of theirs.
      auto best = tiers.end();
      std::string best_id;
      for (const auto& id : s_.rulings)
        if (const LedgerRuling* r = ruling_for(id))
          if (const auto at = std::find(tiers.begin(), tiers.end(), r->status); at < best) {
            best = at;
            best_id = id;
          }
      if (rank != tiers.end() && best != tiers.end() && rank < best)
        r_.error(*n, "status: " + echo(*st) + " ranks above every ruling the scenario cites (the best is " + best_id +
                         ", " + std::string(*best) + "): write status: " + std::string(*best) +
                         ", or leave status out to take the first ruling's");
      s_.status = *st;
    }
  }
  // A candidate (an EXP- id, written by a tool such as explore) has no ruling yet: it must say so.
  if (s_.candidate && s_.status != "UNVERIFIED")
    s_.problem(s_.loc_of(m.get("status") ? "status" : "id"),
               "id '" + echo(s_.id) +
                   "' marks a candidate (EXP-): its status must be UNVERIFIED until a ruling is cited and it gets a "
                   "corpus id (add status: UNVERIFIED)");
  std::vector<std::string> disputed_rulings;
  for (const auto& id : s_.rulings)
    if (const auto* r = find_ruling(id); r && r->disputed) disputed_rulings.push_back(id);
  s_.disputed = !disputed_rulings.empty();
  if (const auto* n = m.get("disputed")) read_disputed(*n, disputed_rulings);
}

// disputed: true or false, or {value: BOOL, reason: TEXT}. Stating false over a disputed ruling
// needs the reason: why the answer does not rest on the disputed point.
void ScenarioReader::read_disputed(const YAML::Node& n, const std::vector<std::string>& disputed_rulings) {
  std::optional<bool> value;
  if (n.IsMap()) {
    if (!r_.keys(n, {"value", "reason"}, "disputed")) return;
    const MapView dm(n, r_);
    if (const auto* v = dm.get("value"))
      value = r_.boolean(*v, "disputed value");
    else
      r_.error(n, "disputed: missing 'value' (true or false)");
    if (const auto* v = dm.get("reason")) {
      s_.disputed_reason = text(*v, "disputed reason");
      if (s_.disputed_reason.find_first_not_of(" \t\n") == std::string::npos)
        r_.error(*v, "disputed reason: say why, in words");
    } else {
      r_.error(n, "disputed: missing 'reason' (why the answer does or does not rest on the disputed point)");
    }
  } else {
    value = r_.boolean(n, "disputed");
    if (value && !*value && !disputed_rulings.empty()) {
      std::string ids;
      for (const auto& id : disputed_rulings) ids += (ids.empty() ? "" : ", ") + id;
      r_.error(n, "disputed: false overrides the disputed ruling" +
                      std::string(disputed_rulings.size() > 1 ? "s " : " ") + ids +
                      ": say why the answer does not rest on the disputed point, as disputed: {value: false, "
                      "reason: \"...\"}");
    }
  }
  if (value) s_.disputed = *value;
}

// tags, requires, applies_to and rules.
void ScenarioReader::read_requirements(const MapView& m) {
  if (const auto* n = m.get("tags"))
    for (auto& [tag, at] : list(*n, "tags")) s_.tags.push_back(tag);
  if (const auto* n = m.get("requires")) {
    reading("requires", [&] {
      for (const auto& [cap, at] : list(*n, "requires")) {
        if (!is_capability(cap)) {
          std::vector<std::string> names;
          for (const auto c : capability_names()) names.emplace_back(c);
          const std::string close = closest_names(cap, names, 1, typo_distance(cap));
          s_.problem(at, "requires: unknown capability '" + echo(cap) + "' (" +
                             (close.empty() ? "" : "closest: " + close + "; ") +
                             "expected one of: " + join(capability_names()) + ")");
        } else if (std::find(s_.required.begin(), s_.required.end(), cap) == s_.required.end()) {
          s_.required.push_back(cap);
        }
      }
    });
  } else {
    s_.required = {"base"};
  }
  if (const auto* n = m.get("applies_to"))
    reading("applies_to", [&] {
      s_.applies_to = presets(*n, "applies_to");
      if (s_.applies_to.empty() && r_.ok())
        r_.error(*n, "applies_to: list at least one ruleset, or leave it out for every ruleset");
    });
  if (const auto* n = m.get("rules"))
    reading("rules", [&] {
      if (n->IsMap())
        s_.rules = switches(MapView(*n, r_), "rules");
      else
        r_.error(*n, "rules: expected a map of switch values, e.g. {farmers: \"off\"}");
    });
  if (const auto* n = m.get("also_with")) reading("also_with", [&] { read_also_with(*n); });
}

// also_with: a list of maps of switch values, each a combination the scenario also runs under.
void ScenarioReader::read_also_with(const YAML::Node& n) {
  const char* hint =
      "also_with: expected a list of maps of switch values, e.g. [{phantom-after-crashed-flight: allowed}]";
  if (!n.IsSequence() || n.size() == 0) {
    r_.error(n, hint);
    return;
  }
  for (const auto& item : n) {
    if (!item.IsMap() || item.size() == 0) {
      r_.error(item, hint);
      continue;
    }
    s_.also_with.push_back(Combination{switches(MapView(item, r_), "also_with"), loc_of(item)});
  }
}

void ScenarioReader::read(const YAML::Node& doc) {
  s_.loc = loc_of(doc);
  std::vector<std::string> meant;
  if (!r_.keys(doc,
               {"id", "title", "rulings", "status", "disputed", "source", "tags", "requires", "applies_to", "rules",
                "also_with", "notes", "position", "query", "expect", "checkpoints", "variants"},
               "scenario", &meant))
    return;
  mark_meant(meant, "");
  if (std::find(meant.begin(), meant.end(), "position") != meant.end()) s_.unread.insert("position.*");
  const MapView m(doc, r_);
  for (const auto& [key, value, key_node] : m.entries()) s_.locs[key] = loc_of(key_node);
  read_meta(m);
  reading("position", [&] {
    if (const auto* n = m.get("position")) {
      read_position(*n);
    } else {
      missing("position", "the board position the question is about");
      s_.unread.insert("position.*");
    }
  });
  if (const auto* n = m.get("query")) reading("query", [&] { read_query(*n); });
  reading("expect", [&] {
    if (const auto* n = m.get("expect"))
      s_.expect = read_expect(*n, "expect");
    else
      missing("expect", "the answer the ruling gives");
  });
  if (const auto* n = m.get("checkpoints"))
    reading("checkpoints", [&] { s_.checkpoints = read_checkpoints(*n, false); });
  if (const auto* n = m.get("variants")) reading("variants", [&] { read_variants(*n); });
}

std::string display_path(const std::string& path, const std::string& given) {
  namespace fs = std::filesystem;
  const fs::path p(path);
  if (!p.is_absolute()) return p.lexically_normal().generic_string();
  std::error_code ec;
  const fs::path cwd = fs::current_path(ec);
  if (!ec) {
    const fs::path below = p.lexically_relative(cwd);
    if (!below.empty() && *below.begin() != "..") return below.generic_string();
  }
  // Outside the current directory: from the folder or file given, never from the root.
  const fs::path from = fs::path(given.empty() ? path : given).lexically_normal().parent_path();
  const fs::path rel = p.lexically_normal().lexically_relative(from);
  return rel.empty() || *rel.begin() == ".." ? p.filename().generic_string() : rel.generic_string();
}

namespace {

// The copies of a valid scenario its also_with entries make (each with the combination on
// top of rules:, id ID[switch=value]); a combination under which the position is refused is a
// problem of the scenario as written, at the entry, and then no copy is made.
std::vector<Scenario> also_with_copies(Scenario& s) {
  std::vector<Scenario> out;
  for (const auto& combo : s.also_with) {
    Scenario copy = s;
    copy.also_with.clear();
    copy.warnings.clear();
    copy.id = combination_id(s.id, combo.switches);
    copy.combination = combo.switches;
    for (const auto& kv : combo.switches) {
      const std::string& key = kv.first;  // named, not bound: a lambda may not capture a structured binding (clang)
      const std::string& value = kv.second;
      auto it = std::find_if(copy.rules.begin(), copy.rules.end(), [&](const auto& r) { return r.first == key; });
      if (it != copy.rules.end())
        it->second = value;
      else
        copy.rules.emplace_back(key, value);
    }
    lint_combination(copy);
    for (const auto& d : copy.problems)
      s.problem(combo.loc, "also_with " + copy.id.substr(s.id.size()) + ": " + d.message, d.code);
    out.push_back(std::move(copy));
  }
  if (!s.valid()) out.clear();
  return out;
}

void read_document(const YAML::Node& doc, const std::string& path, ScenarioFile& out) {
  Scenario s;
  s.file = path;
  std::vector<Scenario> copies;
  try {
    ScenarioReader(s).read(doc);
    if (doc.IsMap()) lint_scenario(s);  // its checks skip what did not read cleanly
    if (s.valid()) copies = also_with_copies(s);
  } catch (const std::exception& e) {  // a YAML accessor we did not guard: still a located problem
    s.problem(s.loc, std::string("cannot read this scenario: ") + e.what());
    copies.clear();
  }
  out.scenarios.push_back(std::move(s));
  for (auto& c : copies) out.scenarios.push_back(std::move(c));
}

}  // namespace

namespace {

// A hint for a YAML syntax error on a line `KEY: VALUE` whose plain (unquoted) value holds `: `,
// which YAML reads as a second key: "quote it". Empty when the line is not of that form. Read
// by hand, not by std::regex (whose recursion a megabyte-long line would overflow).
std::string colon_hint(const std::string& text, int line) {
  if (line < 0) return {};
  std::size_t start = 0;
  for (int i = 0; i < line && start != std::string::npos; ++i) {
    start = text.find('\n', start);
    if (start != std::string::npos) ++start;
  }
  if (start == std::string::npos) return {};
  std::string_view row(text);
  row = row.substr(start, std::min(text.find('\n', start), text.size()) - start);
  while (!row.empty() && row.front() == ' ') row.remove_prefix(1);
  if (row.substr(0, 2) == "- ") row.remove_prefix(2);
  const std::size_t colon = row.find(": ");
  if (colon == 0 || colon == std::string_view::npos) return {};
  const std::string_view key = row.substr(0, colon);
  const auto key_char = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  };
  if (key.size() > 64 || !std::all_of(key.begin(), key.end(), key_char)) return {};
  std::string_view value = row.substr(colon + 2);
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  // A quoted, block, flow, anchored, aliased, tagged or empty value is not a plain one.
  if (value.empty() || std::string_view("'\"|>[{&*!#").find(value.front()) != std::string_view::npos) return {};
  if (value.find(": ") == std::string_view::npos) return {};
  const std::string k(key);
  return fmt::format(
      " (the plain value of `{}` holds ': ', which YAML reads as the start of another key: quote the "
      "value, {}: \"...\", or write it as a folded block, {}: >-)",
      k, k, k);
}

// The scenarios of a text, diagnostics naming the file as `shown`.
ScenarioFile load_shown(const std::string& text, const std::string& shown) {
  ScenarioFile out;
  out.path = shown;
  if (auto over = check_yaml_limits(text, out.path)) {
    out.problems.push_back(std::move(*over));
    return out;
  }
  std::vector<YAML::Node> docs;
  try {
    docs = YAML::LoadAll(text);
  } catch (const YAML::Exception& e) {
    Diagnostic d{out.path, 0, 0, "YAML syntax error: " + e.msg + colon_hint(text, e.mark.line)};
    if (e.mark.line >= 0) {
      d.line = e.mark.line + 1;
      d.column = e.mark.column + 1;
    }
    out.problems.push_back(std::move(d));
    return out;
  }
  for (const auto& doc : docs)
    if (doc.IsDefined() && !doc.IsNull()) read_document(doc, out.path, out);
  if (out.scenarios.empty()) out.problems.push_back({out.path, 0, 0, "no scenario in this file"});
  return out;
}

}  // namespace

ScenarioFile load_scenario_text(const std::string& text, const std::string& path) {
  return load_shown(text, display_path(path, path));
}

ScenarioFile load_scenario_file(const std::string& path, const std::string& given) {
  const std::string shown = display_path(path, given);
  auto text = read_text_file(path, YamlLimits{}.max_bytes, YamlLimits{}.kind);
  if (!text) {
    ScenarioFile out;
    out.path = shown;
    out.unread = true;
    out.problems.push_back({out.path, 0, 0, "cannot read this file: " + text.error()});
    return out;
  }
  return load_shown(*text, shown);
}

bool ScenarioFile::valid() const {
  return problems.empty() &&
         std::all_of(scenarios.begin(), scenarios.end(), [](const Scenario& s) { return s.valid(); });
}

}  // namespace carc
