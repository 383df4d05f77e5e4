// The ledger's sourcing rules (issue 21): every source has a public address and a
// tier, every citation names the passages it rests on and a date, and no ruling
// claims a higher status than the best passage it cites.
#include <algorithm>
#include <cctype>
#include <set>

#include "data/ledger.hpp"

namespace carc {
namespace {

int rank_of(const std::vector<std::string_view>& tiers, std::string_view tier) {
  const auto it = std::find(tiers.begin(), tiers.end(), tier);
  return it == tiers.end() ? -1 : static_cast<int>(it - tiers.begin());
}

// The rank of a tier among the source tiers, best first; -1 when unknown.
int source_rank(std::string_view tier) { return rank_of(source_tiers(), tier); }

bool is_date(std::string_view d) {
  // YYYY, YYYY-MM or YYYY-MM-DD with a plausible month and day.
  const auto digits = [&](std::size_t from, std::size_t n) {
    for (std::size_t i = from; i < from + n; ++i)
      if (i >= d.size() || !std::isdigit(static_cast<unsigned char>(d[i]))) return false;
    return true;
  };
  if (d.size() != 4 && d.size() != 7 && d.size() != 10) return false;
  if (!digits(0, 4)) return false;
  if (d.size() >= 7) {
    if (d[4] != '-' || !digits(5, 2)) return false;
    const int month = (d[5] - '0') * 10 + (d[6] - '0');
    if (month < 1 || month > 12) return false;
  }
  if (d.size() == 10) {
    if (d[7] != '-' || !digits(8, 2)) return false;
    const int day = (d[8] - '0') * 10 + (d[9] - '0');
    if (day < 1 || day > 31) return false;
  }
  return true;
}

bool is_public_address(std::string_view url) {
  return (url.starts_with("https://") || url.starts_with("http://")) && url.find(' ') == std::string_view::npos &&
         url.size() > 10;
}

const std::set<std::string_view> kKinds{"wiki-page", "rulebook", "annotated-rules", "faq", "forum-thread",
                                        "web-page",  "code",     "issue-tracker"};
const std::set<std::string_view> kChecked{"seed", "stored-copy", "located", "not-retrieved"};
const std::set<std::string_view> kSupports{"yes", "partial", "unverified"};
// "" on a citation: the date the cited passage carries; accessed: the day a source that shows no
// date was read.
const std::set<std::string_view> kDateKinds{"",       "revision", "post",     "publication",
                                            "upload", "commit",   "inferred", "accessed"};

void check_source(const LedgerSource& s, std::vector<std::string>& out) {
  const std::string at = "source " + s.key + ": ";
  if (s.title.empty()) out.push_back(at + "no title");
  if (!is_public_address(s.url))
    out.push_back(at + "no public address (url: '" + s.url + "'; expected http:// or https://)");
  if (!s.revision.empty() && !is_public_address(s.revision))
    out.push_back(at + "revision '" + s.revision + "' is not an address");
  if (!kKinds.contains(s.kind)) out.push_back(at + "unknown kind '" + s.kind + "'");
  if (source_rank(s.tier) < 0) out.push_back(at + "unknown tier '" + s.tier + "'");
  if (s.date.empty())
    out.push_back(at + "no date (the page's own date, or the day it was read with date_kind: accessed)");
  else if (!is_date(s.date))
    out.push_back(at + "date '" + s.date + "' is not YYYY[-MM[-DD]]");
  if (!kDateKinds.contains(s.date_kind)) out.push_back(at + "unknown date_kind '" + s.date_kind + "'");
  if (s.passages.empty()) out.push_back(at + "quotes no passage");
  for (const auto& p : s.passages) {
    const std::string pat = "passage " + s.key + "/" + p.key + ": ";
    if (p.where.empty()) out.push_back(pat + "no 'where'");
    if (source_rank(p.tier) < 0)
      out.push_back(pat + "unknown tier '" + p.tier + "'");
    else if (source_rank(s.tier) >= 0 && source_rank(p.tier) < source_rank(s.tier))
      out.push_back(pat + "tier " + p.tier + " outranks its source's " + s.tier);
    if (!p.date.empty() && !is_date(p.date)) out.push_back(pat + "date '" + p.date + "' is not YYYY[-MM[-DD]]");
    if (p.lang.empty()) out.push_back(pat + "no 'lang'");
    if (!kChecked.contains(p.checked)) out.push_back(pat + "unknown 'checked' value '" + p.checked + "'");
    const bool unread = p.checked == "located" || p.checked == "not-retrieved";
    if (!p.quoted() && !unread) out.push_back(pat + "quotes nothing (say checked: located or not-retrieved)");
    if (p.quoted() && unread) out.push_back(pat + "quotes a text but says it was " + p.checked);
    if (p.quoted() && p.lang != "en" && p.english.empty())
      out.push_back(pat + "original in '" + p.lang + "' without an English translation");
  }
}

// The best tier among a citation's quoted passages (a rank of source_tiers()), -1 when none.
int citation_rank(const LedgerSourceRef& c, const LedgerSource& s) {
  if (c.supports == "unverified") return -1;
  int best = -1;
  for (const auto& key : c.passages)
    if (const LedgerPassage* p = s.passage(key); p && p->quoted()) {
      const int r = source_rank(p->tier);
      if (r >= 0 && (best < 0 || r < best)) best = r;
    }
  return best;
}

// Checks the citations of one ruling or switch; returns the best rank they reach.
int check_citations(const Ledger& ledger, const std::string& id, const std::vector<LedgerSourceRef>& refs,
                    std::vector<std::string>& out) {
  int best = -1;
  if (refs.empty()) out.push_back(id + ": cites no source");
  for (const auto& c : refs) {
    const std::string at = id + ": citation of " + c.ref + " (" + c.locator + "): ";
    const auto src = std::find_if(ledger.sources.begin(), ledger.sources.end(),
                                  [&](const LedgerSource& s) { return s.key == c.ref; });
    if (src == ledger.sources.end()) {
      out.push_back(at + "no such source");
      continue;
    }
    if (c.date.empty())
      out.push_back(at + "no date");
    else if (!is_date(c.date))
      out.push_back(at + "date '" + c.date + "' is not YYYY[-MM[-DD]]");
    if (!kDateKinds.contains(c.date_kind)) out.push_back(at + "unknown date_kind '" + c.date_kind + "'");
    if (!kSupports.contains(c.supports)) out.push_back(at + "unknown 'supports' value '" + c.supports + "'");
    if (c.supports == "partial" && c.note.empty()) out.push_back(at + "partial without a note saying what is missing");
    if (c.passages.empty()) out.push_back(at + "names no passage");
    for (const auto& key : c.passages)
      if (!src->passage(key)) out.push_back(at + "no passage '" + key + "' in " + c.ref);
    const int r = citation_rank(c, *src);
    if (r >= 0 && (best < 0 || r < best)) best = r;
  }
  return best;
}

}  // namespace

std::vector<std::string> ledger_source_problems(const Ledger& ledger) {
  std::vector<std::string> out;
  for (const auto& s : ledger.sources) check_source(s, out);
  const auto& statuses = status_tiers();
  for (const auto& r : ledger.rulings) {
    const int best = check_citations(ledger, r.id, r.sources, out);
    if (rank_of(statuses, r.status) < 0) {
      out.push_back(r.id + ": unknown status '" + r.status + "'");
      continue;
    }
    if (r.status == "DERIVED") {
      if (r.derives_from.empty()) out.push_back(r.id + ": DERIVED without derives_from (the rulings it follows from)");
    } else if (!r.derives_from.empty()) {
      out.push_back(r.id + ": derives_from on a ruling whose status is " + r.status + ", not DERIVED");
    }
    for (const auto& d : r.derives_from) {
      const bool known =
          std::any_of(ledger.rulings.begin(), ledger.rulings.end(), [&](const LedgerRuling& x) { return x.id == d; });
      if (!known || d == r.id) out.push_back(r.id + ": derives_from names '" + d + "', not another ruling");
    }
    if (r.status == "DERIVED" || r.status == "UNVERIFIED") continue;
    const int status = source_rank(r.status);
    if (best < 0)
      out.push_back(r.id + ": status " + r.status + " but no cited passage quotes a text");
    else if (status < best)
      out.push_back(r.id + ": status " + r.status + " ranks above its best cited passage (" +
                    std::string(source_tiers()[static_cast<std::size_t>(best)]) + ")");
  }
  for (const auto& s : ledger.switches) check_citations(ledger, s.id, s.sources, out);
  return out;
}

}  // namespace carc
