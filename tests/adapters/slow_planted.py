"""A slow engine with one planted bug, for shrinking against slow engines (issue 50).

slow_planted.py BIN BUG DELAY [LOG]: every reply of `planted.py BIN BUG` (serve behind it, one rule
broken) written DELAY seconds after its request came, as a real engine answering 1/DELAY questions
a second would; with LOG, one line per `run` request is appended to it (the seconds since the
start and the scenario id), so a test can count the questions asked and when.
"""
import json
import sys
import time

import fakelib
import planted


def main():
    bug, version = planted.BUGS[sys.argv[2]]
    delay = float(sys.argv[3])
    log = open(sys.argv[4], "a") if len(sys.argv) > 4 else None
    start = time.monotonic()

    def on_run(message, serve):
        came = time.monotonic()
        reply = bug(message, serve)
        reply["seq"] = message["seq"]
        left = delay - (time.monotonic() - came)
        if left > 0:
            time.sleep(left)
        if log:
            log.write("%.3f %s\n" % (time.monotonic() - start, message.get("scenario", "")))
            log.flush()
        fakelib.write(json.dumps(reply) + "\n")

    fakelib.serve_loop(on_run, version=version)


if __name__ == "__main__":
    main()
