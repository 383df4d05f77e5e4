#!/bin/sh
# The scenario corpus against your adapter, in shards, merged: the steps of github-workflow.yml
# and k8s-indexed-job.yaml, run here one after another (README.md beside this file).
#
# usage: implementer-ci.sh all     every shard in turn (JOB_COMPLETION_INDEX 0 .. SHARDS-1), then merge
#        implementer-ci.sh shard   one shard: JOB_COMPLETION_INDEX (0-based, as a Kubernetes Indexed
#                                  Job sets it) -> run --shard INDEX+1/SHARDS into $OUT/shard-K/
#        implementer-ci.sh merge   every $OUT/shard-*/ merged into $OUT/merged/
#
# Settings, from the environment:
#   ADAPTER       your adapter, 'CMD ARGS' as run --impl takes it
#                 (default: the example adapter, python3 /usr/share/carc-oracle/adapters/toy_adapter.py)
#   CARC_ORACLE   the carc-oracle binary (default: carc-oracle on the PATH)
#   SCENARIOS     the corpus (default: /usr/share/carc-oracle/scenarios, as the package installs it)
#   EXPECTATIONS  your known failures (run --expectations); used when the file exists
#   SHARDS        how many shards (default 4)
#   OUT           where the shards and the merge go (default: carc-oracle-ci)
#   TIMEOUT       seconds per request (default 10)
#
# Exit codes: a shard exits 0 once its results are written, whatever they say (its own exit code is
# kept in shard-K/exit-code: the verdict is the merge's), and carc-oracle run's code when the run
# itself went wrong (2 bad arguments or scenarios, 3 the adapter could not start, 70, 74). merge
# and all exit with carc-oracle merge's code: 0 every result passed (or failed as expected), 1
# failures, 2 shards missing or of different runs (or invalid scenarios), 74 an output unwritable.
set -eu

SHARE=/usr/share/carc-oracle
CARC_ORACLE=${CARC_ORACLE:-carc-oracle}
SCENARIOS=${SCENARIOS:-$SHARE/scenarios}
ADAPTER=${ADAPTER:-python3 $SHARE/adapters/toy_adapter.py}
EXPECTATIONS=${EXPECTATIONS:-}
SHARDS=${SHARDS:-4}
OUT=${OUT:-carc-oracle-ci}
TIMEOUT=${TIMEOUT:-10}

say() { echo "implementer-ci: $*" >&2; }

shard() {
  index=${JOB_COMPLETION_INDEX:?"set JOB_COMPLETION_INDEX to this shard's index, 0 to SHARDS-1"}
  case $index in '' | *[!0-9]*)
    say "JOB_COMPLETION_INDEX='$index' is not a number"
    return 2
    ;;
  esac
  if [ "$index" -ge "$SHARDS" ]; then
    say "JOB_COMPLETION_INDEX=$index is not below SHARDS=$SHARDS"
    return 2
  fi
  k=$((index + 1))
  dir=$OUT/shard-$k
  rm -rf "$dir"
  mkdir -p "$dir"
  set -- run "$SCENARIOS" --impl "$ADAPTER" --timeout "$TIMEOUT" --shard "$k/$SHARDS" \
    --format json,junit --out "$dir" --no-progress --save-expectations "$dir/failures.yaml"
  if [ -n "$EXPECTATIONS" ] && [ -f "$EXPECTATIONS" ]; then set -- "$@" --expectations "$EXPECTATIONS"; fi
  say "shard $k/$SHARDS: $CARC_ORACLE $*"
  rc=0
  "$CARC_ORACLE" "$@" >"$dir/run.txt" || rc=$?
  echo "$rc" >"$dir/exit-code"
  cat "$dir/run.txt" >&2
  case $rc in
  0 | 1) return 0 ;;
  *)
    say "shard $k/$SHARDS: carc-oracle run exited $rc"
    return "$rc"
    ;;
  esac
}

merge() {
  merged=$OUT/merged
  rm -rf "$merged"
  mkdir -p "$merged"
  # Every shard's files, in shard order (a missing shard is named by carc-oracle merge).
  results=""
  failures=""
  for dir in "$OUT"/shard-*; do
    [ -d "$dir" ] || continue
    results="$results $dir/results.jsonl"
    failures="$failures $dir/failures.yaml"
  done
  if [ -z "$results" ]; then
    say "no $OUT/shard-*/: run the shards first"
    return 2
  fi
  rc=0
  # shellcheck disable=SC2086 # the paths are ours, without spaces when OUT has none
  "$CARC_ORACLE" merge $results -o "$merged/results.jsonl" || rc=$?
  case $rc in 0 | 1) ;; *) return "$rc" ;; esac
  # shellcheck disable=SC2086
  "$CARC_ORACLE" merge $failures -o "$merged/failures.yaml"
  "$CARC_ORACLE" render "$merged/results.jsonl" "$SCENARIOS" --format junit -o "$merged/junit.xml"
  say "merged: $merged/results.jsonl, $merged/junit.xml, $merged/failures.yaml (to commit as your expectations)"
  return "$rc"
}

case ${1:-} in
all)
  rm -rf "$OUT"
  index=0
  while [ "$index" -lt "$SHARDS" ]; do
    JOB_COMPLETION_INDEX=$index shard
    index=$((index + 1))
  done
  merge
  ;;
shard) shard ;;
merge) merge ;;
*)
  echo "usage: $0 all|shard|merge (settings from the environment; see the comment at the top)" >&2
  exit 2
  ;;
esac
