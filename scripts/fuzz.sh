#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) into build/fuzz and runs
# each for a bounded time on a seed corpus generated from the scenarios.
#
#   scripts/fuzz.sh [--seconds N] [TARGET...]     TARGET: scenario, protocol (default both)
#
# Installs what it needs (clang, libclang-rt-14-dev for libFuzzer, llvm for the
# symbolizer) with apt-get when missing. Inputs that grow coverage stay in
# build/fuzz/corpus/TARGET; a crash is written to build/fuzz/crashes/ and the
# script exits non-zero. Turn every crash into a regression test: copy the input
# into tests/data/fuzz-regressions/TARGET/ (tests/fuzz_regressions_test.cpp
# replays each file) and fix the bug.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=60
targets=()
while (($#)); do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    scenario|protocol) targets+=("$1"); shift ;;
    *) echo "usage: scripts/fuzz.sh [--seconds N] [scenario] [protocol]" >&2; exit 2 ;;
  esac
done
((${#targets[@]})) || targets=(scenario protocol)

scripts/install-deps.sh clang libclang-rt-14-dev llvm

build=build/fuzz
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS="-O1 -gline-tables-only -fsanitize=fuzzer-no-link" \
  -DCARC_SANITIZE=ON -DCARC_UNITY=OFF -DCARC_BUILD_TESTS=OFF -DCARC_BUILD_BENCH=OFF -DCARC_BUILD_FUZZERS=ON >/dev/null
# Not a unity build: the libraries' files compile one by one here (each includes what it uses).
# Two jobs at most: the build machines are shared (BRIEF-COMMON: never more than -j2).
cmake --build "$build" -j2 --target fuzz_scenario fuzz_protocol fuzz_seeds

# Seed corpora: every scenario file, the perft positions, the malformed fixtures
# and earlier crashes; for the protocol, one exchange per scenario.
seed_dir() {
  local target="$1" dir="$build/seeds/$1"
  rm -rf "$dir" && mkdir -p "$dir"
  if [[ "$target" == scenario ]]; then
    # One seed per YAML document: a file of a dozen scenarios costs a dozen scenarios on every
    # execution, and the fuzzer ran at under 100 inputs a second on whole files.
    find scenarios perft tests/data/invalid tests/data/runner -name '*.yaml' -print0 |
      while IFS= read -r -d '' f; do
        awk -v out="$dir/$(echo "$f" | tr '/' '_')" '
          BEGIN { n = 0 }
          /^---[[:space:]]*$/ { close(name); n++; next }
          { name = out "." n; print > name }' "$f"
      done
  else
    "$build/fuzz/fuzz_seeds" "$dir" scenarios perft >/dev/null
  fi
  if [[ -d tests/data/fuzz-regressions/$target ]]; then cp tests/data/fuzz-regressions/"$target"/* "$dir"/ 2>/dev/null || true; fi
  echo "$dir"
}

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
status=0
for t in "${targets[@]}"; do
  seeds=$(seed_dir "$t")
  corpus="$build/corpus/$t"
  mkdir -p "$corpus" "$build/crashes"
  dict=()
  [[ -f fuzz/$t.dict ]] && dict=(-dict="fuzz/$t.dict")
  echo "== fuzz_$t for ${seconds}s (seeds: $(ls "$seeds" | wc -l))"
  if ! "$build/fuzz/fuzz_$t" "$corpus" "$seeds" "${dict[@]}" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 -artifact_prefix="$build/crashes/$t-" 2>"$build/fuzz_$t.log"; then
    status=1
    echo "fuzz_$t found a crash; see $build/fuzz_$t.log and $build/crashes/" >&2
    tail -40 "$build/fuzz_$t.log" >&2
  fi
  grep -E "^stat::(number_of_executed_units|peak_rss_mb|new_units_added)|^#[0-9]+[[:space:]]+DONE" "$build/fuzz_$t.log" || true
done
exit $status
