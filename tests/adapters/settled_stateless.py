"""Answers without the state fields: serve's answer with scores, figures,
supply, phase and active removed (tests/protocol_settled_test.cpp, question 1).

usage: settled_stateless.py CARC_ORACLE
"""
import json

import fakelib

STATE_KEYS = ("scores", "figures", "supply", "phase", "active")


def on_run(message, serve):
    reply = json.loads(serve.ask(message))
    if "answer" in reply:
        for key in STATE_KEYS:
            reply["answer"].pop(key, None)
    fakelib.write(json.dumps(reply) + "\n")


fakelib.serve_loop(on_run)
