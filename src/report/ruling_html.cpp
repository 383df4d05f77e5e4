#include "report/ruling_html.hpp"

#include <fmt/format.h>

#include "render/svg_board.hpp"
#include "report/report.hpp"

namespace carc {
namespace {

std::string hesc(std::string_view s) { return xml_escape(s); }

std::string cited_when(const LedgerSourceRef& c) {
  if (c.date.empty()) return "undated";
  if (c.date_kind == "accessed") return "undated; read " + c.date;
  return c.date_kind.empty() ? c.date : c.date + " (" + c.date_kind + ")";
}

std::string passage_html(const LedgerPassage& p) {
  std::string out = fmt::format("<div class=\"passage\"><span class=\"where\">{} &middot; {}{}</span>", hesc(p.where),
                                hesc(p.tier), p.date.empty() ? "" : " &middot; " + hesc(p.date));
  if (!p.quoted()) return out + fmt::format(" <i>(text not read: {})</i></div>", hesc(p.checked));
  out += fmt::format("<blockquote lang=\"{}\">{}</blockquote>", hesc(p.lang), hesc(p.original));
  if (!p.english.empty()) out += fmt::format("<p class=\"english\">English: {}</p>", hesc(p.english));
  return out + "</div>";
}

}  // namespace

std::string ruling_anchor(std::string_view id) { return "r-" + std::string(id); }

std::string sources_html(const std::vector<LedgerSourceRef>& refs) {
  std::string out = "<ul class=\"sources\">";
  for (const auto& c : refs) {
    const LedgerSource* s = find_ledger_source(c.ref);
    out += "<li>";
    if (s)
      out += fmt::format("<a href=\"{}\" rel=\"noreferrer\">{}</a> <span class=\"tier\">{}</span>", hesc(s->link()),
                         hesc(s->title), hesc(s->tier));
    else
      out += fmt::format("<code>{}</code> (unknown source)", hesc(c.ref));
    out += fmt::format(" <span class=\"meta\">{} &middot; {} &middot; {}</span>", hesc(c.ref), hesc(c.locator),
                       hesc(cited_when(c)));
    if (c.supports != "yes")
      out += fmt::format("<p class=\"supports\">supports: {}{}</p>", hesc(c.supports),
                         c.note.empty() ? "" : " &mdash; " + hesc(c.note));
    if (s)
      for (const auto& key : c.passages)
        if (const LedgerPassage* p = s->passage(key)) out += passage_html(*p);
    out += "</li>";
  }
  return out + "</ul>";
}

std::string ruling_card_html(std::string_view id) {
  if (const LedgerRuling* r = find_ruling(id)) {
    std::string derived;
    for (const auto& d : r->derives_from)
      derived += fmt::format("{}<a href=\"#{}\">{}</a>", derived.empty() ? "" : ", ", hesc(ruling_anchor(d)), hesc(d));
    return fmt::format(
        "<details class=\"ruling\" id=\"{}\"><summary><code>{}</code> <span class=\"title\">{}</span> <span "
        "class=\"tier\">{}</span>{}</summary><div class=\"card\"><p>{}</p>{}{}{}</div></details>\n",
        hesc(ruling_anchor(r->id)), hesc(r->id), hesc(r->title), hesc(r->status),
        r->disputed ? " <span class=\"tier disputed\">disputed</span>" : "", hesc(r->statement),
        derived.empty() ? "" : "<p class=\"meta\">derived from " + derived + "</p>",
        r->notes.empty() ? "" : "<p class=\"meta\">" + hesc(r->notes) + "</p>", sources_html(r->sources));
  }
  if (const LedgerSwitch* s = find_ledger_switch(id)) {
    std::string values;
    for (const auto& v : s->values)
      values += (values.empty() ? "" : ", ") + v + (v == s->default_value ? " (default)" : "");
    return fmt::format(
        "<details class=\"ruling\" id=\"{}\"><summary><code>{}</code> <span class=\"title\">{}</span> <span "
        "class=\"tier\">switch {}</span></summary><div class=\"card\"><p>{}</p><p class=\"meta\">values: "
        "{}</p>{}</div></details>\n",
        hesc(ruling_anchor(s->id)), hesc(s->id), hesc(s->title), hesc(s->key), hesc(s->statement), hesc(values),
        sources_html(s->sources));
  }
  return "";
}

}  // namespace carc
