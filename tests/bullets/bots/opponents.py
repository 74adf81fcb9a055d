#!/usr/bin/env python3
"""Bullets opponents for the must-win suites at the clock (docs/engines/bullets.md §6), started afresh
every turn like a tournament program: the tournament's input on standard input, one action 0-8 out.

    opponents.py wanders   a seeded uniform choice among its moves and 8, never a shot (the seed is the
                           input's hash, so the same position gives the same answer)
    opponents.py dodges    never shoots; of its moves and 8, the square no flying bullet will ever pass
                           over, else the one a bullet reaches last, never one a bullet is on next round if
                           it can help it; staying first among equals, then the lowest action

The same players as tests/bullets/must_win_test.cpp's, written again for the referee's protocol.
"""
import hashlib
import random
import sys

MOVES = {0: (-1, 0), 1: (1, 0), 2: (0, -1), 3: (0, 1)}
FLY = {'^': (-1, 0), 'v': (1, 0), '<': (0, -1), '>': (0, 1)}


def read_input(text):
    lines = text.split('\n')
    n, m = (int(x) for x in lines[0].split())
    rows = [lines[1 + r].ljust(4 * m) for r in range(n)]
    side = lines[n + 2].strip().upper()
    walls, bullets, players = set(), [], {}
    for r in range(n):
        for c in range(m):
            cell = rows[r][4 * c:4 * c + 4]
            if cell[0] == '#':
                walls.add((r, c))
            elif cell[0] in 'RB':
                players[cell[0]] = (r, c)
            elif cell[0] == '^':
                bullets.append(((r, c), FLY['^']))
            for ch in cell[1:]:
                if ch in FLY:
                    bullets.append(((r, c), FLY[ch]))
    return walls, bullets, players[side]


def arrivals(walls, bullets, rounds):
    """For each square, the first round (1 = next) a flying bullet is on it, within `rounds`."""
    first = {}
    for (pos, d) in bullets:
        for t in range(1, rounds + 1):
            ahead = (pos[0] + d[0], pos[1] + d[1])
            if ahead in walls:
                d = (-d[0], -d[1])  # turns round in place
            else:
                pos = ahead
            if pos not in first or first[pos] > t:
                first[pos] = t
    return first


def choices(walls, me):
    out = [(8, me)]
    for a, (dr, dc) in MOVES.items():
        to = (me[0] + dr, me[1] + dc)
        if to not in walls:
            out.append((a, to))
    return out


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else ''
    text = sys.stdin.read()
    walls, bullets, me = read_input(text)
    options = choices(walls, me)
    if kind == 'wanders':
        rng = random.Random(int(hashlib.sha256(text.encode()).hexdigest()[:16], 16))
        print(sorted(a for a, _ in options)[rng.randrange(len(options))])
        return
    if kind != 'dodges':
        sys.exit('usage: opponents.py wanders|dodges < input')
    # A bullet's cycle is at most 2 x 64 rounds: beyond it, a square not reached is never reached.
    first = arrivals(walls, bullets, 130)
    best, best_score = 8, -2
    for a, to in sorted(options, key=lambda o: (o[0] != 8, o[0])):
        t = first.get(to)
        score = -1 if t == 1 else (1 << 30 if t is None else t)
        if score > best_score:
            best, best_score = a, score
    print(best)


main()
