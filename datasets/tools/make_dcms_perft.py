#!/usr/bin/env python3
"""Builds datasets/perft/dcms.json: the Dog-Cat-Mouse-cheeSe positions below, counted by `gamelab perft`.

Perft (docs/rules/common.md §2) counts sequences of joint moves (blue's action, red's action), each side's actions
merged by the squares its pieces end on. The counts come from the engine; the test suite confirms the
shallow ones with an independent referee written from the rule text (tests/dcms/reference.cpp), and the
differential test compares the two on thousands of positions. Run from the repository root after building:
    python3 datasets/tools/make_dcms_perft.py build/apps/gamelab
"""
import json
import os
import subprocess
import sys
import tempfile

OPEN_5x8 = [
    "########",
    "#......#",
    "#......#",
    "#......#",
    "########",
]

OPEN_7x8 = [
    "########",
    "#......#",
    "#......#",
    "#......#",
    "#......#",
    "#......#",
    "########",
]

CORRIDOR = [
    "#########",
    "#.......#",
    "#########",
]

MAZE = [
    "#########",
    "#..#.#..#",
    "#.#...#.#",
    "#...#...#",
    "##.#.#.##",
    "#.......#",
    "#########",
]


def wide(compact):
    return ["".join("WWWW" if ch == "#" else "    " for ch in row) for row in compact]


def position(variant, compact, pieces, turn=0):
    lines = [f"{variant} {len(compact)} {len(compact[0])} {turn}"] + wide(compact)
    lines += [p.strip() for p in pieces.split(",") if p.strip()]
    return "\n".join(lines) + "\n"


def suite_board(name, variant, pieces, turn=0):
    """A board of the committed suite (datasets/boards/dcms) with pieces placed on it."""
    with open(os.path.join("datasets/boards/dcms", name)) as f:
        lines = [line.rstrip("\n") for line in f if not line.startswith("#")]
    _, rows, cols, _ = lines[0].split()
    header = f"{variant} {rows} {cols} {turn}"
    return "\n".join([header] + lines[1:] + [p.strip() for p in pieces.split(",") if p.strip()]) + "\n"


POSITIONS = [
    # name, position text, fast depth, deep depth, note
    ("mouse open 7x8", position("mouse", OPEN_7x8, "S 3 1, M 2 2, s 3 6, m 4 5"), 4, 5,
     "a usual mouse-variant start on an open board: up to 9 x 9 joint moves a turn"),
    ("mouse suite board 7x8", suite_board("board-002-7x8.txt", "mouse", "S 4 1, M 2 2, s 4 6, m 2 5"), 4, 5,
     "the smallest board of the committed suite; inner walls block and merge moves"),
    ("mouse suite board 11x15", suite_board("board-010-11x15.txt", "mouse", "S 5 2, M 4 5, s 5 12, m 4 9"), 4, 5,
     "a mid-size generated board, mice heading for each other"),
    ("cheeSe eaten by one side", position("mouse", OPEN_5x8, "S 2 1, s 2 5, M 2 4, m 1 4"), 4, 5,
     "blue's Mouse is next to red's cheeSe: every line in which it steps on it ends (perft 0 below it)"),
    ("both cheeSes eaten", position("mouse", OPEN_5x8, "S 2 2, s 2 5, M 2 4, m 2 3"), 4, 5,
     "each Mouse next to the enemy cheeSe: lines where both eat at once are draws, where one eats a win"),
    ("mice fight after eating", position("mouse", OPEN_5x8, "S 2 1, s 2 5, M 2 4, m 2 6"), 4, 5,
     "blue's Mouse eats red's cheeSe while red's Mouse steps onto the same square: the cheeSe goes at rank 0, "
     "both Mice at rank 1"),
    ("swaps pass through in a corridor", position("mouse", CORRIDOR, "S 1 1, M 1 3, s 1 7, m 1 4"), 7, 9,
     "a one-square corridor: the Mice can only swap (passing each other), meet (both die) or step back"),
    ("wall blocking in a maze", position("full", MAZE, "S 5 1, M 3 2, C 1 1, D 5 3, s 5 7, m 3 6, c 1 7, d 5 5"), 2, 3,
     "walls on most sides of every piece: steps into walls merge with staying"),
    ("full: captures at every rank", position("full", OPEN_5x8, "S 2 1, s 2 6, M 3 3, m 3 4, C 1 3, c 1 4, D 2 3, d 2 4"), 2, 2,
     "Mice, Cats and Dogs face to face: Mice fight, Cats eat Mice, Cats fight, Dogs eat Cats, Dogs fight, "
     "pieces two ranks apart ignore each other"),
    ("full: Cats and Dogs without Mice", position("full", OPEN_5x8, "S 2 1, s 2 6, C 2 3, D 3 2, c 1 4, d 2 5"), 2, 3,
     "no Mouse left: no cheeSe can be eaten, Cats and Dogs still capture"),
    ("full suite board 10x9", suite_board("board-012-10x9.txt", "full", "S 1 1, M 4 3, C 3 2, D 6 3, s 1 7, m 4 5, c 3 6, d 6 5"), 2, 2,
     "a generated board with all eight pieces in the middle"),
    ("one side has only its cheeSe", position("full", OPEN_5x8, "S 2 2, s 2 6, m 2 4, d 3 5"), 4, 4,
     "blue has one action (the empty one); red's Mouse is two steps from blue's cheeSe"),
    ("the last turn", position("mouse", OPEN_5x8, "S 2 1, s 2 6, M 2 3, m 2 4", 59), 3, 3,
     "turn 59 of 60: after one joint move the game ends on the piece count"),
    ("game already over", position("mouse", OPEN_5x8, "S 2 1, M 2 5, m 2 3"), 2, 2,
     "red's cheeSe has been eaten: terminal, perft 0"),
]


def perft(gamelab, text, depth):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        out = subprocess.run([gamelab, "perft", "dcms", "--board", path, "--depth", str(depth), "--threads", "2", "--json"],
                             check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return json.loads(out)["nodes"]


def main():
    gamelab = sys.argv[1] if len(sys.argv) > 1 else "build/apps/gamelab"
    positions = []
    for name, text, fast, deep, note in POSITIONS:
        counts = [perft(gamelab, text, d) for d in range(1, deep + 1)]
        positions.append({"name": name, "position": text, "counts": counts, "fast_depth": fast, "note": note})
        print(name, counts, file=sys.stderr)
    data = {"game": "dcms",
            "about": "Perft counts of joint moves (docs/rules/dcms.md, docs/rules/common.md §2). Depths up to fast_depth run in the regular "
                     "test suite; the rest under the ctest label 'slow' (make test-slow).",
            "positions": positions}
    with open("datasets/perft/dcms.json", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
