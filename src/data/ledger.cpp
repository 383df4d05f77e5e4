#include "data/ledger.hpp"

#include <cstdio>
#include <cstdlib>

#include "data/oracle_data.hpp"
#include "data/yaml_util.hpp"

namespace carc {
namespace {

[[noreturn]] void broken_ledger(const Diagnostics& diags) {
  std::fprintf(stderr, "internal error: the embedded rulings ledger is broken:\n");
  for (const auto& d : diags) std::fprintf(stderr, "  %s\n", d.to_string().c_str());
  std::exit(70);
}

std::vector<LedgerSourceRef> read_refs(const YAML::Node& n, YamlReader& r) {
  std::vector<LedgerSourceRef> out;
  if (!n.IsSequence()) {
    r.error(n, "sources: expected a list of citations");
    return out;
  }
  for (const auto& item : n) {
    LedgerSourceRef ref;
    const int before = r.errors();
    if (r.keys(item, {"ref", "locator", "passages", "date", "date_kind", "supports", "note"}, "a citation") &&
        r.errors() == before) {
      if (item["ref"])
        ref.ref = r.str(item["ref"], "ref").value_or("");
      else
        r.error(item, "a citation: missing key 'ref'");
      if (item["locator"]) ref.locator = r.str(item["locator"], "locator").value_or("");
      if (item["passages"]) ref.passages = r.str_list(item["passages"], "passages");
      if (item["date"]) ref.date = r.str(item["date"], "date").value_or("");
      if (item["date_kind"]) ref.date_kind = r.str(item["date_kind"], "date_kind").value_or("");
      if (item["supports"]) ref.supports = r.str(item["supports"], "supports").value_or("");
      if (item["note"]) ref.note = r.str(item["note"], "note").value_or("");
    }
    out.push_back(std::move(ref));
  }
  return out;
}

std::vector<LedgerWho> read_who(const YAML::Node& n, YamlReader& r) {
  std::vector<LedgerWho> out;
  if (!n.IsSequence()) {
    r.error(n, "presets: expected a list of {value, who}");
    return out;
  }
  for (const auto& item : n) {
    const int before = r.errors();
    if (!r.keys(item, {"value", "who"}, "a presets entry") || r.errors() != before) continue;
    if (!item["value"] || !item["who"]) {
      r.error(item, "a presets entry: needs both 'value' and 'who'");
      continue;
    }
    out.push_back({r.str(item["value"], "value").value_or(""), r.str(item["who"], "who").value_or("")});
  }
  return out;
}

// The text under `key` of the map `v`, empty when the key is absent.
std::string text_of(const YAML::Node& v, const char* key, YamlReader& r) {
  return v[key] ? r.str(v[key], key).value_or("") : std::string();
}

std::vector<LedgerPassage> read_passages(const YAML::Node& n, YamlReader& r, const std::string& source) {
  std::vector<LedgerPassage> out;
  if (!n.IsMap()) {
    r.error(n, "source " + source + ": passages: expected a map of passage key -> {where, tier, ...}");
    return out;
  }
  for (const auto& kv : n) {
    LedgerPassage p;
    p.key = kv.first.Scalar();
    const YAML::Node& v = kv.second;
    if (!r.keys(v, {"where", "tier", "date", "lang", "checked", "original", "english", "note"},
                "passage " + source + "/" + p.key))
      continue;
    const auto text = [&](const char* key) { return text_of(v, key, r); };
    p.where = text("where");
    p.tier = text("tier");
    p.date = text("date");
    p.lang = text("lang");
    p.checked = text("checked");
    p.original = text("original");
    p.english = text("english");
    p.note = text("note");
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<LedgerSource> read_sources(const YAML::Node& n, YamlReader& r) {
  std::vector<LedgerSource> out;
  if (!n.IsMap()) {
    r.error(n, "sources: expected a map of source key -> {title, url, tier, passages, ...}");
    return out;
  }
  for (const auto& kv : n) {
    LedgerSource src;
    src.key = kv.first.Scalar();
    const YAML::Node& v = kv.second;
    if (!r.keys(v,
                {"title", "kind", "tier", "url", "revision", "translates", "date", "date_kind", "date_note", "also",
                 "notes", "tried", "passages"},
                "source " + src.key)) {
      out.push_back(std::move(src));
      continue;
    }
    const auto text = [&](const char* key) { return text_of(v, key, r); };
    src.title = text("title");
    src.kind = text("kind");
    src.tier = text("tier");
    src.url = text("url");
    src.revision = text("revision");
    src.translates = text("translates");
    src.date = text("date");
    src.date_kind = text("date_kind");
    src.date_note = text("date_note");
    src.notes = text("notes");
    if (v["also"]) src.also = r.str_list(v["also"], "also");
    if (v["tried"]) src.tried = r.str_list(v["tried"], "tried");
    if (v["passages"]) src.passages = read_passages(v["passages"], r, src.key);
    out.push_back(std::move(src));
  }
  return out;
}

LedgerRuling read_ruling(const YAML::Node& n, YamlReader& r) {
  LedgerRuling out;
  if (!r.keys(n,
              {"id", "area", "title", "status", "derives_from", "disputed", "statement", "notes", "expansions",
               "editions", "publishers", "switches", "sources", "encodable", "checks"},
              "a ruling"))
    return out;
  for (const auto& kv : n) {
    const std::string key = kv.first.Scalar();
    if (key == "id")
      out.id = r.str(kv.second, "id").value_or("");
    else if (key == "area")
      out.area = r.str(kv.second, "area").value_or("");
    else if (key == "title")
      out.title = r.str(kv.second, "title").value_or("");
    else if (key == "status")
      out.status = r.str(kv.second, "status").value_or("");
    else if (key == "derives_from")
      out.derives_from = r.str_list(kv.second, "derives_from");
    else if (key == "disputed")
      out.disputed = r.boolean(kv.second, "disputed").value_or(false);
    else if (key == "statement")
      out.statement = r.str(kv.second, "statement").value_or("");
    else if (key == "notes")
      out.notes = r.str(kv.second, "notes").value_or("");
    else if (key == "expansions")
      out.expansions = r.str_list(kv.second, "expansions");
    else if (key == "editions")
      out.editions = r.str_list(kv.second, "editions");
    else if (key == "publishers")
      out.publishers = r.str_list(kv.second, "publishers");
    else if (key == "switches")
      out.switches = r.str_list(kv.second, "switches");
    else if (key == "sources")
      out.sources = read_refs(kv.second, r);
    else if (key == "encodable") {
      // `true`, or the reason the ruling cannot be encoded (a text).
      const auto v = r.str(kv.second, "encodable");
      if (v && *v != "true") {
        out.encodable = false;
        out.not_encodable = *v;
      }
    } else if (key == "checks")
      out.checks = r.str(kv.second, "checks").value_or("");
  }
  if (out.id.empty()) r.error(n, "a ruling: missing key 'id'");
  return out;
}

LedgerSwitch read_switch(const YAML::Node& n, YamlReader& r) {
  LedgerSwitch out;
  if (!r.keys(n, {"id", "key", "rulings", "title", "statement", "default", "disputed", "values", "presets", "sources"},
              "a switch"))
    return out;
  for (const auto& kv : n) {
    const std::string key = kv.first.Scalar();
    if (key == "id")
      out.id = r.str(kv.second, "id").value_or("");
    else if (key == "key")
      out.key = r.str(kv.second, "key").value_or("");
    else if (key == "rulings")
      out.rulings = r.str_list(kv.second, "rulings");
    else if (key == "title")
      out.title = r.str(kv.second, "title").value_or("");
    else if (key == "statement")
      out.statement = r.str(kv.second, "statement").value_or("");
    else if (key == "default")
      out.default_value = r.str(kv.second, "default").value_or("");
    else if (key == "disputed")
      out.disputed = r.boolean(kv.second, "disputed").value_or(false);
    else if (key == "values")
      out.values = r.str_list(kv.second, "values");
    else if (key == "presets")
      out.presets = read_who(kv.second, r);
    else if (key == "sources")
      out.sources = read_refs(kv.second, r);
  }
  if (out.id.empty()) r.error(n, "a switch: missing key 'id'");
  return out;
}

void read_list(const YAML::Node& n, YamlReader& r, std::string_view what, auto&& each) {
  if (!n.IsSequence()) {
    r.error(n, std::string(what) + ": expected a list");
    return;
  }
  for (const auto& item : n) each(item);
}

Ledger load_ledger() {
  const auto files = embedded_under("oracle/rulings.yaml");
  if (files.empty()) broken_ledger({{"oracle/rulings.yaml", 0, 0, "not embedded"}});
  Diagnostics diags;
  Ledger out = parse_ledger(files[0].text, files[0].path, diags);
  if (!diags.empty()) broken_ledger(diags);
  return out;
}

}  // namespace

Ledger parse_ledger(const std::string& text, const std::string& path, Diagnostics& diags) {
  YamlReader r(path, diags);
  const YAML::Node doc = parse_yaml(text, path, diags);
  Ledger out;
  if (!diags.empty()) return out;
  if (!r.keys(doc, {"version", "sources", "rulings", "switches"}, "the ledger")) return out;
  for (const auto& kv : doc) {
    const std::string key = kv.first.Scalar();
    if (key == "version")
      out.version = static_cast<int>(r.integer(kv.second, "version").value_or(0));
    else if (key == "sources")
      out.sources = read_sources(kv.second, r);
    else if (key == "rulings")
      read_list(kv.second, r, "rulings", [&](const YAML::Node& n) { out.rulings.push_back(read_ruling(n, r)); });
    else if (key == "switches")
      read_list(kv.second, r, "switches", [&](const YAML::Node& n) { out.switches.push_back(read_switch(n, r)); });
  }
  if (out.rulings.empty()) r.error(doc, "the ledger: no rulings found");
  return out;
}

namespace {

const Ledger& ledger() {
  static const Ledger l = load_ledger();
  return l;
}

}  // namespace

const Ledger& builtin_ledger_file() { return ledger(); }
const std::vector<LedgerRuling>& builtin_ledger() { return ledger().rulings; }
int builtin_ledger_version() { return ledger().version; }
const std::vector<LedgerSwitch>& builtin_ledger_switches() { return ledger().switches; }

const std::vector<LedgerSource>& builtin_ledger_sources() { return ledger().sources; }

const LedgerSource* find_ledger_source(std::string_view key) {
  for (const auto& s : builtin_ledger_sources())
    if (s.key == key) return &s;
  return nullptr;
}

const LedgerSwitch* find_ledger_switch(std::string_view id) {
  for (const auto& s : builtin_ledger_switches())
    if (s.id == id) return &s;
  return nullptr;
}

const LedgerRuling* ruling_for(std::string_view ledger_id) {
  if (const auto* r = find_ruling(ledger_id)) return r;
  const auto* s = find_ledger_switch(ledger_id);
  return s && !s->rulings.empty() ? find_ruling(s->rulings.front()) : nullptr;
}

const LedgerRuling* find_ruling(std::string_view id) {
  for (const auto& r : builtin_ledger())
    if (r.id == id) return &r;
  return nullptr;
}

const std::vector<std::string_view>& status_tiers() {
  static const std::vector<std::string_view> tiers{"RULE",    "OFFICIAL", "EXAMPLE",   "EDITORIAL",
                                                   "DERIVED", "IMPL",     "COMMUNITY", "UNVERIFIED"};
  return tiers;
}

const std::vector<std::string_view>& source_tiers() {
  static const std::vector<std::string_view> tiers{"RULE", "OFFICIAL", "EXAMPLE", "EDITORIAL", "IMPL", "COMMUNITY"};
  return tiers;
}

const LedgerPassage* LedgerSource::passage(std::string_view name) const {
  for (const auto& p : passages)
    if (p.key == name) return &p;
  return nullptr;
}

}  // namespace carc
