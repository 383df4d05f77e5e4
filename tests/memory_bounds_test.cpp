// Peak memory and time of whole carc-oracle runs against hostile input,
// measured on a child process (wait4's rusage; tests/cli_support.hpp), only in
// builds without sanitizers. Issue 15, items 4 and 7.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "cli/exit_codes.hpp"
#include "cli_support.hpp"

using namespace carc;

namespace {
const std::string kBinary = CARC_BINARY;
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("A megabyte of flow openers after a tag or an anchor is refused fast, in bounded memory",
          "[scenario][limits][memory]") {
  // Before: 2-10 s and 65-250 MiB each in the dev build (the raw bracket scan missed them).
  const auto dir = test::fresh_dir("yaml-bombs");
  std::filesystem::create_directories(dir);
  int n = 0;
  for (const auto& [head, unit] : std::vector<std::pair<std::string, std::string>>{
           {"x: ", "!["}, {"x: ", "!{"}, {"x: ", "&a ["}, {"x: ", "!!seq ["}, {"x: ", "&a !t {"}, {"x: [", "a["},
           {"x: [", "['x' ']' "}, {"a: b\n  'c\nd: ", "["}}) {
    const auto file = dir / ("bomb-" + std::to_string(n++) + ".yaml");
    {
      std::ofstream out(file);
      std::string text = head;
      while (text.size() < (std::size_t{1} << 20) - 64) text += unit;
      out << text << "\n";
    }
    const auto c = test::run_child({kBinary, "check", file.string()});
    INFO("'" << unit << "' after '" << head << "': " << c.peak_kib << " KiB, " << c.seconds << " s\n" << c.out);
    CHECK(c.code == kExitInvalidInput);
    CHECK(has(c.out, "refused before loading"));
    if (test::kMeasuresMemory) CHECK(c.peak_kib < 48 * 1024);
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("Replies of megabytes are kept as a bounded excerpt, so memory does not grow with them",
          "[protocol][process][memory][adapters]") {
  // Each of the 10 replies is a valid 2 MB answer (tests/adapters/long_replies.py).
  // Before: every difference was kept whole, about 6 MB a result: 92 MiB for
  // these 10 in the dev build (717 MiB for 60 of 3 MB); after: 31 MiB.
  const std::string adapter = "python3 " + std::string(CARC_SOURCE_DIR) + "/tests/adapters/long_replies.py " + kBinary +
                              " 2000000";
  const auto c = test::run_child({kBinary, "run", test::data("runner/pass"), "--impl", adapter, "--timeout", "120",
                                  "--format", "json"});
  INFO(c.peak_kib << " KiB, " << c.seconds << " s\n" << c.err);
  CHECK(c.code == kExitFailures);
  CHECK(has(c.out, "\"failed\":10"));
  CHECK(has(c.out, "only its start is kept"));
  CHECK(has(c.out, "\"omitted\":"));
  CHECK(c.out.size() < 10u * 80 * 1024);  // the report holds excerpts, not 20 MB of moves
  if (test::kMeasuresMemory) CHECK(c.peak_kib < 64 * 1024);
}
