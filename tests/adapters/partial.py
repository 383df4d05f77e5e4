"""A partial engine: the base game with the abbot, as a base-game engine's author would
declare it. It knows the three base switches and every value of them, and all four query
kinds; it has never heard of any other switch. Answers come from `carc-oracle serve`.
It answers the handshake in VERSION (4 or 5), so a test can show what protocol version 5
changed for such an engine (oracle/PROTOCOL.md section 5.9).

usage: partial.py CARC_ORACLE VERSION
"""
import sys

import fakelib

VERSION = int(sys.argv.pop(2))


def hello(reply):
    reply["name"] = "partial"
    reply["protocol_version"] = VERSION
    reply["capabilities"] = {
        "expansions": ["base"],
        "figures": ["follower", "abbot"],
        "switches": {
            "farmers": ["on", "off"],
            "farmer-scoring": ["fs3-field-3", "fs2-field-3-once", "fs1-city-4"],
            "tiny-city-scoring": ["4", "2"],
        },
        "queries": ["moves", "apply", "final-scoring", "legal"],
    }
    return reply


fakelib.serve_loop(fakelib.forward, hello)
