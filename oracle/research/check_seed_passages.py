#!/usr/bin/env python3
"""Check the ledger's seed passages against the seed pages they were copied from.

Usage: check_seed_passages.py [--seeds DIR]   (default: ../shared/seeds beside the checkout)

Every passage of oracle/rulings.yaml marked `checked: seed` must occur word for
word, whitespace folded, in the seed file of its source (the three rule pages the
project started from; they are not part of this repository). The other sourcing
rules of the ledger (public address, dates, tiers) are checked by
tests/ledger_test.cpp. Exit code 0 when every seed passage is found, 1 otherwise,
2 when the seed files are missing.
"""
import argparse
import os
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The seed page each seed-copied source is a snapshot of.
SEED_OF = {
    "S-FM1": "000_7e39aa87a1493fc9.txt",
    "S-PH": "001_261373047a365e74.txt",
    "S-CC": "003_0979434bfb986c18.txt",
}


def fold(text):
    return " ".join(text.split())


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default=os.path.join(ROOT, "..", "shared", "seeds"))
    args = ap.parse_args()
    ledger = yaml.safe_load(open(os.path.join(ROOT, "oracle", "rulings.yaml"), encoding="utf-8"))
    errors, checked = [], 0
    for key, source in ledger["sources"].items():
        for pkey, p in (source.get("passages") or {}).items():
            if p.get("checked") != "seed":
                continue
            where = "%s/%s" % (key, pkey)
            if key not in SEED_OF:
                errors.append("%s: checked: seed, but %s has no seed page" % (where, key))
                continue
            path = os.path.join(args.seeds, SEED_OF[key])
            if not os.path.exists(path):
                print("check_seed_passages: %s: no such file (give --seeds DIR)" % path, file=sys.stderr)
                return 2
            if fold(p.get("original", "")) not in fold(open(path, encoding="utf-8").read()):
                errors.append("%s: not found word for word in %s" % (where, SEED_OF[key]))
            checked += 1
    for e in errors:
        print("check_seed_passages: " + e, file=sys.stderr)
    print("check_seed_passages: %d seed passages compared, %d not found" % (checked, len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
