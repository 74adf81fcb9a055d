#!/usr/bin/env python3
"""A Bullets bot for the tests of tests/yourbot/external_params_test.cpp: it stands still (8), and
appends one JSON line per turn to the log file named by its first argument (the second is a mode,
`-` for none): the arguments after those two ({params}, {nodes}), GAMELAB_PARAMS, that file's content, and
GAMELAB_NODES. With the argument `ignore` it never opens the parameter file; `die`, `garbage` and
`slow` make it crash, print a word, or sleep past any limit."""
import json
import os
import sys
import time

log, mode = sys.argv[1], sys.argv[2]
sys.stdin.read()
if mode == "die":
    sys.exit(3)
if mode == "garbage":
    print("hello")
    sys.exit(0)
if mode == "slow":
    time.sleep(5)
entry = {"argv": sys.argv[3:], "nodes": os.environ.get("GAMELAB_NODES")}
path = os.environ.get("GAMELAB_PARAMS")
entry["env_path"] = path
if path and mode != "ignore":
    with open(path) as f:
        entry["params"] = json.load(f)
with open(log, "a") as f:
    f.write(json.dumps(entry) + "\n")
print(8)
