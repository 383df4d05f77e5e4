#!/usr/bin/env bash
# Refreshes reports/report.png, the screenshot of the HTML report of the whole
# corpus (carc-oracle run --format html) in headless Chromium; run it whenever
# `carc-oracle report --out reports` changes the committed reports.
# Usage: scripts/report-screenshot.sh [path/to/carc-oracle]   (default: build/dev/carc-oracle)
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-build/dev/carc-oracle}"
exec python3 tests/html_chromium_test.py --binary "$binary" --scenarios scenarios --screenshot reports/report.png
