#!/usr/bin/env python3
"""Compare the benchmarks of two commits on this machine.

Builds each commit once (release preset, from `git archive` into WORKDIR/<sha>,
so the working tree is never touched and a commit built before is reused), then
runs every benchmark binary of the two builds interleaved, A B A B ..., for
--rounds rounds, and prints per benchmark the median CPU time of each side and
the ratio B/A, with the load average seen while they ran.

    scripts/bench-compare.py A B [--rounds N] [--filter REGEX] [--min-time S]
                             [--workdir DIR] [--json FILE]

A and B are anything `git rev-parse` takes (main, HEAD~1, a sha). A ratio
above 1 means B is slower. Exit codes: 0 compared; 1 a benchmark missing on one
side or a run that failed; 2 bad usage, a commit that does not exist or a build
that failed.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import io

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fail(message, code=2):
    print(f"bench-compare: {message}", file=sys.stderr)
    sys.exit(code)


def git(*args):
    return subprocess.run(["git", "-C", REPO, *args], check=True, capture_output=True, text=True).stdout.strip()


def resolve(rev):
    try:
        return git("rev-parse", "--verify", f"{rev}^{{commit}}")
    except subprocess.CalledProcessError:
        fail(f"'{rev}' is not a commit of {REPO}")


def bench_binaries(build_dir):
    """Every executable in the build's bench/ folder (carc_bench today)."""
    folder = os.path.join(build_dir, "bench")
    found = []
    if os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isfile(path) and os.access(path, os.X_OK):
                found.append(path)
    return found


def build(sha, workdir):
    """Source of `sha` in WORKDIR/<sha>/src, built with the release preset."""
    src = os.path.join(workdir, sha, "src")
    build_dir = os.path.join(src, "build", "release")
    stamp = os.path.join(workdir, sha, "built")
    if os.path.exists(stamp) and bench_binaries(build_dir):
        print(f"[{sha[:10]}] built before: {build_dir}", file=sys.stderr)
        return build_dir
    if os.path.exists(src):
        shutil.rmtree(src)
    os.makedirs(src)
    archive = subprocess.run(["git", "-C", REPO, "archive", sha], check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(src)
    print(f"[{sha[:10]}] building release into {build_dir} ...", file=sys.stderr)
    log = os.path.join(workdir, sha, "build.log")
    with open(log, "w") as out:
        steps = [["cmake", "--preset", "release"], ["nice", "cmake", "--build", "--preset", "release", "--target", "carc_bench"]]
        for step in steps:
            if subprocess.run(step, cwd=src, stdout=out, stderr=subprocess.STDOUT).returncode != 0:
                fail(f"building {sha[:10]} failed at '{' '.join(step)}' (log: {log})")
    if not bench_binaries(build_dir):
        fail(f"{sha[:10]} built no benchmark binary under {build_dir}/bench")
    open(stamp, "w").close()
    return build_dir


def run_once(binary, args):
    """One run of a benchmark binary: {name: (cpu_time, real_time, unit)}."""
    proc = subprocess.run([binary, "--benchmark_format=json", *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{os.path.basename(binary)} exited {proc.returncode}: {proc.stderr.strip()[-400:]}")
    data = json.loads(proc.stdout)
    results = {}
    for bench in data.get("benchmarks", []):
        if bench.get("run_type", "iteration") != "iteration" or "error_occurred" in bench:
            continue
        results[bench["name"]] = (bench["cpu_time"], bench["real_time"], bench.get("time_unit", "ns"))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="the base commit (A)")
    parser.add_argument("b", help="the commit compared with it (B)")
    parser.add_argument("--rounds", type=int, default=5, help="A B rounds, each one run of every binary (default 5)")
    parser.add_argument("--filter", default="", help="--benchmark_filter regex (default: every benchmark)")
    parser.add_argument("--min-time", default="", help="--benchmark_min_time per benchmark, e.g. 0.2 (default: the library's)")
    parser.add_argument("--workdir", default="/tmp/carc-bench-compare", help="where sources and builds are kept (default %(default)s)")
    parser.add_argument("--json", help="also write the figures to this file as JSON")
    opts = parser.parse_args()
    if opts.rounds < 1:
        fail("--rounds must be at least 1")

    sha_a, sha_b = resolve(opts.a), resolve(opts.b)
    os.makedirs(opts.workdir, exist_ok=True)
    build_a = build(sha_a, opts.workdir)
    build_b = build_a if sha_b == sha_a else build(sha_b, opts.workdir)
    bins_a = {os.path.basename(p): p for p in bench_binaries(build_a)}
    bins_b = {os.path.basename(p): p for p in bench_binaries(build_b)}
    names = sorted(set(bins_a) & set(bins_b))
    problems = [f"binary {n} only in {'A' if n in bins_a else 'B'}" for n in sorted(set(bins_a) ^ set(bins_b))]

    args = []
    if opts.filter:
        args.append(f"--benchmark_filter={opts.filter}")
    if opts.min_time:
        args.append(f"--benchmark_min_time={opts.min_time}")

    samples = {"A": {}, "B": {}}
    units = {}
    loads = []
    for rnd in range(1, opts.rounds + 1):
        for side, bins in (("A", bins_a), ("B", bins_b)):
            for name in names:
                loads.append(os.getloadavg()[0])
                try:
                    results = run_once(bins[name], args)
                except (RuntimeError, json.JSONDecodeError) as err:
                    problems.append(f"round {rnd} {side}: {err}")
                    continue
                loads.append(os.getloadavg()[0])
                for bench, (cpu, real, unit) in results.items():
                    samples[side].setdefault(bench, []).append((cpu, real))
                    units[bench] = unit
        print(f"round {rnd}/{opts.rounds} done, load {os.getloadavg()[0]:.2f}", file=sys.stderr)

    rows = []
    for bench in sorted(set(samples["A"]) | set(samples["B"])):
        a, b = samples["A"].get(bench), samples["B"].get(bench)
        if not a or not b:
            problems.append(f"{bench} ran only on side {'A' if a else 'B'}")
            continue
        med_a = statistics.median(s[0] for s in a)
        med_b = statistics.median(s[0] for s in b)
        rows.append({
            "benchmark": bench,
            "unit": units[bench],
            "cpu_median_a": med_a,
            "cpu_median_b": med_b,
            "ratio": med_b / med_a if med_a > 0 else float("nan"),
            "samples": min(len(a), len(b)),
        })

    print(f"A = {sha_a[:10]} ({opts.a}), B = {sha_b[:10]} ({opts.b}); {opts.rounds} rounds interleaved A B;"
          f" filter '{opts.filter or '(all)'}'")
    width = max([len(r["benchmark"]) for r in rows] + [9])
    print(f"{'benchmark':<{width}}  {'CPU A':>12}  {'CPU B':>12}  {'B/A':>6}  n")
    for r in rows:
        print(f"{r['benchmark']:<{width}}  {r['cpu_median_a']:>10.4g}{r['unit']:>2}  {r['cpu_median_b']:>10.4g}{r['unit']:>2}"
              f"  {r['ratio']:>6.3f}  {r['samples']}")
    if loads:
        print(f"load average (1 min) during the runs: min {min(loads):.2f}, median {statistics.median(loads):.2f},"
              f" max {max(loads):.2f} on {os.cpu_count()} cores")
    for p in problems:
        print(f"problem: {p}", file=sys.stderr)
    if opts.json:
        with open(opts.json, "w") as out:
            json.dump({"a": sha_a, "b": sha_b, "rounds": opts.rounds, "filter": opts.filter, "rows": rows,
                       "load": loads, "problems": problems}, out, indent=1)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
