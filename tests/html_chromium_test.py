#!/usr/bin/env python3
"""Renders the HTML report in headless Chromium and checks that it loaded.

Generates `carc-oracle run --format html` for a scenario folder, loads the page
in Debian's chromium (installed by scripts/install-deps.sh) and checks from the
DOM after its script ran that #report-status says data-state="ready" with
data-count equal to the number of scenarios in the folder (counted here from
the YAML, each also_with combination as one more), that the page has that many
<details class="scenario"> elements, and that Chromium logged no console message (a script error would be one).
It also checks that `explain --svg` writes well-formed XML, and takes a
screenshot (to --screenshot, e.g. reports/report.png, or a temporary file).

Usage: html_chromium_test.py --binary build/dev/carc-oracle --scenarios scenarios [--screenshot reports/report.png]
Exit 0 when every check holds, 1 otherwise.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.dom.minidom

import yaml

CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
]
# The view kept in reports/report.png: the summary and two flying-machine scenarios opened.
SCREENSHOT_VIEW = "#q=FM-24-b,FM-30-a&open=FM-24-b,FM-30-a"


def scenario_count(folder):
    # A scenario with `also_with` gives an entry of its own per combination (ID[switch=value]).
    count = 0
    for root, _dirs, files in os.walk(folder):
        for name in sorted(files):
            if not name.endswith((".yaml", ".yml")):
                continue
            with open(os.path.join(root, name), encoding="utf-8") as f:
                count += sum(1 + len(doc.get("also_with") or []) for doc in yaml.safe_load_all(f)
                             if isinstance(doc, dict) and "id" in doc)
    return count


def find_chromium(given):
    for name in [given, "chromium", "chromium-browser", "/usr/bin/chromium"]:
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def chromium(browser, work, args, url):
    profile = tempfile.mkdtemp(dir=work, prefix="profile-")
    env = dict(os.environ, HOME=work)
    cmd = [browser] + CHROMIUM_FLAGS + ["--user-data-dir=" + profile] + args + [url]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=180, env=env, check=False)


def console_messages(stderr):
    return [line for line in stderr.splitlines() if "CONSOLE" in line]


def check_dom(dom, expected, problems):
    status = re.search(r'<footer id="report-status"[^>]*>', dom)
    if not status:
        problems.append("no #report-status element in the rendered page")
        return
    tag = status.group(0)
    state = re.search(r'data-state="([^"]*)"', tag)
    count = re.search(r'data-count="([^"]*)"', tag)
    if not state or state.group(1) != "ready":
        problems.append("the page's script did not finish: " + tag)
    if not count or count.group(1) != str(expected):
        problems.append("the page counts %s scenarios, the folder has %d" % (count.group(1) if count else "no", expected))
    details = len(re.findall(r'<details class="scenario', dom))
    if details != expected:
        problems.append("the page has %d scenario elements, the folder %d scenarios" % (details, expected))


def browser_main(description, prefix, run_checks):
    """The command line both browser checks share: --binary, --scenarios, --chromium, --screenshot;
    runs run_checks(args, browser, work) in a temporary folder made with `prefix`, removed after."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--scenarios", required=True)
    parser.add_argument("--chromium")
    parser.add_argument("--screenshot", help="write the screenshot here (default: a temporary file)")
    args = parser.parse_args()
    browser = find_chromium(args.chromium)
    if not browser:
        print("FAIL: chromium not found; scripts/install-deps.sh installs Debian's chromium")
        return 1
    work = tempfile.mkdtemp(prefix=prefix)
    try:
        return run_checks(args, browser, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    return browser_main(__doc__.splitlines()[0], "carc-html-", run_checks)


def run_checks(args, browser, work):
    problems = []
    expected = scenario_count(args.scenarios)
    run = subprocess.run([args.binary, "run", args.scenarios, "--format", "html", "--out", work],
                         capture_output=True, text=True, timeout=600, check=False)
    page = os.path.join(work, "report.html")
    if run.returncode not in (0, 1) or not os.path.exists(page):
        print("FAIL: carc-oracle run --format html exited %d: %s" % (run.returncode, run.stderr))
        return 1
    url = "file://" + page
    dom = chromium(browser, work, ["--virtual-time-budget=10000", "--dump-dom"], url)
    if dom.returncode != 0:
        problems.append("chromium --dump-dom exited %d: %s" % (dom.returncode, dom.stderr[-2000:]))
    check_dom(dom.stdout, expected, problems)
    problems += ["console: " + line for line in console_messages(dom.stderr)]
    shot = args.screenshot or os.path.join(work, "report.png")
    pic = chromium(browser, work, ["--window-size=1280,1500", "--virtual-time-budget=10000",
                                   "--screenshot=" + os.path.abspath(shot)], url + SCREENSHOT_VIEW)
    if pic.returncode != 0 or not os.path.exists(shot) or os.path.getsize(shot) < 10000:
        problems.append("no screenshot: chromium exited %d" % pic.returncode)
    problems += ["console (screenshot): " + line for line in console_messages(pic.stderr)]
    svg = os.path.join(work, "board.svg")
    explain = subprocess.run([args.binary, "explain", "FM-30-a", args.scenarios, "--svg", svg, "--ascii"],
                             capture_output=True, text=True, timeout=120, check=False)
    try:
        xml.dom.minidom.parse(svg)
    except Exception as e:  # noqa: BLE001 - any parse error is the finding
        problems.append("explain --svg (exit %d) wrote no well-formed SVG: %s" % (explain.returncode, e))
    for p in problems:
        print("FAIL: " + p)
    if problems:
        return 1
    print("html report: %d scenarios rendered in %s; screenshot %s" % (expected, os.path.basename(browser), shot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
