"""Crashes: answers N requests correctly, then dies by SIGSEGV on reading the next one.

usage: crash.py CARC_ORACLE N
"""
import os
import signal
import sys

import fakelib


def segfault(message, serve):
    sys.stderr.write("fake crash: segfaulting on purpose\n")
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGSEGV)


fakelib.serve_loop(fakelib.after_answers(int(sys.argv[2]), segfault))
