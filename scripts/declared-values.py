#!/usr/bin/env python3
"""How much of the corpus and of explore's questions an honest implementation is asked, for a
carc-oracle binary (issue 46: a request is sent with a value the implementation plays when our
engine finds the verdict the same). Implementations, all our engine behind a handshake:

  serve@N          serve in protocol version N (tests/adapters/at_version.py), N = 1 .. newest
  toy              the example adapter (oracle/adapters/toy_adapter.py)
  KEY=VALUE        serve declaring only VALUE of switch KEY (tests/adapters/one_value.py), for the
                   first value after the default of every switch

`run` over the corpus: results that ran (passed, failed, ...) and unsupported ones. `explore`
(--explore): a few games of each tile set, questions asked and unsupported. Prints a table;
--json writes the figures for comparing two binaries.

usage: scripts/declared-values.py BINARY [--explore] [--games N] [--json FILE] [--only REGEX]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADAPTERS = os.path.join(ROOT, "tests", "adapters")
SETS = {"base": None, "flier": "flier-distance", "crop-circles": "crop-add-where",
        "princess-dragon": "dragon-move", "tower": "ransom-score-floor", "festival": "festival-return",
        "bridges-castles": "castle-converters", "big-top": "ringmaster-bonus-needs-majority"}


def handshake(binary):
    out = subprocess.run([binary, "serve"], input='{"cmd":"start","protocol_version":1}\n', capture_output=True,
                         text=True).stdout
    newest = 1
    while True:  # the newest version serve speaks: it refuses the next one
        line = '{"cmd":"start","protocol_version":%d}\n' % (newest + 1)
        reply = subprocess.run([binary, "serve"], input=line, capture_output=True, text=True).stdout
        if '"capabilities"' not in reply:
            break
        newest += 1
        out = reply
    return newest, json.loads(out.splitlines()[0])


def impls(binary, newest, hello, log):
    py = sys.executable
    out = [("serve@%d" % v, [py, os.path.join(ADAPTERS, "at_version.py"), binary, str(v)]) for v in range(1, newest + 1)]
    out.append(("toy", [py, os.path.join(ROOT, "oracle", "adapters", "toy_adapter.py")]))
    for key, values in hello["capabilities"].get("switches", {}).items():
        if len(values) > 1:
            out.append(("%s=%s" % (key, values[1]),
                        [py, os.path.join(ADAPTERS, "one_value.py"), binary, str(newest), key, values[1], log]))
    return out


def run_figures(binary, argv):
    done = subprocess.run([binary, "run", os.path.join(ROOT, "scenarios"), "--impl", " ".join(argv), "--jobs", "2",
                           "--format", "json", "--no-progress"], capture_output=True, text=True)
    summary = [json.loads(l) for l in done.stdout.splitlines() if '"type":"summary"' in l.replace(" ", "")]
    if not summary:
        return {"error": done.stderr.strip().splitlines()[-1:] or ["exit %d" % done.returncode]}
    s = summary[-1]
    return {"ran": s["ran"], "unsupported": s["unsupported"], "failed": s["failed"] + s.get("errored", 0),
            "played_as": sum(s.get("played_as", {}).values())}


def explore_figures(binary, argv, sets, games):
    with tempfile.TemporaryDirectory() as out:
        edition = ["--ruleset", "hig-c2"] if "princess-dragon" in sets else []  # printed for C1 and C2 only
        done = subprocess.run([binary, "explore", "--impl", " ".join(argv), "--games", str(games), "--sets", sets,
                               *edition, "--no-shrink", "--no-progress", "--out", out], capture_output=True, text=True)
        path = os.path.join(out, "explore.jsonl")
        tallies = []
        if os.path.exists(path):
            for line in open(path):
                record = json.loads(line)
                tallies += record.get("implementations", []) if isinstance(record, dict) else []
        if not tallies:
            last = done.stderr.strip().splitlines()[-1:] or ["exit %d" % done.returncode]
            return {"error": last[0][:90]}
        t = tallies[0]
        return {"asked": t["asked"], "unsupported": t["unsupported"], "played_as": sum(t.get("played_as", {}).values())}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("binary")
    p.add_argument("--explore", action="store_true")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--json")
    p.add_argument("--only", default="")
    a = p.parse_args()
    binary = os.path.abspath(a.binary)
    newest, hello = handshake(binary)
    figures = {}
    with tempfile.NamedTemporaryFile(suffix=".log") as log:
        for name, argv in impls(binary, newest, hello, log.name):
            if a.only and not re.search(a.only, name):
                continue
            if a.explore:
                for sets, key in SETS.items():
                    if "=" in name and key and not name.startswith(key + "="):
                        continue  # a switch proxy plays the games of its switch's set
                    if "=" in name and not key:
                        continue
                    f = explore_figures(binary, argv, "base" if sets == "base" else "base," + sets, a.games)
                    figures["%s %s" % (name, sets)] = f
                    print("%-50s %s" % (name + " " + sets, f), flush=True)
            else:
                f = run_figures(binary, argv)
                figures[name] = f
                print("%-50s %s" % (name, f), flush=True)
    if a.json:
        json.dump(figures, open(a.json, "w"), indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
