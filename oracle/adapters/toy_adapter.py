#!/usr/bin/env python3
"""A toy Carcassonne engine behind the carc-oracle adapter protocol (version 5).

Copy this file to start an adapter for your own engine: it shows the whole
protocol (oracle/PROTOCOL.md) with a deliberately small engine inside. The toy
knows only one thing: where the tile in hand may be placed. So it

  * declares the base game with followers, no rule switches (it plays every
    switch at its default value) and only the `moves` query: the runner never
    sends it a question needing moves applied, final scoring or a legality
    probe; those results are `unsupported`;
  * answers a position in phase `tile` by listing the legal placements, and
    copies the rest of the answer (scores, figures, supply) from the position,
    which is right because nothing happens before the question;
  * replies `skipped` to everything else (step 2, a tile that fits nowhere).

Replace `toy_answer` with a call into your engine. Standard library only.

Run it:  carc-oracle run scenarios --impl 'python3 oracle/adapters/toy_adapter.py'
"""
import json
import sys

# --- geometry (PROTOCOL.md 5.1, 5.2) -----------------------------------------

EDGES = ["N", "E", "S", "W"]                              # canonical order, clockwise
HALVES = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]  # canonical order
COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]     # flier arrows
OFFSET = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}    # x grows east, y grows south


def rotate_address(address, quarter):
    """A feature address turned clockwise by `quarter` quarter turns, in canonical order.

    Edge e goes to (e + q) mod 4, half-edge h to (h + 2q) mod 8:
    rotate_address("field{EL,WR}", 1) == "field{NR,SL}".
    """
    if "{" not in address:
        return address  # tile-wide: cloister, garden, flier, ...
    kind, body = address[:-1].split("{")
    items = [i for i in body.split(",") if i]
    if kind == "field":
        rotated = sorted((HALVES.index(h) + 2 * quarter) % 8 for h in items)
        return kind + "{" + ",".join(HALVES[i] for i in rotated) + "}"
    rotated = sorted((EDGES.index(e) + quarter) % 4 for e in items)
    return kind + "{" + ",".join(EDGES[i] for i in rotated) + "}"


def rotate_spec(spec, quarter):
    """A feature spec (PROTOCOL.md 5.3) as it lies on the board after the rotation."""
    words = spec.split(" ")
    out = []
    for word in words:
        if "{" in word:
            out.append(rotate_address(word, quarter))              # the feature, or a city it touches / ends at
        elif words[0] == "flier" and word in COMPASS:
            out.append(COMPASS[(COMPASS.index(word) + 2 * quarter) % 8])  # the arrow turns with the tile
        else:
            out.append(word)
    return " ".join(out)


# --- the toy engine ----------------------------------------------------------

class Board:
    """The placed tiles, each mapped by its definition: the toy never needs a catalog."""

    def __init__(self, position):
        self.defs = {d["id"]: d for d in position["definitions"]}
        self.tiles = {(t["x"], t["y"]): (t["id"], t["rotation"] // 90) for t in position["tiles"]}

    def edge(self, pos, side):
        """The edge type (C, R or F) the tile at pos shows on board side `side` (0..3)."""
        tile_id, quarter = self.tiles[pos]
        return self.defs[tile_id]["edges"][(side - quarter) % 4]

    def frontier(self):
        """Empty positions next to a tile."""
        out = set()
        for (x, y) in self.tiles:
            for dx, dy in OFFSET.values():
                if (x + dx, y + dy) not in self.tiles:
                    out.add((x + dx, y + dy))
        return sorted(out)

    def fits(self, tile_id, pos, quarter):
        """Every neighbour shows the same edge type across the shared edge."""
        edges = self.defs[tile_id]["edges"]
        for side, (dx, dy) in OFFSET.items():
            neighbour = (pos[0] + dx, pos[1] + dy)
            if neighbour in self.tiles and self.edge(neighbour, (side + 2) % 4) != edges[(side - quarter) % 4]:
                return False
        return True


def distinct_rotations(definition):
    """Rotations giving distinct layouts, each the smallest of its kind (PROTOCOL.md 5.6)."""
    seen, out = [], []
    for quarter in range(4):
        layout = sorted(rotate_spec(spec, quarter) for spec in definition["features"])
        if layout not in seen:
            seen.append(layout)
            out.append(quarter)
    return out


def toy_answer(position):
    """The answer for a position in phase tile with no moves to apply, or a reason to skip."""
    if position["phase"] != "tile" or "in_hand" not in position:
        return None, "the toy only lists placements of the tile in hand"
    board = Board(position)
    tile = position["in_hand"]
    moves = []
    for pos in board.frontier():
        for quarter in distinct_rotations(board.defs[tile]):
            if board.fits(tile, pos, quarter):
                moves.append("place %s %d,%d r%d" % (tile, pos[0], pos[1], 90 * quarter))
    if not moves:
        return None, "the tile fits nowhere and the toy does not discard"
    figures = ["%s %s %d,%d:%s" % (f["owner"], f["kind"], f["x"], f["y"], f["feature"]) for f in position["figures"]]
    return {
        "moves": moves,
        "legal": {},
        "rejected": None,
        "scores": position["scores"],
        "returned": [],
        "figures": figures,
        "supply": position["supply"],
        "phase": "tile",
        "active": position["active"],
    }, None


# --- the protocol ------------------------------------------------------------

# Versions this adapter speaks. Version 2 is version 1 plus the limits of a position
# (PROTOCOL.md "Limits"): the toy's Python integers never overflow. Version 3 adds the
# Tower (PROTOCOL.md section 12): the toy does not declare the `tower` expansion, so it
# is never sent a tower scenario, and the five tower switches stay at their defaults
# like every other switch. Version 4 adds the dragon, the volcano and the fairy
# (section 13): the toy declares neither `dragon` nor `fairy`, so it is never sent
# their scenarios, and their eight switches stay at their defaults too. Version 5 sends
# a request only the switches that can matter to its scenario (PROTOCOL.md section 5.9):
# the toy, which reads no switch, is then asked only about the three base switches for
# its base scenarios. Version 6 adds switches and switch values of expansions the toy
# lacks, and changes three defaults among them: nothing the toy is sent changes. Version 7
# adds score events (query kind `events`, which the toy does not declare: the other keys of
# such scenarios are still checked) and sends a garden tile with no abbot in play to a
# base-game engine: in version 7 the toy gets those scenarios too (it needs no garden rule:
# no abbot, no figure on a garden). Versions 8 to 10 add expansions (the Festival, Little
# Buildings and the castles; Under the Big Top; the bridges), which the toy does not declare,
# so it is never sent their scenarios. Version 11 changes a default and adds two switches,
# all of expansions the toy lacks (flier-as-acrobat; dragon-eats-tower-top, exchange-chooser):
# nothing the toy is sent changes. It speaks all eleven.
VERSIONS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)

HELLO = {
    "name": "toy-adapter",
    "version": "1.0",
    "protocol_version": 11,  # answered in the version the runner asked for
    "capabilities": {
        "expansions": ["base"],   # no flier, crop-circles, portal, princess, tower, dragon or fairy
        "figures": ["follower"],  # no large, abbot (gardens only without one), mayor, wagon, builder, pig, phantom
        "switches": {},           # every switch at its default value only
        "queries": ["moves"],     # no apply, final-scoring, legal or events
    },
}


def reply(message):
    """Writes one reply line and flushes: the runner is waiting for it."""
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def handle_run(message):
    seq = message["seq"]  # opaque: echo it unchanged
    query = message.get("query", {})
    if query.get("apply") or query.get("probes") or query.get("final_scoring"):
        return reply({"seq": seq, "skipped": True, "reason": "the toy answers only the moves of a position"})
    try:
        answer, why_not = toy_answer(message["position"])
    except Exception as e:  # a bug in the adapter: say so, the run goes on
        return reply({"seq": seq, "errored": True, "message": "%s: %s" % (type(e).__name__, e)})
    if answer is None:
        return reply({"seq": seq, "skipped": True, "reason": why_not})
    reply({"seq": seq, "answer": answer})


def main():
    for line in sys.stdin:  # one JSON message per line
        message = json.loads(line)
        cmd = message["cmd"]
        if cmd == "start":
            if message["protocol_version"] not in VERSIONS:
                sys.stderr.write("toy-adapter: only protocol versions 1 to 11\n")  # logs go to stderr, never stdout
                return 1
            reply(dict(HELLO, protocol_version=message["protocol_version"]))
        elif cmd == "run":
            handle_run(message)
        elif cmd == "stop":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
