#pragma once
// Located diagnostics for input files: "file:line:col: message".
#include <string>
#include <vector>

namespace carc {

struct Diagnostic {
  std::string file;
  int line = 0;    // 1-based; 0 when unknown
  int column = 0;  // 1-based; 0 when unknown
  std::string message;
  std::string to_string() const {
    std::string out = file;
    if (line > 0) out += ":" + std::to_string(line) + ":" + std::to_string(column);
    return out + ": " + message;
  }
};
using Diagnostics = std::vector<Diagnostic>;

}  // namespace carc
