// Nothing under a scanned path is lost (issue 15, item 2), and every file the
// oracle reads is refused at once when it is not a regular file or too large
// (item 5): FIFOs, devices, dangling links and unreadable directories each
// become an entry with its path and reason, an `invalid` result that counts in
// the summary and the exit code, and none of them can block or exhaust memory.
#include <sys/stat.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "data/text_file.hpp"
#include "runner/engine_subject.hpp"
#include "runner/expectations.hpp"
#include "runner/runner.hpp"
#include "scenario/corpus.hpp"

using namespace carc;
namespace fs = std::filesystem;

namespace {

// A scratch corpus: two good scenario files (two scenarios each) in a.yaml and sub/b.yaml.
fs::path scratch_corpus(const std::string& name) {
  const fs::path dir = test::fresh_dir(name);
  fs::create_directories(dir / "sub");
  fs::copy_file(test::data("runner/pass/placement.yaml"), dir / "a.yaml");
  fs::copy_file(test::data("runner/pass/apply.yaml"), dir / "sub" / "b.yaml");
  return dir;
}

const ScenarioFile* entry(const Corpus& c, const std::string& suffix) {
  for (const auto& f : c.files)
    if (f.path.size() >= suffix.size() && f.path.compare(f.path.size() - suffix.size(), suffix.size(), suffix) == 0)
      return &f;
  return nullptr;
}

bool scan_has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A fresh scratch directory holding a FIFO (nothing ever writes to it: a read would block forever).
struct FifoDir {
  fs::path dir;
  std::string fifo;
};

FifoDir fifo_in(const std::string& dir_name, const std::string& fifo_name) {
  FifoDir d{test::fresh_dir(dir_name), ""};
  fs::create_directories(d.dir);
  d.fifo = (d.dir / fifo_name).string();
  REQUIRE(::mkfifo(d.fifo.c_str(), 0644) == 0);
  return d;
}

}  // namespace

TEST_CASE("A FIFO, a dangling link and a device named *.yaml are entries with their reason, never opened",
          "[scenario][corpus][limits]") {
  const fs::path dir = scratch_corpus("scan-special");
  REQUIRE(::mkfifo((dir / "sub" / "pipe.yaml").c_str(), 0644) == 0);
  fs::create_symlink(dir / "missing.yaml", dir / "dangling.yaml");
  fs::create_symlink("/dev/zero", dir / "zero.yaml");
  fs::create_symlink(dir, dir / "sub" / "loop");  // a link back up: searched once
  const Corpus c = load_corpus({dir.string()});
  // Before: the FIFO, the link and the device were skipped silently (2 files, nothing invalid).
  CHECK(c.scenario_count() == 4);  // two files of two scenarios
  REQUIRE(c.files.size() == 5);
  const auto* pipe = entry(c, "sub/pipe.yaml");
  REQUIRE(pipe);
  CHECK(scan_has(pipe->problems.at(0).message, "not a regular file but a FIFO"));
  const auto* dangling = entry(c, "dangling.yaml");
  REQUIRE(dangling);
  CHECK(scan_has(dangling->problems.at(0).message, "a symbolic link to a missing file"));
  const auto* zero = entry(c, "zero.yaml");
  REQUIRE(zero);
  CHECK(scan_has(zero->problems.at(0).message, "not a regular file but a character device"));
  // Each is an invalid result of the run, counted, and the run exits 2.
  RunOptions o;
  o.paths = {dir.string()};
  o.format = "json";
  const auto r = test::run(o);
  CHECK(r.code == kExitInvalidInput);
  CHECK(scan_has(r.out, "\"invalid\":3"));
  CHECK(scan_has(r.out, "sub/pipe.yaml"));
  fs::remove_all(dir);
}

TEST_CASE("An unreadable subdirectory is an entry and the rest of the corpus still runs", "[scenario][corpus]") {
  const fs::path dir = scratch_corpus("scan-unreadable");
  fs::create_directories(dir / "locked");
  fs::copy_file(test::data("runner/pass/variants.yaml"), dir / "locked" / "c.yaml");
  if (::geteuid() != 0) {
    fs::permissions(dir / "locked", fs::perms::none);
    const Corpus c = load_corpus({dir.string()});
    fs::permissions(dir / "locked", fs::perms::owner_all);
    CHECK(c.scenario_count() == 4);  // before: the iteration stopped at the locked directory
    const auto* locked = entry(c, "locked");
    REQUIRE(locked);
    CHECK(scan_has(locked->problems.at(0).message, "cannot read this directory"));
  } else {
    // As root (CI) permission bits do not stop reads: the run is made as
    // nobody instead (setpriv, util-linux), once with the directory readable
    // and once locked. Before: the locked run had no results at all.
    const auto as_nobody = [&dir] {
      return test::run_child({"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", CARC_BINARY, "run",
                              dir.string(), "--format", "json"});
    };
    fs::permissions(dir, fs::perms::others_read | fs::perms::others_exec, fs::perm_options::add);
    const auto open = as_nobody();
    fs::permissions(dir / "locked", fs::perms::none);
    const auto locked = as_nobody();
    fs::permissions(dir / "locked", fs::perms::owner_all);
    if (open.code != kExitOk) {
      WARN("cannot run the oracle as nobody here (setpriv missing, or the build not readable by others): exit "
           << open.code << " " << open.err << "; the unreadable-directory case is skipped");
    } else {
      INFO(locked.out << locked.err);
      CHECK(scan_has(open.out, "\"total\":10,\"passed\":10,"));  // a.yaml, sub/b.yaml and locked/c.yaml
      CHECK(locked.code == kExitInvalidInput);
      CHECK(scan_has(locked.out, "\"total\":6,\"passed\":5,\"failed\":0"));  // all but locked/c.yaml still ran
      CHECK(scan_has(locked.out, "\"invalid\":1"));
      CHECK(scan_has(locked.out, "locked: cannot read this directory: Permission denied"));
    }
  }
  fs::remove_all(dir);
}

TEST_CASE("A FIFO or a device given as a path is refused at once, never read", "[scenario][corpus][limits]") {
  const auto [dir, fifo] = fifo_in("scan-given", "given.yaml");
  for (const std::string& path : {fifo, std::string("/dev/zero")}) {
    INFO(path);
    const Corpus c = load_corpus({path});
    REQUIRE(c.files.size() == 1);
    CHECK(scan_has(c.files.front().problems.at(0).message, "not a regular file"));
    const ScenarioFile f = load_scenario_file(path);
    CHECK(scan_has(f.problems.at(0).message, "cannot read this file: not a regular file"));
  }
  fs::remove_all(dir);
}

TEST_CASE("Expectations files get the guards of scenario files", "[runner][expectations][limits]") {
  const auto [dir, fifo] = fifo_in("expectations-guards", "known.yaml");
  // Before: /dev/zero grew without bound and a FIFO blocked forever.
  for (const std::string& path : {fifo, std::string("/dev/zero")}) {
    INFO(path);
    const auto e = load_expectations(path);
    REQUIRE_FALSE(e.ok());
    CHECK(scan_has(e.error(), "cannot read the expectations file: not a regular file"));
    RunOptions o;
    o.paths = {test::data("runner/pass")};
    o.expectations = {path};
    const auto r = test::run(o);
    CHECK(r.code == kExitInvalidInput);
    CHECK(scan_has(r.err, "not a regular file"));
  }
  const std::string big = (dir / "big.yaml").string();
  {
    std::ofstream out(big);
    out << "expectations: []\n# " << std::string(kMaxExpectationsBytes, 'x') << "\n";
  }
  CHECK(scan_has(load_expectations(big).error(), "expectations files are limited to"));
  const std::string deep = (dir / "deep.json").string();
  {
    std::ofstream out(deep);
    out << "{\"expectations\": " << std::string(100000, '[') << "\n";
  }
  CHECK(scan_has(load_expectations(deep).error(), "refused before loading"));
  fs::remove_all(dir);
}

TEST_CASE("A JSON expectations file over 256 KiB is refused, its YAML twin loads", "[runner][expectations][limits]") {
  std::string yaml = "expectations:\n", json = "{\"expectations\": [";
  for (int i = 0; i < 3000; ++i) {
    const std::string id = "BR-03-" + std::to_string(i);
    yaml += "  - id: " + id + "\n    state: failed\n    note: \"" + std::string(200, 'n') + "\"\n";
    json += std::string(i ? ", " : "") + "{\"id\": \"" + id + "\", \"state\": \"failed\", \"note\": \"" +
            std::string(200, 'n') + "\"}";
  }
  json += "]}\n";
  const auto y = parse_expectations(yaml, "big.yaml");
  REQUIRE(y.ok());
  CHECK(y->entries.size() == 3000);
  const auto j = parse_expectations(json, "big.json");
  REQUIRE_FALSE(j.ok());
  CHECK(scan_has(j.error(), "refused before loading"));
}

// Item 5 as a class: every command that takes a file reads it through the same
// guard. Before, `perft /dev/zero` grew to 470 MB in 5 s, `moves` and `perft`
// on a FIFO blocked forever, `coverage` dropped an unreadable file silently
// (exit 0, every ruling a gap) and `explain` said only "no scenario has the id".
TEST_CASE("Every command that reads a file refuses a FIFO and /dev/zero at once, with exit 2", "[cli][limits]") {
  const auto [dir, fifo] = fifo_in("commands-guards", "pipe.yaml");
  const std::string bin = CARC_BINARY, pass = test::data("runner/pass");
  for (const std::string& path : {fifo, std::string("/dev/zero")}) {
    for (const std::vector<std::string>& argv :
         std::vector<std::vector<std::string>>{{bin, "check", path},
                                               {bin, "run", path},
                                               {bin, "moves", path},
                                               {bin, "perft", path, "--depth", "1"},
                                               {bin, "explain", "BR-03-t", path},
                                               {bin, "coverage", path},
                                               {bin, "coverage", "--format", "json", pass, path},
                                               {bin, "run", pass, "--expectations", path}}) {
      const auto c = test::run_child(argv);
      INFO(argv[1] << " " << path << ": exit " << c.code << ", " << c.peak_kib << " KiB\n" << c.out << c.err);
      CHECK(c.code == kExitInvalidInput);
      CHECK(scan_has(c.out + c.err, "not a regular file but "));
      if (test::kMeasuresMemory) CHECK(c.peak_kib < 64 * 1024);
    }
  }
  const auto cov = test::run_child({bin, "coverage", "--format", "json", pass, fifo});
  CHECK(scan_has(cov.out, "\"unreadable_files\":1"));
  CHECK(scan_has(cov.out,
                 "\"coverage\":\"covered\",\"scenarios\":[{\"id\":\"BR-03-t\""));  // the readable folder still counts
  fs::remove_all(dir);
}

// Issue 45: 90,000 aliases of one entry loaded as 90,000 entries and printed 7 MB of identical
// "matches no result" notes; an entry listed twice is now refused where the second one stands.
TEST_CASE("An expectations entry listed twice, by alias or by hand, is refused with its location",
          "[runner][expectations][limits]") {
  std::string aliased = "expectations:\n  - &e {id: BR-03-a, state: failed}\n";
  for (int i = 0; i < 90000; ++i) aliased += "  - *e\n";
  const auto a = parse_expectations(aliased, "aliased.yaml");
  REQUIRE_FALSE(a.ok());
  CHECK(scan_has(a.error(), "aliased.yaml:"));
  CHECK(scan_has(a.error(), "BR-03-a is listed twice (first at 2:5); keep one entry per scenario and ruleset"));
  CHECK(a.error().size() < 300);

  const auto twice = parse_expectations(
      "expectations:\n  - id: BR-03-a\n    ruleset: hig-c3\n    state: failed\n  - id: BR-03-b\n    state: failed\n"
      "  - id: BR-03-a\n    ruleset: hig-c3\n    state: crashed\n",
      "twice.yaml");
  REQUIRE_FALSE(twice.ok());
  CHECK(scan_has(twice.error(), "twice.yaml:7:5: expectation: BR-03-a under hig-c3 is listed twice (first at 2:5)"));

  // The same scenario under two rulesets, or once for every ruleset and once for one, are distinct entries.
  const auto distinct = parse_expectations(
      "expectations:\n  - {id: BR-03-a, ruleset: hig-c3, state: failed}\n  - {id: BR-03-a, ruleset: zmg, state: "
      "failed}\n"
      "  - {id: BR-03-a, state: failed}\n",
      "distinct.yaml");
  REQUIRE(distinct.ok());
  CHECK(distinct->entries.size() == 3);
}
