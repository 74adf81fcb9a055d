#!/usr/bin/env python3
"""Builds datasets/bench/dcms.json: Dog-Cat-Mouse-cheeSe positions for `gamelab bench dcms`.

Boards come from the committed suite (datasets/boards/dcms); each position is a seeded random legal
placement followed by a few seeded random turns (docs/rules/dcms.md: moves into walls stay, captures
rank by rank), in both variants, plus two setup-phase boards (the placement search). Every position
is checked by `gamelab show dcms --board`, so the rules engine has the last word on its validity.
Python's random.Random(seed) is deterministic and the output is committed: the suite changes only when
this script is rerun on purpose.
    python3 datasets/tools/make_dcms_bench_suite.py build/apps/gamelab
"""
import json
import os
import random
import subprocess
import sys

ITERATIONS = 3000
LETTERS = "SMCD"  # by rank; red's are lower case
STEPS = {1: (1, -1), 2: (1, 0), 3: (1, 1), 4: (0, -1), 5: (0, 0), 6: (0, 1), 7: (-1, -1), 8: (-1, 0), 9: (-1, 1)}


def read_board(path):
    lines = [l.rstrip("\n") for l in open(path) if not l.startswith("#")]
    _, rows, cols, _ = lines[0].split()
    rows, cols = int(rows), int(cols)
    walls = [[lines[1 + r][4 * c:4 * c + 4] == "WWWW" for c in range(cols)] for r in range(rows)]
    return rows, cols, walls, lines[1:1 + rows]


def placement(rng, rows, cols, walls, side, ranks):
    squares = [(r, c) for r in range(rows) for c in range(cols)
               if not walls[r][c] and ((2 * c < cols - 1) if side == 0 else (2 * c > cols - 1))]
    return [rng.choice(squares) for _ in range(ranks)]


def play_turn(rng, pieces, walls, ranks):
    """pieces: {(side, rank): (r, c)}; one random joint move, then the captures."""
    moved = {}
    for (side, rank), (r, c) in pieces.items():
        if rank == 0:
            moved[(side, rank)] = (r, c)
            continue
        dr, dc = STEPS[rng.randint(1, 9)]
        moved[(side, rank)] = (r, c) if walls[r + dr][c + dc] else (r + dr, c + dc)
    for rank in range(ranks):
        removed = []
        for side in (0, 1):
            here = moved.get((side, rank))
            if here is None:
                continue
            enemy = 1 - side
            if moved.get((enemy, rank)) == here or (rank + 1 < 4 and moved.get((enemy, rank + 1)) == here):
                removed.append((side, rank))
        for key in removed:
            del moved[key]
    return moved


def position_text(variant, rows, cols, turn, board_lines, pieces):
    text = f"{variant} {rows} {cols} {turn}\n" + "\n".join(board_lines) + "\n"
    for (side, rank), (r, c) in sorted(pieces.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        letter = LETTERS[rank] if side == 0 else LETTERS[rank].lower()
        text += f"{letter} {r} {c}\n"
    return text


def check(gamelab, text):
    with open("/tmp/dcms_bench_position.txt", "w") as f:
        f.write(text)
    subprocess.run([gamelab, "show", "dcms", "--board", "/tmp/dcms_bench_position.txt"], check=True,
                   capture_output=True, text=True)


def main():
    gamelab = sys.argv[1]
    folder = "datasets/boards/dcms"
    files = sorted(f for f in os.listdir(folder) if f.endswith(".txt"))
    rng = random.Random(20261123)
    positions = []
    for k in range(22):
        variant = "mouse" if k % 2 == 0 else "full"
        ranks = 2 if variant == "mouse" else 4
        name = files[rng.randrange(len(files))]
        rows, cols, walls, board_lines = read_board(os.path.join(folder, name))
        while True:
            pieces = {}
            for side in (0, 1):
                for rank, square in enumerate(placement(rng, rows, cols, walls, side, ranks)):
                    pieces[(side, rank)] = square
            turns = rng.randint(0, 10)
            turn = 0
            for _ in range(turns):
                after = play_turn(rng, pieces, walls, ranks)
                if (0, 0) not in after or (1, 0) not in after:
                    break
                pieces, turn = after, turn + 1
            # A live game in which both Mice still run (blue, the side searched, has something to decide).
            if all(key in pieces for key in ((0, 0), (1, 0), (0, 1), (1, 1))):
                break
        text = position_text(variant, rows, cols, turn, board_lines, pieces)
        check(gamelab, text)
        positions.append({"name": f"{variant} {name[:-4]} turn {turn}", "position": text})
    for variant, name in (("full", files[3]), ("mouse", files[10])):
        rows, cols, walls, board_lines = read_board(os.path.join(folder, name))
        text = position_text(variant, rows, cols, 0, board_lines, {})
        check(gamelab, text)
        positions.append({"name": f"{variant} {name[:-4]} setup", "position": text})
    data = {"game": "dcms", "nodes": ITERATIONS,
            "about": "Bench positions (seeded random placements and turns on the board suite, "
                     "datasets/tools/make_dcms_bench_suite.py); each searched with a cold engine for `nodes` MCTS "
                     "iterations (setup boards: the placement search), seed 1; the total node count is the build's "
                     "signature.",
            "positions": positions}
    with open("datasets/bench/dcms.json", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(f"{len(positions)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
