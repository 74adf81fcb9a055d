"""call_dcms.py MODULE CALLS TIME_LIMIT: imports the exported player, sets its TIME_LIMIT, and calls
setup(color, rows, cols, board) or move(color, rows, cols, board, pieces) for each call in CALLS
(JSON lines) as the tournament does: the board as a tuple of tuples, the pieces as a dict of tuples
and None. Before a move() the module's turn counter for that colour is set to the case's turn (the
tournament's own games count it from setup()). Prints one JSON line per call:
{"answer": text, "seconds": s} or {"error": exception type, "message": text}."""
import json
import sys
import time

from dcms_cases import board_tuple, load, pieces_dict


def main(module_path, calls_path, time_limit):
    m = load(module_path)
    m.TIME_LIMIT = time_limit
    with open(calls_path) as f:
        calls = [json.loads(line) for line in f]
    for call in calls:
        if "cells" in call:  # the board's cells as given, e.g. one blank for an empty cell
            board = tuple(tuple(row) for row in call["cells"])
        else:
            board = board_tuple(call) if isinstance(call["board"], list) else call["board"]
        start = time.monotonic()
        try:
            if call["kind"] == "setup":
                answer = m.setup(call["color"], call["rows"], call["cols"], board)
            else:
                if call["color"] in (0, 1) and isinstance(call["color"], int):
                    m._TURNS[call["color"]] = call["turn"]
                answer = m.move(call["color"], call["rows"], call["cols"], board, pieces_dict(call))
            print(json.dumps({"answer": str(answer), "seconds": time.monotonic() - start}))
        except Exception as e:
            print(json.dumps({"error": type(e).__name__, "message": str(e)}))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
