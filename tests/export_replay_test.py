#!/usr/bin/env python3
"""The export replayed (oracle/EXPORT.md) gives the verdicts `run --impl` gives.

For each implementation below, the corpus is exported with `carc-oracle export`
(at the protocol version that implementation answers), then a small replayer
written here from EXPORT.md alone -- it reads only the exported files, speaks the
protocol itself and applies the documented comparison rules, never the runner's
evaluation -- sends every case and judges every answer. The same selection is run
with `carc-oracle run --impl ... --format json`, and each case's verdict must be
the same: passed, failed, unsupported, skipped or errored. Every exported line and
the manifest are also checked against oracle/schemas/export-*.schema.json.

The implementations: our engine behind `serve` (the corpus passes; the runner
fixture tests/data/runner/fail fails), tests/adapters/wrong.py (drops a legal move
from every answer: failures of moves, includes, count), tests/adapters/rotated.py
(every placement under an equivalent non-canonical rotation: still passes, so the
placement canonicalisation rule is exercised).

usage: export_replay_test.py --binary CARC_ORACLE --root SOURCE_DIR
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import jsonschema


# --- the replayer: EXPORT.md's rules, nothing of the runner -------------------

def canonical(move, rotations):
    """A placement under the smallest rotation giving its layout; any other move as written."""
    words = move.split(" ")
    if len(words) == 4 and words[0] == "place" and words[1] in rotations and words[3][:1] == "r":
        try:
            quarter = int(words[3][1:]) // 90
        except ValueError:
            return move
        if 0 <= quarter < 4:
            words[3] = "r%d" % rotations[words[1]][quarter]
    return " ".join(words)


def judge(case, answer):
    """True when the answer meets every expected key under its comparison rule."""
    expected, rules = case["expected"], case["compare"]
    rotations = case["canonical_rotations"]
    moves = [canonical(m, rotations) for m in answer.get("moves", [])]
    for key, want in expected.items():
        rule = rules[key]
        got = answer.get(key)
        if rule == "canonical-exact-set":
            ok = collections.Counter(moves) == collections.Counter(want)
        elif rule == "canonical-contains":
            ok = all(m in moves for m in want)
        elif rule == "canonical-exact-set-per-verb":
            ok = all(collections.Counter(m for m in moves if m.split(" ")[0] == verb) == collections.Counter(listed)
                     for verb, listed in want.items())
        elif rule == "canonical-excludes":
            ok = not any(m in moves for m in want)
        elif rule == "length":
            ok = len(answer.get("moves", [])) == want
        elif rule == "per-probe":
            legal = answer.get("legal", {})
            ok = all(probe in legal and (legal[probe] != "ok" if verdict is False else legal[probe] == verdict)
                     for probe, verdict in want.items())
        elif rule == "equal-or-null":
            ok = got == want  # absent is None, like null
        elif rule == "per-player":
            got = got or {}
            ok = all(colour in got and got[colour] == n for colour, n in want.items())
        elif rule == "per-player-kind-missing-is-0":
            got = got or {}
            ok = all(got.get(colour, {}).get(kind, 0) == n for colour, kinds in want.items() for kind, n in kinds.items())
        elif rule == "multiset":
            ok = collections.Counter(got or []) == collections.Counter(want)
        elif rule == "per-holder-multiset":
            got = got or {}
            ok = all(collections.Counter(got.get(holder, [])) == collections.Counter(lst) for holder, lst in want.items())
        elif rule == "equal":
            ok = got == want
        elif rule == "equal-absent-is-none":
            ok = (got if got is not None else "none") == want
        elif rule == "equal-absent-is-absent":
            ok = (got if got is not None else "absent") == want
        elif rule == "ordered-list":
            ok = (got or []) == want
        elif rule == "score-events":
            ok = score_events_meet(want, got or [])
        else:
            raise SystemExit("unknown comparison rule %r" % rule)
        if not ok:
            return False
    return True


def score_event(text):
    """(final, kind, points, colours, parts, figures or None) of '[final ]KIND POINTS COLOUR... at PART... [with F, ...]'."""
    head, _, tail = text.partition(" with ")
    figures = sorted(tail.split(", ")) if tail else None
    words = head.split()
    final = words[0] == "final"
    words = words[1:] if final else words
    at = words.index("at")
    return final, words[0], int(words[1]), sorted(words[2:at]), set(words[at + 1:]), figures


def score_events_meet(want, got):
    """EXPORT.md score-events: each expected event met by its own answered one, none left over."""
    answered = [score_event(t) for t in got]
    used = [False] * len(answered)
    for text in want:
        w = score_event(text)
        for i, g in enumerate(answered):
            if not used[i] and w[:4] == g[:4] and w[4] <= g[4] and (w[5] is None or w[5] == (g[5] or [])):
                used[i] = True
                break
        else:
            return False
    return all(used)


def supported(case, hello):
    """Whether the case can be sent: what it requires is declared (EXPORT.md "Requires")."""
    caps = hello["capabilities"]
    has = set(caps["expansions"]) | {("base" if f == "follower" else f) for f in caps["figures"]}
    need = case["requires"]
    if not set(need["capabilities"]) <= has:
        return False
    declared = caps.get("switches", {})
    return all(played_value(case, key, declared) for key in need["switches"]) and \
        set(need["queries"]) <= set(caps["queries"])


def played_value(case, key, declared):
    """The value of a required switch the implementation is sent: the one required when it declares
    it, else the first value it declares among the case's `holds_under` (EXPORT.md), else None."""
    need = case["requires"]
    if need["switches"][key] in declared.get(key, []):
        return need["switches"][key]
    return next((v for v in need.get("holds_under", {}).get(key, []) if v in declared.get(key, [])), None)


def as_played(case, hello):
    """The case with each required switch it does not declare replaced in every request by the
    value of holds_under it plays (a harness replacing more than one switch of a case relies on
    each having been checked alone: EXPORT.md)."""
    declared = hello["capabilities"].get("switches", {})
    swaps = {k: played_value(case, k, declared) for k in case["requires"]["switches"]}
    swaps = {k: v for k, v in swaps.items() if v != case["requires"]["switches"][k]}
    if not swaps:
        return case
    out = json.loads(json.dumps(case))
    for part in out.get("checkpoints", []) + [out]:
        part["request"]["ruleset"]["switches"].update(swaps)
    return out


def replay(export_dir, argv):
    """(id, ruleset) -> state, from the exported files and the implementation's replies."""
    manifest = json.load(open(os.path.join(export_dir, "manifest.json")))
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(message):
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()
        return json.loads(proc.stdout.readline())

    hello = ask({"cmd": "start", "protocol_version": manifest["protocol_version"]})
    assert hello.get("protocol_version", manifest["protocol_version"]) == manifest["protocol_version"], hello
    verdicts = {}
    seq = 0
    for entry in manifest["files"]:
        for line in open(os.path.join(export_dir, entry["path"])):
            case = json.loads(line)
            key = (case["id"], case["ruleset"])
            if "events" not in hello["capabilities"].get("queries", []) and "scored" in case["expected"]:
                # EXPORT.md: score events are not asked of an implementation without query events
                case = dict(case, expected={k: v for k, v in case["expected"].items() if k != "scored"})
                if not case["expected"]:
                    verdicts[key] = "unsupported"
                    continue
            if not supported(case, hello):
                verdicts[key] = "unsupported"
                continue
            case = as_played(case, hello)
            # Each checkpoint's request, then the final one: one verdict (EXPORT.md "Checkpoints"):
            # a request not answered decides it (errored before skipped), else every part must pass.
            states = []
            for part in case.get("checkpoints", []) + [case]:
                seq += 1
                reply = ask(dict(part["request"], seq=seq))
                assert reply["seq"] == seq, reply
                if "answer" in reply:
                    part_case = dict(part, canonical_rotations=case["canonical_rotations"])
                    states.append("passed" if judge(part_case, reply["answer"]) else "failed")
                elif reply.get("skipped"):
                    states.append("skipped")
                else:
                    states.append("errored")
            for state in ("errored", "skipped", "failed", "passed"):
                if state in states:
                    verdicts[key] = state
                    break
    proc.stdin.write('{"cmd": "stop"}\n')
    proc.stdin.close()
    proc.wait(timeout=30)
    return verdicts


# --- the test -----------------------------------------------------------------

def run_verdicts(binary, paths, impl):
    done = subprocess.run([binary, "run", *paths, "--impl", impl, "--format", "json", "--no-progress", "--timeout", "60"],
                          capture_output=True, text=True)
    assert done.returncode in (0, 1), (done.returncode, done.stderr[-2000:])
    out = {}
    for line in done.stdout.splitlines():
        record = json.loads(line)
        if record["type"] == "result" and record["ruleset"] is not None:
            out[(record["id"], record["ruleset"])] = record["state"]
    return out


def validate_export(export_dir, schemas):
    manifest_schema = json.load(open(os.path.join(schemas, "export-manifest.schema.json")))
    case_schema = json.load(open(os.path.join(schemas, "export-case.schema.json")))
    manifest = json.load(open(os.path.join(export_dir, "manifest.json")))
    jsonschema.validate(manifest, manifest_schema)
    case_validator = jsonschema.Draft202012Validator(case_schema)
    request_schema = json.load(open(os.path.join(schemas, "protocol-run.schema.json")))
    request_validator = jsonschema.Draft202012Validator(request_schema)
    schema_version = int(re.search(r"protocol v(\d+)", request_schema["title"]).group(1))
    n = 0
    for entry in manifest["files"]:
        for k, line in enumerate(open(os.path.join(export_dir, entry["path"]))):
            case = json.loads(line)
            case_validator.validate(case)
            # The request is the run message's own encoder's output, which the protocol-schema ctest
            # checks on every request of the corpus: here the first case of each file, at the version
            # the schema describes.
            if k == 0 and manifest["protocol_version"] == schema_version:
                request_validator.validate(case["request"])
            n += 1
    assert n == manifest["cases"], (n, manifest["cases"])
    return n


def check_expect_keys(export_dir, bases):
    """Every key a scenario's `expect:` sets is in each of its exported cases, so an expectation
    key added to the format without an export rule cannot go unnoticed (the replay would then
    compare less than run does)."""
    import yaml
    manifest = json.load(open(os.path.join(export_dir, "manifest.json")))
    for entry in manifest["files"]:
        written = {}
        # `source` is the file as reports name it: relative to the folder holding the path given.
        source = entry["source"]
        if not os.path.isabs(source):
            source = next((os.path.join(b, source) for b in bases if os.path.isfile(os.path.join(b, source))), source)
        for doc in yaml.safe_load_all(open(source, encoding="utf-8")):
            if isinstance(doc, dict) and "id" in doc:
                # a key some variant removes (`remove: [scored]`) is not exported under its rulesets
                removed = set(k for v in (doc.get("variants") or []) for k in (v.get("remove") or []))
                written[doc["id"]] = set((doc.get("expect") or {}).keys()) - removed
        for line in open(os.path.join(export_dir, entry["path"])):
            case = json.loads(line)
            missing = written.get(case["id"], set()) - set(case["expected"])
            assert not missing, "%s under %s: expect keys %s not exported" % (case["id"], case["ruleset"], sorted(missing))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    binary, root = os.path.abspath(args.binary), os.path.abspath(args.root)
    paths = [os.path.join(root, "scenarios"), os.path.join(root, "tests", "data", "runner", "fail")]
    adapters = os.path.join(root, "tests", "adapters")
    # (name, argv, protocol version it answers, selection): the fakes get their answers from serve
    # through Python, so they run one ruleset; our engine runs the whole corpus.
    impls = [
        ("serve", [binary, "serve"], None, []),
        ("wrong.py", [sys.executable, os.path.join(adapters, "wrong.py"), binary], 1, ["--ruleset", "hig-c3"]),
        ("rotated.py", [sys.executable, os.path.join(adapters, "rotated.py"), binary], 1, ["--ruleset", "hig-c3"]),
    ]
    work = tempfile.mkdtemp(prefix="carc-export-replay-")
    failures = 0
    try:
        for name, argv, version, selection in impls:
            t0 = time.monotonic()
            export_dir = os.path.join(work, name)
            cmd = [binary, "export", "--out", export_dir, *paths, *selection]
            if version:
                cmd += ["--protocol-version", str(version)]
            done = subprocess.run(cmd, capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
            cases = validate_export(export_dir, os.path.join(root, "oracle", "schemas"))
            if name == "serve":
                check_expect_keys(export_dir, [os.path.dirname(p) for p in paths])
            replayed = replay(export_dir, argv)
            ran = run_verdicts(binary, paths + selection, " ".join("'%s'" % a for a in argv))
            states = collections.Counter(replayed.values())
            differ = sorted(k for k in set(ran) | set(replayed) if ran.get(k) != replayed.get(k))
            print("%s: %d cases exported, replayed %s in %.1f s; %d verdicts differ from run"
                  % (name, cases, dict(states), time.monotonic() - t0, len(differ)))
            for k in differ[:20]:
                print("  %s under %s: run %s, replay %s" % (k[0], k[1], ran.get(k), replayed.get(k)))
            failures += len(differ) > 0
            if name == "serve":  # the corpus passes; the fixture's one case fails
                failures += states["failed"] != 1 or states["passed"] != cases - 1
            if name == "wrong.py":
                failures += states["failed"] < 100 or states["passed"] < 100 or states["unsupported"] < 1
            if name == "rotated.py":
                failures += states["failed"] != 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("export-replay: %s" % ("every verdict as run gives it" if not failures else "%d problem(s)" % failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
