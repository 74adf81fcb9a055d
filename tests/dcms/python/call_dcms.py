"""call_dcms.py MODULE CALLS TIME_LIMIT: imports the exported player, sets its TIME_LIMIT, and calls
setup(color, rows, cols, board) or move(color, rows, cols, board, pieces) for each call in CALLS
(JSON lines) as the tournament does: the board as a tuple of tuples, the pieces as a dict of tuples
and None. Before a move() the module's turn counter for that colour is set to the case's turn (the
tournament's own games count it from setup()). A case with "lists": true passes the board
and the squares as lists instead (a lenient reading). Prints one JSON line per call: {"answer": text,
"seconds": s} with, after a searched move, "search": {early, proven, iterations} of the module's last
search, or {"error": exception type, "message": text}."""
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
        lists = call.get("lists", False)  # the board and the squares as lists, not tuples
        if lists:
            board = [list(row) for row in board]
        start = time.monotonic()
        try:
            if call["kind"] == "setup":
                answer = m.setup(call["color"], call["rows"], call["cols"], board)
            else:
                if call["color"] in (0, 1) and isinstance(call["color"], int):
                    m._TURNS[call["color"]] = call["turn"]
                pieces = pieces_dict(call)
                if lists and isinstance(pieces, dict):
                    pieces = dict((k, list(v) if v is not None else v) for k, v in pieces.items())
                answer = m.move(call["color"], call["rows"], call["cols"], board, pieces)
            out = {"answer": str(answer), "seconds": time.monotonic() - start}
            searched = getattr(m, "_LAST_TREE", [None])[0] if call["kind"] == "move" else None
            if searched is not None and hasattr(searched, "details"):
                out["search"] = {k: searched.details.get(k) for k in ("early", "proven", "iterations")}
            print(json.dumps(out))
        except Exception as e:
            print(json.dumps({"error": type(e).__name__, "message": str(e)}))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], float(sys.argv[3])))
