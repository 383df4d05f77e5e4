"""A planted bug: serve's answers with one rule broken, for `carc-oracle explore` (tests/explore_test.cpp).

planted.py BIN BUG, BUG one of:
  ties-nobody     a move that pays two or more players the same points, each with a figure returned,
                  pays nobody (a tied majority on a completed feature; final scoring is left right)
  flier-field     a flier may land in a field: every field of a square it can land on is offered too
  crop-active     crop-circle responses start with the active player (the turn's player answers first)
  dup-rotations   a symmetric tile's placements are listed under every rotation giving the layout
  princess-phantom  the phantom is offered after the princess (PH-15, PD-08: nothing follows her): after
                  a `princess` move, the phantom step comes, the princess's player active, with the
                  phantom moves the figure step offered (none under princess-action: must) and `pass`
                  added to the moves
"""
import json
import sys

import fakelib

HALF = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]


def ask(serve, message, query):
    m = dict(message)
    m["query"] = query
    return json.loads(serve.ask(m))


def ties_nobody(message, serve):
    reply = json.loads(serve.ask(message))
    query = message.get("query", {})
    apply = query.get("apply", [])
    if "answer" not in reply or not apply:
        return reply
    before = ask(serve, message, {"apply": apply[:-1]}).get("answer", {}).get("scores", {})
    if reply["answer"].get("phase") == "game-over":
        return reply  # final scoring returns no figure: only features completed in the game
    returned = reply["answer"].get("returned", [])
    after = reply["answer"].get("scores", {})
    gains = {c: after.get(c, 0) - before.get(c, 0) for c in after}
    paid = [c for c, g in gains.items() if g > 0]
    tied = [c for c in paid if sum(1 for d in paid if gains[d] == gains[c]) >= 2
            and any(r.startswith(c + " ") for r in returned)]
    for c in tied:
        after[c] -= gains[c]
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


BUGS = {"ties-nobody": ties_nobody, "flier-field": flier_field, "crop-active": crop_active,
        "dup-rotations": dup_rotations, "princess-phantom": princess_phantom}


def main():
    bug = BUGS[sys.argv[2]]

    def on_run(message, serve):
        reply = bug(message, serve)
        reply["seq"] = message["seq"]
        fakelib.write(json.dumps(reply) + "\n")

    fakelib.serve_loop(on_run, version=6)


if __name__ == "__main__":
    main()
