"""Shared by the misbehaving test adapters (tests/adapters/README.md).

A fake speaks the protocol (oracle/PROTOCOL.md) on stdin/stdout and gets its
correct answers from a real engine: `carc-oracle serve`, started as its own
child. Each fake then misbehaves in one way, chosen by the scenario id that
every `run` message carries, or by counting requests. Standard library only.
"""
import json
import subprocess
import sys


class Serve:
    """`carc-oracle serve` as a child process: one request line in, one reply line out."""

    def __init__(self, binary, version=1):
        self.proc = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.hello = json.loads(self.ask({"cmd": "start", "protocol_version": version}))

    def ask(self, message):
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().rstrip("\n")

    def close(self):
        try:
            self.proc.stdin.write('{"cmd": "stop"}\n')
            self.proc.stdin.close()
        except OSError:
            pass
        self.proc.wait()


def write(text):
    """Writes text to stdout at once (no buffering)."""
    sys.stdout.write(text)
    sys.stdout.flush()


def write_bytes(data):
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def serve_loop(on_run, hello=None, on_start=None, version=1):
    """Reads messages until stop or end of input; `on_run(message, serve)` handles each run.

    argv[1] is the carc-oracle binary, started as serve in protocol `version` (its handshake
    is the fake's). `hello(dict) -> dict` may change the handshake reply;
    `on_start(line, reply)` sees the start line as received and the handshake given back.
    """
    serve = Serve(sys.argv[1], version)
    reply = dict(serve.hello)
    if hello:
        reply = hello(reply)
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        message = json.loads(line)
        if message["cmd"] == "start":
            if on_start:
                on_start(line, reply)
            write(json.dumps(reply) + "\n")
        elif message["cmd"] == "stop":
            break
        else:
            on_run(message, serve)
    serve.close()


def forward(message, serve):
    """The correct reply: serve's."""
    write(serve.ask(message) + "\n")


def after_answers(limit, misbehave):
    """An on_run that answers `limit` requests correctly, then calls misbehave(message, serve)."""
    answered = 0

    def on_run(message, serve):
        nonlocal answered
        if answered == limit:
            misbehave(message, serve)
        answered += 1
        forward(message, serve)

    return on_run
