// `carc-oracle docs [--check] [--root DIR]`: the vocabulary lists of the documents, written
// once in the engine's tables (figure_table, move_forms, phase_table, reason_table,
// switch_specs, capability_table) and the command line's registration (setup_commands), and
// generated into the Markdown between markers, so a new figure kind, move, phase, reason code,
// switch, room or command option reaches the docs without a hand edit. The ctest
// `docs-current` fails when a committed block is stale.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/output.hpp"
#include "engine/events.hpp"
#include "engine/figures.hpp"
#include "engine/move.hpp"
#include "engine/rules.hpp"
#include "protocol/messages.hpp"
#include "scenario/capabilities.hpp"

namespace carc {
namespace {

// The files that hold generated blocks, relative to the repository root.
constexpr std::string_view kDocFiles[] = {"README.md", "oracle/PROTOCOL.md", "src/engine/README.md",
                                          "scenarios/README.md"};

std::string code(std::string_view word) { return fmt::format("`{}`", word); }

std::vector<std::string> codes(const std::vector<std::string_view>& words) {
  std::vector<std::string> out;
  for (const auto w : words) out.push_back(code(w));
  return out;
}

// The protocol version that brought a capability's vocabulary ("1" for the first version's).
int since(std::string_view capability) { return proto::expansion_introduced_in(capability); }

std::string figures_block() {
  std::string out =
      "| kind | capability | occupies, counts for majority | may stand on | what it is |\n|---|---|---|---|---|\n";
  for (const auto& f : figure_table()) {
    std::vector<std::string_view> on;
    for (int k = 0; k < kFeatureKinds; ++k)
      if (may_stand_on(f.kind, static_cast<FeatureKind>(k)))
        on.push_back(feature_kind_name(static_cast<FeatureKind>(k)));
    out += fmt::format("| `{}` | `{}` | {} | {} | {} |\n", f.name, f.capability, is_follower(f.kind) ? "yes" : "no",
                       fmt::join(codes(on), ", "), f.meaning);
  }
  return out;
}

std::string moves_block() {
  std::string out = "| move | capability | version | phase | meaning |\n|---|---|---|---|---|\n";
  for (const auto& m : move_forms())
    out += fmt::format("| `{}` | `{}` | {} | {} | {} |\n", m.syntax, m.room, since(m.room), m.phases, m.meaning);
  return out;
}

std::string phases_block() {
  std::string out = "| phase | capability | version | who acts | decision |\n|---|---|---|---|---|\n";
  for (const auto& p : phase_table())
    out += fmt::format("| `{}` | `{}` | {} | {} | {} |\n", p.name, p.room, since(p.room), p.who, p.decision);
  return out;
}

std::string reasons_block() {
  std::string out = "| code | capability | version | the move is illegal because |\n|---|---|---|---|\n";
  for (const auto& r : reason_table())
    if (r.reason != Reason::Ok)
      out += fmt::format("| `{}` | `{}` | {} | {} |\n", r.name, r.room, since(r.room), r.meaning);
  return out;
}

std::string reason_list_block() {
  std::vector<std::string_view> names;
  for (const auto& r : reason_table())
    if (r.reason != Reason::Ok) names.push_back(r.name);
  return fmt::format("`is_legal` and `apply` answer `ok` or one of (meanings: oracle/PROTOCOL.md §5.8): {}.\n",
                     fmt::join(codes(names), ", "));
}

std::string switches_block() {
  std::string out =
      "| switch | values (default first) | ledger | matters with | version | what it decides "
      "|\n|---|---|---|---|---|---|\n";
  for (const auto& s : switch_specs()) {
    // When it can matter (switch_matters): "`builder` or `pig`", "`phantom` and `flier`".
    std::string when = fmt::format("`{}`", s.capability);
    for (const auto c : s.or_with) when += fmt::format(" or `{}`", c);
    for (const auto c : s.and_with) when += fmt::format(" and `{}`", c);
    // A later change (proto::switch_history): "1; 6: `own-segment` new, default (was `same-tile-next-to`)".
    std::string version = fmt::format("{}", proto::switch_introduced_in(s.key));
    for (const auto& c : proto::switch_history()) {
      if (c.key != s.key) continue;
      if (c.new_switch) {
        if (c.before != s.values.front()) version += fmt::format(" (before, implementations played `{}`)", c.before);
        continue;
      }
      version += fmt::format("; {}: {} new", c.version, fmt::join(codes(c.new_values), ", "));
      if (c.before != s.values.front()) version += fmt::format(", default (was `{}`)", c.before);
    }
    out += fmt::format("| `{}` | {} | {} | {} | {} | {} |\n", s.key, fmt::join(codes(s.values), ", "), s.ruling, when,
                       version, s.summary);
  }
  return out;
}

std::string figure_list_block() {
  std::vector<std::string_view> names;
  for (const auto& f : figure_table()) names.push_back(f.name);
  return fmt::format("- **Figure kinds**: {} (oracle/PROTOCOL.md §5.5 says where each may stand).\n",
                     fmt::join(codes(names), ", "));
}

std::string move_list_block() {
  std::string out = "- **Moves** (always by the player to act, `State::actor()`):\n";
  for (const auto& m : move_forms()) out += fmt::format("  - `{}` — {};\n", m.syntax, m.meaning);
  return out;
}

std::string phase_list_block() {
  std::string out = "- **Phases** (the decision a state waits for):\n";
  for (const auto& p : phase_table())
    out += fmt::format("  - `{}` ({}) — {}: {};\n", p.name, p.room, p.who, p.decision);
  return out;
}

std::string capabilities_block() {
  std::string out = "| capability | what it covers | first printed |\n|---|---|---|\n";
  for (const auto& c : capability_table()) out += fmt::format("| `{}` | {} | {} |\n", c.name, c.what, c.first_printed);
  return out;
}

// A Markdown table cell: a pipe would end the cell.
std::string cell(std::string_view text) {
  std::string out;
  for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// README.md's command table: every subcommand with its options as the binary parses them.
std::string commands_block() {
  CLI::App app;
  std::function<int()> action;
  setup_commands(app, action);
  std::string out = "| usage | what it does |\n|---|---|\n";
  out += fmt::format("| `carc-oracle --version` | {} |\n", cell(app.get_option("--version")->get_description()));
  for (const CLI::App* cmd : app.get_subcommands([](const CLI::App*) { return true; }))
    out += fmt::format("| `{}` | {} |\n", cell(command_synopsis(*cmd)), cell(cmd->get_description()));
  return out;
}

struct Block {
  std::string_view name;
  std::string (*make)();
};
constexpr Block kBlocks[] = {
    {"commands", commands_block},   {"figures", figures_block},           {"moves", moves_block},
    {"phases", phases_block},       {"reasons", reasons_block},           {"reason-list", reason_list_block},
    {"switches", switches_block},   {"capabilities", capabilities_block}, {"figure-list", figure_list_block},
    {"move-list", move_list_block}, {"phase-list", phase_list_block},
};

constexpr std::string_view kOpen = "<!-- generated: ";
constexpr std::string_view kClose = "<!-- end generated: ";
constexpr std::string_view kTail = " (written by carc-oracle docs from the code's tables; do not edit) -->";

std::optional<std::string> read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

std::string docs_block(std::string_view name) {
  for (const auto& b : kBlocks)
    if (b.name == name) return b.make();
  return {};
}

// A block is the line `<!-- generated: NAME ... -->`, its text, and the line `<!-- end generated: NAME -->`.
std::string refresh_docs_text(const std::string& text, std::vector<std::string>& stale,
                              std::vector<std::string>& problems) {
  std::string out;
  std::size_t pos = 0;
  int line = 1;
  while (true) {
    const std::size_t open = text.find(kOpen, pos);
    if (open == std::string::npos) break;
    for (std::size_t i = pos; i < open; ++i) line += text[i] == '\n';
    const std::size_t open_end = text.find('\n', open);
    if (open_end == std::string::npos) {
      problems.push_back(fmt::format("line {}: a generated-block marker without a line end", line));
      break;
    }
    const std::string header = text.substr(open + kOpen.size(), open_end - open - kOpen.size());
    const std::string name = header.substr(0, header.find(' '));
    const std::string closing = std::string(kClose) + name + " -->";
    const std::size_t close = text.find(closing, open_end);
    if (close == std::string::npos) {
      problems.push_back(fmt::format("line {}: block '{}' has no '{}'", line, name, closing));
      break;
    }
    const std::string body = docs_block(name);
    if (body.empty()) problems.push_back(fmt::format("line {}: unknown generated block '{}'", line, name));
    const std::string old_body = text.substr(open_end + 1, close - open_end - 1);
    const std::string new_body = body.empty() ? old_body : body;
    const std::string new_header = name + std::string(kTail);
    if (!body.empty() && (new_body != old_body || header != new_header)) stale.push_back(name);
    out += text.substr(pos, open - pos);
    out += std::string(kOpen) + (body.empty() ? header : new_header) + "\n" + new_body + closing;
    for (std::size_t i = open; i < close; ++i) line += text[i] == '\n';
    pos = close + closing.size();
  }
  out += text.substr(pos);
  return out;
}

int run_docs(const DocsOptions& o, std::ostream& out, std::ostream& err) {
  int stale_files = 0, broken = 0;
  for (const auto rel : kDocFiles) {
    const std::string path = o.root + "/" + std::string(rel);
    const auto text = read_whole(path);
    if (!text) {
      err << "carc-oracle docs: cannot read " << path << " (give the repository root with --root)\n";
      return kExitInvalidInput;
    }
    std::vector<std::string> stale, problems;
    const std::string fresh = refresh_docs_text(*text, stale, problems);
    for (const auto& p : problems) err << path << ": " << p << "\n";
    broken += !problems.empty();
    if (stale.empty()) continue;
    ++stale_files;
    if (o.check) {
      fmt::print(out, "{}: stale generated block{} {} (run `carc-oracle docs` from the repository root)\n", rel,
                 stale.size() == 1 ? "" : "s", fmt::join(stale, ", "));
      continue;
    }
    if (!write_file_checked(path, false, "docs", err, [&](std::ostream& f) { f << fresh; })) return kExitOutput;
    fmt::print(out, "{}: regenerated {}\n", rel, fmt::join(stale, ", "));
  }
  if (broken) return kExitInvalidInput;
  if (o.check && stale_files) return kExitFailures;
  if (!stale_files) out << "every generated block is current\n";
  return kExitOk;
}

void setup_docs(CLI::App& app, std::function<int()>& action) {
  auto o = std::make_shared<DocsOptions>();
  CLI::App* cmd = app.add_subcommand(
      "docs",
      "Regenerate the documents' generated tables (commands, figures, moves, phases, reason codes, switches, "
      "capabilities)");
  cmd->add_option("--root", o->root, "The repository root (default: the current directory)")->type_name("DIR");
  cmd->add_flag("--check", o->check, "Change nothing; exit 1 naming each stale block");
  cmd->callback([o, &action] { action = [o] { return run_docs(*o, std::cout, std::cerr); }; });
}

}  // namespace carc
