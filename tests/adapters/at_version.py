"""Our engine as an implementation of protocol VERSION: serve greeted with that version, its
handshake given as is, every request forwarded. v1.py and v5.py are the same for 1 and 5.

usage: at_version.py CARC_ORACLE VERSION
"""
import sys

import fakelib

fakelib.serve_loop(fakelib.forward, version=int(sys.argv[2]))
