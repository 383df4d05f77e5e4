#include "report/answer.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "data/oracle_data.hpp"
#include "report/report.hpp"

namespace carc {
namespace {

struct Merged {
  std::vector<std::string> expected, actual;
  std::size_t omitted = 0;
};

// The differences of one key at one place (after 0: the final state; K: the checkpoint after move K).
Merged merged_diff(const RunResult& r, const std::string& key, int after) {
  Merged m;
  for (const auto& d : r.diffs) {
    if (d.key != key || d.after != after) continue;
    m.expected.insert(m.expected.end(), d.expected.begin(), d.expected.end());
    m.actual.insert(m.actual.end(), d.actual.begin(), d.actual.end());
    m.omitted += d.omitted;
  }
  return m;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::vector<std::string> canonical(const std::vector<MoveText>& moves) {
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(canonical_move(m, builtin_catalog()));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> figure_texts(const std::vector<FigureEntry>& figures) {
  std::vector<std::string> out;
  for (const auto& f : figures) out.push_back(to_string(f));
  std::sort(out.begin(), out.end());
  return out;
}

class Sections {
 public:
  Sections(const RunResult& r) : r_(r), compared_(answered(r)) {}

  // The sections that follow are those of the checkpoint after move K (0: the final state's):
  // their keys say so ("after move 3: active").
  void at(int after) { after_ = after; }

  // Expected items; a '-' for each the result says is missing, then a '+' for what it found instead.
  void add(std::string key, std::string what, const std::vector<std::string>& items) {
    const Merged d = compared_ ? merged_diff(r_, key, after_) : Merged{};
    AnswerSection s{label(key), std::move(what), {}, true, 0};
    for (const auto& item : items) s.lines.push_back({contains(d.expected, item) ? '-' : ' ', item});
    for (const auto& a : d.actual) s.lines.push_back({'+', a});
    s.omitted = d.omitted;
    s.agrees = d.expected.empty() && d.actual.empty() && d.omitted == 0;
    out_.push_back(std::move(s));
  }

  // Excluded moves: a '+' for each the subject offers all the same.
  void add_excludes(const std::vector<std::string>& items) {
    AnswerSection s{label("excludes"), "these moves are not legal", {}, true, 0};
    const Merged d = compared_ ? merged_diff(r_, "excludes", after_) : Merged{};
    for (const auto& item : items) s.lines.push_back({contains(d.actual, item) ? '+' : ' ', item});
    s.omitted = d.omitted;
    s.agrees = d.actual.empty() && d.omitted == 0;
    out_.push_back(std::move(s));
  }

  std::vector<AnswerSection> take() { return std::move(out_); }

 private:
  std::string label(const std::string& key) const { return Diff{key, {}, {}, 0, after_}.label(); }

  const RunResult& r_;
  bool compared_;
  int after_ = 0;
  std::vector<AnswerSection> out_;
};

}  // namespace

bool answered(const RunResult& r) {
  return r.outcome == Outcome::Passed || r.outcome == Outcome::Failed || r.outcome == Outcome::XFail ||
         r.outcome == Outcome::XPass;
}

std::string verdict_word(Outcome o) {
  std::string s(outcome_name(o));
  for (auto& c : s) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return s;
}

std::vector<std::string> question_lines(const Scenario& s) {
  const Position& p = s.position;
  std::vector<std::string> out;
  std::string turn = fmt::format("position: {} to act, phase {}", colour_name(p.active), p.phase);
  if (p.placed) turn += fmt::format(", the tile at {} just placed", to_string(*p.placed));
  if (p.in_hand != kNoTile) turn += fmt::format(", {} in hand", builtin_catalog()[p.in_hand].id);
  if (!p.rolls.empty()) turn += fmt::format(", die rolls {}", fmt::join(p.rolls, " "));
  out.push_back(std::move(turn));
  for (std::size_t i = 0; i < s.apply.size(); ++i) {
    out.push_back(fmt::format("move {}: {}", i + 1, s.apply[i].text));
    const int after = static_cast<int>(i) + 1;
    if (std::any_of(s.checkpoints.begin(), s.checkpoints.end(),
                    [after](const Checkpoint& c) { return c.after == after; }))
      out.push_back(fmt::format("checkpoint: the state after move {} is checked", after));
  }
  if (s.final_scoring) out.push_back("then: final scoring");
  for (const auto& line : branch_move_lines(s)) out.push_back(line);
  return out;
}

namespace {

// The sections of one expectation: the final state's (after 0) or a checkpoint's.
void add_sections(Sections& out, const RunResult& r, const Expect& e, int after) {
  out.at(after);
  if (answered(r) && std::any_of(r.diffs.begin(), r.diffs.end(),
                                 [after](const Diff& d) { return d.key == "apply" && d.after == after; }))
    out.add("apply", "every move of the question is accepted", {"every move accepted"});
  if (e.rejected)
    out.add("rejected", "this move is refused",
            {fmt::format("move {} refused: {}", e.rejected->move, e.rejected->reason)});
  if (e.moves) out.add("moves", "exactly these moves are legal", canonical(*e.moves));
  if (e.includes) out.add("includes", "these moves are legal", canonical(*e.includes));
  if (e.excludes) out.add_excludes(canonical(*e.excludes));
  if (e.count) out.add("count", "how many moves are legal", {fmt::format("{}", *e.count)});
  if (e.legal) {
    std::vector<std::string> items;
    for (const auto& [m, want] : *e.legal) items.push_back(fmt::format("{}: {}", m.text, want));
    out.add("legal", "single moves: ok or the reason code", items);
  }
  if (e.scores) {
    std::vector<std::string> items;
    for (const auto& [c, n] : *e.scores) items.push_back(fmt::format("{} {}", colour_name(c), n));
    out.add("scores", "the scores", items);
  }
  if (e.returned) out.add("returned", "the figures returned to supply", figure_texts(*e.returned));
  if (e.figures) out.add("figures", "exactly these figures on the board", figure_texts(*e.figures));
  if (e.supply) {
    std::vector<std::string> items;
    for (const auto& [c, kinds] : *e.supply)
      for (const auto& [k, n] : kinds) items.push_back(fmt::format("{} {} {}", colour_name(c), figure_name(k), n));
    out.add("supply", "figures in hand", items);
  }
  if (e.phase) out.add("phase", "the decision due next", {*e.phase});
  if (e.active) out.add("active", "who decides next", {std::string(colour_name(*e.active))});
}

}  // namespace

std::vector<AnswerSection> answer_sections(const Scenario& s, const RunResult& r) {
  auto rules = scenario_rules(s, r.ruleset.empty() ? std::string("hig-c3") : r.ruleset);
  Sections out(r);
  // Each checkpoint's, in the order of query.apply, then the final state's.
  if (rules)
    for (const auto& [after, e] : s.resolved_checkpoints(*rules)) add_sections(out, r, e, after);
  else
    for (const auto& c : s.checkpoints) add_sections(out, r, c.expect, c.after);
  add_sections(out, r, rules ? s.resolved_expect(*rules) : s.expect, 0);
  return out.take();
}

}  // namespace carc
