"""A version 5 implementation: our engine (serve, greeted with protocol_version 5) answers
every request, and the handshake is serve's own in version 5, so it declares every switch
value version 5 had and none of version 6. Version 6 changed defaults (oracle/PROTOCOL.md
"Versions"): the runner must take this implementation to play the values before, sending it
only the requests that need them.

usage: v5.py CARC_ORACLE
"""
import fakelib

fakelib.serve_loop(fakelib.forward, version=5)
