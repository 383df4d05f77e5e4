#pragma once
// One subcommand per file: setup_X registers its options on the app, run_X does
// the work from an options struct (testable without argv) and returns an exit code.
#include <CLI/CLI.hpp>
#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "render/terminal_board.hpp"

namespace carc {

struct PlayOptions {
  std::uint64_t seed = 1;
  int players = 2;
  std::string ruleset = "hig-c3";
  std::string edition;            // default: the ruleset's edition
  std::string figures;            // "follower=7,abbot=1,large=1"; default per edition
  std::string sets = "base";      // tile sets shuffled into the pile
  bool quiet = false;             // only the final scores
  bool little_buildings = false;  // Little Buildings tokens in the game (V-LB-2 deals them)
  bool bridges = false;           // bridges in the game (BC-15)
  int games = 1;                  // games seed, seed+1, ...; every state's invariants are checked
};
void setup_play(CLI::App& app, std::function<int()>& action);
int run_play(const PlayOptions& o, std::ostream& out, std::ostream& err);

// `explore --impl CMD`: seeded random games driven by our engine, every decision asked of each
// implementation and compared; each disagreement shrunk and written as a candidate scenario.
struct ExploreOptions {
  std::vector<std::string> impl;  // 'CMD ARGS', no shell; each compared with our engine
  int games = 10;
  int jobs = 1;  // processes of each implementation, each set playing games of its own
  std::uint64_t seed = 1;
  int players = 2;
  std::string ruleset = "hig-c3";
  std::string edition;            // default: the ruleset's edition
  std::string figures;            // as play's; default per edition
  std::string sets = "base";      // as play's
  bool little_buildings = false;  // as play's --little-buildings
  bool bridges = false;           // as play's --bridges
  std::string out_dir;            // candidates/EXP-*.yaml, explore.jsonl, summary.md
  std::string shard;              // K/N: the games g with g % N == K - 1
  double time_budget = 0;         // seconds; 0: none
  double timeout = 10;            // seconds per request
  bool no_shrink = false;
  int shrink_asks = 600;  // questions per shrunk disagreement, at most
  bool no_progress = false;
};
void setup_explore(CLI::App& app, std::function<int()>& action);
int run_explore(const ExploreOptions& o, std::ostream& out, std::ostream& err);
// explore's summary.md from its explore.jsonl records (the findings, then the summary): what
// explore writes and what `merge` writes for the shards merged.
std::string explore_summary_md(const nlohmann::json& records);

// `run [PATHS]`: run scenarios against our engine (DESIGN.md "The command line").
struct RunOptions {
  std::vector<std::string> paths;  // default: scenarios/ of the current directory
  std::vector<std::string> ids, tags, rulings, rulesets;
  std::string format = "text";  // text | json | junit | markdown | html
  std::string out_dir;          // write the report file into this directory instead of stdout
  std::string shard;            // K/N
  bool metamorphic = false;     // also run every scenario rotated and translated (id@r90, ...)
  // Run these implementations over the protocol instead of our engine ('CMD ARGS', no shell), one after another.
  std::vector<std::string> impl;
  double timeout = 10;  // --impl: seconds per request (and for the handshake)
  // Known failures (matching ones are xfail, listed passes xpass), and files to write each run's failures
  // into: one per --impl, in the same order.
  std::vector<std::string> expectations, save_expectations;
  bool no_progress = false;  // no progress line on a terminal's stderr
  std::string trace;         // --impl: write every message exchanged, with timing, to this file
  int jobs = 1;              // --impl: processes of each implementation answering side by side
  int max_failures = 0;      // cut the run short after this many failures (0: never)
  int max_crashes = 5;       // ... or after this many crashes in a row (0: never)
  bool strict = false;       // --impl: a handshake declaring what the runner cannot use fails it (exit 3)
  std::string junit_unsupported = "skipped";  // JUnit: each unsupported result <skipped>, or "omit" them
};
void setup_run(CLI::App& app, std::function<int()>& action);
int run_run(const RunOptions& o, std::ostream& out, std::ostream& err);

// `render RESULTS.jsonl [PATHS] --format F[,F...] [--out DIR | -o FILE]`: reports made
// from the JSON lines of a run (src/cli/render_report.cpp).
struct RenderOptions {
  std::string results;             // the JSON lines of a run (run --format json)
  std::vector<std::string> paths;  // the scenario paths the run was given (default: the files the results name)
  std::string format = "text";
  std::string out_dir;                        // each format into DIR/<its file name>
  std::string output;                         // -o FILE: the one format into this file
  std::string junit_unsupported = "skipped";  // as run's
};
void setup_render(CLI::App& app, std::function<int()>& action);
int run_render(const RenderOptions& o, std::ostream& out, std::ostream& err);

// `merge SHARD... [-o FILE]`: the outputs of run --shard K/N (JSON lines, or expectations files)
// put back together as the unsharded run writes them (src/cli/merge.cpp).
struct MergeOptions {
  std::vector<std::string> inputs;
  std::string output;  // -o FILE; empty: stdout
};
void setup_merge(CLI::App& app, std::function<int()>& action);
int run_merge(const MergeOptions& o, std::ostream& out, std::ostream& err);

// `report [PATHS] --out DIR`: regenerates reports/ (summary.md and results.jsonl).
struct ReportCommandOptions {
  std::vector<std::string> paths;
  std::string out_dir = "reports";
};
void setup_report(CLI::App& app, std::function<int()>& action);
int run_report(const ReportCommandOptions& o, std::ostream& out, std::ostream& err);

// `check [PATHS]`: validate and lint scenarios without running them.
struct CheckOptions {
  std::vector<std::string> paths;
  bool strict = false;  // candidates (EXP- ids) and warnings are problems too
};
void setup_check(CLI::App& app, std::function<int()>& action);
int run_check(const CheckOptions& o, std::ostream& out, std::ostream& err);

// `moves FILE`: the legal moves of a scenario's position after its query.apply.
struct MovesOptions {
  std::string file;
  std::string id;  // which scenario, when the file holds several
  std::string ruleset = "hig-c3";
};
void setup_moves(CLI::App& app, std::function<int()>& action);
int run_moves(const MovesOptions& o, std::ostream& out, std::ostream& err);

// `perft FILE --depth N [--divide]`: leaves of the move tree from a scenario's
// position (after its query.apply), over its fixed draw order and rolls.
// perft's budget when none is given: a deep count on a long pile stops (exit 4) instead of
// running until killed; a larger --max-nodes allows a deeper count.
inline constexpr long long kDefaultPerftMaxNodes = 100'000'000;
struct PerftOptions {
  std::string file;
  std::string id;  // which scenario, when the file holds several
  std::string ruleset = "hig-c3";
  int depth = 1;        // decisions (plies): each placement, deployment, landing, ... is one
  bool divide = false;  // the subtotal under each root move, sorted by its notation
  long long max_nodes =
      kDefaultPerftMaxNodes;  // stop after this many nodes (moves generated); 0 = no limit (in process)
  double time_budget = 0;     // stop after this many seconds; 0 = no limit
};
void setup_perft(CLI::App& app, std::function<int()>& action);
int run_perft(const PerftOptions& o, std::ostream& out, std::ostream& err);

// `coverage [PATHS]`: each ruling of oracle/rulings.yaml with its scenarios.
struct CoverageOptions {
  std::vector<std::string> paths;
  std::string format = "text";  // text | json
};
void setup_coverage(CLI::App& app, std::function<int()>& action);
int run_coverage(const CoverageOptions& o, std::ostream& out, std::ostream& err);

// `lookup QUERY`: ranked search over the ledger and scenarios (src/lookup/README.md).
struct LookupOptions {
  std::vector<std::string> words;  // the query, as words
  std::vector<std::string> paths;  // --corpus; default: scenarios/ of the current directory
  std::string format = "text";     // text | json
  std::string ruleset;             // default: hig-c3 where a scenario applies
  std::string lang;                // --lang: the query's language code; default: guessed
  int top = 1;                     // rulings shown in full
  int matches = 8;                 // matches listed
  int scenarios = 1;               // scenarios per ruling shown in full
  bool ascii = false, unicode = false, no_board = false;
};
void setup_lookup(CLI::App& app, std::function<int()>& action);
int run_lookup(const LookupOptions& o, std::ostream& out, std::ostream& err);

// `book --out DIR [PATHS]`: the rulings book, a static offline site (src/lookup/book.hpp).
struct BookOptions {
  std::vector<std::string> paths;  // scenario files or folders; default: scenarios/ of the current directory
  std::string out_dir;
};
void setup_book(CLI::App& app, std::function<int()>& action);
int run_book(const BookOptions& o, std::ostream& out, std::ostream& err);

// `explain ID [PATHS]`: one scenario in full, optionally its board as SVG.
struct ExplainOptions {
  std::string id;
  std::vector<std::string> paths;
  std::string ruleset;
  std::string svg;  // write the board picture here
  bool ascii = false, unicode = false;
};
void setup_explain(CLI::App& app, std::function<int()>& action);
int run_explain(const ExplainOptions& o, std::ostream& out, std::ostream& err);

// `request ID [PATHS]`: the protocol messages `run --impl` sends for one scenario.
struct RequestOptions {
  std::string id;
  std::vector<std::string> paths;
  std::string ruleset;       // default: hig-c3 where the scenario applies, else its first ruleset
  int protocol_version = 0;  // as sent to an implementation answering this version; 0: the newest
  bool run_only = false;     // only the run message, not start and stop
};
void setup_request(CLI::App& app, std::function<int()>& action);
int run_request(const RequestOptions& o, std::ostream& out, std::ostream& err);

// `adapter-check --impl CMD`: handshake, a few real scenarios per declared item, the unlock table.
struct AdapterCheckOptions {
  std::string impl;                // 'CMD ARGS', split without a shell
  std::vector<std::string> paths;  // scenarios to choose from; default scenarios/
  double timeout = 10;             // seconds per request
  int protocol_version = 0;        // sent in start; 0: the newest
  int per_item = 3;                // checks per declared capability or switch value
};
void setup_adapter_check(CLI::App& app, std::function<int()>& action);
int run_adapter_check(const AdapterCheckOptions& o, std::ostream& out, std::ostream& err);

// `export --out DIR [PATHS]`: every scenario x ruleset as language-neutral JSON (oracle/EXPORT.md).
struct ExportOptions {
  std::string out_dir;
  std::vector<std::string> paths;     // default scenarios/
  std::vector<std::string> rulesets;  // only these presets; empty = each scenario's own
  int protocol_version = 0;           // requests as sent to an implementation answering this version; 0: the newest
};
void setup_export(CLI::App& app, std::function<int()>& action);
int run_export(const ExportOptions& o, std::ostream& out, std::ostream& err);

// Boards for `out`: Unicode unless --ascii or a non-UTF-8 locale (--unicode forces it);
// colour only when out is a terminal's stdout, NO_COLOR is unset and TERM is not dumb.
TerminalStyle terminal_style(const std::ostream& out, bool ascii, bool unicode);

// `serve`: our engine behind the protocol on stdin/stdout (oracle/PROTOCOL.md).
void setup_serve(CLI::App& app, std::function<int()>& action);
int run_serve(int in_fd, std::ostream& out, std::ostream& err);

// `schema`: the JSON Schemas of scenario files (schema.cpp) and of the protocol's messages
// (protocol_schema.cpp), generated from the formats and the engine's vocabularies.
struct SchemaOptions {
  std::string out_file;  // --out: write the one schema here instead of stdout
  std::string protocol;  // --protocol NAME: that protocol schema instead of the scenario schema
  std::string all_dir;   // --all DIR: every generated schema into DIR under its committed file name
};
void setup_schema(CLI::App& app, std::function<int()>& action);
int run_schema(const SchemaOptions& o, std::ostream& out, std::ostream& err);
std::string scenario_schema_text();
// The protocol schemas by NAME (oracle/schemas/protocol-NAME.schema.json): start, start-reply, run, run-reply, stop.
const std::vector<std::string>& protocol_schema_names();
// The text of one, as committed; empty for an unknown name.
std::string protocol_schema_text(std::string_view name);
// Every generated schema: its file name under oracle/schemas/ and its text (the scenario schema first).
std::vector<std::pair<std::string, std::string>> generated_schemas();

// `--version`: the tool, the protocol versions it speaks, the ledger and built-in
// data it was built with (counts and digests), and the current directory's scenarios/.
std::string version_text();

// Every subcommand and the --version flag on one app (src/cli/app.cpp): main() parses with it and
// `docs` writes README.md's command table from it.
void setup_commands(CLI::App& app, std::function<int()>& action);
// One subcommand's usage as the README's table shows it: positionals, then every option with
// its value's type name, optional ones in brackets, repeatable ones with "...".
std::string command_synopsis(const CLI::App& cmd);
std::string tool_version();
// The digest `--version` gives of a scenarios folder (FNV-1a over each YAML file's
// relative path and bytes, in path order), or of one file; error when unreadable.
struct ScenariosDigest {
  std::size_t files = 0;
  std::string hex, error;
};
ScenariosDigest scenarios_digest(const std::filesystem::path& path);

// `docs`: the documents' vocabulary lists (PROTOCOL.md's figure, move, phase, reason and switch
// tables, src/engine/README.md's reason list, scenarios/README.md's capabilities), generated from
// the engine's tables between `<!-- generated: NAME -->` and `<!-- end generated: NAME -->`
// markers. `--check` changes nothing and exits 1 naming each stale block.
struct DocsOptions {
  std::string root = ".";  // the repository root
  bool check = false;
};
void setup_docs(CLI::App& app, std::function<int()>& action);
int run_docs(const DocsOptions& o, std::ostream& out, std::ostream& err);
// One generated block's text (the lines between its markers), by name; empty for an unknown name.
std::string docs_block(std::string_view name);
// `text` with every generated block replaced by its current text; `problems` gets one line per
// unknown or unclosed block, `stale` the names of the blocks that changed.
std::string refresh_docs_text(const std::string& text, std::vector<std::string>& stale,
                              std::vector<std::string>& problems);

// Shared by the scenario commands: the paths to load (default scenarios/ when it
// exists); empty with a message on err when there is nothing to load.
std::vector<std::string> scenario_paths(const std::vector<std::string>& given, std::string_view command,
                                        std::ostream& err);

}  // namespace carc
