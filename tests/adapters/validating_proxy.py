"""Checks every protocol message against oracle/schemas/ while proxying to
`carc-oracle serve`: what the runner sends (start, run, stop) and what serve
replies (start reply, run replies). The first message that does not match its
schema is reported on stderr and the proxy exits 1, which the runner reports.
Needs python3-jsonschema.

usage: validating_proxy.py SCHEMA_DIR CARC_ORACLE
"""
import json
import os
import subprocess
import sys

import jsonschema

SCHEMAS = sys.argv[1]


def validator(name):
    with open(os.path.join(SCHEMAS, "protocol-" + name + ".schema.json")) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


CHECK = {name: validator(name) for name in ("start", "start-reply", "run", "run-reply", "stop")}


def check(name, message):
    errors = sorted(CHECK[name].iter_errors(message), key=lambda e: list(e.path))
    if errors:
        where = "/".join(str(p) for p in errors[0].path)
        sys.stderr.write("schema protocol-%s: %s at /%s\n" % (name, errors[0].message[:300], where))
        sys.exit(1)


serve = subprocess.Popen([sys.argv[2], "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
while True:
    line = sys.stdin.readline()
    if not line:
        break
    message = json.loads(line)
    cmd = message.get("cmd")
    check(cmd if cmd in ("start", "run", "stop") else "run", message)
    serve.stdin.write(line)
    serve.stdin.flush()
    if cmd == "stop":
        break
    reply = serve.stdout.readline()
    check("start-reply" if cmd == "start" else "run-reply", json.loads(reply))
    sys.stdout.write(reply)
    sys.stdout.flush()
serve.stdin.close()
serve.wait()
