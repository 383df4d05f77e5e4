#!/usr/bin/env python3
"""Builds the rulings book and checks it, in headless Chromium where a browser is needed.

`carc-oracle book --out DIR SCENARIOS` must write a page per ruling of the ledger and per
switch, and an index; every page must end its document, every board must be well-formed SVG,
every local link must reach a file of the book. Then Debian's chromium (installed by
scripts/install-deps.sh) loads the index with a German and a Catalan question in its address
(`#q=...`) and the search must put the abbot-and-garden ruling (BR-07) first, resp. among the
first three, once its script has marked #book-status ready; every ruling and switch page must
load (one after another in frames of one harness page) with no console message. A screenshot of the index with a search goes to --screenshot
(e.g. reports/book.png) or a temporary file.

Usage: book_chromium_test.py --binary build/dev/carc-oracle --scenarios scenarios [--screenshot reports/book.png]
Exit 0 when every check holds, 1 otherwise.
"""
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
import xml.dom.minidom

from html_chromium_test import browser_main, chromium, console_messages

QUESTIONS = [("Abt Garten", "BR-07", 1), ("abat jardí", "BR-07", 3)]
SAMPLE_PAGES = ["rulings/FM-20.html", "rulings/CC-08.html", "rulings/PD-18.html", "switches/V-FM-1.html"]


def check_files(book, problems):
    pages = []
    for root, _dirs, files in os.walk(book):
        for name in files:
            if name.endswith(".html"):
                pages.append(os.path.join(root, name))
    boards = 0
    for page in pages:
        with open(page, encoding="utf-8") as f:
            text = f.read()
        if not text.rstrip().endswith("</html>"):
            problems.append("%s: the document does not end" % os.path.relpath(page, book))
        for svg in re.findall(r"<svg.*?</svg>", text, re.S):
            boards += 1
            try:
                xml.dom.minidom.parseString(svg)
            except Exception as e:  # noqa: BLE001 - any parse error is the finding
                problems.append("%s: a board is not well-formed SVG: %s" % (os.path.relpath(page, book), e))
                break
        for href in re.findall(r'href="([^"#]+)(?:#[^"]*)?"', text):
            if re.match(r"^[a-z]+:", href):
                continue  # a source's public address
            target = os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(href)))
            if not os.path.exists(target):
                problems.append("%s: a link to %s reaches no file" % (os.path.relpath(page, book), href))
    return pages, boards


def every_page_loads(browser, work, book, pages):
    """Loads every ruling and switch page of the book in one Chromium run: a harness page in the
    book's folder opens each in an iframe, one after another, and counts the load events; any
    console message of any frame is a problem."""
    harness = os.path.join(book, "all-pages-check.html")
    # index.html is loaded on its own with the searches (in a frame Chromium notes its autofocus).
    names = sorted(os.path.relpath(p, book) for p in pages if os.path.basename(p) != "index.html")
    with open(harness, "w", encoding="utf-8") as f:
        f.write("<!DOCTYPE html><html><body><p id=\"loaded\" data-count=\"0\"></p><script>\n"
                "const pages=%s;let i=0;const out=document.getElementById('loaded');\n"
                "function next(){if(i>=pages.length){out.dataset.done='yes';return;}\n"
                "const f=document.createElement('iframe');f.src=pages[i++];\n"
                "f.onload=()=>{out.dataset.count=String(Number(out.dataset.count)+1);f.remove();next();};\n"
                "document.body.append(f);}\nnext();</script></body></html>\n" % json.dumps(names))
    try:
        dom = chromium(browser, work, ["--virtual-time-budget=120000", "--dump-dom"], "file://" + harness)
    finally:
        os.remove(harness)
    problems = ["console (every page): " + line for line in console_messages(dom.stderr)]
    loaded = re.search(r'<p id="loaded" data-count="(\d+)"( data-done="yes")?', dom.stdout)
    if not loaded or int(loaded.group(1)) != len(names) or not loaded.group(2):
        problems.append("every page: %s of %d pages loaded in Chromium" % (loaded.group(1) if loaded else "none",
                                                                         len(names)))
    return problems


def hits_of(dom):
    return re.findall(r'class="hit" data-id="([^"]+)"', dom)


def main():
    return browser_main(__doc__.splitlines()[0], "carc-book-", run_checks)


def run_checks(args, browser, work):
    problems = []
    book = os.path.join(work, "book")
    start = time.monotonic()
    made = subprocess.run([args.binary, "book", "--out", book, args.scenarios], capture_output=True, text=True,
                          timeout=600, check=False)
    seconds = time.monotonic() - start
    if made.returncode != 0:
        print("FAIL: carc-oracle book exited %d: %s" % (made.returncode, made.stderr))
        return 1
    counts = re.search(r"(\d+) pages \((\d+) rulings, (\d+) switches", made.stdout)
    if not counts:
        print("FAIL: carc-oracle book did not say what it wrote: " + made.stdout)
        return 1
    pages, boards = check_files(book, problems)
    rulings = len(os.listdir(os.path.join(book, "rulings")))
    switches = len(os.listdir(os.path.join(book, "switches")))
    if rulings != int(counts.group(2)) or switches != int(counts.group(3)):
        problems.append("the book says %s rulings and %s switches, the folders hold %d and %d"
                        % (counts.group(2), counts.group(3), rulings, switches))
    if len(pages) != int(counts.group(1)):
        problems.append("the book says %s pages, %d were written" % (counts.group(1), len(pages)))
    index = "file://" + os.path.join(book, "index.html")
    with open(os.path.join(book, "index.html"), encoding="utf-8") as f:
        listed = set(re.findall(r'href="rulings/([^"]+)\.html"', f.read()))
    if len(listed) != rulings:
        problems.append("the index links %d rulings of %d" % (len(listed), rulings))
    for question, ruling, within in QUESTIONS:
        dom = chromium(browser, work, ["--virtual-time-budget=5000", "--dump-dom"],
                       index + "#q=" + urllib.parse.quote(question))
        if not re.search(r'<footer id="book-status" data-state="ready"', dom.stdout):
            problems.append("index.html: the search's script did not finish for %r" % question)
        hits = hits_of(dom.stdout)
        if ruling not in hits[:within]:
            problems.append("search %r: %s not among the first %d hits %s" % (question, ruling, within, hits[:5]))
        problems += ["console (%s): %s" % (question, line) for line in console_messages(dom.stderr)]
    for page in SAMPLE_PAGES:
        dom = chromium(browser, work, ["--virtual-time-budget=3000", "--dump-dom"], "file://" + os.path.join(book, page))
        if "</main>" not in dom.stdout:
            problems.append("%s did not load: chromium exited %d" % (page, dom.returncode))
        problems += ["console (%s): %s" % (page, line) for line in console_messages(dom.stderr)]
    problems += every_page_loads(browser, work, book, pages)
    shot = args.screenshot or os.path.join(work, "book.png")
    pic = chromium(browser, work, ["--window-size=1280,1400", "--virtual-time-budget=5000",
                                   "--screenshot=" + os.path.abspath(shot)],
                   index + "#q=" + urllib.parse.quote("Abt Garten"))
    if pic.returncode != 0 or not os.path.exists(shot) or os.path.getsize(shot) < 10000:
        problems.append("no screenshot: chromium exited %d" % pic.returncode)
    for p in problems:
        print("FAIL: " + p)
    if problems:
        return 1
    size = sum(os.path.getsize(os.path.join(r, n)) for r, _d, fs in os.walk(book) for n in fs)
    print("book: %d pages, %d boards, %.1f MB, built in %.1f s (%s); every page loads, and the searches, in %s; "
          "screenshot %s" % (len(pages), boards, size / 1e6, seconds, made.stdout.strip().split(", in ")[-1],
                             os.path.basename(browser), shot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
