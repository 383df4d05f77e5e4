"""A planted bug: serve's answers with one rule broken, for `carc-oracle explore` (tests/explore_test.cpp).

planted.py BIN BUG, BUG one of:
  ties-nobody     a tie pays nobody: every scoring that pays two or more players (a tied majority, in
                  the game or at final scoring) is taken off their scores and out of the score events
  farm-city-per-side  a farm counts a completed city once per tile where the field touches it (a
                  field along a two-tile city counts it twice): each farm's score event and score grow
                  by the points of the cities counted again
  flier-field     a flier may land in a field: every field of a square it can land on is offered too
  crop-active     crop-circle responses start with the active player (the turn's player answers first)
  dup-rotations   a symmetric tile's placements are listed under every rotation giving the layout
  princess-phantom  the phantom is offered after the princess (PH-15, PD-08: nothing follows her): after
                  a `princess` move, the phantom step comes, the princess's player active, with the
                  phantom moves the figure step offered (none under princess-action: must) and `pass`
                  added to the moves
  cloister-short  a cloister scores one point less, in the game and at final scoring (its score event
                  and its owners' scores): a one-rule bug of ordinary games, for the slow proxy
                  (slow_planted.py)
  tiny-city-ignored  the switch tiny-city-scoring is not played: a completed two-tile city always
                  scores 4 (BG-10's 2000 value, 1 a tile and pennant, never applies), so it shows only
                  under tiny-city-scoring: 2
"""
import json
import sys

import fakelib

HALF = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]


def ask(serve, message, query):
    m = dict(message)
    m["query"] = query
    return json.loads(serve.ask(m))


def event_words(text):
    """A score event's text (PROTOCOL.md section 7) as (final, kind, points, colours, parts)."""
    words = text.split()
    final = words[0] == "final"
    if final:
        words = words[1:]
    at = words.index("at")
    end = words.index("with") if "with" in words else len(words)
    return final, words[0], int(words[1]), words[2:at], words[at + 1:end]


def ties_nobody(message, serve):
    reply = json.loads(serve.ask(message))
    answer = reply.get("answer")
    if not answer:
        return reply
    scores = answer.get("scores", {})
    kept = []
    for text in answer.get("scored", []):
        _, kind, points, colours, _ = event_words(text)
        if len(colours) >= 2 and kind != "fairy":
            for c in colours:
                scores[c] = scores.get(c, 0) - points
        else:
            kept.append(text)
    answer["scored"] = kept
    return reply


EDGES = "NESW"


def board_of(message):
    """(x, y) -> (definition, rotation in quarter turns) for the position's tiles and the placed ones."""
    position = message["position"]
    definitions = {d["id"]: d for d in position.get("definitions", [])}
    board = {}
    for t in position.get("tiles", []):
        board[(t["x"], t["y"])] = (definitions[t["id"]], t.get("rotation", 0) // 90)
    for move in message.get("query", {}).get("apply", []):
        w = move.split()
        if w[0] == "place":
            x, y = map(int, w[2].split(","))
            board[(x, y)] = (definitions[w[1]], int(w[3][1:]) // 90)
    return board


def inner(address):
    body = address[address.index("{") + 1:address.index("}")]
    return [b for b in body.split(",") if b]


def turned_edges(address, quarters):
    return sorted((EDGES.index(e) + quarters) % 4 for e in inner(address))


def turned_halves(address, quarters):
    return sorted((HALF.index(h) + 2 * quarters) % 8 for h in inner(address))


STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}


def city_of(board, x, y, edges):
    """The city through the segment of tile (x, y) on board `edges`: its segments and whether it is closed."""
    seen, todo, closed = set(), [(x, y, tuple(edges))], True
    while todo:
        cx, cy, seg = todo.pop()
        if (cx, cy, seg) in seen:
            continue
        seen.add((cx, cy, seg))
        for e in seg:
            dx, dy = STEP[e]
            other = board.get((cx + dx, cy + dy))
            if not other:
                closed = False
                continue
            definition, quarters = other
            facing = (e + 2) % 4
            for spec in definition["features"]:
                address = spec.split()[0]
                if address.startswith("city{") and facing in turned_edges(address, quarters):
                    todo.append((cx + dx, cy + dy, tuple(turned_edges(address, quarters))))
    return frozenset(seen), closed


def farm_city_per_side(message, serve):
    reply = json.loads(serve.ask(message))
    answer = reply.get("answer")
    if not answer or not answer.get("scored"):
        return reply
    board = board_of(message)
    scored = []
    for text in answer["scored"]:
        final, kind, points, colours, parts = event_words(text)
        extra = 0
        if kind == "field" and points > 0:
            touched = []  # (closed city, segment) per touching part
            for part in parts:
                square, address = part.split(":")
                x, y = map(int, square.split(","))
                definition, quarters = board[(x, y)]
                halves = turned_halves(address, 0)
                for spec in definition["features"]:
                    words = spec.split()
                    if not words[0].startswith("field{") or turned_halves(words[0], quarters) != halves:
                        continue
                    for w in words[2:] if len(words) > 1 and words[1] == "touches" else []:
                        city, closed = city_of(board, x, y, turned_edges(w, quarters))
                        if closed:
                            touched.append(city)
            unique = len(set(touched))
            if unique and len(touched) > unique:
                extra = points // unique * (len(touched) - unique)
        if extra:
            for c in colours:
                answer["scores"][c] = answer["scores"].get(c, 0) + extra
            text = text.replace("field %d " % points, "field %d " % (points + extra), 1)
        scored.append(text)
    answer["scored"] = scored
    return reply


def rotate(address, quarters):
    if not address.startswith("field{"):
        return address
    inner = address[len("field{"):-1]
    if not inner:
        return address
    moved = [HALF[(HALF.index(h) + 2 * quarters) % 8] for h in inner.split(",")]
    return "field{" + ",".join(sorted(moved, key=HALF.index)) + "}"


def flier_field(message, serve):
    reply = json.loads(serve.ask(message))
    answer = reply.get("answer")
    if not answer:
        return reply
    position = message["position"]
    definitions = {d["id"]: d for d in position.get("definitions", [])}
    tiles = {(t["x"], t["y"]): t for t in position.get("tiles", [])}
    for move in message.get("query", {}).get("apply", []):
        w = move.split()
        if w[0] == "place":
            x, y = map(int, w[2].split(","))
            tiles[(x, y)] = {"id": w[1], "x": x, "y": y, "rotation": int(w[3][1:])}
    squares = set()
    for move in answer.get("moves", []):
        if move.startswith("land "):
            squares.add(move.split()[1].split(":")[0])
    added = []
    for square in sorted(squares):
        x, y = map(int, square.split(","))
        tile = tiles.get((x, y))
        if not tile or tile["id"] not in definitions:
            continue
        for spec in definitions[tile["id"]]["features"]:
            address = spec.split()[0]
            if address.startswith("field{"):
                added.append("land %s:%s" % (square, rotate(address, tile["rotation"] // 90)))
    answer["moves"] = sorted(set(answer["moves"]) | set(added))
    return reply


def crop_active(message, serve):
    reply = json.loads(serve.ask(message))
    answer = reply.get("answer")
    if answer and answer.get("phase") == "crop-response":
        answer["active"] = message["position"]["active"]
    return reply


def dup_rotations(message, serve):
    reply = json.loads(serve.ask(message))
    answer = reply.get("answer")
    if not answer:
        return reply
    places = [m for m in answer.get("moves", []) if m.startswith("place ")]
    if not places:
        return reply
    listed = set(answer["moves"])
    probes = []
    for m in places:
        _, tile, square, rot = m.split()
        for turn in (90, 180, 270):
            other = "place %s %s r%d" % (tile, square, (int(rot[1:]) + turn) % 360)
            if other not in listed:
                probes.append(other)
    query = dict(message.get("query", {}))
    query["probes"] = probes
    legal = ask(serve, message, query).get("answer", {}).get("legal", {})
    answer["moves"] = sorted(listed | {p for p in probes if legal.get(p) == "ok"})
    return reply


def princess_phantom(message, serve):
    reply = json.loads(serve.ask(message))
    answer = reply.get("answer")
    apply = message.get("query", {}).get("apply", [])
    if not answer or not apply or not apply[-1].startswith("princess "):
        return reply
    if answer.get("phase") in ("phantom", "game-over"):
        return reply
    before = ask(serve, message, {"apply": apply[:-1]}).get("answer", {})
    if before.get("phase") != "figure":
        return reply
    # The phantom moves the figure step offered (none when the princess had to act first, V-PD-2).
    phantoms = [m for m in before.get("moves", []) if m.split()[:2] == ["deploy", "phantom"]]
    answer["phase"] = "phantom"
    answer["active"] = before.get("active", answer.get("active"))
    if "moves" in answer:  # offered beside the next turn's moves
        answer["moves"] = sorted(set(answer["moves"]) | set(phantoms) | {"pass"})
    return reply


def cloister_short(message, serve):
    reply = json.loads(serve.ask(message))
    answer = reply.get("answer")
    if not answer or not answer.get("scored"):
        return reply
    scored = []
    for text in answer["scored"]:
        final, kind, points, colours, _ = event_words(text)
        if kind == "cloister" and points > 0:
            for c in colours:
                answer["scores"][c] = answer["scores"].get(c, 0) - 1
            text = text.replace("cloister %d " % points, "cloister %d " % (points - 1), 1)
        scored.append(text)
    answer["scored"] = scored
    return reply


def tiny_city_ignored(message, serve):
    ruleset = dict(message.get("ruleset", {}))
    switches = dict(ruleset.get("switches", {}))
    if "tiny-city-scoring" in switches:
        switches["tiny-city-scoring"] = "4"
    ruleset["switches"] = switches
    played = dict(message)
    played["ruleset"] = ruleset
    return json.loads(serve.ask(played))


# Each bug and the protocol version its fake answers: the scoring fakes read serve's score
# events (version 7), the others answer version 6 as when their numbers were pinned.
BUGS = {"ties-nobody": (ties_nobody, 7), "farm-city-per-side": (farm_city_per_side, 7),
        "flier-field": (flier_field, 6), "crop-active": (crop_active, 6), "dup-rotations": (dup_rotations, 6),
        "princess-phantom": (princess_phantom, 6), "cloister-short": (cloister_short, 7),
        "tiny-city-ignored": (tiny_city_ignored, 6)}


def main():
    bug, version = BUGS[sys.argv[2]]

    def on_run(message, serve):
        reply = bug(message, serve)
        reply["seq"] = message["seq"]
        fakelib.write(json.dumps(reply) + "\n")

    fakelib.serve_loop(on_run, version=version)


if __name__ == "__main__":
    main()
