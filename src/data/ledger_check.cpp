// The ledger's sourcing rules (issue 21): every source has a public address and a
// tier, every citation names the passages it rests on and a date, and no ruling
// claims a higher status than the best passage it cites. Issue 47: no source, and so
// no ruling, ranks above what the source's kind allows (a review is not a rulebook).
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

// What a source is, and the best tier a source of that kind may carry (issue 47). A faithful
// reproduction of the printed text (a rulebook, a wiki's rule text, annotated rules, a forum post
// quoting the print verbatim and naming it) keeps the print's tier; a publisher's FAQ or own web
// page (a preview, an announcement) is at most OFFICIAL; an implementation's code, issue tracker
// or help page at most IMPL; a review, a shop's text and a fan site's paraphrase are COMMUNITY;
// a translation keeps its original's tier only when it names the original (`translates`).
struct Kind {
  std::string_view name, cap;
};
constexpr Kind kKinds[] = {
    {"rulebook", "RULE"},      {"wiki-page", "RULE"}, {"annotated-rules", "RULE"},    {"forum-thread", "RULE"},
    {"translation", "RULE"},   {"faq", "OFFICIAL"},   {"publisher-page", "OFFICIAL"}, {"code", "IMPL"},
    {"issue-tracker", "IMPL"}, {"web-page", "IMPL"},  {"review", "COMMUNITY"},        {"shop-page", "COMMUNITY"},
    {"fan-site", "COMMUNITY"},
};

// The rank (source_tiers()) of the best tier a source's kind allows; -1 for an unknown kind.
int kind_cap(const LedgerSource& s) {
  for (const Kind& k : kKinds)
    if (k.name == s.kind) {
      if (s.kind == "translation" && s.translates.empty()) return source_rank("COMMUNITY");
      return source_rank(k.cap);
    }
  return -1;
}
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
  const int cap = kind_cap(s);
  if (cap < 0) out.push_back(at + "unknown kind '" + s.kind + "'");
  if (source_rank(s.tier) < 0)
    out.push_back(at + "unknown tier '" + s.tier + "'");
  else if (cap >= 0 && source_rank(s.tier) < cap)
    out.push_back(at + "tier " + s.tier + " outranks what a source of kind " + s.kind + " may carry (" +
                  std::string(source_tiers()[static_cast<std::size_t>(cap)]) +
                  (s.kind == "translation" ? "; a translation keeps its original's tier only with `translates`" : "") +
                  ")");
  if (!s.translates.empty() && s.kind != "translation")
    out.push_back(at + "translates on a source of kind " + s.kind + ", not translation");
  if (!s.translates.empty() && !is_public_address(s.translates))
    out.push_back(at + "translates '" + s.translates + "' is not an address");
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

// The best tier among a citation's quoted passages (a rank of source_tiers()), -1 when none;
// with by_kind, no better than what the source's kind allows.
int citation_rank(const LedgerSourceRef& c, const LedgerSource& s, bool by_kind) {
  if (c.supports == "unverified") return -1;
  int best = -1;
  for (const auto& key : c.passages)
    if (const LedgerPassage* p = s.passage(key); p && p->quoted()) {
      const int r = source_rank(p->tier);
      if (r >= 0 && (best < 0 || r < best)) best = r;
    }
  if (by_kind && best >= 0) best = std::max(best, kind_cap(s));
  return best;
}

// The best ranks a ruling's citations reach: by their passages' tiers, and by those tiers
// capped by what each source's kind allows.
struct Reach {
  int passages = -1, kinds = -1;
};

void improve(int& best, int r) {
  if (r >= 0 && (best < 0 || r < best)) best = r;
}

// Checks the citations of one ruling or switch; returns the best ranks they reach.
Reach check_citations(const Ledger& ledger, const std::string& id, const std::vector<LedgerSourceRef>& refs,
                      std::vector<std::string>& out) {
  Reach best;
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
    improve(best.passages, citation_rank(c, *src, false));
    improve(best.kinds, citation_rank(c, *src, true));
  }
  return best;
}

}  // namespace

std::vector<std::string> ledger_source_problems(const Ledger& ledger) {
  std::vector<std::string> out;
  for (const auto& s : ledger.sources) check_source(s, out);
  const auto& statuses = status_tiers();
  for (const auto& r : ledger.rulings) {
    const Reach best = check_citations(ledger, r.id, r.sources, out);
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
    const auto tier = [](int rank) { return std::string(source_tiers()[static_cast<std::size_t>(rank)]); };
    if (best.passages < 0)
      out.push_back(r.id + ": status " + r.status + " but no cited passage quotes a text");
    else if (status < best.passages)
      out.push_back(r.id + ": status " + r.status + " ranks above its best cited passage (" + tier(best.passages) +
                    ")");
    else if (status < best.kinds)
      out.push_back(r.id + ": status " + r.status + " ranks above what its sources' kinds allow (" + tier(best.kinds) +
                    ")");
  }
  for (const auto& s : ledger.switches) check_citations(ledger, s.id, s.sources, out);
  return out;
}

}  // namespace carc
