// Every input in tests/data/fuzz-regressions/ (a crash a fuzzer found, or a
// limit the fuzzers rely on) replayed exactly as the fuzzers run it
// (fuzz/exercise.hpp): each must return normally.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "../fuzz/exercise.hpp"

namespace {

std::vector<std::filesystem::path> inputs(const std::string& target) {
  std::vector<std::filesystem::path> out;
  const auto dir = std::filesystem::path(CARC_SOURCE_DIR) / "tests/data/fuzz-regressions" / target;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string bytes_of(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

}  // namespace

TEST_CASE("Scenario inputs that broke the fuzzer now load or fail with a diagnostic", "[fuzz][scenario]") {
  const auto files = inputs("scenario");
  CHECK_FALSE(files.empty());
  for (const auto& f : files) {
    INFO(f.string());
    const std::string text = bytes_of(f);
    CHECK_NOTHROW(carc::fuzz::exercise_scenario_text(text));
  }
}

TEST_CASE("Protocol inputs that broke the fuzzer are answered or refused", "[fuzz][protocol]") {
  const auto files = inputs("protocol");
  CHECK_FALSE(files.empty());
  for (const auto& f : files) {
    INFO(f.string());
    const std::string bytes = bytes_of(f);
    CHECK_NOTHROW(carc::fuzz::exercise_protocol_bytes(bytes));
  }
}

TEST_CASE("The hostile scenario inputs are refused by the loader's limits", "[fuzz][scenario][limits]") {
  const auto dir = std::filesystem::path(CARC_SOURCE_DIR) / "tests/data/fuzz-regressions/scenario";
  for (const char* name : {"deep-flow-brackets.yaml", "alias-bomb.yaml", "tag-before-brackets.yaml",
                           "anchor-tag-before-braces.yaml", "misread-quote-brackets.yaml"}) {
    INFO(name);
    const carc::ScenarioFile f = carc::load_scenario_text(bytes_of(dir / name), name);
    REQUIRE(f.problems.size() == 1);
    CHECK(f.problems.front().message.find("refused before loading") != std::string::npos);
  }
}
