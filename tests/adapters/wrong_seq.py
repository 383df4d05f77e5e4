"""Answers with the wrong seq or twice.

  BR-03-w  the reply carries a seq that was never sent
  BR-05-u  the reply carries the seq as a string ("7" instead of 7)
  BR-03-v  the correct reply, written twice

usage: wrong_seq.py CARC_ORACLE
"""
import json

import fakelib


def on_run(message, serve):
    scenario = message.get("scenario")
    line = serve.ask(message)
    reply = json.loads(line)
    if scenario == "BR-03-w":
        reply["seq"] = 987654321
    elif scenario == "BR-05-u":
        reply["seq"] = str(reply["seq"])
    elif scenario == "BR-03-v":
        fakelib.write(line + "\n")
    fakelib.write(json.dumps(reply) + "\n")


fakelib.serve_loop(on_run)
