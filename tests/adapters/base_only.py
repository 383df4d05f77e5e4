"""A base-game-only implementation: serve's handshake (every switch and query kind of the
newest version) with the base game's expansion and the follower as its only figure. Answers
come from serve, so every question it is asked agrees with our engine.

usage: base_only.py CARC_ORACLE
"""
import fakelib


def hello(reply):
    reply["name"] = "base-only"
    reply["capabilities"]["expansions"] = ["base"]
    reply["capabilities"]["figures"] = ["follower"]
    return reply


fakelib.serve_loop(fakelib.forward, hello, version=10)
