"""Pays a tie to one player only in its score events: every event of `scored` naming two or
more colours loses all but the first (scores and everything else stay serve's). It answers in
protocol version 7 and declares query kind `events`, so the runner asks it for score events.

usage: tie_one.py CARC_ORACLE
"""
import json

import fakelib

COLOURS = {"red", "blue", "green", "yellow", "black", "gray", "pink"}


def pay_one(event):
    """'city 8 blue red at ...' -> 'city 8 blue at ...'."""
    words = event.split(" ")
    i = 2 if words[0] == "final" else 1  # the points
    first = i + 1
    last = first
    while last < len(words) and words[last] in COLOURS:
        last += 1
    return " ".join(words[: first + 1] + words[last:])


def on_run(message, serve):
    reply = json.loads(serve.ask(message))
    if "answer" in reply and "scored" in reply["answer"]:
        reply["answer"]["scored"] = [pay_one(e) for e in reply["answer"]["scored"]]
    fakelib.write(json.dumps(reply) + "\n")


fakelib.serve_loop(on_run, version=7)
