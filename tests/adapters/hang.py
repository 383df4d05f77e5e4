"""Hangs: never replies to the scenarios named on the command line (all with --all).

usage: hang.py CARC_ORACLE (--all | ID...)
"""
import sys
import time

import fakelib

HANG = set(sys.argv[2:])


def on_run(message, serve):
    if "--all" in HANG or message.get("scenario") in HANG:
        while True:
            time.sleep(60)
    fakelib.forward(message, serve)


fakelib.serve_loop(on_run)
