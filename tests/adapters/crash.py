"""Crashes: answers N requests correctly, then dies by SIGSEGV on reading the next one.

usage: crash.py CARC_ORACLE N
"""
import os
import signal
import sys

import fakelib

LIMIT = int(sys.argv[2])
answered = 0


def on_run(message, serve):
    global answered
    if answered == LIMIT:
        sys.stderr.write("fake crash: segfaulting on purpose\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    answered += 1
    fakelib.forward(message, serve)


fakelib.serve_loop(on_run)
