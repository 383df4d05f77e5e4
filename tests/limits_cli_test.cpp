// The commands on positions beyond the bounds (issue 15): the scenario with tiles
// at x = 2147483647 and x = -2147483648 is invalid for check, moves and run (the
// HTML report of a run with it once ran out of memory), and the messages about
// numbers state the real bounds.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <tuple>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "test_support.hpp"

using namespace carc;
using namespace carc::test;

namespace {}  // namespace

TEST_CASE("Tiles at the ends of the int range are invalid for check, moves and run --format html", "[cli][limits]") {
  const std::string far = data("limits/far-apart.yaml");
  std::ostringstream out, err;
  CheckOptions c;
  c.paths = {far};
  CHECK(run_check(c, out, err) == kExitInvalidInput);
  CHECK(contains(out.str(),
                 "far-apart.yaml:14:7: tiles: square 2147483647,0 is outside the bounds of a position: x and "
                 "y lie within -100000..100000"));
  CHECK(contains(out.str(), "far-apart.yaml:15:7: tiles: square -2147483648,0 is outside the bounds"));
  std::ostringstream mout, merr;
  MovesOptions m;
  m.file = far;
  CHECK(run_moves(m, mout, merr) == kExitInvalidInput);
  CHECK(mout.str().empty());
  RunOptions o;
  o.paths = {data("runner/pass"), far};
  o.format = "html";
  const auto dir = fresh_dir("limits-html");
  o.out_dir = dir.string();
  const Run r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(std::filesystem::file_size(dir / "report.html") < 4u << 20);
  std::filesystem::remove_all(dir);
}

TEST_CASE("Numbers beyond a bound are refused with the bound stated", "[cli][limits]") {
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.impl = {"'" + std::string(CARC_BINARY) + "' serve"};
  o.timeout = 1e9;
  Run r = run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(contains(r.err,
                 "--timeout must be a number of seconds from 0.001 (a millisecond) to 86400 (one day), found 1e+09"));
  std::ostringstream out, err;
  PlayOptions p;
  p.figures = "follower=100";
  CHECK(run_play(p, out, err) == kExitInvalidInput);
  CHECK(contains(err.str(), "--figures: 'follower=100' needs a count from 0 to 99"));
}

TEST_CASE("run --timeout below a millisecond is refused, not read as no time at all", "[cli][limits]") {
  // Before (issue 45, 12): --timeout 1e-9 was accepted and every request ended "no reply within 0 s".
  RunOptions o;
  o.paths = {data("runner/pass")};
  o.impl = {"'" + std::string(CARC_BINARY) + "' serve"};
  for (const double t : {1e-9, 0.0009, 0.0}) {
    o.timeout = t;
    const Run r = run(o);
    INFO(t << ": " << r.err);
    CHECK(r.code == kExitInvalidInput);
    CHECK(contains(r.err, "--timeout must be a number of seconds from 0.001 (a millisecond) to 86400"));
  }
  o.timeout = 0.001;  // the least accepted: runs (whatever each reply's fate in a millisecond)
  CHECK(run(o).code != kExitInvalidInput);
}

TEST_CASE("render with results whose scenario file is gone says which, renders the rest and exits 2",
          "[cli][render][limits]") {
  // Before (issue 45, 6): it wrote the reports without the scenarios' boards and exited 0.
  const auto dir = fresh_dir("render-missing");
  std::filesystem::create_directories(dir);
  std::filesystem::copy(data("runner/pass"), dir / "pass", std::filesystem::copy_options::recursive);
  RunOptions o;
  o.paths = {(dir / "pass").string()};
  o.format = "json";
  const Run ran = run(o);
  REQUIRE(ran.code == kExitOk);
  std::ofstream(dir / "results.jsonl") << ran.out;
  std::string gone;
  for (const auto& e : std::filesystem::directory_iterator(dir / "pass"))
    if (gone.empty()) gone = e.path().string();
  REQUIRE(!gone.empty());
  std::filesystem::remove(gone);
  RenderOptions ro;
  ro.results = (dir / "results.jsonl").string();
  ro.paths = o.paths;
  ro.format = "html";
  ro.output = (dir / "report.html").string();
  std::ostringstream out, err;
  const int code = run_render(ro, out, err);
  INFO(err.str());
  CHECK(code == kExitInvalidInput);
  CHECK(contains(err.str(), ro.results + ":"));
  CHECK(contains(err.str(), "is missing: "));
  CHECK(contains(err.str(), "results name a scenario that could not be read again"));
  CHECK(std::filesystem::file_size(dir / "report.html") > 0);  // the others are still rendered
  // With the scenario back, exit 0.
  std::filesystem::copy(std::filesystem::path(data("runner/pass")) / std::filesystem::path(gone).filename(), gone);
  std::ostringstream out2, err2;
  CHECK(run_render(ro, out2, err2) == kExitOk);
  std::filesystem::remove_all(dir);
}

TEST_CASE("Every command writing to a closed stdout says so and exits 74", "[cli][limits][output]") {
  // Before (issue 45, 12): `carc-oracle ... >&-` exited 0 (a file opened later could even take
  // descriptor 1 and receive the output).
  // run and render wrote their reports through a temporary file that took descriptor 1.
  const std::string bin = CARC_BINARY;
  const std::string scenario = data("runner/pass/placement.yaml");
  const auto dir = fresh_dir("closed-stdout");
  std::filesystem::create_directories(dir);
  RunOptions ro;
  ro.paths = {data("runner/pass")};
  ro.format = "json";
  const auto results = dir / "results.jsonl";
  std::ofstream(results) << run(ro).out;
  const std::vector<std::vector<std::string>> commands{
      {"--help"},
      {"check", scenario},
      {"run", scenario},
      {"run", scenario, "--format", "json"},
      {"render", results.string(), data("runner/pass")},
      {"render", results.string(), data("runner/pass"), "--format", "html"},
      {"moves", scenario, "--id", "BR-03-t"},
      {"perft", scenario, "--id", "BR-03-t", "--depth", "1"},
      {"coverage", data("runner/pass")},
      {"schema"},
      {"serve"},  // answers the start line given on its stdin
  };
  const auto input = dir / "start.jsonl";
  std::ofstream(input) << "{\"cmd\":\"start\",\"protocol_version\":10}\n{\"cmd\":\"stop\"}\n";
  for (const auto& args : commands) {
    std::vector<std::string> argv{"/bin/sh", "-c", "f=$1; shift; exec \"$@\" < \"$f\" >&-", "sh", input.string(), bin};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto c = run_child(argv);
    INFO(args.front() << (args.size() > 1 ? " " + args[1] : "") << ": exit " << c.code << "\n" << c.err);
    CHECK(c.code == kExitOutput);
    CHECK(contains(c.err, "cannot write to standard output"));
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("run --trace to a FIFO: refused at once without a reader, written with one", "[cli][limits][trace]") {
  // Before (issue 45, 12): with no reader the run waited in open() before starting, for ever
  // (here `timeout 20` would have ended it: exit 124).
  const auto dir = fresh_dir("trace-fifo");
  std::filesystem::create_directories(dir);
  const std::string fifo = (dir / "trace").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const std::string serve = "'" + std::string(CARC_BINARY) + "' serve";
  const auto c = run_child(
      {"timeout", "20", CARC_BINARY, "run", data("runner/pass/apply.yaml"), "--impl", serve, "--trace", fifo});
  INFO(c.code << " after " << c.seconds << " s: " << c.err);
  CHECK(c.code == kExitInvalidInput);
  CHECK(contains(c.err, "--trace " + fifo + ": a FIFO with no reader"));
  CHECK(c.seconds < 10);

  // With a reader, the trace arrives whole.
  const int fd = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  REQUIRE(fd >= 0);
  std::atomic<bool> done{false};
  std::string trace;
  std::thread reader([&] {
    char buf[4096];
    for (;;) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n > 0) {
        trace.append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 && done) {
        break;
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
  });
  RunOptions o;
  o.paths = {data("runner/pass/apply.yaml")};
  o.impl = {serve};
  o.trace = fifo;
  const Run r = run(o);
  done = true;
  reader.join();
  ::close(fd);
  INFO(r.err);
  CHECK(r.code == kExitOk);
  CHECK(contains(trace, "\"dir\":\"sent\""));
  CHECK(contains(trace, "\"dir\":\"received\""));
  std::filesystem::remove_all(dir);
}

TEST_CASE("A scenario's free text with a NUL byte or invalid UTF-8 is refused where it stands",
          "[cli][limits][scenario]") {
  // Before (issue 45, 12): such a title was accepted and went into every report as it was.
  std::ifstream in(data("runner/pass/apply.yaml"), std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string original = buffer.str();
  const std::string title_line = "title: Runner fixture - a second follower on an occupied road is refused";
  REQUIRE(contains(original, title_line));
  const auto dir = fresh_dir("free-text");
  std::filesystem::create_directories(dir);
  const std::vector<std::tuple<std::string, std::string, std::string>> cases{
      {"nul", "title: \"a \\0 b\"", "nul.yaml:3:8: title: a NUL byte at byte 2"},
      {"latin1", "title: caf\xe9 au lait", "latin1.yaml:3:8: title: bytes that are not UTF-8 (0xe9) at byte 3"},
      {"surrogate", "title: x \xed\xa0\x80", "surrogate.yaml:3:8: title: bytes that are not UTF-8 (0xed) at byte 2"},
      {"notes", title_line + "\nnotes: \"x\\0\"", "notes.yaml:4:8: notes: a NUL byte at byte 1"},
      {"source", title_line + "\nsource: \"\xff\"", "source.yaml:4:9: source: bytes that are not UTF-8"},
  };
  for (const auto& [name, replacement, message] : cases) {
    std::string text = original;
    text.replace(text.find(title_line), title_line.size(), replacement);
    const auto file = dir / (name + ".yaml");
    std::ofstream(file, std::ios::binary) << text;
    const auto c = run_child({CARC_BINARY, "check", file.string()});
    INFO(name << ": " << c.out << c.err);
    CHECK(c.code == kExitInvalidInput);
    CHECK(contains(c.out + c.err, message));  // located: file, line and column
  }
  // Other control characters (escaped by every report), line breaks and any valid UTF-8 stay allowed.
  std::string fine = original;
  fine.replace(fine.find(title_line), title_line.size(),
               "title: \"caf\xc3\xa9 \\t \\e \xf0\x9f\x8f\xb0\"\nnotes: \"two\\nlines\"");
  std::ofstream(dir / "fine.yaml", std::ios::binary) << fine;
  const auto ok = run_child({CARC_BINARY, "check", (dir / "fine.yaml").string()});
  INFO(ok.out << ok.err);
  CHECK(ok.code == kExitOk);
  std::filesystem::remove_all(dir);
}

TEST_CASE("perft has a default budget of nodes, shown in its help, and a larger --max-nodes lifts it",
          "[cli][limits][perft]") {
  // Before (issue 45, 12): no default budget, so depth 64 on a long pile ran until killed.
  CHECK(PerftOptions{}.max_nodes == 100'000'000);
  const auto help = run_child({CARC_BINARY, "perft", "--help"});
  CHECK(contains(help.out, "default 100,000,000"));
  CHECK(contains(help.out, "=100000000"));
  const std::string file = data("perft/long-pile.yaml");
  const auto with_default = run_child({CARC_BINARY, "perft", file, "--depth", "2"});
  const auto unlimited = run_child({CARC_BINARY, "perft", file, "--depth", "2", "--max-nodes", "9223372036854775807"});
  INFO(with_default.err << unlimited.err);
  CHECK(with_default.code == kExitOk);
  CHECK(unlimited.code == kExitOk);
  CHECK(with_default.out == unlimited.out);  // within the budget, the same output
  // The budget as a default ends a deep count like an explicit one (exit 4, the depths completed).
  PerftOptions o;
  o.file = file;
  o.depth = 64;
  o.max_nodes = 20'000;  // the default's behaviour at a size a test can wait for
  std::ostringstream out, err;
  CHECK(run_perft(o, out, err) == kExitBudget);
  CHECK(contains(out.str(), "budget exceeded at depth"));
}
