"""Answers one checkpoint of one scenario wrong: the request for ID whose query.apply has K moves
(the checkpoint after move K) gets a wrong `active` (MODE wrong, the next seat's colour), or is
errored (MODE error); every other request is answered correctly.

usage: checkpoint_wrong.py CARC_ORACLE ID K MODE
"""
import json
import sys

import fakelib

ID, K, MODE = sys.argv[2], int(sys.argv[3]), sys.argv[4]


def on_run(message, serve):
    reply = json.loads(serve.ask(message))
    if message.get("scenario") == ID and len(message["query"].get("apply", [])) == K:
        if MODE == "error":
            reply = {"seq": message["seq"], "errored": True, "message": "checkpoint refused on purpose"}
        elif "answer" in reply:
            players = message["position"]["players"]
            now = reply["answer"].get("active", players[0])
            reply["answer"]["active"] = players[(players.index(now) + 1) % len(players)]
    fakelib.write(json.dumps(reply) + "\n")


fakelib.serve_loop(on_run)
