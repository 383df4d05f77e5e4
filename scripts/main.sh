#!/usr/bin/env bash
# The main job: install, build (release) and run the whole scenario corpus
# against the reference engine, ending with a summary. Extra arguments go to
# `carc-oracle run` (e.g. --ruleset zmg --format json).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build --preset release --target carc-oracle
exec build/release/carc-oracle run scenarios "$@"
