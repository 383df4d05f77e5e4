// The command line's shape, registered once: main() parses argv with it and `carc-oracle docs`
// writes README.md's command table from it, so the table names every command and option the
// binary accepts, no more and no less.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "cli/commands.hpp"

namespace carc {

void setup_commands(CLI::App& app, std::function<int()>& action) {
  app.require_subcommand(1);
  app.set_version_flag("--version", version_text,
                       "Print the tool and protocol versions, the ledger and data it was built with, and a digest of "
                       "./scenarios, then exit");
  setup_play(app, action);
  setup_explore(app, action);
  setup_run(app, action);
  setup_report(app, action);
  setup_render(app, action);
  setup_merge(app, action);
  setup_check(app, action);
  setup_moves(app, action);
  setup_perft(app, action);
  setup_coverage(app, action);
  setup_lookup(app, action);
  setup_book(app, action);
  setup_explain(app, action);
  setup_request(app, action);
  setup_adapter_check(app, action);
  setup_export(app, action);
  setup_schema(app, action);
  setup_serve(app, action);
  setup_docs(app, action);
}

namespace {

// The value an option takes: the choices of a set validator ("TEXT:{text,json}" -> "text|json"),
// else its type name without a validator's description ("INT:INT in [1 - 64]" -> "INT"); empty
// for a flag.
std::string placeholder(const CLI::Option& opt) {
  if (opt.get_expected_min() == 0 && opt.get_items_expected_max() <= 1 && opt.get_type_name().empty()) return {};
  std::string name = opt.get_type_name();
  const std::size_t colon = name.find(':');
  if (colon != std::string::npos && name.size() > colon + 2 && name[colon + 1] == '{' && name.back() == '}') {
    std::string choices = name.substr(colon + 2, name.size() - colon - 3);
    std::replace(choices.begin(), choices.end(), ',', '|');
    return choices;
  }
  name = name.substr(0, colon);
  return name.empty() ? "VALUE" : name;
}

bool repeats(const CLI::Option& opt) { return opt.get_items_expected_max() > 1; }

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return s;
}

}  // namespace

std::string command_synopsis(const CLI::App& cmd) {
  std::string out = "carc-oracle " + cmd.get_name();
  const CLI::Option* help = cmd.get_help_ptr();
  for (const CLI::Option* opt : cmd.get_options()) {
    if (opt == help || !opt->get_positional() || opt->nonpositional()) continue;
    const std::string word = upper(opt->get_name(true)) + (repeats(*opt) ? "..." : "");
    out += opt->get_required() ? " " + word : " [" + word + "]";
  }
  for (const CLI::Option* opt : cmd.get_options()) {
    if (opt == help || !opt->nonpositional()) continue;
    std::vector<std::string> names;
    for (const auto& n : opt->get_snames()) names.push_back("-" + n);
    for (const auto& n : opt->get_lnames()) names.push_back("--" + n);
    std::string word = fmt::format("{}", fmt::join(names, "|"));
    if (const std::string value = placeholder(*opt); !value.empty()) word += " " + value;
    if (repeats(*opt)) word += "...";
    out += opt->get_required() ? " " + word : " [" + word + "]";
  }
  return out;
}

}  // namespace carc
