"""Answers slowly: waits DELAY seconds before every reply, and LONG seconds
before the replies to the scenarios named after it.

usage: slow.py CARC_ORACLE DELAY [LONG ID...]
"""
import sys
import time

import fakelib

DELAY = float(sys.argv[2])
LONG = float(sys.argv[3]) if len(sys.argv) > 3 else DELAY
SLOW = set(sys.argv[4:])


def on_run(message, serve):
    time.sleep(LONG if message.get("scenario") in SLOW else DELAY)
    fakelib.forward(message, serve)


fakelib.serve_loop(on_run)
