// Malformed scenarios: each fixture of tests/data/invalid/ has one defect and
// names the diagnostic it must produce on its first line:
//   # expect: LINE:COL: substring of the message
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>

#include "scenario/corpus.hpp"

using namespace carc;

namespace {

struct Expected {
  int line = 0, column = 0;
  std::string text;
};

Expected expected_of(const std::string& path) {
  std::ifstream in(path);
  std::string first;
  std::getline(in, first);
  std::smatch m;
  static const std::regex header("^# expect: ([0-9]+):([0-9]+): (.+)$");
  if (!std::regex_match(first, m, header)) return {};
  return {std::stoi(m[1]), std::stoi(m[2]), m[3]};
}

std::vector<std::string> fixtures() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(CARC_SOURCE_DIR) + "/tests/data/invalid"))
    if (e.path().extension() == ".yaml") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("There are at least 15 malformed-scenario fixtures, each naming its diagnostic", "[scenario][invalid]") {
  const auto files = fixtures();
  CHECK(files.size() >= 15);
  for (const auto& f : files) {
    INFO(f);
    CHECK(expected_of(f).line > 0);
  }
}

TEST_CASE("Each malformed scenario gives exactly its located diagnostic", "[scenario][invalid]") {
  for (const auto& path : fixtures()) {
    const Expected want = expected_of(path);
    const Corpus c = load_corpus({path});
    const Diagnostics got = c.all_problems();
    std::string all;
    for (const auto& d : got) all += d.to_string() + "\n";
    INFO(path << "\nexpected " << want.line << ":" << want.column << ": " << want.text << "\ngot:\n" << all);
    REQUIRE(got.size() == 1);
    CHECK(got.front().line == want.line);
    CHECK(got.front().column == want.column);
    CHECK(got.front().message.find(want.text) != std::string::npos);
    CHECK(got.front().file.find("tests/data/invalid/") != std::string::npos);
  }
}
