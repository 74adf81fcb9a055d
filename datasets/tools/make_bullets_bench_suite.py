#!/usr/bin/env python3
"""Builds datasets/bench/bullets.json: Bullets positions for `gamelab bench bullets`.

Boards come from the committed suite (datasets/boards/bullets); each position is a board after a number
of seeded random turns (docs/rules/bullets.md, replayed here: moves into walls undone, shots, players that
meet go back, bullets step or turn round in place, hits) in which neither player is hit: each side
draws among its actions that do not walk into a bullet, shooting more often than moving so that the
positions hold bullets. Odd positions are given to Red, even ones to Blue. Every position is checked
by `gamelab show bullets --board`, so the rules engine has the last word on its validity.
Python's random.Random(seed) is deterministic and the output is committed: the suite changes only when
this script is rerun on purpose.
    python3 datasets/tools/make_bullets_bench_suite.py build/apps/gamelab
"""
import json
import os
import random
import subprocess
import sys

ITERATIONS = 3000
COUNT = 24
DIRS = [(-1, 0), (1, 0), (0, -1), (0, 1)]  # up, down, left, right: the handout's order


def read_board(path):
    lines = [l.rstrip("\n") for l in open(path)]
    while lines[0].startswith("#"):  # comment lines come only before the first line (board rows start with '#')
        lines.pop(0)
    rows, cols = map(int, lines[0].split())
    walls = [[lines[1 + r][4 * c] == "#" for c in range(cols)] for r in range(rows)]
    return rows, cols, walls


def turn(walls, players, bullets, actions):
    """One turn in the order of docs/rules/bullets.md §3; returns (players, bullets, hit flags)."""
    bullets = list(bullets)
    moved = []
    for (r, c), a in zip(players, actions):
        if a < 4:
            dr, dc = DIRS[a]
            moved.append((r, c) if walls[r + dr][c + dc] else (r + dr, c + dc))
        else:
            if a < 8:
                bullets.append((r, c, a - 4))
            moved.append((r, c))
    if moved[0] == moved[1]:
        moved = list(players)
    stepped = set()
    for r, c, d in bullets:
        dr, dc = DIRS[d]
        stepped.add((r, c, d ^ 1) if walls[r + dr][c + dc] else (r + dr, c + dc, d))
    squares = {(r, c) for r, c, _ in stepped}
    return moved, sorted(stepped), [p in squares for p in moved]


def position_text(rows, cols, walls, players, bullets, round_number, side):
    cells = [["#   " if walls[r][c] else "    " for c in range(cols)] for r in range(rows)]
    masks = {}
    for r, c, d in bullets:
        masks[(r, c)] = masks.get((r, c), 0) | (1 << d)
    for (r, c), m in masks.items():
        cells[r][c] = ("^" if m & 1 else " ") + ("v" if m & 2 else " ") + ("<" if m & 4 else " ") + (">" if m & 8 else " ")
    for (r, c), letter in ((players[1], "R"), (players[0], "B")):
        cells[r][c] = letter + cells[r][c][1:]
    body = "\n".join("".join(row) for row in cells)
    return f"{rows} {cols}\n{body}\n{round_number}\n{side}\n"


def random_position(rng, rows, cols, walls, turns):
    players = [(rows - 2, cols - 2), (1, 1)]  # Blue, Red
    bullets = []
    for _ in range(turns):
        for _attempt in range(50):
            actions = [rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 4, 5, 6, 7]) for _ in range(2)]
            new_players, new_bullets, hit = turn(walls, players, bullets, actions)
            if not any(hit):
                players, bullets = new_players, new_bullets
                break
        else:
            return None
    return players, bullets


def check(gamelab, text):
    with open("/tmp/bullets_bench_position.txt", "w") as f:
        f.write(text)
    subprocess.run([gamelab, "show", "bullets", "--board", "/tmp/bullets_bench_position.txt"], check=True,
                   capture_output=True, text=True)


def main():
    gamelab = sys.argv[1]
    folder = "datasets/boards/bullets"
    files = sorted(f for f in os.listdir(folder) if f.endswith(".txt"))
    rng = random.Random(20261124)
    positions = []
    while len(positions) < COUNT:
        name = rng.choice(files)
        rows, cols, walls = read_board(os.path.join(folder, name))
        turns = rng.choice([3, 10, 25, 40, 60, 90])
        found = random_position(rng, rows, cols, walls, turns)
        if found is None or not found[1]:
            continue  # a turn with no safe joint move, or no bullet in the air
        players, bullets = found
        side = "R" if len(positions) % 2 else "B"
        text = position_text(rows, cols, walls, players, bullets, turns, side)
        check(gamelab, text)
        positions.append({"name": f"{name[:-4]} after {turns} random turns, {side} to answer, {len(bullets)} bullets",
                          "position": text})
    suite = {
        "game": "bullets",
        "nodes": ITERATIONS,
        "about": "Bench positions (suite boards after seeded random turns, datasets/tools/make_bullets_bench_suite.py); "
                 "each searched for `nodes` MCTS iterations with a cold engine (seed 1); the total number of "
                 "positions the searches generated is the build's signature.",
        "positions": positions,
    }
    with open("datasets/bench/bullets.json", "w") as f:
        json.dump(suite, f, indent=1)
        f.write("\n")
    print(f"wrote {len(positions)} positions to datasets/bench/bullets.json")


if __name__ == "__main__":
    main()
