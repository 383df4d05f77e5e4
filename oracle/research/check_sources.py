#!/usr/bin/env python3
"""Check oracle/research/sources.yaml against oracle/rulings.yaml.

Usage: check_sources.py [--seeds DIR]

Checks that the file has the structure described in oracle/research/README.md,
that every citation of the ledger (rulings and switches) appears exactly once,
that every passage a citation names exists, and, with --seeds, that every
passage marked `checked: seed` occurs word for word (whitespace folded) in the
seed file of its source. Exit code 0 when everything holds, 1 otherwise.
"""
import argparse
import collections
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TIERS = ["RULE", "OFFICIAL", "EXAMPLE", "EDITORIAL", "IMPL", "COMMUNITY"]
FOUND = {"yes", "partial", "no"}
CHECKED = {"seed", "stored-copy", "located", "not-retrieved"}
SUPPORTS = {"yes", "partial", "unverified", "located"}
DATE = re.compile(r"^(\d{4}(-\d{2}(-\d{2})?)?)?$")
SOURCE_KEYS = {"title", "kind", "tier", "found", "url", "revision", "date", "date_kind",
               "date_note", "also", "stored_copy", "tried", "notes", "passages", "citations"}
PASSAGE_KEYS = {"where", "tier", "date", "lang", "checked", "original", "english", "note"}
CITATION_KEYS = {"ruling", "ledger_locator", "passages", "supports", "date", "note"}


def rank(tier):
    return TIERS.index(tier) if tier in TIERS else len(TIERS)


def fold(text):
    return re.sub(r"\s+", " ", text).strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", help="directory holding the seed files (shared/seeds)")
    args = ap.parse_args()

    errors = []
    doc = yaml.safe_load(open(os.path.join(HERE, "sources.yaml"), encoding="utf-8"))
    ledger = yaml.safe_load(open(os.path.join(ROOT, "oracle", "rulings.yaml"), encoding="utf-8"))

    if doc.get("tiers") != TIERS:
        errors.append("tiers: expected %s" % TIERS)
    sources = doc.get("sources") or {}
    if set(sources) != set(ledger["sources"]):
        errors.append("sources differ from the ledger's: %s" % sorted(set(sources) ^ set(ledger["sources"])))

    new_sources = doc.get("new_sources") or {}
    for sid in set(new_sources) & set(sources):
        errors.append("new_sources.%s: already a ledger source" % sid)
    have = collections.Counter()
    for sid, s in list(sources.items()) + list(new_sources.items()):
        where = ("sources.%s" if sid in sources else "new_sources.%s") % sid
        for k in set(s) - SOURCE_KEYS:
            errors.append("%s: unknown key %s" % (where, k))
        if s.get("tier") not in TIERS:
            errors.append("%s: bad tier %r" % (where, s.get("tier")))
        if s.get("found") not in FOUND:
            errors.append("%s: bad found %r" % (where, s.get("found")))
        if s.get("found") != "no" and not s.get("url"):
            errors.append("%s: found but no url" % where)
        if s.get("found") == "no" and not s.get("tried"):
            errors.append("%s: not found but no 'tried'" % where)
        if not DATE.match(str(s.get("date", ""))):
            errors.append("%s: bad date %r" % (where, s.get("date")))
        passages = s.get("passages") or {}
        seed_text = None
        if args.seeds and s.get("stored_copy"):
            path = os.path.join(args.seeds, os.path.basename(s["stored_copy"]))
            seed_text = fold(open(path, encoding="utf-8").read())
        for key, p in passages.items():
            pw = "%s.passages.%s" % (where, key)
            for k in set(p) - PASSAGE_KEYS:
                errors.append("%s: unknown key %s" % (pw, k))
            if p.get("tier") not in TIERS:
                errors.append("%s: bad tier %r" % (pw, p.get("tier")))
            if p.get("checked") not in CHECKED:
                errors.append("%s: bad checked %r" % (pw, p.get("checked")))
            if not DATE.match(str(p.get("date", ""))):
                errors.append("%s: bad date %r" % (pw, p.get("date")))
            if p.get("checked") in ("seed", "stored-copy") and not p.get("original"):
                errors.append("%s: no original text" % pw)
            if p.get("lang") != "en" and p.get("original") and not p.get("english"):
                errors.append("%s: %s passage without english" % (pw, p.get("lang")))
            if p.get("checked") == "seed":
                if not s.get("stored_copy"):
                    errors.append("%s: checked: seed but the source has no stored_copy" % pw)
                elif seed_text is not None and fold(p["original"]) not in seed_text:
                    errors.append("%s: not found word for word in %s" % (pw, s["stored_copy"]))
            if rank(p.get("tier")) < rank(s.get("tier")):
                errors.append("%s: passage tier %s above the source tier %s" % (pw, p["tier"], s["tier"]))
        for i, c in enumerate(s.get("citations") or []):
            cw = "%s.citations[%d]" % (where, i)
            for k in set(c) - CITATION_KEYS:
                errors.append("%s: unknown key %s" % (cw, k))
            if c.get("supports") not in SUPPORTS:
                errors.append("%s: bad supports %r" % (cw, c.get("supports")))
            if not DATE.match(str(c.get("date", ""))):
                errors.append("%s: bad date %r" % (cw, c.get("date")))
            for k in c.get("passages") or []:
                if k not in passages:
                    errors.append("%s: unknown passage %s" % (cw, k))
            if c.get("supports") in ("yes", "partial") and not any(
                    passages.get(k, {}).get("original") for k in c.get("passages") or []):
                errors.append("%s: supports=%s without a quoted passage" % (cw, c.get("supports")))
            if sid in new_sources:
                errors.append("%s: a new source has no ledger citations" % cw)
            have[(c.get("ruling"), sid, c.get("ledger_locator"))] += 1

    want = collections.Counter()
    for kind in ("rulings", "switches"):
        for r in ledger[kind]:
            for s in r.get("sources", []):
                want[(r["id"], s["ref"], s.get("locator"))] += 1
    for key, n in (want - have).items():
        errors.append("ledger citation not covered: %s %s %r (x%d)" % (key[0], key[1], key[2], n))
    for key, n in (have - want).items():
        errors.append("citation not in the ledger: %s %s %r (x%d)" % (key[0], key[1], key[2], n))

    for i, pr in enumerate(doc.get("proposed_citations") or []):
        ref = pr.get("ref")
        pool = sources.get(ref) or new_sources.get(ref)
        if pool is None:
            errors.append("proposed_citations[%d]: unknown source %s" % (i, ref))
            continue
        for k in pr.get("passages") or []:
            if k not in pool.get("passages", {}):
                errors.append("proposed_citations[%d]: unknown passage %s.%s" % (i, ref, k))

    for e in errors:
        print("check_sources: " + e, file=sys.stderr)
    if not errors:
        n_cit = sum(len(s.get("citations") or []) for s in sources.values())
        n_dated = sum(1 for s in sources.values() for c in s.get("citations") or [] if c.get("date"))
        n_pass = sum(1 for s in list(sources.values()) + list(new_sources.values())
                     for p in (s.get("passages") or {}).values() if p.get("original"))
        found = collections.Counter(s.get("found") for s in sources.values())
        print("check_sources: ok: %d sources (%d found, %d partly, %d not found) + %d new, %d citations (%d dated), "
              "%d passages%s"
              % (len(sources), found["yes"], found["partial"], found["no"], len(new_sources), n_cit, n_dated, n_pass,
                 "" if args.seeds else " (seed passages not compared: no --seeds)"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
