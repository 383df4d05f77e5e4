#include "data/oracle_data.hpp"

#include <cstdio>
#include <cstdlib>

#include "data/embedded.hpp"
#include "data/yaml_util.hpp"

namespace carc {

std::vector<SourceFile> embedded_under(std::string_view prefix) {
  std::vector<SourceFile> out;
  for (const auto& f : embedded_files())
    if (f.path.substr(0, prefix.size()) == prefix) out.push_back({std::string(f.path), std::string(f.text)});
  return out;
}

namespace {

void load_tile_file(const SourceFile& file, TileCatalog& cat, Diagnostics& diags) {
  YamlReader r(file.path, diags);
  const YAML::Node doc = parse_yaml(file.text, file.path, diags);
  if (!doc) return;
  if (!r.keys(doc, {"set", "editions", "played_in", "start", "tiles"}, "tile file")) return;
  TileSet set;
  if (auto s = r.str(doc["set"], "set")) set.name = *s;
  const auto editions = r.str_list(doc["editions"], "editions");
  for (const auto& e : editions) set.counts[e];
  if (!doc["tiles"].IsSequence()) {
    r.error(doc, "tile file: 'tiles' must be a list");
    return;
  }
  for (const auto& t : doc["tiles"]) {
    if (!r.keys(t, {"id", "letter", "jcz", "edges", "count", "features"}, "tile")) continue;
    auto id = r.str(t["id"], "tile id");
    if (!id) continue;
    std::vector<std::string> specs;
    if (t["features"].IsSequence()) {
      for (const auto& f : t["features"])
        if (auto s = r.str(f, "feature")) specs.push_back(*s);
    } else {
      r.error(t, "tile " + *id + ": 'features' must be a list");
      continue;
    }
    auto def = make_tile(*id, specs);
    if (!def) {
      r.error(t["features"], def.error());
      continue;
    }
    if (t["letter"]) def->letter = r.str(t["letter"], "letter").value_or("");
    if (t["jcz"]) def->jcz = r.str(t["jcz"], "jcz").value_or("");
    if (auto edges = r.str(t["edges"], "edges")) {
      std::string derived;
      for (auto e : def->edges) derived += edge_type_letter(e);
      if (*edges != derived)
        r.error(t["edges"], "tile " + *id + ": edges say " + *edges + " but the features give " + derived);
    }
    auto added = cat.add(std::move(*def));
    if (!added) {
      r.error(t["id"], added.error());
      continue;
    }
    if (!t["count"].IsMap()) {
      r.error(t, "tile " + *id + ": 'count' must map editions to numbers");
      continue;
    }
    for (const auto& kv : t["count"]) {
      const std::string ed = kv.first.Scalar();
      auto it = set.counts.find(ed);
      if (it == set.counts.end()) {
        r.error(kv.first, "tile " + *id + ": edition '" + ed + "' is not one of the set's editions");
        continue;
      }
      if (auto n = r.integer(kv.second, "count"); n && *n > 0) it->second.emplace_back(*added, static_cast<int>(*n));
    }
  }
  // played_in: {C3: C2} - an edition with no printing of the set plays the tiles of one that has.
  if (const YAML::Node played = doc["played_in"]) {
    if (!played.IsMap()) r.error(played, "played_in: expected a map of edition -> printed edition, e.g. {C3: C2}");
    for (const auto& kv : played) {
      const auto later = r.str(kv.first, "played_in");
      const auto printed = r.str(kv.second, "played_in");
      if (!later || !printed) continue;
      if (set.counts.contains(*later))
        r.error(kv.first, "played_in: the set has a printing of its own for " + *later);
      else if (!set.counts.contains(*printed))
        r.error(kv.second, "played_in: '" + *printed + "' is not one of the set's editions");
      else
        set.played_in[*later] = *printed;
    }
  }
  if (doc["start"]) {
    if (auto s = r.str(doc["start"], "start")) {
      auto t = cat.lookup(*s);
      if (!t)
        r.error(doc["start"], "start tile '" + *s + "' is not in the catalog");
      else
        set.start = *t;
    }
  }
  if (auto ok = cat.add_set(std::move(set)); !ok) r.error(doc["set"], ok.error());
}

// printed: {from: YEAR, to: YEAR, source: TEXT} - the years the preset's rules were in print
// (`to` absent: still printed), cited.
void read_printed(const YAML::Node& n, YamlReader& r, Preset& p) {
  if (!r.keys(n, {"from", "to", "source"}, "printed")) return;
  const auto year = [&](const char* key) {
    const auto y = n[key] ? r.integer(n[key], std::string("printed ") + key) : std::nullopt;
    if (y && (*y < 1999 || *y > 2100)) r.error(n[key], std::string("printed: ") + key + " must be a year, e.g. 2002");
    return y && *y >= 1999 && *y <= 2100 ? static_cast<int>(*y) : 0;
  };
  if (!n["from"]) r.error(n, "printed: missing 'from' (the first year these rules were printed)");
  p.printed_from = year("from");
  p.printed_to = year("to");
  if (p.printed_to != 0 && p.printed_to < p.printed_from) r.error(n["to"], "printed: 'to' is before 'from'");
  if (n["source"]) p.printed_source = r.str(n["source"], "printed source").value_or("");
  if (p.printed_source.empty()) r.error(n, "printed: needs a source (every preset fact is cited)");
}

}  // namespace

Result<TileCatalog> load_catalog(const std::vector<SourceFile>& files, Diagnostics& diags) {
  TileCatalog cat;
  const std::size_t before = diags.size();
  for (const auto& f : files) load_tile_file(f, cat, diags);
  if (diags.size() != before) return fail(diags[before].to_string());
  return cat;
}

Result<std::vector<Preset>> load_presets(const std::vector<SourceFile>& files, Diagnostics& diags) {
  std::vector<Preset> out;
  const std::size_t before = diags.size();
  for (const auto& file : files) {
    YamlReader r(file.path, diags);
    const YAML::Node doc = parse_yaml(file.text, file.path, diags);
    if (!doc ||
        !r.keys(doc, {"name", "aliases", "title", "parent", "edition", "printed", "switches", "figures", "notes"},
                "ruleset"))
      continue;
    Preset p;
    p.file = file.path;
    p.name = r.str(doc["name"], "name").value_or("");
    p.title = r.str(doc["title"], "title").value_or("");
    p.edition = r.str(doc["edition"], "edition").value_or("");
    if (doc["parent"]) p.parent = r.str(doc["parent"], "parent").value_or("");
    if (doc["notes"]) {
      p.notes = r.str(doc["notes"], "notes").value_or("");
      // A switch entry written below `notes: >-` and indented is valid YAML: it silently
      // becomes part of the notes' text and the preset lacks the switch.
      const auto entry_of = [&](std::string_view key) {
        const std::string head = std::string(key) + ":";
        for (auto at = p.notes.find(head); at != std::string::npos; at = p.notes.find(head, at + 1)) {
          const auto next = p.notes.find_first_not_of(" \t\n", at + head.size());
          if (next != std::string::npos && p.notes.compare(next, 6, "value:") == 0) return true;
        }
        return false;
      };
      for (const auto& spec : switch_specs())
        if (entry_of(spec.key))
          r.error(doc["notes"],
                  "notes: contains the switch entry '" + std::string(spec.key) +
                      ":' (indented under notes it is read as text, not as a switch); move it under switches:");
    }
    if (doc["printed"]) read_printed(doc["printed"], r, p);
    if (doc["aliases"]) p.aliases = r.str_list(doc["aliases"], "aliases");
    if (doc["switches"] && !doc["switches"].IsMap()) r.error(doc["switches"], "switches: expected a map");
    for (const auto& kv : doc["switches"]) {
      if (!r.keys(kv.second, {"value", "source"}, "switch")) continue;
      PresetSwitch sw;
      sw.key = kv.first.Scalar();
      if (kv.second["value"]) sw.value = r.str(kv.second["value"], "value").value_or("");
      if (kv.second["source"]) sw.source = r.str(kv.second["source"], "source").value_or("");
      if (sw.source.empty()) r.error(kv.second, "switch '" + sw.key + "' needs a source (every preset delta is cited)");
      RuleSet probe;
      if (auto ok = probe.set(sw.key, sw.value); !ok) r.error(kv.first, ok.error());
      p.switches.push_back(std::move(sw));
    }
    // figures: {wagon: {count: 2, source: ...}} - per-player counts other than the box's.
    if (doc["figures"] && !doc["figures"].IsMap()) r.error(doc["figures"], "figures: expected a map");
    for (const auto& kv : doc["figures"]) {
      if (!r.keys(kv.second, {"count", "source"}, "figures entry")) continue;
      PresetFigures f;
      const std::string kind = kv.first.Scalar();
      if (!parse_figure(kind, f.kind)) {
        r.error(kv.first, "figures: unknown figure kind '" + kind + "'");
        continue;
      }
      if (f.kind == FigureKind::Follower) {
        r.error(kv.first,
                "figures: followers are the box's 7 in every ruleset (a scenario states others in its supply)");
        continue;
      }
      const auto n = kv.second["count"] ? r.integer(kv.second["count"], "count") : std::nullopt;
      if (!n || *n < 0 || *n > 9) {
        r.error(kv.second, "figures: " + kind + " needs a count from 0 to 9");
        continue;
      }
      f.count = static_cast<int>(*n);
      if (kv.second["source"]) f.source = r.str(kv.second["source"], "source").value_or("");
      if (f.source.empty()) r.error(kv.second, "figures: " + kind + " needs a source (every preset delta is cited)");
      p.figures.push_back(std::move(f));
    }
    out.push_back(std::move(p));
  }
  for (const auto& p : out) {
    if (!p.parent.empty()) {
      bool found = false;
      for (const auto& q : out) found = found || q.name == p.parent;
      if (!found) diags.push_back({p.file, 0, 0, "ruleset '" + p.name + "' has unknown parent '" + p.parent + "'"});
    }
  }
  if (diags.size() != before) return fail(diags[before].to_string());
  return out;
}

namespace {
[[noreturn]] void broken_builtin(const Diagnostics& diags) {
  std::fprintf(stderr, "internal error: the embedded oracle data is broken:\n");
  for (const auto& d : diags) std::fprintf(stderr, "  %s\n", d.to_string().c_str());
  std::exit(70);
}
}  // namespace

const TileCatalog& builtin_catalog() {
  static const TileCatalog cat = [] {
    Diagnostics diags;
    auto c = load_catalog(embedded_under("oracle/tiles/"), diags);
    if (!c) broken_builtin(diags);
    return std::move(*c);
  }();
  return cat;
}

const std::vector<Preset>& builtin_presets() {
  static const std::vector<Preset> presets = [] {
    Diagnostics diags;
    auto p = load_presets(embedded_under("oracle/rulesets/"), diags);
    if (!p) broken_builtin(diags);
    return std::move(*p);
  }();
  return presets;
}

const Preset* find_preset(std::string_view name) {
  for (const auto& p : builtin_presets()) {
    if (p.name == name) return &p;
    for (const auto& a : p.aliases)
      if (a == name) return &p;
  }
  return nullptr;
}

std::array<int, kFigureKinds> box_figures() {
  std::array<int, kFigureKinds> out{};
  out.fill(1);
  out[static_cast<std::size_t>(FigureKind::Follower)] = 7;
  return out;
}

std::array<int, kFigureKinds> figures_per_player(std::string_view preset) {
  std::vector<const Preset*> chain;
  for (const Preset* q = find_preset(preset); q && chain.size() <= 16;
       q = q->parent.empty() ? nullptr : find_preset(q->parent))
    chain.push_back(q);
  auto out = box_figures();
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    for (const auto& f : (*it)->figures) out[static_cast<std::size_t>(f.kind)] = f.count;
  return out;
}

Result<RuleSet> ruleset_named(std::string_view name) {
  const Preset* p = find_preset(name);
  if (!p) {
    std::string known;
    for (const auto& q : builtin_presets()) known += (known.empty() ? "" : ", ") + q.name;
    return fail("unknown ruleset '" + echo(name) + "' (known: " + known + ")");
  }
  std::vector<const Preset*> chain;
  for (const Preset* q = p; q; q = q->parent.empty() ? nullptr : find_preset(q->parent)) {
    if (chain.size() > 16) return fail("ruleset '" + p->name + "': parent chain loops");
    chain.push_back(q);
  }
  RuleSet rules;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    for (const auto& sw : (*it)->switches)
      if (auto ok = rules.set(sw.key, sw.value); !ok) return fail(ok.error());
  rules.name = p->name;
  return rules;
}

}  // namespace carc
