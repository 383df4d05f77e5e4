"""Leaves processes that try to outlive it: at start, three `sleep 300` in
sessions of their own (setsid) and one double-forked `sleep 300` (orphaned at
once); their pids go to PIDFILE, one per line. Before that it counts the pids
already in PIDFILE (left by the processes before it) that are still alive and
appends the count to PIDFILE.alive, one line per start. Answers correctly;
with N > 0 it dies by SIGSEGV after N answers, so the runner restarts it.

usage: orphans.py CARC_ORACLE PIDFILE N
"""
import os
import signal
import subprocess
import sys

import fakelib

PIDFILE = sys.argv[2]
LIMIT = int(sys.argv[3])


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def leave_orphans():
    try:
        with open(PIDFILE) as f:
            before = [int(line) for line in f if line.strip()]
    except OSError:
        before = []
    with open(PIDFILE + ".alive", "a") as f:
        f.write(f"{sum(1 for pid in before if alive(pid))}\n")
    pids = [subprocess.Popen(["sleep", "300"], start_new_session=True, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).pid for _ in range(3)]
    read_end, write_end = os.pipe()
    if os.fork() == 0:  # the double fork: the middle process exits, the sleeper is orphaned
        os.setsid()
        grandchild = os.fork()
        if grandchild == 0:
            os.execvp("sleep", ["sleep", "300"])
        os.write(write_end, f"{grandchild}\n".encode())
        os._exit(0)
    os.close(write_end)
    pids.append(int(os.read(read_end, 64).decode()))
    os.close(read_end)
    os.wait()
    with open(PIDFILE, "a") as f:
        f.write("".join(f"{pid}\n" for pid in pids))


def segfault(message, serve):
    os.kill(os.getpid(), signal.SIGSEGV)


leave_orphans()
fakelib.serve_loop(fakelib.after_answers(LIMIT, segfault) if LIMIT > 0 else fakelib.forward)
