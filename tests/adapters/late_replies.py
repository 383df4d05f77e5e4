"""Skips every request at once and, at request N, first replies again to two old seqs.

  seq 1        answered long before: beyond the runner's window of recent seqs
  seq N - 50   answered a little before: within it
  seq 99999999 never sent

No engine behind it (every run is skipped), so thousands of requests take a second.

usage: late_replies.py N
"""
import json
import sys

N = int(sys.argv[1])


def write(text):
    sys.stdout.write(text)
    sys.stdout.flush()


count = 0
for line in sys.stdin:
    message = json.loads(line)
    cmd = message.get("cmd")
    if cmd == "start":
        write(json.dumps({"name": "late-replies", "version": "1", "protocol_version": message["protocol_version"],
                          "capabilities": {"expansions": ["base"], "figures": ["follower"], "switches": {},
                                           "queries": ["moves", "apply", "final-scoring", "legal"]}}) + "\n")
    elif cmd == "run":
        count += 1
        if count == N:
            for seq in (1, N - 50, 99999999):
                write(json.dumps({"seq": seq, "skipped": True, "reason": "late"}) + "\n")
        write(json.dumps({"seq": message["seq"], "skipped": True, "reason": "not today"}) + "\n")
    elif cmd == "stop":
        break
