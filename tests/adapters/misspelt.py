"""Declares its capabilities with the mistakes an adapter's author makes: a misspelt
expansion, figure, switch, switch value and query kind, a switch of a later protocol
version than the one it answers, and a switch listed without its default. Answers come from
`carc-oracle serve`.

usage: misspelt.py CARC_ORACLE
"""
import fakelib


def hello(reply):
    reply["name"] = "misspelt"
    reply["protocol_version"] = 2
    reply["capabilities"] = {
        "expansions": ["base", "flyer", "tower"],
        "figures": ["follower", "abot"],
        "switches": {
            "farmer-scorin": ["fs3-field-3"],
            "farmers": ["on", "of"],
            "tiny-city-scoring": ["2"],
            "ransom-timing": ["any-time-own-turn"],
        },
        "queries": ["moves", "aply"],
    }
    return reply


fakelib.serve_loop(fakelib.forward, hello)
