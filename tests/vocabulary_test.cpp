// The vocabularies written once (issue 17): the engine's tables of figure kinds, moves, phases,
// reason codes and switches, the capability each row belongs to, and the document blocks
// `carc-oracle docs` generates from them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "cli/commands.hpp"
#include "data/oracle_data.hpp"
#include "engine/events.hpp"
#include "engine/move.hpp"
#include "engine/rooms.hpp"
#include "engine/rules.hpp"
#include "scenario/capabilities.hpp"

namespace carc {

TEST_CASE("Each vocabulary table lists its values once and in enum order", "[vocabulary]") {
  for (std::size_t i = 0; i < phase_table().size(); ++i) CHECK(phase_table()[i].phase == static_cast<Phase>(i));
  CHECK(phase_table().size() == static_cast<std::size_t>(Phase::GameOver) + 1);
  for (std::size_t i = 0; i < reason_table().size(); ++i) CHECK(reason_table()[i].reason == static_cast<Reason>(i));
  CHECK(reason_table().size() == kReasonCount);
  CHECK(reason_table().size() == static_cast<std::size_t>(Reason::BridgeNotHere) + 1);
  for (std::size_t i = 0; i < figure_table().size(); ++i) CHECK(figure_table()[i].kind == static_cast<FigureKind>(i));
  std::set<std::string_view> names;
  for (const auto& r : reason_table()) CHECK(names.insert(r.name).second);
  names.clear();
  for (const auto& p : phase_table()) CHECK(names.insert(p.name).second);
  names.clear();
  for (const auto& s : switch_specs()) CHECK(names.insert(s.key).second);
}

TEST_CASE("Every row of every vocabulary names a capability a scenario can require", "[vocabulary]") {
  for (const auto& f : figure_table()) CHECK(is_capability(f.capability));
  for (const auto& m : move_forms()) CHECK(is_capability(m.room));
  for (const auto& p : phase_table()) CHECK(is_capability(p.room));
  for (const auto& r : reason_table()) CHECK(is_capability(r.room));
  for (const auto& s : switch_specs()) {
    INFO(s.key);
    CHECK(is_capability(s.capability));
    CHECK_FALSE(s.summary.empty());
  }
}

TEST_CASE("Each move form names the phases it is made in by their phase-table names", "[vocabulary]") {
  std::set<std::string_view> phases;
  for (const auto& p : phase_table()) phases.insert(p.name);
  for (const auto& m : move_forms()) {
    INFO(m.syntax);
    if (m.phases.substr(0, 4) == "see ") continue;  // the ransom: when its switch says
    std::string_view rest = m.phases;
    while (!rest.empty()) {
      const std::size_t comma = rest.find(", ");
      const std::string_view name = rest.substr(0, comma);
      CHECK(phases.count(name) == 1);
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 2);
    }
  }
}

TEST_CASE("Each move form's example parses to its kind and prints back the same", "[vocabulary]") {
  std::set<MoveKind> kinds;
  for (const auto& form : move_forms()) {
    INFO(form.syntax);
    const auto m = parse_move(form.example, builtin_catalog());
    REQUIRE(m.ok());
    CHECK(m->kind == form.kind);
    CHECK(to_string(*m, builtin_catalog()) == form.example);
    // The capability scenarios infer from a move's words is the form's own.
    CHECK(verb_capability(form.example) == (form.room == "base" ? std::string_view() : form.room));
    kinds.insert(form.kind);
  }
  CHECK(kinds.size() == kVerbs.size());  // every MoveKind has a written form
}

TEST_CASE("Each verb is read by one room's form and each move kind written by one", "[vocabulary]") {
  std::map<std::string_view, int> parsers;
  std::map<MoveKind, int> printers;
  for (const auto& form : move_forms()) {
    parsers[form.verb()] += form.parse ? 1 : 0;
    printers[form.kind] += form.text ? 1 : 0;
  }
  for (const auto& [verb, n] : parsers) {
    INFO(verb);
    CHECK(n == 1);
  }
  for (const auto& [kind, n] : printers) {
    INFO(static_cast<int>(kind));
    CHECK(n == 1);
  }
}

TEST_CASE("docs regenerates a stale block and names it", "[vocabulary][docs]") {
  const std::string current = "intro\n<!-- generated: reason-list -->\n" + docs_block("reason-list") +
                              "<!-- end generated: reason-list -->\nafter\n";
  std::vector<std::string> stale, problems;
  const std::string once = refresh_docs_text(current, stale, problems);
  CHECK(problems.empty());
  REQUIRE(stale.size() == 1);  // the marker line gains its note
  stale.clear();
  CHECK(refresh_docs_text(once, stale, problems) == once);
  CHECK(stale.empty());

  std::string edited = once;
  const auto at = edited.find("`wrong-phase`");
  REQUIRE(at != std::string::npos);
  edited.replace(at, 13, "`wrong-fase`");
  const std::string fixed = refresh_docs_text(edited, stale, problems);
  CHECK(stale == std::vector<std::string>{"reason-list"});
  CHECK(fixed == once);
  CHECK_THAT(fixed, Catch::StartsWith("intro\n") && Catch::EndsWith("-->\nafter\n"));
}

TEST_CASE("docs refuses an unknown or unclosed block with its line", "[vocabulary][docs]") {
  std::vector<std::string> stale, problems;
  refresh_docs_text("a\nb\n<!-- generated: nonsense -->\n<!-- end generated: nonsense -->\n", stale, problems);
  REQUIRE(problems.size() == 1);
  CHECK_THAT(problems[0], Catch::Contains("line 3") && Catch::Contains("unknown generated block 'nonsense'"));
  problems.clear();
  refresh_docs_text("<!-- generated: moves -->\n| move |\n", stale, problems);
  REQUIRE(problems.size() == 1);
  CHECK_THAT(problems[0], Catch::Contains("has no '<!-- end generated: moves -->'"));
}

TEST_CASE("The generated blocks name every code, phase, switch and figure of the tables", "[vocabulary][docs]") {
  const std::string reasons = docs_block("reasons"), phases = docs_block("phases"), switches = docs_block("switches"),
                    figures = docs_block("figures");
  for (const auto& r : reason_table())
    if (r.reason != Reason::Ok) CHECK_THAT(reasons, Catch::Contains("| `" + std::string(r.name) + "` |"));
  for (const auto& p : phase_table()) CHECK_THAT(phases, Catch::Contains("| `" + std::string(p.name) + "` |"));
  for (const auto& s : switch_specs()) CHECK_THAT(switches, Catch::Contains("| `" + std::string(s.key) + "` |"));
  for (const auto& f : figure_table()) CHECK_THAT(figures, Catch::Contains("| `" + std::string(f.name) + "` |"));
  CHECK(docs_block("no-such-block").empty());
}

TEST_CASE("A command's synopsis lists positionals then options with their values as the parser takes them",
          "[vocabulary][docs][cli]") {
  CLI::App app;
  CLI::App* cmd = app.add_subcommand("demo", "A demonstration");
  std::vector<std::string> paths, ids;
  std::string format = "text", output;
  int depth = 0, top = 3;
  bool check = false;
  cmd->add_option("file", output, "A file")->required();
  cmd->add_option("paths", paths, "Paths");
  cmd->add_option("--depth", depth, "Depth")->type_name("N")->required();
  cmd->add_option("--id", ids, "Ids")->type_name("GLOB");
  cmd->add_option("--format", format, "Format")->check(CLI::IsMember({"text", "json"}));
  cmd->add_option("--top", top, "Top")->check(CLI::Range(1, 50));
  cmd->add_option("-o,--output", output, "Output")->type_name("FILE");
  cmd->add_flag("--check", check, "Check");
  CHECK(command_synopsis(*cmd) ==
        "carc-oracle demo FILE [PATHS...] --depth N [--id GLOB...] [--format text|json] [--top INT] [-o|--output FILE] "
        "[--check]");
}

TEST_CASE("The README's command table names every command and each of its options", "[vocabulary][docs][cli]") {
  const std::string table = docs_block("commands");
  CLI::App app;
  std::function<int()> action;
  setup_commands(app, action);
  for (const CLI::App* cmd : app.get_subcommands([](const CLI::App*) { return true; })) {
    INFO(cmd->get_name());
    CHECK(table.find("`carc-oracle " + cmd->get_name()) != std::string::npos);
    for (const CLI::Option* opt : cmd->get_options())
      for (const auto& name : opt->get_lnames())
        if (opt != cmd->get_help_ptr()) CHECK(table.find("--" + name) != std::string::npos);
  }
  CHECK(table.find("`carc-oracle --version`") != std::string::npos);
}

}  // namespace carc
