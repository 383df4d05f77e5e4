// The inline style sheet and script of the HTML report: no network, no fonts
// fetched, everything in the one file.
#include "report/html_assets.hpp"

namespace carc {

std::string_view html_style() {
  return R"CSS(
:root { --ok: #15803d; --ok-bg: #dcfce7; --bad: #b91c1c; --bad-bg: #fee2e2; --warn: #a16207; --warn-bg: #fef9c3;
        --unsup: #3730a3; --unsup-bg: #e0e7ff;
        --ink: #0f172a; --muted: #64748b; --line: #e2e8f0; --card: #ffffff; --page: #f8fafc; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 "DejaVu Sans", system-ui, Arial, sans-serif; color: var(--ink); background: var(--page); }
header { padding: 18px 28px 10px; background: #1e293b; color: #f8fafc; }
header h1 { margin: 0 0 4px; font-size: 22px; }
header p { margin: 2px 0; color: #cbd5e1; }
header .counts b { color: #fff; }
header p.cut { color: #fecaca; font-weight: bold; }
main { padding: 8px 28px 40px; max-width: 1280px; }
h2 { font-size: 18px; margin: 26px 0 8px; border-bottom: 2px solid var(--line); padding-bottom: 4px; }
h2 .n { color: var(--muted); font-weight: normal; font-size: 14px; }
section.impl { margin-top: 34px; padding-top: 4px; border-top: 4px solid #1e293b; }
h2.impl { font-size: 21px; border-bottom: none; }
.toolbar { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin-top: 10px; }
.toolbar input[type=search] { padding: 5px 9px; width: 320px; border-radius: 6px; border: 1px solid #94a3b8; }
.toolbar button { padding: 4px 10px; border-radius: 6px; border: 1px solid #94a3b8; background: #f1f5f9; cursor: pointer; }
.toolbar label, .toolbar #shown { color: #cbd5e1; }
table.matrix { border-collapse: collapse; background: var(--card); font-size: 13px; }
table.matrix th, table.matrix td { border: 1px solid var(--line); padding: 4px 8px; text-align: center; white-space: nowrap; }
table.matrix th { background: #f1f5f9; }
table.matrix td.area, table.matrix th.area { text-align: left; }
td.ok { background: var(--ok-bg); color: var(--ok); }
td.bad { background: var(--bad-bg); color: var(--bad); font-weight: bold; }
td.part { background: var(--warn-bg); color: var(--warn); }
td.unsup { background: var(--unsup-bg); color: var(--unsup); }
td.none { color: #cbd5e1; }
.attention { background: var(--bad-bg); border: 1px solid #fca5a5; border-radius: 8px; padding: 8px 14px; }
.attention.clear { background: var(--ok-bg); border-color: #86efac; }
.attention.partial { background: var(--unsup-bg); border-color: #a5b4fc; }
.attention a { color: var(--bad); margin-right: 10px; }
details.scenario { background: var(--card); border: 1px solid var(--line); border-left: 5px solid var(--ok);
                   border-radius: 6px; margin: 5px 0; }
details.scenario.fail { border-left-color: var(--bad); background: #fffafa; }
details.scenario.other { border-left-color: var(--warn); }
details.scenario.unsup { border-left-color: var(--unsup); }
details.scenario > summary { cursor: pointer; padding: 6px 10px; list-style-position: outside; }
details.scenario > summary code { font-weight: bold; }
details.scenario[open] > summary { border-bottom: 1px solid var(--line); }
details.scenario > summary::after { content: ""; display: block; clear: both; }
.title { margin-left: 6px; }
.rulings { color: var(--muted); font-size: 12px; margin-left: 8px; }
.badges { float: right; }
.badge { display: inline-block; min-width: 14px; padding: 0 5px; margin-left: 2px; border-radius: 8px; font-size: 11px;
         text-align: center; }
.badge.passed { background: var(--ok-bg); color: var(--ok); }
.badge.failed, .badge.errored, .badge.crashed, .badge.timed_out, .badge.xpass, .badge.invalid { background: var(--bad-bg); color: var(--bad); font-weight: bold; }
.badge.skipped, .badge.xfail { background: var(--warn-bg); color: var(--warn); }
.badge.unsupported { background: var(--unsup-bg); color: var(--unsup); }
.body { display: flex; gap: 18px; padding: 10px 12px; flex-wrap: wrap; }
.board { flex: 0 0 auto; }
.board figcaption { color: var(--muted); font-size: 12px; }
.qa { flex: 1 1 420px; min-width: 320px; }
.qa h4 { margin: 8px 0 3px; font-size: 13px; }
.qa ul { margin: 2px 0; padding-left: 18px; }
.meta { color: var(--muted); font-size: 12px; margin: 0; }
.sec { margin: 4px 0; }
.sec .key { font-weight: bold; }
.sec .what { color: var(--muted); }
.sec ul { list-style: none; padding-left: 12px; font-family: "DejaVu Sans Mono", monospace; font-size: 12px; }
li.same::before { content: "\2713  "; color: var(--ok); }
li.miss { color: var(--bad); } li.miss::before { content: "\2212  expected: "; }
li.extra { color: var(--ok); } li.extra::before { content: "+  actual: "; }
li.plain::before { content: "\2022  "; color: var(--muted); }
.verdict.passed { color: var(--ok); } .verdict.failed { color: var(--bad); }
.rerun code { display: block; width: fit-content; margin: 3px 0; background: #f1f5f9; padding: 1px 5px;
              border-radius: 4px; font-size: 12px; }
details.ruling { background: var(--card); border: 1px solid var(--line); border-left: 5px solid #64748b;
                 border-radius: 6px; margin: 5px 0; }
details.ruling > summary { cursor: pointer; padding: 6px 10px; }
details.ruling > summary code { font-weight: bold; }
details.ruling .card { padding: 4px 14px 10px; }
.tier { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 11px; background: #f1f5f9; color: var(--muted); }
.tier.disputed { background: var(--warn-bg); color: var(--warn); }
ul.sources { padding-left: 18px; }
ul.sources > li { margin: 6px 0; }
.passage { margin: 4px 0 6px 4px; }
.passage .where { color: var(--muted); font-size: 12px; }
.passage blockquote { margin: 2px 0 2px 8px; padding-left: 8px; border-left: 3px solid var(--line); }
.passage .english, .supports { margin: 0 0 0 19px; color: var(--muted); font-size: 13px; }
a.ruling-link { color: inherit; }
.hidden { display: none; }
footer { color: var(--muted); padding: 10px 28px; }
)CSS";
}

std::string_view html_script() {
  return R"JS(
(function () {
  var status = document.getElementById('report-status');
  window.addEventListener('error', function (e) {
    status.dataset.state = 'error';
    status.textContent = 'script error: ' + e.message;
  });
  var items = Array.prototype.slice.call(document.querySelectorAll('details.scenario'));
  var ids = {};
  items.forEach(function (d) { ids[d.dataset.id] = true; });
  var count = Object.keys(ids).length;
  var filter = document.getElementById('filter');
  var failing = document.getElementById('only-failing');
  var shown = document.getElementById('shown');
  function apply() {
    // Commas separate alternatives; the words of one alternative must all match.
    var groups = filter.value.toLowerCase().split(',').map(function (g) {
      return g.split(/\s+/).filter(function (w) { return w.length > 0; });
    }).filter(function (g) { return g.length > 0; });
    var visible = {};  // ids: one scenario may appear once per implementation
    items.forEach(function (d) {
      var text = d.dataset.text;
      var ok = groups.length === 0 || groups.some(function (words) {
        return words.every(function (w) { return text.indexOf(w) >= 0; });
      });
      if (failing.checked && !d.classList.contains('fail')) ok = false;
      d.classList.toggle('hidden', !ok);
      if (ok) visible[d.dataset.id] = true;
    });
    document.querySelectorAll('section.area').forEach(function (s) {
      s.classList.toggle('hidden', s.querySelectorAll('details.scenario:not(.hidden)').length === 0);
    });
    shown.textContent = Object.keys(visible).length + ' of ' + count + ' scenarios shown';
  }
  filter.addEventListener('input', apply);
  failing.addEventListener('change', apply);
  document.getElementById('expand').addEventListener('click', function () {
    items.forEach(function (d) { if (!d.classList.contains('hidden')) d.open = true; });
  });
  document.getElementById('collapse').addEventListener('click', function () {
    items.forEach(function (d) { d.open = false; });
  });
  // #s-ID opens that scenario; #q=WORDS&open=ID,ID filters and opens (links, screenshots).
  var params = {};
  location.hash.slice(1).split('&').forEach(function (p) {
    var kv = p.split('=');
    if (kv.length === 2) params[kv[0]] = decodeURIComponent(kv[1]);
  });
  if (params.q) filter.value = params.q;
  if (params.open) {
    params.open.split(',').forEach(function (id) {
      var d = document.getElementById('s-' + id);
      if (d) d.open = true;
    });
  } else {
    openTarget();
  }
  // A link to #ID of a scenario (the comparison table's states) opens it.
  function openTarget() {
    if (location.hash.length < 2) return;
    var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.tagName === 'DETAILS') target.open = true;
  }
  window.addEventListener('hashchange', openTarget);
  apply();
  status.dataset.count = String(count);
  status.dataset.state = 'ready';
  status.textContent = 'Report loaded: ' + count + ' scenarios.';
})();
)JS";
}

}  // namespace carc
