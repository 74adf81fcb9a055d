#!/usr/bin/env python3
"""raichu_endings.py RECORDS: how the Raichu games of match records end.

Replays each game's moves on its opening (the records' notation: "(r,c)-(r,c)", a capture
"(r,c)x(r,c)-(r,c)", a promotion marked "=@" or "=$") and prints one line per kind of ending: decided
games, and the draws at the ply limit by what stands on the board at the end — Raichus alone (as "2 v 1",
the larger side first) or other pieces too, with the material level or not (Pichu 1, Pikachu 3, Raichu
9). Standard library only; a move that does not fit the board stops it with the file, line and move
named (exit code 1)."""
import argparse
import collections
import json
import re
import sys

MOVE = re.compile(r"\((\d+),(\d+)\)(?:x\((\d+),(\d+)\))?-\((\d+),(\d+)\)(=[@$])?")
VALUE = {"w": 1, "W": 3, "@": 9, "b": -1, "B": -3, "$": -9}


def final_cells(n, board, moves, where):
    cells = list(board)
    for move in moves:
        m = MOVE.fullmatch(move)
        if not m:
            raise ValueError("%s: move %r is not in the records' notation" % (where, move))
        r0, c0, rx, cx, r1, c1, promotion = m.groups()
        frm, to = int(r0) * n + int(c0), int(r1) * n + int(c1)
        if not (0 <= frm < n * n and 0 <= to < n * n) or cells[frm] == ".":
            raise ValueError("%s: move %r starts on an empty square or leaves the board" % (where, move))
        piece, cells[frm] = cells[frm], "."
        if rx is not None:
            over = int(rx) * n + int(cx)
            if not 0 <= over < n * n or cells[over] == ".":
                raise ValueError("%s: capture %r jumps no piece" % (where, move))
            cells[over] = "."
        cells[to] = promotion[1] if promotion else piece
    return cells


def ending(cells):
    pieces = [ch for ch in cells if ch in VALUE]
    if all(ch in "@$" for ch in pieces):
        w, b = pieces.count("@"), pieces.count("$")
        return "Raichus alone, %d v %d" % (max(w, b), min(w, b))
    level = sum(VALUE[ch] for ch in pieces) == 0
    return "other pieces too, material %s" % ("level" if level else "not level")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records")
    args = parser.parse_args()
    tally = collections.Counter()
    games = 0
    try:
        with open(args.records) as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    record = json.loads(line)
                except ValueError as e:
                    raise ValueError("%s:%d: not a JSON record (%s)" % (args.records, number, e))
                where = "%s:%d" % (args.records, number)
                missing = [k for k in ("opening", "games") if k not in record]
                if missing:
                    raise ValueError("%s: the record has no %s" % (where, " and no ".join(missing)))
                n, _, board = record["opening"].split()[:3]
                n = int(n)
                if len(board) != n * n:
                    raise ValueError("%s: the opening's board is not %d squares" % (where, n * n))
                for game in record["games"]:
                    games += 1
                    if "moves" not in game:
                        raise ValueError("%s: a game has no moves" % where)
                    cells = final_cells(n, board, game["moves"], where)
                    if "ply limit" in game.get("reason", ""):
                        tally["drawn at the ply limit: " + ending(cells)] += 1
                    else:
                        tally["ended before it: " + game.get("reason", "no reason given")] += 1
    except (OSError, ValueError) as e:
        print("raichu_endings.py: %s" % e, file=sys.stderr)
        return 1
    print("%s: %d games" % (args.records, games))
    for kind, count in sorted(tally.items(), key=lambda kv: (-kv[1], kv[0])):
        print("%4d  %s" % (count, kind))
    return 0


if __name__ == "__main__":
    sys.exit(main())
