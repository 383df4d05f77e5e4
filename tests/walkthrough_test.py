#!/usr/bin/env python3
"""Runs the walk-through of oracle/adapters/README.md verbatim.

Every fenced block opened with ```sh walkthrough is part of it; each line that is
not blank and not a comment is one shell command, run in order with `sh -c` in a
fresh temporary directory that holds the repository's oracle/ and scenarios/ (as
links) and has carc-oracle on PATH, exactly as a reader at the repository root
would type it. A command's expected exit code is 0 unless the line ends with a
comment `# exit N`. Any other exit code fails the test, with the command and
its output. Prints the wall time of the whole walk-through.

usage: walkthrough_test.py --binary CARC_ORACLE --root SOURCE_DIR
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FENCE = re.compile(r"^```sh walkthrough\s*$")
EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")


def commands(readme):
    """(line number, command, expected exit code) of every walk-through block, in order."""
    out, inside = [], False
    for number, line in enumerate(open(readme, encoding="utf-8"), 1):
        line = line.rstrip("\n")
        if not inside:
            inside = bool(FENCE.match(line))
            continue
        if line.startswith("```"):
            inside = False
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = EXIT.search(line)
        out.append((number, line, int(m.group(1)) if m else 0))
    if inside:
        raise SystemExit("%s: a ```sh walkthrough block is never closed" % readme)
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--root", required=True)
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    readme = os.path.join(root, "oracle", "adapters", "README.md")
    steps = commands(readme)
    if len(steps) < 5:
        print("walkthrough: only %d commands found in %s" % (len(steps), readme))
        return 1
    work = tempfile.mkdtemp(prefix="carc-walkthrough-")
    bindir = os.path.join(work, ".bin")
    os.makedirs(bindir)
    os.symlink(os.path.abspath(args.binary), os.path.join(bindir, "carc-oracle"))
    for name in ("oracle", "scenarios"):
        os.symlink(os.path.join(root, name), os.path.join(work, name))
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    env.pop("NO_COLOR", None)
    t0 = time.monotonic()
    try:
        for number, command, expected in steps:
            t = time.monotonic()
            done = subprocess.run(["sh", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                  stdin=subprocess.DEVNULL, timeout=600)
            print("README.md:%d: exit %d (%.1f s): %s" % (number, done.returncode, time.monotonic() - t, command))
            if done.returncode != expected:
                print("walkthrough: expected exit %d\n--- stdout ---\n%s\n--- stderr ---\n%s"
                      % (expected, done.stdout[-4000:], done.stderr[-4000:]))
                return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("walkthrough: %d commands as written, in %.1f s wall time" % (len(steps), time.monotonic() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
