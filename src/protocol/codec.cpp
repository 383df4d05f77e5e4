// The message envelopes (oracle/PROTOCOL.md "Messages"): start, run, stop and
// the replies. Bodies are in body_codec.cpp.
#include "protocol/codec.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "protocol/body_codec.hpp"

namespace carc::proto {

using detail::Json;

namespace {

constexpr std::string_view kViolation = "protocol violation: ";

template <class F>
auto decoding(F body) -> Result<decltype(body())> {
  try {
    return body();
  } catch (const detail::DecodeError& e) {
    return fail(e.what());
  } catch (const Json::exception& e) {  // a type the readers did not foresee; still bad input
    return fail(std::string("malformed message: ") + e.what());
  }
}

RunReply read_reply_body(const Json& j, std::string seq) {
  RunReply r;
  r.seq = std::move(seq);
  const int forms = static_cast<int>(j.contains("answer")) + static_cast<int>(j.contains("skipped")) +
                    static_cast<int>(j.contains("errored"));
  if (forms != 1) detail::bad("reply", "expected exactly one of 'answer', 'skipped' or 'errored'");
  if (j.contains("answer")) {
    detail::only_keys(j, {"seq", "answer"}, "reply");
    r.answer = detail::read_answer(j["answer"], "answer");
  } else if (j.contains("skipped")) {
    detail::only_keys(j, {"seq", "skipped", "reason"}, "reply");
    if (!detail::boolean(j["skipped"], "skipped")) detail::bad("skipped", "must be true");
    r.state = ReplyState::Skipped;
    if (j.contains("reason")) r.message = detail::str(j["reason"], "reason");
  } else {
    detail::only_keys(j, {"seq", "errored", "message"}, "reply");
    if (!detail::boolean(j["errored"], "errored")) detail::bad("errored", "must be true");
    r.state = ReplyState::Errored;
    if (j.contains("message")) r.message = detail::str(j["message"], "message");
  }
  return r;
}

}  // namespace

const std::vector<SwitchChange>& switch_history() {
  // Version 6: the truth pass (issue 20; oracle/rulings.yaml says why each default is what it is).
  static const std::vector<SwitchChange> changes{
      {"phantom-flier-same-turn-feature", 6, "allowed", true, {"forbidden", "allowed"}},
      {"crop-choice-on-empty-board", 6, "ask", true, {"ask", "skip"}},
      {"builder-on-completed-feature", 6, "allowed", true, {"allowed", "forbidden"}},
      {"crop-rake-without-farmers", 6, "no-op", true, {"ask", "no-op"}},
      {"crop-add-where", 6, "same-tile-next-to", false, {"own-segment"}},
      {"flier-tile-figures", 6, "any-figure", true, {"any-figure", "standard-and-large-only"}},
      {"flier-tile-phantom", 6, "allowed", true, {"allowed", "forbidden"}},
      // Version 9: a castles switch after the castles' version 8 (V-BC-4; before it, the capture).
      {"tower-captures-castle-occupant", 9, "yes", true, {"yes", "no"}},
      // Version 11: the second truth pass (issue 47). A flier lands on a road, city or cloister
      // only (fn 5, C3.1), so no acrobat space by default (before: allowed); the dragon and the
      // follower on top of a tower, a switch of its own (V-PD-12; before it, eaten).
      {"flier-as-acrobat", 11, "allowed", false, {}},
      {"dragon-eats-tower-top", 11, "yes", true, {"yes", "no"}},
      // Who picks in an exchange of several kinds (V-TO-6; before it, the capturer).
      {"exchange-chooser", 11, "capturer", true, {"capturer", "holder"}},
  };
  return changes;
}

namespace {

const SwitchChange* change_of(std::string_view key) {
  for (const auto& c : switch_history())
    if (c.key == key) return &c;
  return nullptr;
}

}  // namespace

int switch_introduced_in(std::string_view key) {
  // A switch came with its capability (the engine's switch table says which): the Tower's in
  // version 3 (PROTOCOL.md §12.4), the dragon's and the fairy's in version 4 (§13.4); or later.
  if (const SwitchChange* c = change_of(key); c && c->new_switch) return c->version;
  const SwitchSpec* spec = find_switch(key);
  return spec ? expansion_introduced_in(spec->capability) : 1;
}

std::string_view default_in_version(std::string_view key, int version) {
  if (const SwitchChange* c = change_of(key); c && version < c->version) return c->before;
  const SwitchSpec* spec = find_switch(key);
  return spec ? spec->values.front() : std::string_view{};
}

int value_introduced_in(std::string_view key, std::string_view value) {
  for (int v = switch_introduced_in(key); v < kProtocolVersion; ++v)
    if (value_in_version(key, value, v)) return v;
  return kProtocolVersion;
}

bool value_in_version(std::string_view key, std::string_view value, int version) {
  const SwitchSpec* spec = find_switch(key);
  if (!spec || switch_introduced_in(key) > version) return false;
  if (std::find(spec->values.begin(), spec->values.end(), value) == spec->values.end()) return false;
  const SwitchChange* c = change_of(key);
  return !c || version >= c->version ||
         std::find(c->new_values.begin(), c->new_values.end(), value) == c->new_values.end();
}

std::string_view reason_in_version(std::string_view code, int version) {
  if (code == "not-last-knight" && version < 5) return "no-knight-there";
  return code;
}

int expansion_introduced_in(std::string_view name) {
  if (name == "tower") return 3;
  if (name == "dragon" || name == "fairy") return 4;
  if (name == "festival" || name == "little-buildings") return 8;
  if (name == "castles") return 8;
  if (name == "big-top" || name == "ringmaster") return 9;  // Under the Big Top (PROTOCOL.md, Versions)
  if (name == "bridges") return 10;                         // the bridges (PROTOCOL.md, Versions)
  return 1;
}

std::string encode_start(int protocol_version) {
  return detail::dump(Json{{"cmd", "start"}, {"protocol_version", protocol_version}});
}

namespace {

// A definition's text as dump writes it, kept per thread by id while its content stays the
// same: a runner sends the same definitions with every position of a game.
const std::string& definition_text(const TileDefinition& d) {
  thread_local std::unordered_map<std::string, std::pair<TileDefinition, std::string>> cache;
  auto it = cache.find(d.id);
  if (it != cache.end() && it->second.first == d) return it->second.second;
  if (cache.size() > 4096) cache.clear();
  auto& entry = cache[d.id];
  entry = {d, detail::dump(detail::to_json(d))};
  return entry.second;
}

}  // namespace

// The bytes are those of the whole message dumped at once: the position is built without its
// definitions' elements and their cached texts are put into its empty `definitions` array.
std::string encode_run(const RunRequest& r) {
  Json j;
  j["cmd"] = "run";
  j["seq"] = Json::parse(r.seq, nullptr, false);
  if (j["seq"].is_discarded()) j["seq"] = nullptr;
  if (!r.scenario.empty()) j["scenario"] = r.scenario;
  j["ruleset"] = detail::to_json(r.ruleset);
  j["position"] = detail::to_json(r.position, false);
  j["query"] = detail::to_json(r.query);
  std::string text = detail::dump(j);
  if (r.position.definitions.empty()) return text;
  // The key cannot occur earlier: inside a dumped string a quote is escaped, and no key before
  // the position's own definitions is named so.
  constexpr std::string_view kEmpty = "\"definitions\":[]";
  const std::size_t position = text.find("\"position\":{");
  const std::size_t at = position == std::string::npos ? position : text.find(kEmpty, position);
  if (at == std::string::npos) {  // cannot happen; the whole message the slow way
    j["position"] = detail::to_json(r.position);
    return detail::dump(j);
  }
  std::string defs;
  for (const auto& d : r.position.definitions) {
    if (!defs.empty()) defs += ',';
    defs += definition_text(d);
  }
  text.insert(at + kEmpty.size() - 1, defs);
  return text;
}

std::string encode_stop() { return detail::dump(Json{{"cmd", "stop"}}); }

Result<Hello> decode_hello(std::string_view line) {
  return decoding([&] {
    const Json j = detail::parse_object(line);
    detail::only_keys(j, {"name", "version", "protocol_version", "capabilities"}, "start reply");
    Hello h;
    h.name = detail::str(detail::member(j, "name", "start reply"), "name");
    h.version = detail::str(detail::member(j, "version", "start reply"), "version");
    if (j.contains("protocol_version")) {
      h.protocol_version = detail::integer(j["protocol_version"], "protocol_version", 0, 1 << 20);
      if (!speaks_protocol(h.protocol_version))
        detail::bad("protocol_version", "this runner speaks versions " + std::to_string(kOldestProtocolVersion) +
                                            " to " + std::to_string(kProtocolVersion) + ", not " +
                                            std::to_string(h.protocol_version));
    }
    h.capabilities = detail::read_capabilities(detail::member(j, "capabilities", "start reply"), "capabilities");
    return h;
  });
}

Result<RunReply> decode_reply(std::string_view line) {
  auto parsed = decoding([&] { return detail::parse_object(line); });
  if (!parsed) {  // valid JSON with a seq but beyond the budget of a message is charged to that seq
    auto seq = peek_seq(line);
    if (!seq) return fail(parsed.error());
    RunReply r;
    r.seq = std::move(*seq);
    r.state = ReplyState::Errored;
    r.message = std::string(kViolation) + parsed.error();
    return r;
  }
  const Json& j = *parsed;
  if (!j.contains("seq")) return fail("reply: missing required key 'seq'");
  const std::string seq = detail::dump(j["seq"]);
  auto reply = decoding([&] { return read_reply_body(j, seq); });
  if (reply) return reply;
  RunReply r;
  r.seq = seq;
  r.state = ReplyState::Errored;
  r.message = std::string(kViolation) + reply.error();
  return r;
}

Result<Command> decode_command(std::string_view line) {
  return decoding([&] {
    const Json j = detail::parse_object(line);
    const std::string cmd = detail::str(detail::member(j, "cmd", "message"), "cmd");
    Command c;
    if (cmd == "start") {
      detail::only_keys(j, {"cmd", "protocol_version"}, "start");
      c.kind = Command::Kind::Start;
      c.protocol_version =
          detail::integer(detail::member(j, "protocol_version", "start"), "protocol_version", 0, 1 << 20);
    } else if (cmd == "run") {
      detail::only_keys(j, {"cmd", "seq", "scenario", "ruleset", "position", "query"}, "run");
      c.kind = Command::Kind::Run;
      c.run.seq = detail::dump(detail::member(j, "seq", "run"));
      if (j.contains("scenario")) c.run.scenario = detail::str(j["scenario"], "scenario");
      c.run.ruleset = detail::read_ruleset(detail::member(j, "ruleset", "run"), "ruleset");
      c.run.position = detail::read_position(detail::member(j, "position", "run"), "position");
      if (j.contains("query")) c.run.query = detail::read_query(j["query"], "query");
    } else if (cmd == "stop") {
      detail::only_keys(j, {"cmd"}, "stop");
      c.kind = Command::Kind::Stop;
    } else {
      detail::bad("cmd", "unknown command '" + cmd + "' (expected start, run or stop)");
    }
    return c;
  });
}

std::string encode_hello(const Hello& h) {
  return detail::dump(Json{{"name", h.name},
                           {"version", h.version},
                           {"protocol_version", h.protocol_version},
                           {"capabilities", detail::to_json(h.capabilities)}});
}

std::string encode_reply(const RunReply& r) {
  Json j;
  j["seq"] = Json::parse(r.seq, nullptr, false);
  if (j["seq"].is_discarded()) j["seq"] = nullptr;
  switch (r.state) {
    case ReplyState::Answered:
      j["answer"] = detail::to_json(r.answer);
      break;
    case ReplyState::Skipped:
      j["skipped"] = true;
      j["reason"] = r.message;
      break;
    case ReplyState::Errored:
      j["errored"] = true;
      j["message"] = r.message;
      break;
  }
  return detail::dump(j);
}

namespace {

// The top-level `seq` of a line, read from the parser's events without building
// anything else: a line refused for its size still has its seq read, so its
// error is answered to the right request. Nothing is kept but the seq itself.
class SeqScanner {
 public:
  using string_t = Json::string_t;

  bool null() { return scalar(Json(nullptr)); }
  bool boolean(bool b) { return scalar(Json(b)); }
  bool number_integer(Json::number_integer_t v) { return scalar(Json(v)); }
  bool number_unsigned(Json::number_unsigned_t v) { return scalar(Json(v)); }
  bool number_float(Json::number_float_t v, const string_t&) { return scalar(Json(v)); }
  bool string(string_t& v) { return scalar(Json(std::move(v))); }
  bool binary(Json::binary_t&) { return false; }
  bool start_object(std::size_t) { return open(true); }
  bool start_array(std::size_t) { return open(false); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }
  bool key(string_t& k) {
    next_is_seq_ = depth_ == 1 && k == "seq";
    return true;
  }
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception&) {
    return false;
  }

  bool object = false;         // the line is an object
  std::optional<Json> seq;     // its seq when a scalar (the last given, as a parser keeps it)
  bool seq_container = false;  // its seq is an array or an object (read whole by parse_object)

 private:
  bool scalar(Json v) {
    if (next_is_seq_) {
      seq = std::move(v);
      seq_container = false;
    }
    next_is_seq_ = false;
    return true;
  }
  bool open(bool is_object) {
    if (depth_ == 0) object = is_object;
    if (next_is_seq_) {
      seq.reset();
      seq_container = true;
    }
    next_is_seq_ = false;
    return ++depth_ <= kMaxJsonDepth;
  }
  bool close() {
    --depth_;
    return true;
  }

  int depth_ = 0;
  bool next_is_seq_ = false;
};

}  // namespace

Result<std::string> peek_seq(std::string_view line) {
  SeqScanner scan;
  if (!Json::sax_parse(line.begin(), line.end(), &scan)) return fail("not JSON");
  if (!scan.object) return fail("not a JSON object");
  if (scan.seq) return detail::dump(*scan.seq);
  if (!scan.seq_container) return fail("no seq");
  auto parsed = decoding([&] { return detail::parse_object(line); });
  if (!parsed) return fail(parsed.error());
  return detail::dump((*parsed)["seq"]);
}

std::string excerpt(std::string_view line, std::size_t max) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char ch : line) {
    if (out.size() >= max) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x20 && c < 0x7f) {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out;
}

}  // namespace carc::proto
