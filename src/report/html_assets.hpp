#pragma once
// The HTML report's inline CSS and JavaScript (html_assets.cpp).
#include <string_view>

namespace carc {

std::string_view html_style();
// Sets #report-status to data-state="ready" and data-count=<scenarios> once the page is set up,
// or data-state="error" on a script error; wires the filter, expand/collapse and only-failing controls.
std::string_view html_script();

}  // namespace carc
