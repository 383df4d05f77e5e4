"""Writes a huge reply line (SIZE bytes of moves) for BR-03-w; the rest correctly.

usage: huge.py CARC_ORACLE SIZE
"""
import json
import sys

import fakelib

SIZE = int(sys.argv[2])


def on_run(message, serve):
    if message.get("scenario") == "BR-03-w":
        moves = ["pass"] * (SIZE // 8)
        fakelib.write(json.dumps({"seq": message["seq"], "answer": {"moves": moves}}) + "\n")
    else:
        fakelib.forward(message, serve)


fakelib.serve_loop(on_run)
