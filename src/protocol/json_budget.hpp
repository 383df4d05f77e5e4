#pragma once
// Parsing one JSON text within a budget: the value is built from the parser's
// SAX events and the build stops at the first event beyond the budget, so a
// line that will be refused never becomes a large tree (issue 45: a 16 MiB line
// of 8 million numbers took 400 MB as a DOM before its list was found too
// long; a line of 16 million `[` took 1.2 GB). Memory stays proportional to
// the budget, not to the line.
//
// Generic over the JSON type so that this header includes no third-party
// header (src/protocol/README.md): `budgeted_parse<nlohmann::ordered_json>`.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace carc::proto {

struct JsonBudget {
  int max_depth = 32;                             // nesting of arrays and objects
  std::size_t max_values = std::size_t{1} << 18;  // values of every kind: containers, members, elements
};

// The outcome of budgeted_parse: the value, or why not (error is then non-empty).
template <class BasicJson>
struct BudgetedJson {
  BasicJson value;
  std::string error;         // "not JSON (...)", or the budget exceeded and where
  bool over_budget = false;  // the text may be valid JSON, but too deep or too large
};

namespace detail {

// Builds the value as nlohmann's own DOM parser does, counting every value and
// tracking the path of the one being read (for the message when it is one too many).
template <class BasicJson>
class BudgetedBuilder {
 public:
  using number_integer_t = typename BasicJson::number_integer_t;
  using number_unsigned_t = typename BasicJson::number_unsigned_t;
  using number_float_t = typename BasicJson::number_float_t;
  using string_t = typename BasicJson::string_t;
  using binary_t = typename BasicJson::binary_t;

  BudgetedBuilder(BasicJson& root, JsonBudget budget) : root_(root), budget_(budget) {}

  bool null() { return value(BasicJson(nullptr)); }
  bool boolean(bool b) { return value(BasicJson(b)); }
  bool number_integer(number_integer_t v) { return value(BasicJson(v)); }
  bool number_unsigned(number_unsigned_t v) { return value(BasicJson(v)); }
  bool number_float(number_float_t v, const string_t&) { return value(BasicJson(v)); }
  bool string(string_t& s) { return value(BasicJson(std::move(s))); }
  bool binary(binary_t&) { return refuse("binary values are not JSON text"); }

  bool start_object(std::size_t) { return open(BasicJson::object()); }
  bool key(string_t& k) {
    if (!path_.empty()) path_.back().key = k;
    member_ = &(*stack_.back())[std::move(k)];
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t) { return open(BasicJson::array()); }
  bool end_array() { return close(); }

  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& e) {
    std::string what = e.what();
    if (const auto at = what.find("] "); at != std::string::npos) what = what.substr(at + 2);
    error_ = "not JSON (" + what + ")";
    return false;
  }

  const std::string& error() const { return error_; }
  bool over_budget() const { return over_budget_; }

 private:
  struct Step {
    bool array = false;
    std::size_t index = 0;  // of the next element (array)
    string_t key;           // of the member being read (object)
  };

  // The JSON path of the value being read: `position.rolls[262143]`, or `line` at the top.
  std::string where() const {
    std::string out;
    for (const auto& s : path_) {
      if (s.array)
        out += "[" + std::to_string(s.index == 0 ? 0 : s.index - 1) + "]";
      else
        out += (out.empty() ? "" : ".") + std::string(s.key.substr(0, 64));
    }
    return out.empty() ? "line" : out;
  }

  bool refuse(const std::string& why) {
    error_ = why;
    over_budget_ = true;
    return false;
  }

  bool count() {
    if (!path_.empty() && path_.back().array) ++path_.back().index;
    if (++values_ <= budget_.max_values) return true;
    return refuse(where() + ": more than " + std::to_string(budget_.max_values) +
                  " JSON values in one line; refused before reading further");
  }

  BasicJson* place(BasicJson&& v) {
    if (stack_.empty()) {
      root_ = std::move(v);
      return &root_;
    }
    if (stack_.back()->is_array()) {
      stack_.back()->push_back(std::move(v));
      return &stack_.back()->back();
    }
    *member_ = std::move(v);
    return member_;
  }

  bool value(BasicJson&& v) {
    if (!count()) return false;
    place(std::move(v));
    return true;
  }

  bool open(BasicJson&& container) {
    if (!count()) return false;
    if (static_cast<int>(stack_.size()) >= budget_.max_depth)
      return refuse("line: JSON nested deeper than " + std::to_string(budget_.max_depth) + " levels");
    const bool array = container.is_array();
    stack_.push_back(place(std::move(container)));
    path_.push_back(Step{array, 0, {}});
    return true;
  }

  bool close() {
    stack_.pop_back();
    path_.pop_back();
    return true;
  }

  BasicJson& root_;
  JsonBudget budget_;
  std::vector<BasicJson*> stack_;
  std::vector<Step> path_;
  BasicJson* member_ = nullptr;
  std::size_t values_ = 0;
  std::string error_;
  bool over_budget_ = false;
};

}  // namespace detail

// Parses `text` as one JSON value within the budget. Never throws for bad input.
template <class BasicJson>
BudgetedJson<BasicJson> budgeted_parse(std::string_view text, JsonBudget budget = {}) {
  BudgetedJson<BasicJson> out;
  detail::BudgetedBuilder<BasicJson> builder(out.value, budget);
  if (!BasicJson::sax_parse(text.begin(), text.end(), &builder)) {
    out.error = builder.error().empty() ? std::string("not JSON") : builder.error();
    out.over_budget = builder.over_budget();
    out.value = BasicJson();
  }
  return out;
}

}  // namespace carc::proto
