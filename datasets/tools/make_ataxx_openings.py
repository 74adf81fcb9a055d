#!/usr/bin/env python3
"""Builds Ataxx's opening suites: the match and SPSA suite and the release gate's bands.

The field plays Ataxx from the open start and from boards with gaps ("blockers") placed symmetrically,
the stones on the corners as at the start (docs/rules/ataxx.md §1). `gamelab openings ataxx` makes only
the first kind, so this script makes both, with fixed seeds:

  open   the start after 2 to 4 random plies;
  gaps   4 to 8 gaps placed point-symmetrically (the half turn about d4) or mirror-symmetrically (files
         a-g or ranks 1-7 reflected), never on a corner, then 2 to 4 random plies.

A candidate is kept when a shallow search, `gamelab search ataxx --board FEN --depth 4 --json`, scores
it within +-150 (the bound of `gamelab openings`' --max-score), the side to move has a move other than
the pass, and no earlier candidate had the same FEN. The depth-4 score carries the hand-made
evaluation's tempo (about three stones for the side to move), so what is "balanced" here is a side to
move some stones behind.

From any folder (paths are the repository's; the gamelab binary's default parameters judge balance):
    python3 datasets/tools/make_ataxx_openings.py            # datasets/openings/ataxx.json: 200 open, 200 gaps
    python3 datasets/tools/make_ataxx_openings.py --gate     # the gate's bands: datasets/gate/ataxx.json and
                                                             # datasets/openings/ataxx-gate-{open,gaps}.json
    ... --check                                              # rebuild in memory, compare with the files, exit 1 if not equal
The gate's positions are held out from the match suite's: --gate reads datasets/openings/ataxx.json
(make it first). Random plies come from the independent generator of make_ataxx_perft.py.
"""
import argparse
import concurrent.futures
import json
import os
import random
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_ataxx_perft import moves, play  # noqa: E402  (bit 8 * rank + file)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the repository
MAX_SCORE = 150
DEPTH = 4
START = "x5o/7/7/7/7/7/o5x x 0 1"
CORNERS = {(0, 0), (6, 0), (0, 6), (6, 6)}  # (file, rank)
# (seed, count) of each suite's kinds: the match suite's, then the gate's bands.
MATCH = {"open": (1, 200), "gaps": (2, 200)}
GATE = {"open": (101, 100), "gaps": (102, 100)}


def bit(f, r):
    return 1 << (8 * r + f)


def fen(pos, fullmove):
    x, o, gaps, side, clock = pos
    ranks = []
    for r in range(6, -1, -1):
        text, run = "", 0
        for f in range(7):
            b = bit(f, r)
            ch = "x" if x & b else "o" if o & b else "-" if gaps & b else ""
            if not ch:
                run += 1
                continue
            text += (str(run) if run else "") + ch
            run = 0
        ranks.append(text + (str(run) if run else ""))
    return f"{'/'.join(ranks)} {'xo'[side]} {clock} {fullmove}"


def start_position(gaps):
    return bit(0, 6) | bit(6, 0), bit(0, 0) | bit(6, 6), gaps, 0, 0


def symmetric_gaps(rng):
    """4 to 8 gaps, symmetric under the half turn or a mirror, none on a corner."""
    kind = rng.choice(["point", "mirror files", "mirror ranks"])
    image = {"point": lambda f, r: (6 - f, 6 - r),
             "mirror files": lambda f, r: (6 - f, r),
             "mirror ranks": lambda f, r: (f, 6 - r)}[kind]
    # The symmetry's orbits, a square and its image (one square on the axis or the centre).
    orbits = sorted({frozenset({(f, r), image(f, r)}) for f in range(7) for r in range(7)} - {frozenset({c, image(*c)})
                                                                                            for c in CORNERS},
                    key=sorted)
    want = rng.randint(4, 8)
    while True:  # orbits in a random order, each taken while it fits; again if they miss the count
        rng.shuffle(orbits)
        chosen = set()
        for orbit in orbits:
            if len(chosen) + len(orbit) <= want:
                chosen |= orbit
        if len(chosen) == want:
            return sum(bit(f, r) for f, r in chosen)


def candidates(kind, seed):
    """Endless candidate FENs of one kind from one seed, in order."""
    rng = random.Random(seed)
    while True:
        pos = start_position(symmetric_gaps(rng) if kind == "gaps" else 0)
        fullmove = 1
        for _ in range(rng.randint(2, 4)):
            listed = moves(pos)
            if not listed:
                break
            fullmove += pos[3]  # after o's move
            pos = play(pos, rng.choice(listed))
        listed = moves(pos)
        if listed and listed != [None]:
            yield fen(pos, fullmove)


def score(gamelab, position):
    out = subprocess.run([gamelab, "search", "ataxx", "--board", position, "--depth", str(DEPTH), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)["score"]


def suite(gamelab, kind, seed, count, taken, jobs):
    """`count` balanced FENs of `kind`, none in `taken` (which they join); the same for any `jobs`."""
    kept = []
    stream = candidates(kind, seed)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        while len(kept) < count:
            batch = []
            while len(batch) < 8 * jobs:
                position = next(stream)
                if position not in taken and position not in batch:
                    batch.append(position)
            for position, value in zip(batch, pool.map(lambda p: score(gamelab, p), batch)):
                if abs(value) <= MAX_SCORE and len(kept) < count:
                    kept.append(position)
            taken.update(batch)
    print(f"{kind} (seed {seed}): {count} kept", file=sys.stderr)
    return kept


def opening_file(positions, made_by):
    return {"game": "ataxx", "made_by": made_by, "positions": positions}


def match_files(gamelab, jobs):
    taken = set()
    positions = [p for kind, (seed, count) in MATCH.items() for p in suite(gamelab, kind, seed, count, taken, jobs)]
    return {"datasets/openings/ataxx.json": opening_file(positions, "python3 datasets/tools/make_ataxx_openings.py")}


def gate_files(gamelab, jobs):
    with open(os.path.join(ROOT, "datasets/openings/ataxx.json"), encoding="utf-8") as f:
        taken = set(json.load(f)["positions"])  # held out from the match suite
    made_by = "python3 datasets/tools/make_ataxx_openings.py --gate"
    files = {}
    bands = []
    for kind, (seed, count) in GATE.items():
        name = f"ataxx-gate-{kind}.json"
        files["datasets/openings/" + name] = opening_file(suite(gamelab, kind, seed, count, taken, jobs), made_by)
        bands.append({"name": kind, "tags": {"gaps": "0" if kind == "open" else "4-8"}, "openings": "../openings/" + name})
    files["datasets/gate/ataxx.json"] = {
        "game": "ataxx",
        "about": "The release gate's Ataxx suite: the field plays from the open start and from boards with 4-8 gaps "
                 "placed symmetrically (the half turn or a mirror), the stones on the corners; each band the start "
                 f"after 2-4 random plies, {GATE['open'][1]} and {GATE['gaps'][1]} positions scored within "
                 f"+-{MAX_SCORE} by a depth-{DEPTH} search, from seeds no tuning suite uses and held out from "
                 f"datasets/openings/ataxx.json; {made_by} builds them.",
        "axes": ["gaps"],
        "bands": bands,
    }
    return files


def text(data):
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gate", action="store_true", help="the release gate's bands instead of the match suite")
    parser.add_argument("--check", action="store_true", help="compare with the committed files instead of writing them")
    parser.add_argument("--gamelab", default=os.path.join(ROOT, "build/apps/gamelab"),
                        help="the gamelab binary (default: build/apps/gamelab of the repository)")
    parser.add_argument("--jobs", type=int, default=1, help="searches at once (the files do not depend on it)")
    args = parser.parse_args()
    if not os.access(args.gamelab, os.X_OK):
        sys.exit(f"make_ataxx_openings.py: --gamelab {args.gamelab}: no such program (build it, or name it)")
    files = (gate_files if args.gate else match_files)(args.gamelab, max(args.jobs, 1))
    differ = 0
    for name, data in files.items():
        path = os.path.join(ROOT, name)
        if args.check:
            with open(path, encoding="utf-8") as f:
                same = f.read() == text(data)
            print(f"{name}: {'as committed' if same else 'DIFFERS'}", file=sys.stderr)
            differ += not same
            continue
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(text(data))
        os.replace(path + ".tmp", path)
        print(f"wrote {name}", file=sys.stderr)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
