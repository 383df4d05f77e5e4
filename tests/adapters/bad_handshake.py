"""Fails the handshake, in one of several ways (no engine needed).

usage: bad_handshake.py (garbage | incomplete | exit | silent | version)
"""
import sys
import time

mode = sys.argv[1]
sys.stdin.readline()  # the start message
if mode == "garbage":
    sys.stdout.write("hello, I am an engine\n")
elif mode == "incomplete":
    sys.stdout.write('{"name": "half", "version": "1"}\n')
elif mode == "version":
    sys.stdout.write('{"name": "old", "version": "1", "protocol_version": 0, '
                     '"capabilities": {"expansions": ["base"], "figures": ["follower"], "queries": []}}\n')
elif mode == "exit":
    sys.stderr.write("fake: cannot find my rules database\n")
    sys.exit(2)
elif mode == "silent":
    while True:
        time.sleep(60)
sys.stdout.flush()
time.sleep(0.2)
