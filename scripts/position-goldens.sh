#!/usr/bin/env bash
# Record or compare the outputs that a change to the position code must leave
# byte-identical (issue 51 "One position, declared once by its rooms").
#
#   scripts/position-goldens.sh record BINARY DIR [--jobs N] [--versions LIST] [--requests all|none]
#                                                [--scenarios DIR]
#   scripts/position-goldens.sh compare DIR_A DIR_B
#
# record writes into DIR (which must not exist yet):
#   run.jsonl             run --format json over the corpus, every ruleset each
#                         scenario applies under, the "seconds" timings removed
#   run-metamorphic.jsonl the same with --metamorphic
#   report/               carc-oracle report --out (summary.md, results.jsonl)
#   export/               carc-oracle export --out (manifest.json, cases/)
#   exports/vN/           export --protocol-version N for every version N: every
#                         scenario x ruleset request as sent to a peer of version N
#   schemas/              carc-oracle schema --all
#   requests/ID.txt       request ID --protocol-version N for every scenario id
#                         and every version N (1 to the binary's current one),
#                         each under a "### version N exit E" header line
#   exit-codes.txt        the exit code of every whole-corpus command above
#   meta.txt              the binary's --version and the time taken (not compared)
# --versions "1 5 11" records only those versions (a quick check; the full set is
# the golden). --jobs N runs N request processes side by side (default 2).
# --requests none leaves out requests/ (one process per scenario and version: on
# the loaded 2-core machine the dev build takes 30-45 minutes for them, while
# exports/ holds the same requests, under every ruleset, from 11 processes).
#
# compare diffs two such directories (meta.txt aside) and exits 1 on any
# difference, listing each differing or missing file; 0 when identical.
# Exit 2: bad usage or a record that failed to run (the message says which step).
set -euo pipefail

usage() {
    sed -n '5,6p' "$0" | sed 's/^# *//' >&2
    exit 2
}

die() {
    echo "position-goldens: $*" >&2
    exit 2
}

strip_seconds() {
    # Timings differ from run to run; every other byte is compared.
    sed -E 's/,"seconds":[-+.0-9eE]+//g'
}

record() {
    [[ $# -ge 2 ]] || usage
    local bin out jobs=2 versions="" scen=scenarios requests=all
    bin=$(realpath "$1")
    out=$2
    shift 2
    while [[ $# -gt 0 ]]; do
        case $1 in
            --jobs) jobs=$2; shift 2 ;;
            --versions) versions=$2; shift 2 ;;
            --scenarios) scen=$2; shift 2 ;;
            --requests) requests=$2; shift 2 ;;
            *) die "unknown option '$1'" ;;
        esac
    done
    [[ $requests == all || $requests == none ]] || die "--requests takes all or none, not '$requests'"
    [[ -x $bin ]] || die "'$bin' is not an executable"
    [[ -d $scen ]] || die "no scenario folder '$scen' (run from the repository root or pass --scenarios)"
    [[ -e $out ]] && die "'$out' exists already; record into a new directory"
    mkdir -p "$out"
    out=$(realpath "$out")
    local start=$SECONDS
    "$bin" --version > "$out/meta.txt"

    if [[ -z $versions ]]; then
        local current
        current=$(sed -nE 's/^adapter protocol: versions 1 to ([0-9]+).*/\1/p' "$out/meta.txt")
        [[ -n $current ]] || die "cannot read the current protocol version from '$bin --version'"
        versions=$(seq 1 "$current" | tr '\n' ' ')
    fi
    local rc v
    set +e
    "$bin" run "$scen" --format json --no-progress 2> "$out/run.stderr" | strip_seconds > "$out/run.jsonl"
    rc=${PIPESTATUS[0]}
    echo "run $rc" > "$out/exit-codes.txt"
    "$bin" run "$scen" --metamorphic --format json --no-progress 2> "$out/run-metamorphic.stderr" |
        strip_seconds > "$out/run-metamorphic.jsonl"
    echo "run-metamorphic ${PIPESTATUS[0]}" >> "$out/exit-codes.txt"
    "$bin" report "$scen" --out "$out/report" > "$out/report.stdout" 2>&1
    echo "report $?" >> "$out/exit-codes.txt"
    "$bin" export "$scen" --out "$out/export" > "$out/export.stdout" 2>&1
    echo "export $?" >> "$out/exit-codes.txt"
    "$bin" schema --all "$out/schemas" > "$out/schema.stdout" 2>&1
    echo "schema $?" >> "$out/exit-codes.txt"
    for v in $versions; do
        "$bin" export "$scen" --out "$out/exports/v$v" --protocol-version "$v" > "$out/export-v$v.stdout" 2>&1
        echo "export-v$v $?" >> "$out/exit-codes.txt"
    done
    set -e
    # The output folder's own path differs between two records: name it OUT.
    local f
    for f in "$out"/*.stdout "$out"/*.stderr; do
        sed -i "s|$out|OUT|g" "$f"
    done
    [[ $rc -le 1 && -s $out/run.jsonl ]] || die "run over '$scen' gave exit $rc and no results (see $out/run.stderr)"

    if [[ $requests == none ]]; then
        echo "recorded in $((SECONDS - start)) s (versions: $versions; no requests/)" | tee -a "$out/meta.txt"
        return
    fi
    # Each scenario id with its file, from the run's results (one request
    # process reads only that file, which keeps the thousands of calls short).
    mkdir -p "$out/requests"
    jq -r 'select(.type == "result") | "\(.id) \(.file)"' "$out/run.jsonl" | sort -u > "$out/requests.list"
    export GOLDEN_BIN=$bin GOLDEN_OUT=$out GOLDEN_VERSIONS=$versions
    # shellcheck disable=SC2016
    xargs -P "$jobs" -L 1 bash -c '
        id=$0 file=$1
        dest=$GOLDEN_OUT/requests/$id.txt
        : > "$dest"
        for v in $GOLDEN_VERSIONS; do
            set +e
            text=$("$GOLDEN_BIN" request "$id" "$file" --protocol-version "$v" 2>&1)
            rc=$?
            set -e
            printf "### version %s exit %s\n%s\n" "$v" "$rc" "$text" >> "$dest"
        done' < "$out/requests.list"
    echo "recorded in $((SECONDS - start)) s (versions: $versions; jobs: $jobs)" | tee -a "$out/meta.txt"
}

compare() {
    [[ $# -eq 2 ]] || usage
    [[ -d $1 && -d $2 ]] || die "compare needs two golden directories"
    local report
    report=$(diff -rq -x meta.txt "$1" "$2" || true)
    if [[ -n $report ]]; then
        echo "$report"
        echo "position-goldens: $(echo "$report" | wc -l) difference(s) between $1 and $2" >&2
        exit 1
    fi
    echo "position-goldens: identical ($(find "$1" -type f ! -name meta.txt | wc -l) files)"
}

[[ $# -ge 1 ]] || usage
mode=$1
shift
case $mode in
    record) record "$@" ;;
    compare) compare "$@" ;;
    *) usage ;;
esac
