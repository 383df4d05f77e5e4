"""An implementation that plays one value of one rule switch: our engine (serve, in the newest
protocol version) behind a handshake that declares, for switch KEY, only VALUE (every other switch
as serve declares it). A request carrying KEY at another value would be answered under that value
by serve, so the fake does not answer it: it replies `errored` and logs it, and a test finds the
runner sent what it should not have. Every request goes to LOG as "ID RULESET KEY=VALUE-SENT"
(KEY=- when the request does not carry it). The runner may send it a request whose scenario
asks another value only when our engine finds the verdict the same under VALUE (PROTOCOL.md §4).

usage: one_value.py CARC_ORACLE VERSION KEY VALUE LOG
"""
import json
import sys

import fakelib

version, key, value, log_path = int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
log = open(log_path, "a")


def hello(reply):
    reply["name"] = "one-value"
    switches = reply["capabilities"].setdefault("switches", {})
    switches[key] = [value]
    return reply


def on_run(message, serve):
    sent = message.get("ruleset", {}).get("switches", {}).get(key, "-")
    log.write("{} {} {}={}\n".format(message.get("scenario", "?"), message["ruleset"].get("name", "?"), key, sent))
    log.flush()
    if sent not in ("-", value):
        fakelib.write(json.dumps({"seq": message.get("seq"), "errored": True,
                                  "message": "one-value: sent {}={}, declared only {}".format(key, sent, value)}) + "\n")
        return
    fakelib.forward(message, serve)


fakelib.serve_loop(on_run, hello, version=version)
