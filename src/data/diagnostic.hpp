#pragma once
// Located diagnostics for input files: "file:line:col: message".
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace carc {

// At most `max` bytes of text, cut at a UTF-8 boundary and ended with "..." when cut.
inline std::string clip(std::string_view text, std::size_t max) {
  if (text.size() <= max) return std::string(text);
  std::size_t n = max;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
  return std::string(text.substr(0, n)) + "...";
}

// Input quoted back in a message: at most kMaxEcho bytes, then "... (N bytes)",
// so that a 900 KB id or key is not echoed whole.
inline constexpr std::size_t kMaxEcho = 80;
inline std::string echo(std::string_view text) {
  if (text.size() <= kMaxEcho) return std::string(text);
  return clip(text, kMaxEcho) + " (" + std::to_string(text.size()) + " bytes)";
}

// Every diagnostic message is capped at this many bytes (the echoes in it are
// bounded one by one; this catches any that is not).
inline constexpr std::size_t kMaxMessage = 2000;

struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based; 0 when unknown
  int column = 0;  // 1-based; 0 when unknown
  std::string message;
  std::string code{};  // a reason code (PROTOCOL.md) when one names the problem: shown as " [code]"
  std::string to_string() const {
    std::string out = file;
    if (line > 0) out += ":" + std::to_string(line) + ":" + std::to_string(column);
    out += ": " + clip(message, kMaxMessage);
    return code.empty() ? out : out + " [" + code + "]";
  }
};
using Diagnostics = std::vector<Diagnostic>;

}  // namespace carc
