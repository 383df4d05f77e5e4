"""Answers wrong: drops the first legal move from every answer that has any.

usage: wrong.py CARC_ORACLE
"""
import json

import fakelib


def on_run(message, serve):
    reply = json.loads(serve.ask(message))
    if "answer" in reply and reply["answer"]["moves"]:
        reply["answer"]["moves"] = reply["answer"]["moves"][1:]
    fakelib.write(json.dumps(reply) + "\n")


fakelib.serve_loop(on_run)
