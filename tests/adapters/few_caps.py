"""Declares few capabilities: the base game with followers, no rule switch
(so only default values), and only the `moves` and `apply` queries. Every
scenario id and ruleset it is sent goes to LOG, one a line, so a test can check that
nothing it lacks was ever sent.

usage: few_caps.py CARC_ORACLE LOG
"""
import sys

import fakelib

log = open(sys.argv[2], "w")


def hello(reply):
    reply["name"] = "few-caps"
    reply["capabilities"] = {"expansions": ["base"], "figures": ["follower"], "queries": ["moves", "apply"]}
    return reply


def on_run(message, serve):
    log.write(message.get("scenario", "?") + " " + message["ruleset"]["name"] + "\n")
    log.flush()
    fakelib.forward(message, serve)


fakelib.serve_loop(on_run, hello)
