#pragma once
// A scenario's question and answer laid out for people (explain, lookup, the
// HTML report): what it asks, and key by key what is expected and what the
// subject answered, as diff lines.
#include <string>
#include <vector>

#include "runner/outcome.hpp"

namespace carc {

// ' ' the subject agrees; '-' expected but not answered; '+' answered but not expected.
struct AnswerLine {
  char mark = ' ';
  std::string text;
};

struct AnswerSection {
  std::string key;   // an expect key: moves, includes, excludes, count, legal, rejected, scores, ...
  std::string what;  // what the key asks, in words
  std::vector<AnswerLine> lines;
  bool agrees = true;
  std::size_t omitted = 0;  // differing items a too long difference left out (outcome.hpp)
};

// What the scenario asks: the position's turn, the moves applied, final scoring, the keys checked.
std::vector<std::string> question_lines(const Scenario& s);

// The expectations that hold under the result's ruleset, each with the result's differences.
// For a result that was not answered (unsupported, errored, ...) every line shows the expectation only.
std::vector<AnswerSection> answer_sections(const Scenario& s, const RunResult& r);

// Whether a result carries a comparison (passed, failed, xfail, xpass).
bool answered(const RunResult& r);

// "PASSED", "FAILED", ... for people.
std::string verdict_word(Outcome o);

}  // namespace carc
