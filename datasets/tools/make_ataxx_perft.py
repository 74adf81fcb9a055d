#!/usr/bin/env python3
"""Builds datasets/perft/ataxx.json from the Ataxx perft counts the field publishes.

Unlike the other games' tables, these counts are not the engine's: each one is copied from where the
Ataxx engine community publishes it (the SOURCES below), so that the engine is checked against the
field rather than against itself. The convention is libataxx's (docs/rules/ataxx.md §5): a pass is a
move, a finished position has none. Run from the repository root:
    python3 datasets/tools/make_ataxx_perft.py            # writes the file
    python3 datasets/tools/make_ataxx_perft.py --check    # also recounts depths 1..4 here (under a second)
The check is an independent generator of its own (below, Python integers as bitboards with 8 bits a
rank), sharing nothing with engines/ataxx or tests/ataxx/reference.cpp.
"""
import argparse
import json
import sys

# Where each count is published: a short name for the notes, the full reference for "about".
SOURCES = {
    "libataxx": ("libataxx tests/perft.cpp",
                 "kz04px/libataxx tests/perft.cpp (commit 4226c26, 2024-03-10; the same counts to fewer depths "
                 "in kz04px/python-ataxx tests/test_perft.py)"),
    "ataxxdotcpp": ("AtaxxDotCpp changelog 1.16",
                    "GediminasMasaitis/AtaxxDotCpp changelog.md, version 1.16 (its perft 7 from the start)"),
}

START = "x5o/7/7/7/7/7/o5x"
# name, FEN, counts from depth 1, fast depth, source, note
PUBLISHED = [
    ("start", START + " x 0 1", [16, 256, 6460, 155888, 4752668, 141865520, 5023479496], 5, "libataxx, ataxxdotcpp",
     "the start position; depths 6 and 7 from AtaxxDotCpp, 1 to 5 from libataxx"),
    ("start, o to move", START + " o 0 1", [16, 256, 6460, 155888, 4752668], 5, "libataxx",
     "the start with o to move: the same counts"),
    ("gaps c5 e5 c3 e3", "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1", [14, 196, 4184, 86528, 2266352], 5, "libataxx",
     "four gaps: a gap is never a destination; jumps and clones around it"),
    ("gaps c5 e5 c3 e3, o to move", "x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1", [14, 196, 4184, 86528, 2266352], 4, "libataxx",
     "the same, o to move"),
    ("gaps c5 e5 d4 c3 e3", "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1", [14, 196, 4100, 83104, 2114588], 5, "libataxx",
     "five gaps in a cross"),
    ("gaps c5 e5 d4 c3 e3, o to move", "x5o/7/2-1-2/3-3/2-1-2/7/o5x o 0 1", [14, 196, 4100, 83104, 2114588], 4,
     "libataxx", "the same, o to move"),
    ("gaps d5 c4 e4 d3", "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1", [16, 256, 5948, 133264, 3639856], 5, "libataxx",
     "four gaps in a diamond, out of reach of the first two plies"),
    ("gaps d5 c4 e4 d3, o to move", "x5o/7/3-3/2-1-2/3-3/7/o5x o 0 1", [16, 256, 5948, 133264, 3639856], 4,
     "libataxx", "the same, o to move"),
    ("x walled in", "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1", [1, 75, 249, 14270, 452980], 5, "libataxx",
     "x cannot move: its one move is the pass, then o has 75"),
    ("x walled in, o to move", "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1", [75, 249, 14270, 452980], 4, "libataxx",
     "o to move; x passes at ply 2 whenever it is still walled in"),
    ("o walled in, x to move", "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo x 0 1", [75, 249, 14270, 452980], 4, "libataxx",
     "the colours swapped"),
    ("o walled in", "7/7/7/7/xxxxxxx/xxxxxxx/ooooooo o 0 1", [1, 75, 249, 14270, 452980], 5, "libataxx",
     "the colours swapped: o passes first"),
    ("two stones in the centre", "7/7/7/2x1o2/7/7/7 x 0 1", [23, 419, 7887, 168317, 4266992], 5, "libataxx",
     "x on c4, o on e4: flips from the first ply"),
    ("two stones in the centre, o to move", "7/7/7/2x1o2/7/7/7 o 0 1", [23, 419, 7887, 168317, 4266992], 4, "libataxx",
     "the same, o to move"),
    ("halfmove clock at 100", START + " x 100 1", [0, 0, 0, 0], 4, "libataxx",
     "the clock has reached 100: a draw, no moves"),
    ("halfmove clock at 100, o to move", START + " o 100 1", [0, 0, 0, 0], 4, "libataxx", "the same, o to move"),
    ("empty board", "7/7/7/7/7/7/7 x 0 1", [0, 0, 0, 0], 4, "libataxx", "no stones at all: over, no moves"),
    ("empty board, o to move", "7/7/7/7/7/7/7 o 0 1", [0, 0, 0, 0], 4, "libataxx", "the same, o to move"),
    ("corridor behind two walls", "7/7/7/7/-------/-------/x5o x 0 1", [2, 4, 13, 30, 73, 174], 6, "libataxx",
     "ranks 3 and 4 are gaps: a 7-square corridor that fills up; passes and the end by no moves"),
    ("corridor behind two walls, o to move", "7/7/7/7/-------/-------/x5o o 0 1", [2, 4, 13, 30, 73, 174], 6,
     "libataxx", "the same, o to move"),
]


# ---- An independent generator (docs/rules/ataxx.md §2 to §5): bit 8 * rank + file. ----

ON_BOARD = sum(0x7F << (8 * r) for r in range(7))


def _around(sq, dist):
    r, f = divmod(sq, 8)
    out = 0
    for r2 in range(7):
        for f2 in range(7):
            if max(abs(r - r2), abs(f - f2)) == dist:
                out |= 1 << (8 * r2 + f2)
    return out


SQUARES = [8 * r + f for r in range(7) for f in range(7)]
RING1 = {sq: _around(sq, 1) for sq in SQUARES}
RING2 = {sq: _around(sq, 2) for sq in SQUARES}


def parse(fen):
    fields = fen.split()
    stones, gaps = [0, 0], 0
    for row, text in enumerate(fields[0].split("/")):
        f = 0
        for ch in text:
            if ch.isdigit():
                f += int(ch)
                continue
            b = 1 << (8 * (6 - row) + f)
            if ch == "-":
                gaps |= b
            else:
                stones["xo".index(ch)] |= b
            f += 1
    clock = int(fields[2]) if len(fields) > 2 else 0
    return stones[0], stones[1], gaps, "xo".index(fields[1]), clock


def bits(b):
    while b:
        low = b & -b
        yield low.bit_length() - 1
        b ^= low


def spread(b):
    out = 0
    for sq in bits(b):
        out |= RING1[sq]
    return out


def moves(pos):
    x, o, gaps, side, clock = pos
    if clock >= 100 or not x or not o:
        return []
    us = (x, o)[side]
    empty = ON_BOARD & ~(x | o | gaps)
    out = [(to, to) for to in bits(spread(us) & empty)]
    out += [(frm, to) for frm in bits(us) for to in bits(RING2[frm] & empty)]
    if out:
        return out
    them = (x, o)[1 - side]
    them_can = any(RING2[sq] & empty for sq in bits(them)) or spread(them) & empty
    return [None] if them_can else []


def play(pos, move):
    x, o, gaps, side, clock = pos
    stones = [x, o]
    if move is None:
        return x, o, gaps, 1 - side, clock + 1
    frm, to = move
    flips = RING1[to] & stones[1 - side]
    stones[side] |= (1 << to) | flips
    stones[1 - side] &= ~flips
    if frm != to:
        stones[side] &= ~(1 << frm)
    return stones[0], stones[1], gaps, 1 - side, 0 if frm == to else clock + 1


def perft(pos, depth):
    listed = moves(pos)
    if depth == 1:
        return len(listed)
    return sum(perft(play(pos, m), depth - 1) for m in listed)


def check(max_depth):
    bad = 0
    for name, fen, counts, *_ in PUBLISHED:
        for depth, expected in enumerate(counts[:max_depth], start=1):
            got = perft(parse(fen), depth)
            if got != expected:
                print(f"MISMATCH {name} depth {depth}: published {expected}, counted {got}", file=sys.stderr)
                bad += 1
    print(f"checked depths 1..{max_depth} of {len(PUBLISHED)} positions: {'all agree' if not bad else f'{bad} differ'}",
          file=sys.stderr)
    return bad == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="recount the shallow depths independently")
    parser.add_argument("--depth", type=int, default=4, choices=[1, 2, 3, 4], help="deepest depth --check counts")
    parser.add_argument("--out", default="datasets/perft/ataxx.json")
    args = parser.parse_args()
    if args.check and not check(args.depth):
        sys.exit(1)
    positions = [{"name": name, "position": fen, "counts": counts, "fast_depth": fast,
                  "note": f"{note} (published: {', '.join(SOURCES[s.strip()][0] for s in source.split(','))})"}
                 for name, fen, counts, fast, source, note in PUBLISHED]
    data = {"game": "ataxx",
            "about": "Perft counts as the Ataxx engine community publishes them (docs/rules/ataxx.md §5, "
                     "docs/rules/common.md §2): a pass is a move, a finished position has no moves. Published in "
                     + "; ".join(full for _, full in SOURCES.values()) + ". Rebuilt by "
                     "datasets/tools/make_ataxx_perft.py. Depths up to fast_depth run in the regular test suite; "
                     "the rest under the ctest label 'slow' (make test-slow).",
            "positions": positions}
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
