"""A version 1 implementation: our engine (serve, greeted with protocol_version 1)
answers every request, and the handshake says protocol_version 1. The runner must
accept it (oracle/PROTOCOL.md "Versions"). LOG receives the start message the
runner sent and the handshake given back, one per line.

usage: v1.py CARC_ORACLE LOG
"""
import json
import sys

import fakelib


def log_start(line, reply):
    with open(sys.argv[2], "w") as log:
        log.write(line.rstrip("\n") + "\n" + json.dumps(reply) + "\n")


fakelib.serve_loop(fakelib.forward, on_start=log_start)  # fakelib.Serve starts serve in version 1
