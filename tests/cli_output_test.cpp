// A failed write of any report or output is an error (issue 15, item 8):
// `run > /dev/full`, --out, --save-expectations, --svg and `schema --out` into
// a full device or a place that cannot be written exit 74 with a message,
// never 0 with nothing written.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli/exit_codes.hpp"
#include "cli_support.hpp"

using namespace carc;

namespace {
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
const std::string kBinary = CARC_BINARY;
}  // namespace

TEST_CASE("Standard output that cannot be written is exit 74, for every report format", "[cli][output]") {
  for (const char* format : {"text", "json", "junit", "markdown", "html"}) {
    INFO(format);
    const auto c = test::run_child({kBinary, "run", test::data("runner/pass"), "--format", format}, "/dev/full");
    CHECK(c.code == kExitOutput);  // before: 0
    CHECK(has(c.err, "cannot write to standard output"));
  }
  const auto check = test::run_child({kBinary, "check", test::data("runner/pass")}, "/dev/full");
  CHECK(check.code == kExitOutput);
  const auto schema = test::run_child({kBinary, "schema"}, "/dev/full");
  CHECK(schema.code == kExitOutput);
}

TEST_CASE("Files that cannot be written are exit 74 with the path and the reason", "[cli][output]") {
  const std::string pass = test::data("runner/pass");
  SECTION("--out into a full device") {
    const auto c = test::run_child({kBinary, "run", pass, "--format", "json", "--out", "/dev/full"});
    CHECK(c.code == kExitOutput);
    CHECK(has(c.err, "cannot write /dev/full/results.jsonl"));
  }
  SECTION("--out where no directory can be made (a read-only file system)") {
    const auto c = test::run_child({kBinary, "run", pass, "--out", "/proc/carc-oracle-report"});
    CHECK(c.code == kExitOutput);
    CHECK(has(c.err, "cannot write /proc/carc-oracle-report/results.txt"));
  }
  SECTION("--save-expectations into a full device") {
    const auto c = test::run_child({kBinary, "run", pass, "--save-expectations", "/dev/full"});
    CHECK(c.code == kExitOutput);
    CHECK(has(c.err, "cannot write /dev/full: No space left on device"));
  }
  SECTION("explain --svg and schema --out into a full device") {
    const auto e = test::run_child({kBinary, "explain", "BR-03-t", pass, "--svg", "/dev/full"});
    CHECK(e.code == kExitOutput);
    CHECK(has(e.err, "cannot write /dev/full"));
    const auto s = test::run_child({kBinary, "schema", "--out", "/dev/full"});
    CHECK(s.code == kExitOutput);
  }
  SECTION("the same commands into a writable place still succeed") {
    const auto dir = test::fresh_dir("output-ok");
    const auto c = test::run_child({kBinary, "run", pass, "--format", "html", "--out", dir.string(),
                                    "--save-expectations", (dir / "known.yaml").string()});
    CHECK(c.code == kExitOk);
    CHECK(std::filesystem::file_size(dir / "report.html") > 1000);
    CHECK(std::filesystem::exists(dir / "known.yaml"));
    std::filesystem::remove_all(dir);
  }
}
