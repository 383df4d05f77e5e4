#include "runner/handshake.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "data/closest.hpp"
#include "engine/rules.hpp"
#include "protocol/engine_adapter.hpp"

namespace carc {
namespace {

bool listed(const std::vector<std::string>& list, std::string_view x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

std::string unknown(std::string_view what, const std::string& name, const std::vector<std::string>& known) {
  const std::string close = closest_names(name, known, 3, typo_distance(name));
  return fmt::format("unknown {} '{}' (ignored{})", what, name, close.empty() ? "" : "; closest: " + close);
}

std::vector<std::string> switch_keys() {
  std::vector<std::string> out;
  for (const auto& s : switch_specs()) out.emplace_back(s.key);
  return out;
}

}  // namespace

std::vector<std::string> handshake_warnings(const proto::Hello& hello) {
  const proto::Capabilities known = proto::engine_protocol_capabilities();
  const proto::Capabilities& c = hello.capabilities;
  const int v = hello.protocol_version;
  std::vector<std::string> out;
  for (const auto& e : c.expansions) {
    if (listed(known.figures, e) && e != "follower")
      out.push_back(fmt::format("'{}' is a figure, listed under expansions (read as the figure)", e));
    else if (!listed(known.expansions, e))
      out.push_back(unknown("expansion", e, known.expansions));
    else if (proto::expansion_introduced_in(e) > v)
      out.push_back(fmt::format("expansion '{}' came with protocol version {}, and the handshake answers {} (ignored)",
                                e, proto::expansion_introduced_in(e), v));
  }
  for (const auto& f : c.figures)
    if (!listed(known.figures, f)) out.push_back(unknown("figure", f, known.figures));
  if (!listed(c.expansions, "base") || !listed(c.figures, "follower"))
    out.emplace_back("no expansion 'base' or no figure 'follower': every scenario needs both");
  for (const auto& [key, values] : c.switches) {
    const SwitchSpec* spec = find_switch(key);
    if (!spec) {
      out.push_back(unknown("switch", key, switch_keys()));
      continue;
    }
    if (proto::switch_introduced_in(key) > v) {
      out.push_back(fmt::format("switch '{}' came with protocol version {}, and the handshake answers {} (ignored)",
                                key, proto::switch_introduced_in(key), v));
      continue;
    }
    const std::string_view def = proto::default_in_version(key, v);
    if (!listed(values, def))
      out.push_back(
          fmt::format("switch '{}' does not list its default '{}': a request with it at its default is sent "
                      "with a value it lists only where our engine finds the verdict the same, else it is "
                      "unsupported (list every value the implementation plays)",
                      key, def));
    const std::vector<std::string> names(spec->values.begin(), spec->values.end());
    for (const auto& value : values)
      if (!listed(names, value))
        out.push_back(unknown(fmt::format("value of switch '{}':", key), value, names));
      else if (!proto::value_in_version(key, value, v))
        out.push_back(
            fmt::format("value '{}' of switch '{}' is of a later protocol version than {} (ignored)", value, key, v));
  }
  for (const auto& q : c.queries)
    if (!listed(known.queries, q)) out.push_back(unknown("query kind", q, known.queries));
  return out;
}

}  // namespace carc
