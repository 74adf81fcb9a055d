#!/usr/bin/env python3
"""Builds datasets/bench/<game>.json for a turn-based game: positions from seeded random play.

Every successor comes from `gamelab perft <game> --depth 1 --divide --json` (the resulting boards), so
the script needs no rules of its own. Python's random.Random(seed) is deterministic, and the output is
committed, so the suite never changes unless this script is rerun on purpose.
    python3 datasets/tools/make_bench_suite.py build/apps/gamelab raichu
    python3 datasets/tools/make_bench_suite.py build/apps/gamelab jumpchess
    python3 datasets/tools/make_bench_suite.py build/apps/gamelab ataxx
"""
import json
import random
import subprocess
import sys

JUMPCHESS_DEPTH = 8

# game -> (depth, [(position options, number of positions, plies to play before taking one)])
SUITES = {
    "raichu": (7, [({"n": "8"}, 14, (4, 40)), ({"n": "10"}, 4, (6, 30)), ({"n": "12"}, 2, (4, 20))]),
    "jumpchess": (JUMPCHESS_DEPTH, [({}, 8, (2, 30)), ({}, 8, (30, 100)), ({}, 8, (100, 250))]),
    "ataxx": (7, [({}, 8, (2, 20)), ({}, 8, (20, 60)), ({}, 4, (60, 120))]),
}


def successors(gamelab, game, position_text):
    with open("/tmp/bench_position.txt", "w") as f:
        f.write(position_text + "\n")
    out = subprocess.run([gamelab, "perft", game, "--board", "/tmp/bench_position.txt", "--depth", "1",
                          "--divide", "--json"], check=True, capture_output=True, text=True).stdout
    data = json.loads(out)
    return data["position"], [line["result"] for line in data["divide"]]


def raichu_next(position, board):
    n, side, _ = position.split()
    return f"{n} {'b' if side == 'w' else 'w'} {board}"


def jumpchess_next(position, board):
    """The position file after a move to `board` (64 digits): the other side to move, one more move made."""
    lines = [line for line in position.splitlines() if line and not line.startswith("#")]
    side = lines[8]
    black, white = (int(x) for x in lines[9].split()[1:3]) if len(lines) > 9 else (0, 0)
    black, white = (black + 1, white) if side == "black" else (black, white + 1)
    rows = "\n".join(" ".join(board[8 * r:8 * r + 8]) for r in range(8))
    return f"{rows}\n{'white' if side == 'black' else 'black'}\nmoves {black} {white}\n"


# Ataxx's result is the whole position (a FEN): the position after the move is the result itself.
NEXT = {"raichu": raichu_next, "jumpchess": jumpchess_next, "ataxx": lambda position, board: board}


def main():
    gamelab, game = sys.argv[1], sys.argv[2]
    depth, plan = SUITES[game]
    rng = random.Random(20261121)
    positions = []
    for options, count, (low, high) in plan:
        flags = [word for key, value in options.items() for word in ("--" + key, value)]
        label = "".join(f"{key}={value} " for key, value in options.items())
        made = 0
        while made < count:
            position = subprocess.run([gamelab, "perft", game, *flags, "--depth", "0", "--divide", "--json"],
                                      check=True, capture_output=True, text=True)
            position = json.loads(position.stdout)["position"]
            plies = rng.randint(low, high)
            alive = True
            for _ in range(plies):
                _, boards = successors(gamelab, game, position)
                if not boards:
                    alive = False
                    break
                position = NEXT[game](position, rng.choice(boards))
            if not alive or not successors(gamelab, game, position)[1]:
                continue
            made += 1
            positions.append({"name": f"{label}random {plies} plies #{made}", "position": position})
    data = {"game": game, "depth": depth,
            "about": "Bench positions (seeded random play, datasets/tools/make_bench_suite.py); searched to "
                     "`depth` with a cold engine each; the total node count is the build's signature.",
            "positions": positions}
    with open(f"datasets/bench/{game}.json", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(f"{len(positions)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
