#!/usr/bin/env python3
"""Builds datasets/bench/<game>.json for a turn-based game: positions from seeded random play.

Every successor comes from `gamelab perft <game> --depth 1 --divide --json` (the resulting boards), so
the script needs no rules of its own. Python's random.Random(seed) is deterministic, and the output is
committed, so the suite never changes unless this script is rerun on purpose.
    python3 datasets/tools/make_bench_suite.py build/apps/gamelab raichu
"""
import json
import random
import subprocess
import sys

# game -> (depth, [(position options, number of positions, plies to play before taking one)])
SUITES = {
    "raichu": (7, [({"n": "8"}, 14, (4, 40)), ({"n": "10"}, 4, (6, 30)), ({"n": "12"}, 2, (4, 20))]),
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


def main():
    gamelab, game = sys.argv[1], sys.argv[2]
    depth, plan = SUITES[game]
    rng = random.Random(20261121)
    positions = []
    for options, count, (low, high) in plan:
        n = int(options["n"])
        made = 0
        while made < count:
            position = subprocess.run([gamelab, "perft", game, "--n", str(n), "--depth", "0", "--divide", "--json"],
                                      check=True, capture_output=True, text=True)
            position = json.loads(position.stdout)["position"]
            plies = rng.randint(low, high)
            alive = True
            for _ in range(plies):
                _, boards = successors(gamelab, game, position)
                if not boards:
                    alive = False
                    break
                position = raichu_next(position, rng.choice(boards))
            if not alive or not successors(gamelab, game, position)[1]:
                continue
            made += 1
            positions.append({"name": f"n={n} random {plies} plies #{made}", "position": position})
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
