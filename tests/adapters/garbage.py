"""Writes garbage instead of some replies; answers the rest correctly.

  BR-03-w  bytes that are not JSON (a NUL, invalid UTF-8)
  BR-04-t  a JSON line cut short
  BR-03-v  a JSON object with no seq
  BR-05-t  a reply with its seq but a misspelt key in the answer

usage: garbage.py CARC_ORACLE
"""
import json

import fakelib


def on_run(message, serve):
    scenario = message.get("scenario")
    if scenario == "BR-03-w":
        fakelib.write_bytes(b"garbage \x00\xff\xfe not json\n")
    elif scenario == "BR-04-t":
        fakelib.write('{"seq": ' + json.dumps(message["seq"]) + ', "answer": {"moves": [\n')
    elif scenario == "BR-03-v":
        fakelib.write('{"answer": {"moves": []}}\n')
    elif scenario == "BR-05-t":
        fakelib.write(json.dumps({"seq": message["seq"], "answer": {"scroes": {}}}) + "\n")
    else:
        fakelib.forward(message, serve)


fakelib.serve_loop(on_run)
