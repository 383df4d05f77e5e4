#include "runner/evaluate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>
#include <string_view>

#include "engine/score_event.hpp"

namespace carc {
namespace {

// Sorted canonical strings of an answer's moves (unparsable ones kept as written).
std::vector<std::string> canonical_answer(const std::vector<std::string>& moves, const TileCatalog& cat) {
  std::vector<std::string> out;
  for (const auto& text : moves) {
    auto m = parse_move(text, cat);
    out.push_back(m ? canonical_move(*m, cat) : canonical_move(MoveText{text, std::nullopt, {}}, cat));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> canonical_expected(const std::vector<MoveText>& moves, const TileCatalog& cat) {
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(canonical_move(m, cat));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::string> minus(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

std::vector<std::string> both(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out;
  std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

class Comparer {
 public:
  Comparer(const Answer& a, const TileCatalog& cat) : a_(a), cat_(cat), actual_(canonical_answer(a.moves, cat)) {}

  void add(std::string key, std::vector<std::string> expected, std::vector<std::string> actual) {
    if (expected.empty() && actual.empty()) return;
    diffs_.push_back(Diff{std::move(key), std::move(expected), std::move(actual)});
  }

  void rejected(const std::optional<Rejection>& want) {
    const auto& got = a_.rejected;
    auto text = [](int move, const std::string& reason) { return fmt::format("move {} refused: {}", move, reason); };
    if (want && (!got || got->first != want->move || got->second != want->reason))
      add("rejected", {text(want->move, want->reason)}, {got ? text(got->first, got->second) : "every move accepted"});
    else if (!want && got)
      add("apply", {"every move accepted"}, {text(got->first, got->second)});
  }

  void moves(const Expect& e) {
    if (e.moves) {
      const auto want = canonical_expected(*e.moves, cat_);
      add("moves", minus(want, actual_), minus(actual_, want));
    }
    if (e.includes) add("includes", minus(canonical_expected(*e.includes, cat_), actual_), {});
    if (e.excludes) add("excludes", {}, both(canonical_expected(*e.excludes, cat_), actual_));
    if (e.moves_of)  // each part exact: the answered moves of that verb against the listed ones
      for (const auto& [verb, listed] : *e.moves_of) {
        std::vector<std::string> got;
        for (const auto& m : actual_)
          if (move_verb(m) == verb) got.push_back(m);
        const auto want = canonical_expected(listed, cat_);
        add("moves_of", minus(want, got), minus(got, want));
      }
    if (e.count && *e.count != static_cast<int>(a_.moves.size()))
      add("count", {std::to_string(*e.count)}, {std::to_string(a_.moves.size())});
    if (!e.legal) return;
    for (const auto& [m, want] : *e.legal) {
      const auto it = a_.legal.find(m.text);
      const bool answered = it != a_.legal.end();
      if (!answered || !verdict_meets(want, it->second))
        add("legal", {m.text + ": " + want}, {m.text + ": " + (answered ? it->second : "(no answer)")});
    }
  }

  void figures(const std::string& key, const std::optional<std::vector<FigureEntry>>& want,
               std::vector<std::string> got) {
    if (!want) return;
    std::vector<std::string> expected;
    for (const auto& f : *want) expected.push_back(to_string(f));
    std::sort(expected.begin(), expected.end());
    std::sort(got.begin(), got.end());
    add(key, minus(expected, got), minus(got, expected));
  }

  void players(const Expect& e) {
    if (e.scores) {
      for (const auto& [c, want] : *e.scores) {
        const std::string colour(colour_name(c));
        const auto it = a_.scores.find(colour);
        const std::string got = it == a_.scores.end() ? "(none)" : std::to_string(it->second);
        if (got != std::to_string(want)) add("scores", {fmt::format("{} {}", colour, want)}, {colour + " " + got});
      }
    }
    if (e.supply) {
      for (const auto& [c, kinds] : *e.supply) {
        const std::string colour(colour_name(c));
        for (const auto& [k, want] : kinds) {
          const std::string kind(figure_name(k));
          int got = 0;
          if (const auto p = a_.supply.find(colour); p != a_.supply.end())
            if (const auto q = p->second.find(kind); q != p->second.end()) got = q->second;
          if (got != want)
            add("supply", {fmt::format("{} {} {}", colour, kind, want)}, {fmt::format("{} {} {}", colour, kind, got)});
        }
      }
    }
    tower(e);
    dragon(e);
    if (e.phase && *e.phase != a_.phase) add("phase", {*e.phase}, {a_.phase});
    if (e.active && std::string(colour_name(*e.active)) != a_.active)
      add("active", {std::string(colour_name(*e.active))}, {a_.active});
  }

  // The tower's keys: the exact list of towers, floors in hand per player named, prisoners per holder named.
  void tower(const Expect& e) {
    if (e.towers) {
      std::vector<std::string> want = *e.towers, got = a_.towers;
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
      add("towers", minus(want, got), minus(got, want));
    }
    if (e.floors)
      for (const auto& [c, want] : *e.floors) {
        const std::string colour(colour_name(c));
        const auto it = a_.floors.find(colour);
        // A seated player not listed has TO-01's number (PROTOCOL.md §12.4); the seats are the
        // players the answer scores (every answer states them), so unscored is "(none)".
        const bool seated = a_.scores.contains(colour);
        const std::string got = it != a_.floors.end() ? std::to_string(it->second)
                                : seated ? std::to_string(default_floors(static_cast<int>(a_.scores.size())))
                                         : "(none)";
        if (got != std::to_string(want)) add("floors", {fmt::format("{} {}", colour, want)}, {colour + " " + got});
      }
    if (e.prisoners)
      for (const auto& [c, held] : *e.prisoners) {
        const std::string colour(colour_name(c));
        std::vector<std::string> want, got;
        for (const auto& h : held) want.push_back(colour + " holds " + h);
        if (const auto it = a_.prisoners.find(colour); it != a_.prisoners.end())
          for (const auto& h : it->second) got.push_back(colour + " holds " + h);
        std::sort(want.begin(), want.end());
        std::sort(got.begin(), got.end());
        add("prisoners", minus(want, got), minus(got, want));
      }
  }

  // The dragon and the fairy: where each stands, the set-aside tiles and the move so far, exactly.
  void dragon(const Expect& e) {
    const auto one = [&](const char* key, const std::optional<std::string>& want, const std::string& got,
                         const char* none) {
      if (!want) return;
      const std::string g = got.empty() ? none : got;
      if (*want != g) add(key, {*want}, {g});
    };
    one("dragon", e.dragon, a_.dragon, "none");
    one("fairy", e.fairy, a_.fairy, "absent");
    const auto list = [&](const char* key, const std::optional<std::vector<std::string>>& want,
                          const std::vector<std::string>& got) {
      if (want && *want != got) add(key, *want, got);  // order matters: the whole list both ways
    };
    list("set_aside", e.set_aside, a_.set_aside);
    list("dragon_path", e.dragon_path, a_.dragon_path);
  }

  // Score events as a multiset: each expected one met by its own answered one (score_event_meets:
  // an expectation may name one part of the feature and leave out the figures); the ones left on
  // either side differ. Features are disjoint, so meeting them in order finds a matching when one exists.
  void scored(const Expect& e) {
    if (!e.scored) return;
    std::vector<std::optional<ScoreEvent>> got;
    for (const auto& text : a_.scored) {
      auto ev = parse_score_event(text);
      got.push_back(ev ? std::optional<ScoreEvent>(*ev) : std::nullopt);
    }
    std::vector<bool> used(got.size(), false);
    std::vector<std::string> missing, extra;
    for (const auto& text : *e.scored) {
      const auto want = parse_score_event(text);
      bool met = false;
      for (std::size_t i = 0; want && !met && i < got.size(); ++i)
        if (!used[i] && got[i] && score_event_meets(*want, *got[i])) used[i] = met = true;
      if (!met) missing.push_back(text);
    }
    for (std::size_t i = 0; i < got.size(); ++i)
      if (!used[i]) extra.push_back(got[i] ? a_.scored[i] : a_.scored[i] + " (unreadable)");
    add("scored", std::move(missing), std::move(extra));
  }

  std::vector<Diff> take() { return std::move(diffs_); }

 private:
  const Answer& a_;
  const TileCatalog& cat_;
  std::vector<std::string> actual_;
  std::vector<Diff> diffs_;
};

}  // namespace

std::vector<std::string> probes_of(const Expect& e) {
  std::vector<std::string> out;
  if (e.legal)
    for (const auto& [m, verdict] : *e.legal) out.push_back(m.text);
  return out;
}

std::vector<Diff> compare(const Expect& e, const Answer& a, const TileCatalog& catalog) {
  Comparer c(a, catalog);
  c.rejected(e.rejected);
  c.moves(e);
  c.players(e);
  c.figures("figures", e.figures, a.figures);
  c.figures("returned", e.returned, a.returned);
  c.scored(e);
  return c.take();
}

std::string summarise(const std::vector<Diff>& diffs) {
  if (diffs.empty()) return {};
  std::vector<std::string> labels;
  for (const auto& d : diffs)
    if (std::find(labels.begin(), labels.end(), d.label()) == labels.end()) labels.push_back(d.label());
  const Diff& d = diffs.front();
  if (d.key == "apply")
    return (d.after > 0 ? "after move " + std::to_string(d.after) + ": " : std::string()) +
           "a move of query.apply was refused (" + d.actual.front() + ")";
  std::string keys;
  for (const auto& l : labels) keys += (keys.empty() ? "" : ", ") + l;
  return "the answer differs from the expectation in: " + keys;
}

std::string diff_signature(const std::vector<Diff>& diffs) {
  std::string keys;
  std::vector<std::string> listed;
  std::uint32_t h = 2166136261u;
  const auto hash = [&h](std::string_view text) {
    for (const char c : text) {
      h ^= static_cast<unsigned char>(c);
      h *= 16777619u;
    }
  };
  for (const auto& d : diffs) {
    // A checkpoint's difference is located ("after move 2: active"); the final state's as ever.
    const std::string label = d.label();
    if (std::find(listed.begin(), listed.end(), label) == listed.end()) {
      listed.push_back(label);
      keys += (keys.empty() ? "" : ",") + label;
    }
    hash(label);
    hash("\n");
    for (const auto& e : d.expected) {
      hash("-");
      hash(e);
      hash("\n");
    }
    for (const auto& a : d.actual) {
      hash("+");
      hash(a);
      hash("\n");
    }
  }
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", h);
  return (keys.empty() ? std::string("failed") : keys) + ":" + hex;
}

std::size_t bound_diffs(std::vector<Diff>& diffs, std::size_t kept, std::size_t excerpt, std::size_t item) {
  // Every list of items (each Diff's expected, then its actual: list i belongs to Diff i / 2).
  std::vector<std::vector<std::string>*> lists;
  std::size_t whole = 0;
  for (auto& d : diffs)
    for (auto* list : {&d.expected, &d.actual}) {
      lists.push_back(list);
      for (const auto& s : *list) whole += s.size();
    }
  if (whole <= kept) return whole;
  // Long items are cut first, so that no single item takes the excerpt.
  std::vector<std::size_t> size(lists.size(), 0);
  for (std::size_t i = 0; i < lists.size(); ++i)
    for (auto& s : *lists[i]) {
      if (s.size() > item) s = clip(s, item);
      size[i] += s.size();
    }
  // The excerpt is shared out smallest list first, each getting at most an
  // equal share of what is left: the short lists (a count, a score, a phase)
  // are kept whole and the long ones split the rest, so every key of the
  // difference still shows its start.
  std::vector<std::size_t> order(lists.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&size](std::size_t a, std::size_t b) { return size[a] < size[b]; });
  std::size_t left = excerpt;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::size_t i = order[k];
    const std::size_t budget = std::min(size[i], left / (order.size() - k));
    std::vector<std::string>& list = *lists[i];
    std::size_t n = 0, used = 0;
    for (; n < list.size() && used < budget; ++n) used += list[n].size();  // over the budget by one item at most
    left -= std::min(left, used);
    diffs[i / 2].omitted += list.size() - n;
    list.resize(n);
    list.shrink_to_fit();
  }
  return whole;
}

}  // namespace carc
