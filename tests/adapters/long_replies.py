"""Answers every request with a valid reply of about SIZE bytes: a list of
distinct, well-formed placements (none of them legal), under the 4 MiB line
limit. Each reply is legitimate protocol, so each result is `failed` with a
huge difference: the runner must keep only a bounded excerpt of it.

usage: long_replies.py CARC_ORACLE SIZE
"""
import json
import sys

import fakelib

SIZE = int(sys.argv[2])


def reply(message, serve):
    out = sys.stdout
    out.write('{"seq": ' + json.dumps(message["seq"]) + ', "answer": {"moves": [')
    written, i = 0, 0
    while written < SIZE:
        chunk = ", ".join(f'"place U {i + k},{-i - k} r0"' for k in range(1000))
        out.write((", " if i else "") + chunk)
        written += len(chunk) + 2
        i += 1000
    out.write("]}}\n")
    out.flush()


fakelib.serve_loop(reply)
