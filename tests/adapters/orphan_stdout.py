"""Exits while a process it started still holds its stdout: answers N requests
correctly, then, on the next one, starts `sleep 60` (which inherits stdout) and
exits with status 3 without replying. No end of file comes on its stdout, so
only watching the process itself shows that it is gone.

usage: orphan_stdout.py CARC_ORACLE N
"""
import os
import subprocess
import sys

import fakelib


def exit_leaving_a_child(message, serve):
    subprocess.Popen(["sleep", "60"])  # inherits stdout and stderr
    sys.stderr.write("fake exit: leaving a child on stdout\n")
    sys.stderr.flush()
    os._exit(3)


fakelib.serve_loop(fakelib.after_answers(int(sys.argv[2]), exit_leaving_a_child))
