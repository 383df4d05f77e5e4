"""Leaves some requests unanswered, chosen by counting (for `carc-oracle explore`, whose
questions all carry the same scenario id); answers the others as serve does.

  garbage N    every Nth request gets a line that is not JSON
  errored N    every Nth request gets an `errored` reply
  skipped N    every Nth request gets a `skipped` reply
  huge N       every Nth request gets a valid answer on a line of 5 MiB (over the line limit)
  hang-after N answers N requests, then never replies again (a hang in the middle of a game)

The count runs over the whole process; a restart starts it again.

usage: unanswering.py CARC_ORACLE MODE N
"""
import json
import sys
import time

import fakelib

MODE = sys.argv[2]
N = int(sys.argv[3])
count = 0


def on_run(message, serve):
    global count
    count += 1
    if MODE == "hang-after" and count > N:
        while True:
            time.sleep(60)
    if MODE != "hang-after" and count % N == 0:
        if MODE == "garbage":
            fakelib.write_bytes(b"not json \x00\xff\n")
        elif MODE == "errored":
            fakelib.write(json.dumps({"seq": message["seq"], "errored": True, "message": "planted error"}) + "\n")
        elif MODE == "huge":
            moves = ["pass"] * (5 * 1024 * 1024 // 8)
            fakelib.write(json.dumps({"seq": message["seq"], "answer": {"moves": moves}}) + "\n")
        elif MODE == "skipped":
            fakelib.write(json.dumps({"seq": message["seq"], "skipped": True, "reason": "planted skip"}) + "\n")
        return
    fakelib.forward(message, serve)


fakelib.serve_loop(on_run)
