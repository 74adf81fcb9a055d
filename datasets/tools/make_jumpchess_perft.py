#!/usr/bin/env python3
"""Builds datasets/perft/jumpchess.json: the positions below, counted by `gamelab perft jumpchess`.

The counts come from the engine; the test suite confirms every count to depth 3 with an independent
reference generator (tests/jumpchess/reference_movegen.cpp), and the differential test compares the two
generators on thousands of positions. Run from the repository root after building:
    python3 datasets/tools/make_jumpchess_perft.py build/apps/gamelab
Rows use '.' empty, 'b' black, 'w' white; the dataset stores docs/rules/common.md §3 position files (0/1/2).
"""
import json
import subprocess
import sys

START = [
    "b.......",
    ".b.....w",
    "b.b...w.",
    ".b...w.w",
    "b.b...w.",
    ".b...w.w",
    "b.....w.",
    ".......w",
]

POSITIONS = [
    # name, rows, side, (black moves, white moves), fast depth, deep depth, note
    ("start", START, "black", (0, 0), 5, 6,
     "the tournament start position: 31 steps, no hop yet"),
    ("start, white to move", START, "white", (0, 0), 4, 6,
     "the start turned round: White's 31 steps"),
    ("snake of 15 hops", [
        "bb.w.b..",
        "......w.",
        ".b.w.b..",
        "w.......",
        ".b.w.b..",
        "......w.",
        ".b.w.b..",
        "........"], "black", (0, 0), 4, 5,
     "the longest chain 8 x 8 allows: (0,0) through all 16 squares of its class over 8 own and 7 enemy "
     "pieces; every prefix is a move"),
    ("web of captures", [
        "b.......",
        "........",
        "..bw.w..",
        "..w.b.w.",
        "...wbw..",
        "..b.w.w.",
        "...w.b..",
        ".......b"], "black", (0, 0), 4, 5,
     "black pieces inside a web of 9 white pieces: chains capturing up to several pieces, the same "
     "landing reached with different captures (different boards)"),
    ("chains over own pieces", [
        "........",
        "..b.b...",
        ".bbb....",
        "..b.b...",
        ".b.b....",
        ".......w",
        "........",
        ".....w.w"], "black", (0, 0), 4, 5,
     "a cluster of 9 black pieces hopping over each other: own pieces stay, many chains reach the same "
     "board and count once"),
    ("four-ring loop", [
        "........",
        "........",
        "..bb....",
        "..b.b...",
        "...b....",
        "........",
        ".....w..",
        ".......w"], "black", (0, 0), 4, 5,
     "own pieces around a ring: the chain from (2,2) cannot close the loop (no revisit), and each "
     "landing reached both ways round is one move"),
    ("six-cycle with a chord", [
        "........",
        "........",
        "..bw.b..",
        "..b.w.w.",
        "...w.b..",
        "........",
        "........",
        ".......b"], "black", (0, 0), 4, 5,
     "a six-square cycle with a chord, own and enemy pieces mixed: loops cut by the no-revisit rule, "
     "captures that make the two ways round different moves"),
    ("341 moves", [
        "........",
        "........",
        "..b.w.w.",
        ".b.b.w.b",
        "..w.b.w.",
        ".b.w.w.w",
        ".bw.b.b.",
        "........"], "black", (0, 0), 3, 4,
     "the most moves found (by hill-climbing random boards): more than the 256 the move list holds "
     "inline, many landings reached with several different capture sets"),
    ("white has no legal move", [
        ".....bbw",
        ".......b",
        ".......b",
        "........",
        "..b.....",
        "........",
        "........",
        "........"], "white", (0, 0), 5, 6,
     "White's only piece is boxed in: its one move is the pass, which counts as a move"),
    ("black has no pieces", [
        "........",
        "........",
        "...w....",
        "........",
        ".....w..",
        "........",
        "........",
        "........"], "black", (0, 0), 5, 6,
     "Black has lost every piece: it passes at each turn and White plays on (the game does not end)"),
    ("one step from home", [
        "......b.",
        ".......b",
        "......b.",
        ".....b..",
        "........",
        "..w.w...",
        ".w......",
        "w......."], "black", (0, 0), 4, 6,
     "every black piece but (3,5) is in Black's target: the lines where it steps or hops in end the game "
     "(counted 0 below them)"),
    ("move limit near", START, "black", (198, 198), 5, 6,
     "each side has made 198 moves: two more each and the game is over, so perft(5) and beyond are 0"),
    ("already over", [
        "......bb",
        "......b.",
        "........",
        "...w....",
        "........",
        "........",
        "........",
        "........"], "white", (12, 12), 3, 3,
     "every black piece is in Black's target: the game is over, perft 0 at every depth"),
]


def digits(rows):
    return ''.join({'.': '0', 'b': '1', 'w': '2'}[ch] for row in rows for ch in row)


def position_text(rows, side, moves):
    lines = [' '.join({'.': '0', 'b': '1', 'w': '2'}[ch] for ch in row) for row in rows]
    return '\n'.join(lines) + f"\n{side}\nmoves {moves[0]} {moves[1]}\n"


def perft(gamelab, rows, side, moves, depth):
    out = subprocess.run([gamelab, "perft", "jumpchess", "--board", digits(rows), "--side", side,
                          "--moves", f"{moves[0]} {moves[1]}", "--depth", str(depth), "--threads", "2", "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["nodes"]


def main():
    gamelab = sys.argv[1] if len(sys.argv) > 1 else "build/apps/gamelab"
    positions = []
    for name, rows, side, moves, fast, deep, note in POSITIONS:
        assert len(rows) == 8 and all(len(r) == 8 for r in rows), name
        assert all(''.join(rows).count(ch) <= 9 for ch in 'bw'), name
        counts = [perft(gamelab, rows, side, moves, d) for d in range(1, deep + 1)]
        positions.append({"name": name, "position": position_text(rows, side, moves), "counts": counts,
                          "fast_depth": fast, "note": note})
        print(name, counts, file=sys.stderr)
    data = {"game": "jumpchess",
            "about": "Perft counts (docs/rules/jumpchess.md, docs/rules/common.md §2): distinct resulting boards, a pass counted as one move. "
                     "Depths up to fast_depth run in the regular test suite; the rest under the ctest label "
                     "'slow' (make test-slow).",
            "positions": positions}
    with open("datasets/perft/jumpchess.json", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
