#pragma once
// A ruling of the ledger as HTML: its statement, status and every citation with
// the source's link, the locator, the date and the quoted passages (original and
// English). The HTML report writes one per ruling its scenarios cite; scenario
// bodies link to them by ruling_anchor().
#include <string>
#include <string_view>

#include "data/ledger.hpp"

namespace carc {

// The element id of a ruling's or switch's card: "r-" + the id.
std::string ruling_anchor(std::string_view id);
// A <details class="ruling"> card for a ruling or a switch id of the ledger; empty when the id is neither.
std::string ruling_card_html(std::string_view id);
// The citations as an HTML list (<ul class="sources">).
std::string sources_html(const std::vector<LedgerSourceRef>& refs);

}  // namespace carc
