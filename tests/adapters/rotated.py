"""Answers correctly, but writes every placement under the largest rotation giving
the same layout (PROTOCOL.md 5.6 accepts any equivalent rotation), so a comparison
that does not canonicalise placements would fail. The layouts are computed here
from the tile definitions in each request, with the toy adapter's rotate_spec.

usage: rotated.py CARC_ORACLE
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "oracle", "adapters"))
import fakelib  # noqa: E402
from toy_adapter import rotate_spec  # noqa: E402


def largest_equivalent(definition, degrees):
    """The largest rotation whose layout equals the layout at `degrees`."""
    layout = lambda q: sorted(rotate_spec(spec, q) for spec in definition["features"])  # noqa: E731
    want = layout(degrees // 90)
    return max(q for q in range(4) if layout(q) == want) * 90


def on_run(message, serve):
    reply = json.loads(serve.ask(message))
    defs = {d["id"]: d for d in message["position"]["definitions"]}
    if "answer" in reply:
        moves = []
        for move in reply["answer"].get("moves", []):
            words = move.split(" ")
            if words[0] == "place" and words[1] in defs:
                words[3] = "r%d" % largest_equivalent(defs[words[1]], int(words[3][1:]))
            moves.append(" ".join(words))
        reply["answer"]["moves"] = moves
    fakelib.write(json.dumps(reply) + "\n")


fakelib.serve_loop(on_run)
