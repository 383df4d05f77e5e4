"""Writes every reply in fragments with pauses between them (lines arrive in
pieces); for BR-04-t it writes half a line and then hangs.

usage: split.py CARC_ORACLE
"""
import time

import fakelib


def on_run(message, serve):
    line = serve.ask(message) + "\n"
    if message.get("scenario") == "BR-04-t":
        fakelib.write(line[: len(line) // 2])
        while True:
            time.sleep(60)
    third = max(1, len(line) // 3)
    for start in range(0, len(line), third):
        fakelib.write(line[start:start + third])
        time.sleep(0.01)


fakelib.serve_loop(on_run)
