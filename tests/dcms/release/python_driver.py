"""Test driver for engines/dcms/python/dcms_bot.py: imports the module and calls setup() and move() as
the tournament does (a board of tuples, pieces as (row, col) tuples or None).

    python3 python_driver.py MODULE_DIR BOT TIME_LIMIT [BOT_ARGS...]

Standard input: one call per line, JSON: {"f": "setup", "color": 0, "rows": 7, "cols": 8, "board":
[[cell, ...], ...], "variant": "full"} or {"f": "move", ..., "pieces": {"S": [2, 1], "m": null}}.
Standard output: one JSON line per call: {"answer": ..., "seconds": S} or {"error": "ValueError: ..."}.
"""
import json
import sys
import time

sys.path.insert(0, sys.argv[1])
import dcms_bot  # noqa: E402

dcms_bot.BOT = sys.argv[2]
dcms_bot.TIME_LIMIT = float(sys.argv[3])
dcms_bot.EXTRA_ARGS = sys.argv[4:]

for line in sys.stdin:
    call = json.loads(line)
    board = tuple(tuple(row) for row in call["board"])
    started = time.monotonic()
    try:
        if call["f"] == "setup":
            dcms_bot.VARIANT = call["variant"]
            answer = dcms_bot.setup(call["color"], call["rows"], call["cols"], board)
        else:
            pieces = {k: (tuple(v) if v is not None else None) for k, v in call["pieces"].items()}
            answer = dcms_bot.move(call["color"], call["rows"], call["cols"], board, pieces)
        result = {"answer": answer, "seconds": time.monotonic() - started}
    except Exception as error:  # reported to the test, which checks the kind and the message
        result = {"error": "%s: %s" % (type(error).__name__, error)}
    print(json.dumps(result), flush=True)
