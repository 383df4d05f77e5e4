// reports/ holds the reference engine's committed report; regenerating it must
// give the same bytes (src/report/README.md, "Regenerating reports/").
#include <unistd.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/commands.hpp"
#include "test_support.hpp"

using namespace carc;
namespace fs = std::filesystem;

using namespace carc::test;

namespace {

// Runs in the repository root for the duration of a scope (paths in reports are relative to it).
class InDirectory {
 public:
  explicit InDirectory(const fs::path& dir) : old_(fs::current_path()) { fs::current_path(dir); }
  ~InDirectory() { fs::current_path(old_); }
  InDirectory(const InDirectory&) = delete;
  InDirectory& operator=(const InDirectory&) = delete;

 private:
  fs::path old_;
};

}  // namespace

TEST_CASE("reports/ is what `carc-oracle report --out reports` generates", "[cli][reports]") {
  const fs::path root(CARC_SOURCE_DIR);
  const fs::path tmp = fs::temp_directory_path() / ("carc-reports-test-" + std::to_string(getpid()));
  fs::remove_all(tmp);
  std::ostringstream out, err;
  {
    InDirectory in_root(root);
    ReportCommandOptions o;
    o.out_dir = tmp.string();
    run_report(o, out, err);
  }
  INFO(err.str());
  for (const char* name : {"summary.md", "results.jsonl"}) {
    INFO(name);
    REQUIRE(fs::exists(tmp / name));
    if (read_text(root / "reports" / name) != read_text(tmp / name))
      FAIL("reports/ is stale: run `carc-oracle report --out reports` in the repository root");
  }
  fs::remove_all(tmp);
}
