// `carc-oracle export` (issue 19): the files it writes, and invalid scenarios
// reported as `run` reports them. tests/export_replay_test.py (ctest
// `export-replay`) proves that replaying an export gives `run`'s verdicts.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli_support.hpp"
#include "protocol/codec.hpp"

using namespace carc;
using namespace carc::test;
using Json = nlohmann::json;

namespace {

struct Exported {
  int code = 0;
  std::string out, err;
};

Exported export_to(ExportOptions o) {
  std::ostringstream out, err;
  const int code = run_export(o, out, err);
  return {code, out.str(), err.str()};
}

Json read_json(const std::filesystem::path& p) {
  std::ifstream in(p);
  return Json::parse(in);
}

std::vector<Json> read_lines(const std::filesystem::path& p) {
  std::vector<Json> out;
  std::ifstream in(p);
  for (std::string line; std::getline(in, line);) out.push_back(Json::parse(line));
  return out;
}

}  // namespace

TEST_CASE("export writes a manifest and one JSON-lines file per scenario file, each case the request run sends",
          "[cli][export]") {
  const auto dir = fresh_dir("export");
  ExportOptions o;
  o.out_dir = dir.string();
  o.paths = {data("runner/pass")};
  const Exported e = export_to(o);
  INFO(e.out << e.err);
  REQUIRE(e.code == kExitOk);
  const Json manifest = read_json(dir / "manifest.json");
  CHECK(manifest["format"] == "carc-oracle-export");
  CHECK(manifest["export_version"] == 2);
  CHECK(manifest["protocol_version"] == proto::kProtocolVersion);
  CHECK(manifest["invalid"].empty());
  CHECK(manifest["scenarios"][0]["files"] == 3);
  CHECK(manifest["scenarios"][0]["digest"].get<std::string>().size() == 16);
  REQUIRE(manifest["files"].size() == 3);
  int cases = 0;
  bool seen = false;
  for (const auto& f : manifest["files"]) {
    const auto lines = read_lines(dir / f["path"].get<std::string>());
    CHECK(static_cast<int>(lines.size()) == f["cases"].get<int>());
    cases += static_cast<int>(lines.size());
    for (const auto& c : lines) {
      if (c["id"] != "BR-03-v" || c["ruleset"] != "hig-c3") continue;
      seen = true;
      // The request is what `request ID --run-only` prints, byte for byte once parsed.
      RequestOptions r;
      r.id = "BR-03-v";
      r.paths = {data("runner/pass")};
      r.run_only = true;
      std::ostringstream out, err;
      REQUIRE(run_request(r, out, err) == kExitOk);
      CHECK(c["request"] == Json::parse(out.str()));
      CHECK(c["expected"].contains("rejected"));
      for (const auto& [key, value] : c["expected"].items()) CHECK(c["compare"].contains(key));
      CHECK(c["rulings"][0]["id"] == "BR-03");
      CHECK(c["rulings"][0].contains("tier"));
    }
  }
  CHECK(seen);
  CHECK(cases == manifest["cases"].get<int>());
  std::filesystem::remove_all(dir);
}

TEST_CASE("export reports invalid scenarios, writes the valid ones and exits 2, as run does", "[cli][export]") {
  const auto dir = fresh_dir("export-invalid");
  const std::vector<std::string> paths{data("runner/pass"), data("invalid/bad-id.yaml")};
  ExportOptions o;
  o.out_dir = dir.string();
  o.paths = paths;
  const Exported e = export_to(o);
  INFO(e.out << e.err);
  CHECK(e.code == kExitInvalidInput);
  CHECK(e.err.find("bad-id.yaml:") != std::string::npos);
  const Json manifest = read_json(dir / "manifest.json");
  REQUIRE(manifest["invalid"].size() >= 1);
  CHECK(manifest["invalid"][0]["line"].get<int>() > 0);
  CHECK(manifest["files"].size() == 3);  // the valid files, still exported

  RunOptions r;
  r.paths = paths;
  r.no_progress = true;
  CHECK(run(r).code == kExitInvalidInput);

  // A --ruleset that selects nothing is an error, as for run.
  ExportOptions none = o;
  none.paths = {data("runner/pass")};
  none.rulesets = {"hig-c1-prebigbox"};
  const Exported n = export_to(none);
  CHECK(n.code == kExitInvalidInput);
  CHECK(n.err.find("--ruleset hig-c1-prebigbox selects no scenario") != std::string::npos);
  ExportOptions bad = o;
  bad.protocol_version = 99;
  CHECK(export_to(bad).code == kExitInvalidInput);
  std::filesystem::remove_all(dir);
}
