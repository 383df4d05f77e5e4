// The rulings book: the ledger as a static offline site (book.hpp).
#include "lookup/book.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "data/ledger.hpp"
#include "data/oracle_data.hpp"
#include "lookup/cards.hpp"
#include "lookup/text_search.hpp"
#include "lookup/vocabulary.hpp"
#include "lookup/words.hpp"
#include "render/svg_board.hpp"
#include "report/answer.hpp"
#include "report/html_assets.hpp"
#include "report/html_parts.hpp"
#include "report/ruling_html.hpp"

namespace carc {
namespace {

std::string besc(std::string_view s) { return xml_escape(s); }

std::string ruling_href(std::string_view id, bool from_index) {
  return fmt::format("{}rulings/{}.html", from_index ? "" : "../", id);
}
std::string switch_href(std::string_view id, bool from_index) {
  return fmt::format("{}switches/{}.html", from_index ? "" : "../", id);
}

// The book's own rules on top of the report's style sheet: the page frame, the index lists and
// the search results.
constexpr std::string_view kBookStyle = R"css(
nav.book{padding:.5rem 1.5rem;background:#eef2f7;font-size:.9rem}
nav.book a{margin-right:1rem}
main.book{max-width:70rem}
.statement{font-size:1.05rem;line-height:1.5}
table.facts td,table.facts th{padding:.2rem .6rem;text-align:left;vertical-align:top}
table.values{border-collapse:collapse;margin:.5rem 0}
table.values td,table.values th{border:1px solid #cbd5e1;padding:.3rem .6rem;text-align:left;vertical-align:top}
tr.default td:first-child{font-weight:bold}
ul.rulings{columns:2;column-gap:2rem}
ul.rulings li{break-inside:avoid;margin:.15rem 0}
.badge{font-size:.75rem;padding:0 .35rem;border-radius:.3rem;background:#e2e8f0;margin-left:.3rem}
.badge.disputed{background:#fde68a}
.scenario{border:1px solid #cbd5e1;border-radius:.4rem;padding:.6rem 1rem;margin:1rem 0;background:#fff}
.boards{display:flex;flex-wrap:wrap;gap:1rem}
#results li{margin:.3rem 0}
#results .why{color:#64748b;font-size:.85rem;margin-left:.5rem}
)css";

// The client-side search (index.html): the query folded as lookup folds it (accents and case
// aside), phrases and words of every language's vocabulary read as their concept (a word also
// matches a form it extends or that extends it by up to three letters, for plurals and cases),
// stop words dropped, other words matched against the rulings' own words; each document scores
// its concepts by kind (figures, features, expansions, actions 3; publishers, editions 2; terms
// 1), twice in its title, plus its plain words.
constexpr std::string_view kBookScript = R"js(
(function(){
const data=JSON.parse(document.getElementById('book-data').textContent);
const fold=s=>s.normalize('NFD').replace(/[\u0300-\u036f]/g,'').toLowerCase().replace(/ß/g,'ss');
const tokens=s=>fold(s).split(/[^a-z0-9\u0100-\u024f]+/).filter(Boolean);
const forms=new Map(),single=[];
for(const c of data.concepts){for(const f of c.forms){if(!forms.has(f))forms.set(f,c);if(!f.includes(' '))single.push([f,c]);}}
const stop=new Set(data.stop);
const weight={figure:3,feature:3,expansion:3,action:3,publisher:2,edition:2,term:1};
function near(t){
  let best=null;
  for(const [f,c] of single){
    const [a,b]=t.length<f.length?[t,f]:[f,t];
    if(a.length>=3&&b.startsWith(a)&&b.length-a.length<=3&&(!best||f.length>best[0].length))best=[f,c];
  }
  return best&&best[1];
}
function read(q){
  const w=tokens(q),out=[];
  for(let i=0;i<w.length;){
    let hit=null,n=0;
    for(let k=Math.min(4,w.length-i);k>=1&&!hit;k--){const p=w.slice(i,i+k).join(' ');if(forms.has(p)){hit=forms.get(p);n=k;}}
    if(hit){out.push({concept:hit,word:w.slice(i,i+n).join(' ')});i+=n;continue;}
    const t=w[i++];
    if(stop.has(t))continue;
    const c=t.length>=3?near(t):null;
    out.push(c?{concept:c,word:t}:{word:t});
  }
  return out;
}
function search(q){
  const terms=read(q),scored=[];
  for(const d of data.docs){
    let s=0;const why=[];
    for(const t of terms){
      if(t.concept){
        const id=t.concept.id,w=weight[t.concept.kind]||1;
        if(d.title_concepts.includes(id)){s+=2*w;why.push(t.concept.en);}
        else if(d.concepts.includes(id)){s+=w;why.push(t.concept.en);}
      }else if(d.words.some(x=>x===t.word||(t.word.length>=4&&x.startsWith(t.word)))){s+=1;why.push(t.word);}
    }
    if(s>0)scored.push({d,s,why});
  }
  scored.sort((a,b)=>b.s-a.s||a.d.id.localeCompare(b.d.id));
  return {terms,hits:scored.slice(0,25)};
}
const box=document.getElementById('q'),list=document.getElementById('results'),note=document.getElementById('understood');
function show(){
  const q=box.value.trim();list.innerHTML='';note.textContent='';
  if(!q){list.dataset.count='0';return;}
  const r=search(q);
  note.textContent='read as: '+r.terms.map(t=>t.concept?t.word+' → '+t.concept.en:t.word).join(', ');
  for(const h of r.hits){
    const li=document.createElement('li'),a=document.createElement('a');
    a.href=h.d.href;a.textContent=h.d.id+' '+h.d.title;a.className='hit';a.dataset.id=h.d.id;
    const why=document.createElement('span');why.className='why';why.textContent=h.why.join(', ');
    li.append(a,why);list.append(li);
  }
  list.dataset.count=String(r.hits.length);
  if(!r.hits.length){const li=document.createElement('li');li.textContent='No ruling matches.';list.append(li);}
}
box.addEventListener('input',()=>{show();history.replaceState(null,'','#q='+encodeURIComponent(box.value));});
const m=location.hash.match(/^#q=(.*)$/);if(m){box.value=decodeURIComponent(m[1]);}
show();
const st=document.getElementById('book-status');st.dataset.state='ready';st.textContent='Search ready.';
})();
)js";

std::string page(const std::string& title, const std::string& body, bool from_index) {
  const std::string up = from_index ? "" : "../";
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
      "content=\"width=device-width, initial-scale=1\"><title>{}</title><link rel=\"stylesheet\" "
      "href=\"{}book.css\"></head>\n<body>\n<header><h1>Carcassonne rulings book</h1><p>{}</p></header>\n"
      "<nav class=\"book\"><a href=\"{}index.html\">index and search</a><a href=\"{}index.html#expansions\">by "
      "expansion</a><a href=\"{}index.html#figures\">by figure</a><a href=\"{}index.html#switches\">switches</a>"
      "</nav>\n<main class=\"book\">\n{}</main>\n</body></html>\n",
      besc(title), up, besc(title), up, up, up, up, body);
}

std::string badges(const LedgerRuling& r) {
  std::string out = fmt::format("<span class=\"badge\">{}</span>", besc(r.status));
  if (r.disputed) out += "<span class=\"badge disputed\">disputed</span>";
  if (!r.encodable) out += "<span class=\"badge\">not encodable</span>";
  return out;
}

std::string book_list(const std::vector<std::string>& v) {
  return v.empty() ? std::string("&mdash;") : besc(fmt::format("{}", fmt::join(v, ", ")));
}

// The variant switches of a ruling: each value, who takes it and the built-in presets playing it.
std::string values_table(const VariantCard& card) {
  std::string out = "<table class=\"values\"><tr><th>value</th><th>who plays it (the ledger)</th><th>presets</th></tr>";
  for (const auto& v : card.values)
    out += fmt::format("<tr{}><td><code>{}</code>{}</td><td>{}</td><td>{}</td></tr>",
                       v.is_default ? " class=\"default\"" : "", besc(v.value), v.is_default ? " (default)" : "",
                       besc(v.who), card.engine_switch ? book_list(v.presets) : "not an engine switch");
  return out + "</table>";
}

std::string scenario_html(const ScenarioCard& card, BookStats& stats) {
  const Scenario& s = *card.scenario;
  std::ostringstream out;
  fmt::print(out, "<div class=\"scenario\" id=\"s-{}\"><h3>{} <span class=\"title\">{}</span></h3>", besc(s.id),
             besc(s.id), besc(s.title));
  fmt::print(out, "<p class=\"meta\">{}:{} &middot; status {}{} &middot; rulings {}</p>", besc(s.file), s.loc.line,
             besc(s.status), s.disputed ? " &middot; disputed" : "", book_list(s.rulings));
  if (!card.not_run.empty()) {
    fmt::print(out, "<p class=\"meta\">not run: {}</p></div>", besc(card.not_run));
    return out.str();
  }
  out << "<div class=\"boards\">";
  const std::string before = board_figure_html(card.views.before, "before: the position");
  if (!before.empty()) ++stats.boards;
  out << before;
  if (!s.apply.empty()) {
    const std::string after =
        board_figure_html(card.views.after, fmt::format("after the moves ({} applied)", card.views.applied));
    if (!after.empty()) ++stats.boards;
    out << after;
  }
  out << "</div><h4>Question</h4><ul>";
  for (const auto& line : question_lines(s)) fmt::print(out, "<li>{}</li>", besc(line));
  fmt::print(out, "</ul><h4>Answer under {}: <span class=\"verdict {}\">{}</span></h4>", besc(card.ruleset),
             outcome_name(card.result.outcome), besc(verdict_word(card.result.outcome)));
  if (!card.result.message.empty()) fmt::print(out, "<p class=\"meta\">{}</p>", besc(card.result.message));
  write_answer_sections_html(s, card.result, out);
  fmt::print(out, "<p class=\"rerun\"><code>carc-oracle explain {} --ruleset {}</code></p></div>", besc(s.id),
             besc(card.ruleset));
  return out.str();
}

std::string ruling_page(const RulingCard& card, BookStats& stats) {
  const LedgerRuling& r = *card.ruling;
  std::ostringstream b;
  fmt::print(b, "<h2>{} {}{}</h2>", besc(r.id), besc(r.title), badges(r));
  fmt::print(b,
             "<table class=\"facts\"><tr><th>area</th><td>{}</td></tr><tr><th>expansions</th><td>{}</td></tr>"
             "<tr><th>editions</th><td>{}</td></tr><tr><th>publishers</th><td>{}</td></tr></table>",
             besc(r.area), book_list(r.expansions), book_list(r.editions), book_list(r.publishers));
  fmt::print(b, "<p class=\"statement\">{}</p>", besc(r.statement));
  if (!r.checks.empty()) fmt::print(b, "<p><b>What the scenarios check:</b> {}</p>", besc(r.checks));
  if (!r.encodable) fmt::print(b, "<p><b>Not encodable:</b> {}</p>", besc(r.not_encodable));
  if (!r.notes.empty()) fmt::print(b, "<p class=\"meta\">{}</p>", besc(r.notes));
  if (!r.derives_from.empty()) {
    std::vector<std::string> links;
    for (const auto& d : r.derives_from) links.push_back(fmt::format("<a href=\"{}.html\">{}</a>", besc(d), besc(d)));
    fmt::print(b, "<p>Derived from {}</p>", fmt::join(links, ", "));
  }
  fmt::print(b, "<h3>Sources</h3>{}", sources_html(r.sources));
  if (!card.variants.empty()) {
    b << "<h3>Publisher and edition variants</h3>";
    for (const auto& v : card.variants)
      fmt::print(b, "<p><a href=\"{}\">{}</a> <code>{}</code>: {}</p>{}", switch_href(v.ledger->id, false),
                 besc(v.ledger->id), besc(v.ledger->key), besc(v.ledger->title), values_table(v));
  }
  fmt::print(b, "<h3>Scenarios <span class=\"n\">{}</span></h3>", card.scenarios.size());
  if (card.scenarios.empty()) b << "<p>No scenario cites this ruling yet.</p>";
  for (const auto& s : card.scenarios) {
    b << scenario_html(s, stats);
    ++stats.scenarios;
  }
  return page(r.id + " " + r.title, b.str(), false);
}

std::string switch_page(const LedgerSwitch& s) {
  const VariantCard card = variant_card(s, "hig-c3");
  std::ostringstream b;
  fmt::print(b, "<h2>{} <code>{}</code> {}{}</h2>", besc(s.id), besc(s.key), besc(s.title),
             s.disputed ? "<span class=\"badge disputed\">disputed</span>" : "");
  fmt::print(b, "<p class=\"statement\">{}</p>", besc(s.statement));
  fmt::print(b, "<p>Default (the printed texts): <code>{}</code>{}</p>", besc(s.default_value),
             card.engine_switch ? "" : " &middot; scenarios assert it; the engine has no such switch");
  b << "<h3>What each preset plays</h3>" << values_table(card);
  if (card.engine_switch) {
    b << "<table class=\"values\"><tr><th>preset</th><th>edition</th><th>value</th></tr>";
    for (const auto& p : builtin_presets())
      if (auto rules = ruleset_named(p.name))
        fmt::print(b, "<tr><td>{}</td><td>{}</td><td><code>{}</code></td></tr>", besc(p.name), besc(p.edition),
                   besc(rules->get(s.key)));
    b << "</table>";
  }
  if (!s.rulings.empty()) {
    std::vector<std::string> links;
    for (const auto& r : s.rulings)
      links.push_back(fmt::format("<a href=\"{}\">{}</a>", ruling_href(r, false), besc(r)));
    fmt::print(b, "<p>Rulings it decides: {}</p>", fmt::join(links, ", "));
  }
  fmt::print(b, "<h3>Sources</h3>{}", sources_html(s.sources));
  return page(s.id + " " + s.title, b.str(), false);
}

// A document's concepts (concept ids among its search terms) and its own folded words.
struct DocWords {
  std::vector<std::string> concepts, title_concepts, words;
};
DocWords doc_words(const std::string& title, const std::string& body, const std::set<std::string>& concept_ids,
                   const std::set<std::string>& stop) {
  DocWords d;
  const auto concepts_of = [&](const std::string& text) {
    std::set<std::string> out;
    for (const auto& t : search_terms(text))
      if (concept_ids.contains(t)) out.insert(t);
    return std::vector<std::string>(out.begin(), out.end());
  };
  d.title_concepts = concepts_of(title);
  d.concepts = concepts_of(title + " " + body);
  std::set<std::string> words;
  for (const auto& w : words_of(fold(title + " " + body)))
    if (w.size() >= 3 && !stop.contains(w)) words.insert(w);
  d.words.assign(words.begin(), words.end());
  return d;
}

std::string index_page(const std::vector<const LedgerRuling*>& rulings, const nlohmann::json& data,
                       const std::map<std::string, std::vector<const LedgerRuling*>>& by_figure) {
  std::ostringstream b;
  b << "<section><h2>Search</h2><p>Ask as a player would, in English, Spanish, Catalan, German, French, Italian, "
       "Dutch or Polish: <i>abbot garden</i>, <i>Abt Garten</i>, <i>abat jardí</i>.</p>"
       "<input type=\"search\" id=\"q\" placeholder=\"a question or words\" autofocus> "
       "<p class=\"meta\" id=\"understood\"></p><ol id=\"results\" data-count=\"0\"></ol></section>\n";
  std::map<std::string, std::vector<const LedgerRuling*>> by_expansion;
  for (const LedgerRuling* r : rulings)
    for (const auto& e : r->expansions.empty() ? std::vector<std::string>{"(none named)"} : r->expansions)
      by_expansion[e].push_back(r);
  const auto item = [](const LedgerRuling& r) {
    return fmt::format("<li><a href=\"{}\">{}</a> {}{}</li>", ruling_href(r.id, true), besc(r.id), besc(r.title),
                       badges(r));
  };
  fmt::print(b, "<section id=\"expansions\"><h2>By expansion <span class=\"n\">{} rulings</span></h2>", rulings.size());
  for (const auto& [e, list] : by_expansion) {
    fmt::print(b, "<h3 id=\"x-{}\">{} <span class=\"n\">{}</span></h3><ul class=\"rulings\">", besc(e), besc(e),
               list.size());
    for (const LedgerRuling* r : list) b << item(*r);
    b << "</ul>";
  }
  b << "</section>\n<section id=\"figures\"><h2>By figure</h2>";
  for (const auto& [figure, list] : by_figure) {
    fmt::print(b, "<h3 id=\"f-{}\">{} <span class=\"n\">{}</span></h3><ul class=\"rulings\">", besc(figure),
               besc(figure), list.size());
    for (const LedgerRuling* r : list) b << item(*r);
    b << "</ul>";
  }
  b << "</section>\n<section id=\"switches\"><h2>Switches</h2><ul class=\"rulings\">";
  for (const auto& s : builtin_ledger_switches())
    fmt::print(b, "<li><a href=\"{}\">{}</a> <code>{}</code> {}</li>", switch_href(s.id, true), besc(s.id), besc(s.key),
               besc(s.title));
  b << "</ul></section>\n";
  // The search's data as JSON text in a script element (a file:// page may fetch nothing).
  std::string json = data.dump();
  for (std::size_t at = json.find("</"); at != std::string::npos; at = json.find("</", at + 2))
    json.insert(at + 1, "\\");
  fmt::print(b, "<script type=\"application/json\" id=\"book-data\">{}</script>\n", json);
  fmt::print(b, "<footer id=\"book-status\" data-state=\"loading\">The search's script has not run.</footer>\n");
  fmt::print(b, "<script>{}</script>\n", kBookScript);
  return page("Carcassonne rulings: every ruling with its sources, variants and boards", b.str(), true);
}

}  // namespace

std::vector<BookFile> make_book(const SearchIndex& index, Subject& subject, BookStats& stats) {
  std::vector<BookFile> files;
  files.push_back({"book.css", std::string(html_style()) + std::string(kBookStyle)});
  const Vocabulary& vocab = builtin_vocabulary();
  std::set<std::string> concept_ids;
  for (const auto& c : vocab.concepts) concept_ids.insert(c.id);
  std::set<std::string> stop_en;
  if (auto it = vocab.stop_words.find(0); it != vocab.stop_words.end())
    for (const auto& w : it->second) stop_en.insert(fold(w));
  nlohmann::json data;
  data["concepts"] = nlohmann::json::array();
  for (const auto& c : vocab.concepts) {
    std::set<std::string> forms;
    for (const auto& [lang, words] : c.words)
      for (const auto& w : words) forms.insert(fold(w));
    data["concepts"].push_back({{"id", c.id},
                                {"kind", std::string(concept_kind_name(c.kind))},
                                {"en", c.headword(0)},
                                {"forms", std::vector<std::string>(forms.begin(), forms.end())}});
  }
  std::set<std::string> stop_all;
  for (const auto& [lang, words] : vocab.stop_words)
    for (const auto& w : words) stop_all.insert(fold(w));
  // A stop word of one language may be a concept word of another ("die"): the concept wins.
  for (const auto& c : data["concepts"])
    for (const auto& f : c["forms"]) stop_all.erase(f.get<std::string>());
  data["stop"] = std::vector<std::string>(stop_all.begin(), stop_all.end());
  data["docs"] = nlohmann::json::array();

  std::vector<const LedgerRuling*> rulings;
  for (const auto& r : builtin_ledger()) rulings.push_back(&r);
  std::map<std::string, std::vector<const LedgerRuling*>> by_figure;
  for (const LedgerRuling* r : rulings) {
    const RulingCard card = ruling_card(*r, index, "", subject);
    files.push_back({"rulings/" + r->id + ".html", ruling_page(card, stats)});
    ++stats.rulings;
    const DocWords d = doc_words(r->title, r->statement, concept_ids, stop_en);
    data["docs"].push_back({{"id", r->id},
                            {"kind", "ruling"},
                            {"title", r->title},
                            {"href", ruling_href(r->id, true)},
                            {"concepts", d.concepts},
                            {"title_concepts", d.title_concepts},
                            {"words", d.words}});
    for (const auto& c : vocab.concepts)
      if (c.kind == ConceptKind::Figure && std::find(d.concepts.begin(), d.concepts.end(), c.id) != d.concepts.end())
        by_figure[c.headword(0)].push_back(r);
  }
  for (const auto& s : builtin_ledger_switches()) {
    files.push_back({"switches/" + s.id + ".html", switch_page(s)});
    ++stats.switches;
    const DocWords d = doc_words(s.title + " " + s.key, s.statement, concept_ids, stop_en);
    data["docs"].push_back({{"id", s.id},
                            {"kind", "switch"},
                            {"title", s.title},
                            {"href", switch_href(s.id, true)},
                            {"concepts", d.concepts},
                            {"title_concepts", d.title_concepts},
                            {"words", d.words}});
  }
  files.push_back({"index.html", index_page(rulings, data, by_figure)});
  stats.pages = files.size() - 1;  // the style sheet is no page
  for (const auto& f : files) stats.bytes += f.text.size();
  return files;
}

}  // namespace carc
