"""raichu_learned_speed.py [--seconds S] [--rounds R] MODULE ...: the search speed of exported Raichu players
(`gamelab export raichu --python`, with or without --eval), in nodes per second of CPU time, on the three
n = 8 positions of bench/python/python_speed.py (the start, bench #2, bench #6): each search a fresh
python3 importing the file and running Search().run(root, deadline) for S seconds (default 2), as
python_speed.py measures one file (its measure()). The modules take turns per position and round, so
that a loaded machine slows them alike; R rounds (default 3), the median of each. Prints per module the
nodes per second per position, their geometric mean and its ratio to the first module's.

raichu_learned_speed.py --old COMMIT PLAIN OUT: writes OUT, the Raichu template of COMMIT (git show
COMMIT:engines/raichu/export/raichu.py.in) filled with the header, weights and knobs of PLAIN (a file
exported today without --eval), for measuring an older file with today's parameters.

A measurement, not a test: run it at nice 19 beside other work and compare modules of one run only."""
import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "bench", "python"))
import python_speed  # noqa: E402  (bench/python: the positions and one measured search)


def write_old(commit, plain, out):
    template = subprocess.run(["git", "-C", ROOT, "show", commit + ":engines/raichu/export/raichu.py.in"],
                              check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout
    lines = open(plain).read().split("\n")

    def block(start, end):
        i = lines.index(start)
        return "\n".join(lines[i + 1:lines.index(end, i)])

    head = template.split("\n")
    if not head[2].startswith("# %%GENERATED_BY%%") or not head[3].startswith("# Parameters: %%PARAMS_SOURCE%%"):
        raise SystemExit("%s's template does not start as today's (header lines 3 and 4)" % commit)
    head[2], head[3] = lines[2], lines[3]
    text = "\n".join(head)
    text = text.replace("%%WEIGHTS%%", block("WEIGHTS = (", ")")).replace("%%KNOBS%%", block("KNOBS = {", "}"))
    if "%%WEIGHTS%%" in text or "%%KNOBS%%" in text:
        raise SystemExit("placeholders left in %s's template" % commit)
    with open(out, "w") as f:
        f.write(text)
    return 0


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--old":
        return write_old(*sys.argv[2:])
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("modules", nargs="+")
    args = parser.parse_args()
    positions = [p for p in python_speed.POSITIONS if p[1] == 8]
    cpu = {m: {p[0]: [] for p in positions} for m in args.modules}
    for _ in range(args.rounds):
        for name, n, side, board in positions:
            for m in args.modules:
                cpu[m][name].append(python_speed.measure(m, n, side, board, args.seconds)[1])
    print("nodes per second of CPU, median of %d rounds of %g s; positions: %s; python %s"
          % (args.rounds, args.seconds, ", ".join(p[0] for p in positions), sys.version.split()[0]))
    first = None
    for m in args.modules:
        medians = [statistics.median(cpu[m][p[0]]) for p in positions]
        mean = statistics.geometric_mean(medians) if hasattr(statistics, "geometric_mean") else \
            (medians[0] * medians[1] * medians[2]) ** (1.0 / 3)
        first = first or mean
        print("%-44s %s   geomean %7.0f   x %.2f" % (os.path.basename(m), " ".join("%7.0f" % v for v in medians),
                                                      mean, mean / first))
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
