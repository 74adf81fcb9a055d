#!/usr/bin/env python3
"""Builds datasets/perft/raichu.json: the positions below, counted by `gamelab perft`.

The counts come from the engine; the test suite confirms every count to depth 3 with an independent
reference generator (tests/raichu/reference_movegen.cpp), and the differential test compares the two
generators on thousands of positions. Run from the repository root after building:
    python3 datasets/tools/make_raichu_perft.py build/apps/gamelab
"""
import json
import subprocess
import sys


def start(n):
    rows = [['.'] * n for _ in range(n)]
    for c in range(n):
        if c % 2 == 0:
            rows[1][c] = 'W'
            rows[n - 3][c] = 'b'
        else:
            rows[2][c] = 'w'
            rows[n - 2][c] = 'B'
    return [''.join(r) for r in rows]


def flipped(rows):
    """The same position seen from the other side: rows reversed, columns reversed, colours swapped."""
    swap = {'w': 'b', 'W': 'B', '@': '$', 'b': 'w', 'B': 'W', '$': '@', '.': '.'}
    return [''.join(swap[ch] for ch in reversed(row)) for row in reversed(rows)]


PROMOTION_WHITE = [
    "........",
    ".....b..",
    "........",
    "........",
    "...W..W.",
    ".W...w..",
    "w.b.b.B.",
    "........",
]

POSITIONS = [
    # name, side, rows, fast depth, deep depth, note
    ("start n=8", "w", start(8), 5, 7, "the tournament start position"),
    ("start n=10", "w", start(10), 4, 6, "the tournament start position"),
    ("start n=12", "w", start(12), 4, 5, "the tournament start position"),
    ("start n=16", "w", start(16), 3, 5, "the largest supported board"),
    ("pichu steps and jumps", "w", [
        "........",
        ".w......",
        "..b.w...",
        ".....b..",
        "...w....",
        "..b.b...",
        ".B......",
        "........"], 4, 6, "Pichu diagonal steps and jumps over Pichus; a jump blocked by a piece on the landing square"),
    ("pikachu jumps at distance 1 and 2", "w", [
        "........",
        "W.b.W.B.",
        "b...b...",
        "........",
        ".B..W...",
        "........",
        "..b....$",
        "........"], 4, 6, "Pikachu jumps with the enemy adjacent (landing 2 or 3 away) and 2 away (landing 3); enemy 3 away out of reach; a Raichu cannot be jumped"),
    ("raichu slides and long jumps", "w", [
        "$.......",
        "........",
        "..b.....",
        "...@..B.",
        "........",
        ".w...@..",
        "........",
        ".......$"], 4, 5, "Raichu slides in 8 directions, long jumps over any enemy kind, no jump over own pieces or off the board"),
    ("white promotions", "w", PROMOTION_WHITE, 4, 6, "White promotes by Pichu step, Pichu jump, Pikachu 2-square move and Pikachu jump"),
    ("black promotions", "b", flipped(PROMOTION_WHITE), 4, 6, "the same position mirrored: Black promotes on row 0"),
    ("crowded and blocked", "w", [
        "........",
        "WWW.....",
        "www.....",
        "bbb.....",
        "BBB.....",
        "........",
        "........",
        "........"], 4, 7, "pieces blocked by their own and by enemies they may not jump"),
    ("no legal move", "w", [
        "........",
        ".w......",
        "b.b.....",
        "...B....",
        "........",
        "........",
        "........",
        "........"], 3, 3, "White has a piece but no legal move: terminal, perft 0"),
    ("side to move has no pieces", "b", [
        "........",
        "...@....",
        "..W.....",
        "........",
        "........",
        "........",
        "........",
        "........"], 3, 3, "Black has no pieces: lost, perft 0"),
    ("last capture ends the game", "w", [
        "........",
        "........",
        "...W....",
        "...b....",
        "........",
        "........",
        ".......@",
        "........"], 4, 6, "after White takes Black's last piece the game is over: those lines count 0 below"),
    ("mixed n=10", "b", [
        "..........",
        "W...@.W...",
        ".w.w...w.w",
        "....b.....",
        "..........",
        ".....W....",
        "b...b.b.$.",
        ".B.B...B..",
        "..........",
        "....$....."], 4, 5, "a middle game on n = 10 with Raichus of both colours"),
]


def perft(gamelab, n, side, board, depth):
    out = subprocess.run([gamelab, "perft", "raichu", "--n", str(n), "--side", side, "--board", board,
                          "--depth", str(depth), "--threads", "2", "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["nodes"]


def main():
    gamelab = sys.argv[1] if len(sys.argv) > 1 else "build/apps/gamelab"
    positions = []
    for name, side, rows, fast, deep, note in POSITIONS:
        n = len(rows)
        assert all(len(r) == n for r in rows), name
        board = ''.join(rows)
        counts = [perft(gamelab, n, side, board, d) for d in range(1, deep + 1)]
        positions.append({"name": name, "position": f"{n} {side} {board}", "counts": counts,
                          "fast_depth": fast, "note": note})
        print(name, counts, file=sys.stderr)
    data = {"game": "raichu",
            "about": "Perft counts (docs/rules/raichu.md, docs/rules/common.md §2). Depths up to fast_depth run in the regular test "
                     "suite; the rest under the ctest label 'slow' (make test-slow).",
            "positions": positions}
    with open("datasets/perft/raichu.json", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
