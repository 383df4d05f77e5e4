#!/usr/bin/env bash
# Installs what the tests need, builds and runs every test. With --preset asan
# the same suite runs under AddressSanitizer + UndefinedBehaviorSanitizer.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=dev
if [[ "${1:-}" == "--preset" ]]; then preset="$2"; fi
scripts/install-deps.sh
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset"
ctest --preset "$preset"
