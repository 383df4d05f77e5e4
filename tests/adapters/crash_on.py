"""Crashes (SIGSEGV) when asked about one of the scenarios named, and only then;
answers every other request correctly. Each process it starts appends a line
to LOG, so a test can count the processes (run --jobs: a crash restarts only
the process that crashed).

usage: crash_on.py CARC_ORACLE LOG ID...
"""
import os
import signal
import sys

import fakelib

VICTIMS = set(sys.argv[3:])
with open(sys.argv[2], "a") as log:
    log.write("started %d\n" % os.getpid())


def on_run(message, serve):
    if message.get("scenario") in VICTIMS:
        sys.stderr.write("fake crash on %s\n" % message.get("scenario"))
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    fakelib.forward(message, serve)


fakelib.serve_loop(on_run)
