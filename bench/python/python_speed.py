#!/usr/bin/env python3
"""python_speed.py GAMELAB [--seconds S] [--runs R] [--file RAICHU_PY]: the search speed of the exported
Raichu player (`gamelab export raichu --python`), in nodes per second.

It exports the file with the release parameters (engines/raichu/release.json, compiled into GAMELAB)
into a temporary folder, then searches each fixed position below for S seconds (default 5), R times
(default 3), each search in a fresh python3 process as the tournament runs it (the garbage collector
off, empty tables), and prints the nodes per second of every run and their median, per second of
wall time and per second of the process's CPU time (the second hardly moves with the machine's load). With --file it
measures that file instead of exporting one (to compare with an older export); the file must offer
parse_board(n, side, board), WHITE/BLACK and Search().run(root, deadline=...) with Search().nodes, as
every export so far does.

Timings, not checks: nothing is asserted (docs/design.md: speed is never asserted in tests). The
machine's load shows in the figures; compare files on the same machine, one after the other.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def start_board(n):
    """The start position for n, as the perft dataset holds it (datasets/perft/raichu.json)."""
    with open(os.path.join(ROOT, "datasets", "perft", "raichu.json")) as f:
        for entry in json.load(f)["positions"]:
            if entry["name"] == "start n=%d" % n:
                return entry["position"].split()[2]
    raise SystemExit("datasets/perft/raichu.json has no start position for n=%d" % n)


# (name, n, side, board): the start positions of n = 8 and n = 12, and two positions of the lab's
# bench suite (datasets/bench/raichu.json, seeded random play): contact and captures on both sides,
# the second with Raichus.
POSITIONS = [
    ("start n=8", 8, "w", start_board(8)),
    ("start n=12", 12, "w", start_board(12)),
    ("middlegame n=8 (bench #2)", 8, "w", "............W...Ww.....w.W..wW...b...B..b..Bb.w.B....B.........."),
    ("Raichus n=8 (bench #6)", 8, "b", "...........$.....w...........WW..B.w....b...b.w......BB....@...."),
]

# Run in a fresh interpreter: imports the file, searches one position for a while, prints
# "nodes seconds".
MEASURE = r"""
import gc, importlib.util, sys, time
spec = importlib.util.spec_from_file_location("raichu_export", sys.argv[1])
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
n, side, board, seconds = int(sys.argv[2]), sys.argv[3], sys.argv[4], float(sys.argv[5])
root = m.parse_board(n, m.WHITE if side == "w" else m.BLACK, board)
gc.disable()
search = m.Search()
start, cpu = time.monotonic(), time.process_time()
search.run(root, deadline=start + seconds)
print(search.nodes, time.monotonic() - start, time.process_time() - cpu)
"""


def export(gamelab, folder):
    path = os.path.join(folder, "raichu.py")
    subprocess.run([gamelab, "export", "raichu", "--python", path], check=True, stdout=subprocess.DEVNULL)
    return path


def measure(path, n, side, board, seconds):
    out = subprocess.run([sys.executable, "-c", MEASURE, path, str(n), side, board, str(seconds)], check=True,
                         stdout=subprocess.PIPE, universal_newlines=True).stdout.split()
    return int(out[0]) / float(out[1]), int(out[0]) / float(out[2])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("gamelab", help="the gamelab binary (build/apps/gamelab)")
    parser.add_argument("--seconds", type=float, default=5.0, help="search time per run (default 5)")
    parser.add_argument("--runs", type=int, default=3, help="runs per position (default 3); the median is printed")
    parser.add_argument("--file", help="measure this exported file instead of exporting one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="python_speed_") as folder:
        path = args.file or export(args.gamelab, folder)
        print("%s, %d x %g s per position, python %s" % (args.file or "raichu.py exported with the release parameters",
                                                        args.runs, args.seconds, sys.version.split()[0]))
        for name, n, side, board in POSITIONS:
            runs = [measure(path, n, side, board, args.seconds) for _ in range(args.runs)]
            wall, cpu = [r[0] for r in runs], [r[1] for r in runs]
            print("%-26s median %7.0f nodes/s wall (runs %s), %7.0f nodes/s CPU (runs %s)"
                  % (name, statistics.median(wall), ", ".join("%.0f" % r for r in wall), statistics.median(cpu),
                     ", ".join("%.0f" % r for r in cpu)))
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
