#include "runner/expectations.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <tuple>

#include "data/oracle_data.hpp"
#include "data/text_file.hpp"
#include "data/yaml_limits.hpp"
#include "data/yaml_util.hpp"
#include "runner/evaluate.hpp"

namespace carc {
namespace {

constexpr const char* kStates[] = {"failed", "errored", "crashed", "timed_out"};

bool is_expectable(std::string_view state) {
  for (const char* s : kStates)
    if (state == s) return true;
  return false;
}

bool expectable(Outcome o) {
  return o == Outcome::Failed || o == Outcome::Errored || o == Outcome::Crashed || o == Outcome::TimedOut;
}

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
      out += buf;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

void read_entry(const YAML::Node& n, YamlReader& r, Expectations& out) {
  if (!r.keys(n, {"id", "ruleset", "state", "signature", "note"}, "expectation")) return;
  ExpectedFailure e;
  e.loc = {n.Mark().line + 1, n.Mark().column + 1};
  if (!n["id"]) return r.error(n, "expectation: missing required key 'id' (a scenario id)");
  e.id = r.str(n["id"], "id").value_or("");
  if (n["ruleset"]) {
    e.ruleset = r.str(n["ruleset"], "ruleset").value_or("");
    if (const Preset* p = find_preset(e.ruleset))
      e.ruleset = p->name;
    else
      return r.error(n["ruleset"], "ruleset: unknown ruleset '" + echo(e.ruleset) + "'");
  }
  if (!n["state"])
    return r.error(n, "expectation: missing required key 'state' (failed, errored, crashed or timed_out)");
  e.state = r.str(n["state"], "state").value_or("");
  if (!is_expectable(e.state))
    return r.error(n["state"], "state: '" + echo(e.state) + "' is not failed, errored, crashed or timed_out");
  if (n["signature"]) e.signature = r.str(n["signature"], "signature").value_or("");
  if (n["note"]) e.note = r.str(n["note"], "note").value_or("");
  if (e.note.size() > kMaxNoteBytes)
    return r.error(n["note"], fmt::format("note: {} bytes; notes are limited to {} bytes (a short reason)",
                                          e.note.size(), kMaxNoteBytes));
  out.entries.push_back(std::move(e));
}

bool applies(const ExpectedFailure& e, const RunResult& r) {
  return e.id == r.id && (e.ruleset.empty() || e.ruleset == r.ruleset);
}

std::string describe(const ExpectedFailure& e) {
  return e.id + (e.ruleset.empty() ? "" : " under " + e.ruleset) + " (" + e.state +
         (e.signature.empty() ? "" : ", " + e.signature) + ")";
}

}  // namespace

Result<Expectations> parse_expectations(const std::string& text, const std::string& path) {
  Diagnostics diags;
  YamlReader r(path, diags);
  Expectations out;
  out.file = path;
  YamlLimits limits;
  limits.max_bytes = kMaxExpectationsBytes;
  limits.max_nodes = 500000;
  limits.max_lookahead = std::size_t{256} << 10;
  limits.kind = "expectations files";
  const YAML::Node doc = parse_yaml(text, path, diags, limits);
  if (doc && r.keys(doc, {"implementation", "version", "protocol_version", "expectations"}, "expectations file")) {
    if (doc["implementation"]) out.implementation = r.str(doc["implementation"], "implementation").value_or("");
    if (doc["version"]) out.version = r.str(doc["version"], "version").value_or("");
    if (const YAML::Node v = doc["protocol_version"]) {
      // Any version is read (a later runner's file too): a mismatch is only warned about.
      const auto n = r.integer(v, "protocol_version");
      if (n && (*n < 1 || *n > 1000000))
        r.error(v, "protocol_version: a protocol version from 1 up, found " + std::to_string(*n));
      else if (n)
        out.protocol_version = static_cast<int>(*n);
    }
    const YAML::Node list = doc["expectations"];
    if (!list || !list.IsSequence())
      r.error(doc, "expectations file: 'expectations' must be a list of entries");
    else {
      std::map<std::pair<std::string, std::string>, std::size_t> seen;  // (id, ruleset) -> entry
      for (const auto& n : list) {
        read_entry(n, r, out);
        if (!diags.empty()) break;  // the first problem is the one reported
        // One entry per scenario and ruleset (issue 45: 90,000 aliases of one entry printed 7 MB of
        // identical notes): a second is ambiguous (which state and signature hold?), so it is refused.
        const ExpectedFailure& e = out.entries.back();
        const auto [it, fresh] = seen.emplace(std::pair{e.id, e.ruleset}, out.entries.size() - 1);
        if (!fresh) {
          const ExpectedFailure& first = out.entries[it->second];
          r.error(n, fmt::format("expectation: {}{} is listed twice (first at {}:{}); keep one entry per scenario "
                                 "and ruleset",
                                 echo(e.id), e.ruleset.empty() ? "" : " under " + e.ruleset, first.loc.line,
                                 first.loc.column));
          break;
        }
      }
    }
  } else if (!doc && diags.empty()) {
    diags.push_back({path, 1, 1, "expectations file: empty"});
  }
  if (!diags.empty()) return fail(diags.front().to_string());
  return out;
}

Result<Expectations> load_expectations(const std::string& path) {
  auto text = read_text_file(path, kMaxExpectationsBytes, "expectations files");
  if (!text) return fail(path + ": cannot read the expectations file: " + text.error());
  return parse_expectations(*text, path);
}

std::string failure_signature(const RunResult& r) {
  if (r.outcome != Outcome::Failed) return {};
  return r.signature.empty() ? diff_signature(r.diffs) : r.signature;
}

bool ExpectationMatcher::expects(const RunResult& r) const {
  for (const ExpectedFailure& x : e_.entries) {
    if (!applies(x, r)) continue;
    return expectable(r.outcome) && outcome_name(r.outcome) == x.state &&
           (x.signature.empty() || x.signature == failure_signature(r));
  }
  return false;
}

void ExpectationMatcher::apply(RunResult& r) {
  scope_.add(r);
  for (std::size_t i = 0; i < e_.entries.size(); ++i) {
    const ExpectedFailure& x = e_.entries[i];
    if (!applies(x, r)) continue;
    used_[i] = true;
    if (r.outcome == Outcome::Passed) {
      r.outcome = Outcome::XPass;
      r.message = fmt::format("passed, but listed as a known failure {} in {}:{}: remove the entry", describe(x),
                              e_.file, x.loc.line);
    } else if (expectable(r.outcome) && outcome_name(r.outcome) == x.state) {
      const std::string sig = failure_signature(r);
      if (!x.signature.empty() && x.signature != sig) {
        notes_.push_back(r.id + " under " + r.ruleset + ": the failure changed (expected signature " + x.signature +
                         ", got " + sig + ")");
        r.message += " [the expected failure's signature was " + x.signature + ", now " + sig + "]";
        return;
      }
      r.message = "expected failure: " + r.message;
      r.outcome = Outcome::XFail;
    } else if (expectable(r.outcome)) {
      notes_.push_back(r.id + " under " + r.ruleset + ": listed as " + x.state + ", now " +
                       std::string(outcome_name(r.outcome)));
      r.message += " [listed as a known failure " + describe(x) + "]";
    }
    return;
  }
}

std::vector<std::string> ExpectationMatcher::notes() const {
  std::vector<std::string> out = notes_;
  for (std::size_t i = 0; i < e_.entries.size(); ++i)
    if (!used_[i] && scope_.covers(e_.entries[i]))
      out.push_back("expectation " + describe(e_.entries[i]) + " matches no result");
  return out;
}

std::string implementation_mismatch(const Expectations& e, const Implementation& now) {
  if (e.implementation.empty()) return {};
  const std::string whole = now.name + (now.version.empty() ? "" : " " + now.version);
  const bool same_name = e.implementation == now.name || (e.version.empty() && e.implementation == whole);
  const std::string recorded = e.implementation + (e.version.empty() ? "" : " (version " + e.version + ")");
  if (!same_name)
    return e.file + " was recorded for the implementation '" + recorded + "', not for '" + now.name + "'" +
           (now.version.empty() ? "" : " (version " + now.version + ")") +
           " that runs now: its entries may not apply (give the file recorded for this implementation)";
  if (!e.version.empty() && e.version != now.version)
    return e.file + " was recorded for " + recorded + "; this is version " + now.version +
           ": entries may be stale (save them again with --save-expectations)";
  return {};
}

std::string protocol_mismatch(const Expectations& e, const Implementation& now) {
  if (e.protocol_version == 0 || now.protocol_version == 0 || e.protocol_version == now.protocol_version) return {};
  return fmt::format(
      "{} was recorded in protocol version {}; this run speaks version {} with the implementation: entries may "
      "not apply (save them again with --save-expectations)",
      e.file, e.protocol_version, now.protocol_version);
}

std::vector<std::string> apply_expectations(RunReport& report, const Expectations& e) {
  ExpectationMatcher m(e);
  for (auto& r : report.results) m.apply(r);
  return m.notes();
}

void ExpectationsRecorder::add(const RunResult& r) {
  scope_.add(r);
  if (!expectable(r.outcome)) return;
  ExpectedFailure e;
  e.id = r.id;
  e.ruleset = r.ruleset;
  e.state = std::string(outcome_name(r.outcome));
  e.signature = failure_signature(r);
  e.note = clip(r.message, 200);
  entries_.push_back(std::move(e));
}

std::string expectations_text(const RunReport& report, const Implementation& implementation, bool json) {
  ExpectationsRecorder rec;
  for (const auto& r : report.results) rec.add(r);
  return rec.text(implementation, json);
}

std::string ExpectationsRecorder::text(const Implementation& implementation, bool json,
                                       const Expectations* previous) const {
  std::vector<ExpectedFailure> entries = entries_;
  if (previous) {
    for (auto& e : entries)  // a note written for this case is kept
      for (const auto& old : previous->entries)
        if (old.id == e.id && old.ruleset == e.ruleset && !old.note.empty()) e.note = old.note;
    for (const auto& old : previous->entries)
      if (!scope_.covers(old)) entries.push_back(old);
  }
  std::stable_sort(entries.begin(), entries.end(), [](const ExpectedFailure& a, const ExpectedFailure& b) {
    return std::tie(a.id, a.ruleset) < std::tie(b.id, b.ruleset);
  });
  std::ostringstream out;
  if (json) {
    fmt::print(out, "{{\n  \"implementation\": {},\n  \"version\": {},\n", quoted(implementation.name),
               quoted(implementation.version));
    if (implementation.protocol_version > 0)
      fmt::print(out, "  \"protocol_version\": {},\n", implementation.protocol_version);
    out << "  \"expectations\": [";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      const ExpectedFailure& e = entries[i];
      fmt::print(out, "{}\n    {{\"id\": {}", (i ? "," : ""), quoted(e.id));
      if (!e.ruleset.empty()) fmt::print(out, ", \"ruleset\": {}", quoted(e.ruleset));
      fmt::print(out, ", \"state\": {}", quoted(e.state));
      if (!e.signature.empty()) fmt::print(out, ", \"signature\": {}", quoted(e.signature));
      fmt::print(out, ", \"note\": {}}}", quoted(e.note));
    }
    out << (entries.empty() ? "]\n}\n" : "\n  ]\n}\n");
    return out.str();
  }
  fmt::print(
      out,
      "# Known failures of {} {} (carc-oracle run --save-expectations: merged into this file; notes are "
      "kept).\n# Format: oracle/PROTOCOL.md \"Expectations\".\nimplementation: {}\nversion: {}\n{}expectations:{}",
      implementation.name, implementation.version, quoted(implementation.name), quoted(implementation.version),
      implementation.protocol_version > 0 ? fmt::format("protocol_version: {}\n", implementation.protocol_version)
                                          : std::string(),
      (entries.empty() ? " []\n" : "\n"));
  for (const ExpectedFailure& e : entries) {
    fmt::print(out, "  - id: {}\n", quoted(e.id));
    if (!e.ruleset.empty()) fmt::print(out, "    ruleset: {}\n", quoted(e.ruleset));
    fmt::print(out, "    state: {}\n", e.state);
    if (!e.signature.empty()) fmt::print(out, "    signature: {}\n", quoted(e.signature));
    fmt::print(out, "    note: {}\n", quoted(e.note));
  }
  return out.str();
}

}  // namespace carc
