#include "runner/expectations.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "scenario/oracle_data.hpp"
#include "scenario/yaml_util.hpp"

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

std::string hex8(std::uint32_t v) {
  char buf[9];
  std::snprintf(buf, sizeof buf, "%08x", v);
  return buf;
}

std::uint32_t fnv1a32(std::string_view s) {
  std::uint32_t h = 2166136261u;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 16777619u;
  }
  return h;
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
    if (const Preset* p = find_preset(e.ruleset)) e.ruleset = p->name;
    else return r.error(n["ruleset"], "ruleset: unknown ruleset '" + e.ruleset + "'");
  }
  if (!n["state"]) return r.error(n, "expectation: missing required key 'state' (failed, errored, crashed or timed_out)");
  e.state = r.str(n["state"], "state").value_or("");
  if (!is_expectable(e.state))
    return r.error(n["state"], "state: '" + e.state + "' is not failed, errored, crashed or timed_out");
  if (n["signature"]) e.signature = r.str(n["signature"], "signature").value_or("");
  if (n["note"]) e.note = r.str(n["note"], "note").value_or("");
  out.entries.push_back(std::move(e));
}

// At most n bytes, never cutting a UTF-8 sequence.
std::string prefix(const std::string& s, std::size_t n) {
  if (s.size() <= n) return s;
  while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
  return s.substr(0, n) + "...";
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
  const YAML::Node doc = parse_yaml(text, path, diags);
  if (doc && r.keys(doc, {"implementation", "expectations"}, "expectations file")) {
    if (doc["implementation"]) out.implementation = r.str(doc["implementation"], "implementation").value_or("");
    const YAML::Node list = doc["expectations"];
    if (!list || !list.IsSequence()) r.error(doc, "expectations file: 'expectations' must be a list of entries");
    else
      for (const auto& n : list) read_entry(n, r, out);
  } else if (!doc && diags.empty()) {
    diags.push_back({path, 1, 1, "expectations file: empty"});
  }
  if (!diags.empty()) return fail(diags.front().to_string());
  return out;
}

Result<Expectations> load_expectations(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path + ": cannot read the expectations file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_expectations(text.str(), path);
}

std::string failure_signature(const RunResult& r) {
  if (r.outcome != Outcome::Failed) return {};
  std::string keys, canonical;
  for (const auto& d : r.diffs) {
    if (keys.find(d.key) == std::string::npos) keys += (keys.empty() ? "" : ",") + d.key;
    canonical += d.key + "\n";
    for (const auto& e : d.expected) canonical += "-" + e + "\n";
    for (const auto& a : d.actual) canonical += "+" + a + "\n";
  }
  if (keys.empty()) keys = "failed";
  return keys + ":" + hex8(fnv1a32(canonical));
}

std::vector<std::string> apply_expectations(RunReport& report, const Expectations& e) {
  std::vector<std::string> notes;
  std::vector<bool> used(e.entries.size(), false);
  for (auto& r : report.results) {
    for (std::size_t i = 0; i < e.entries.size(); ++i) {
      const ExpectedFailure& x = e.entries[i];
      if (!applies(x, r)) continue;
      used[i] = true;
      if (r.outcome == Outcome::Passed) {
        r.outcome = Outcome::XPass;
        r.message = "passed, but listed as a known failure " + describe(x) + " in " + e.file + ":" +
                    std::to_string(x.loc.line) + ": remove the entry";
      } else if (expectable(r.outcome) && outcome_name(r.outcome) == x.state) {
        const std::string sig = failure_signature(r);
        if (!x.signature.empty() && x.signature != sig) {
          notes.push_back(r.id + " under " + r.ruleset + ": the failure changed (expected signature " + x.signature +
                          ", got " + sig + ")");
          r.message += " [the expected failure's signature was " + x.signature + ", now " + sig + "]";
          continue;
        }
        r.message = "expected failure: " + r.message;
        r.outcome = Outcome::XFail;
      } else if (expectable(r.outcome)) {
        notes.push_back(r.id + " under " + r.ruleset + ": listed as " + x.state + ", now " + std::string(outcome_name(r.outcome)));
        r.message += " [listed as a known failure " + describe(x) + "]";
      }
      break;
    }
  }
  for (std::size_t i = 0; i < e.entries.size(); ++i)
    if (!used[i]) notes.push_back("expectation " + describe(e.entries[i]) + " matches no result");
  return notes;
}

std::string expectations_text(const RunReport& report, const std::string& implementation, bool json) {
  std::ostringstream out;
  std::vector<const RunResult*> failures;
  for (const auto& r : report.results)
    if (expectable(r.outcome)) failures.push_back(&r);
  if (json) {
    out << "{\n  \"implementation\": " << quoted(implementation) << ",\n  \"expectations\": [";
    for (std::size_t i = 0; i < failures.size(); ++i) {
      const RunResult& r = *failures[i];
      out << (i ? "," : "") << "\n    {\"id\": " << quoted(r.id) << ", \"ruleset\": " << quoted(r.ruleset)
          << ", \"state\": " << quoted(std::string(outcome_name(r.outcome)));
      if (const auto sig = failure_signature(r); !sig.empty()) out << ", \"signature\": " << quoted(sig);
      out << ", \"note\": " << quoted(prefix(r.message, 200)) << "}";
    }
    out << (failures.empty() ? "]\n}\n" : "\n  ]\n}\n");
    return out.str();
  }
  out << "# Known failures of " << implementation << " (carc-oracle run --save-expectations).\n"
      << "# Format: oracle/PROTOCOL.md \"Expectations\".\n"
      << "implementation: " << quoted(implementation) << "\nexpectations:" << (failures.empty() ? " []\n" : "\n");
  for (const RunResult* r : failures) {
    out << "  - id: " << quoted(r->id) << "\n    ruleset: " << quoted(r->ruleset) << "\n    state: "
        << outcome_name(r->outcome) << "\n";
    if (const auto sig = failure_signature(*r); !sig.empty()) out << "    signature: " << quoted(sig) << "\n";
    out << "    note: " << quoted(prefix(r->message, 200)) << "\n";
  }
  return out.str();
}

}  // namespace carc
