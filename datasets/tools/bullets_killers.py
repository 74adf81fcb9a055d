#!/usr/bin/env python3
"""bullets_killers.py RECORDS... : whose bullet, and how old, ended each Bullets game that a hit decided.

The script replays every game of the match records (`gamelab match bullets --out`) with the rules of
Bullets (docs/rules/bullets.md), and tags each bullet with its shooter and the round it was fired. For every
game that ended with exactly one player hit, it prints the loser and the round. It also prints the
bullets that hit the loser, each as "own" or "opp" with its age in rounds, and the bullets on the board.
A summary at the end classifies each loss by the youngest bullet that hit: its owner, and fresh (fired 10
rounds before or fewer) or old.

A replayed game whose winner disagrees with its record's score is reported, and the script then exits 1.
It is a measurement, not a test: docs/engines/bullets.md §6 quotes it.
"""
import json
import sys

SHOTS = {4: (-1, 0), 5: (1, 0), 6: (0, -1), 7: (0, 1)}
STEPS = {0: (-1, 0), 1: (1, 0), 2: (0, -1), 3: (0, 1)}


def parse_board(opening):
    """Walls and the players' squares of a position file's text (comment lines first)."""
    lines = opening.split("\n")
    while not lines[0].replace(" ", "").isdigit():  # the comment lines before "n m"
        lines = lines[1:]
    n, m = map(int, lines[0].split())
    walls, players = set(), {}
    for r in range(n):
        row = lines[1 + r].ljust(4 * m)
        for c in range(m):
            cell = row[4 * c]
            if cell == "#":
                walls.add((r, c))
            elif cell in "RB":
                players[cell] = (r, c)
    return walls, players


def replay(opening, moves):
    """(side hit, round, [(shooter, round fired)] of the bullets that hit it, bullets on the board), or
    None when no single player was hit."""
    walls, pos = parse_board(opening)
    bullets = []  # [row, col, d_row, d_col, shooter, round fired]
    for t, move in enumerate(moves):
        actions = {p[0]: int(p[1:]) for p in move.split() if p[:1] in ("B", "R") and p[1:].isdigit()}
        before = dict(pos)
        for side in "BR":
            a = actions.get(side, 8)
            if a in STEPS:
                r, c = pos[side][0] + STEPS[a][0], pos[side][1] + STEPS[a][1]
                if (r, c) not in walls:
                    pos[side] = (r, c)
            elif a in SHOTS:
                bullets.append([pos[side][0], pos[side][1], SHOTS[a][0], SHOTS[a][1], side, t])
        if pos["B"] == pos["R"]:
            pos = before
        for b in bullets:
            ahead = (b[0] + b[2], b[1] + b[3])
            if ahead in walls:
                b[2], b[3] = -b[2], -b[3]
            else:
                b[0], b[1] = ahead
        hit = {side: [(b[4], b[5]) for b in bullets if (b[0], b[1]) == pos[side]] for side in "BR"}
        if hit["B"] and hit["R"]:
            return None
        for side in "BR":
            if hit[side]:
                return side, t + 1, hit[side], len(bullets)
    return None


def main(files):
    summary = {}
    disagreements = 0
    for name in files:
        with open(name) as f:
            for line in f:
                record = json.loads(line)
                for g, game in enumerate(record["games"]):
                    ended = replay(record["opening"], game["moves"])
                    if ended is None:
                        continue
                    side, hit_round, killers, on_board = ended
                    seat = 0 if side == "B" else 1
                    if game.get("score") is not None and game["score"] != (0 if seat == 0 else 1):
                        disagreements += 1
                        print("%s pair %d game %d: the replay's loser disagrees with the record's score"
                              % (name, record["pair"], g))
                    ages = [("own" if shooter == side else "opp", hit_round - 1 - fired) for shooter, fired in killers]
                    print("%s pair %d game %d: %s hit at round %d by %s, %d bullets on the board"
                          % (name, record["pair"], g, game["seats"][seat], hit_round,
                             ", ".join("%s %d rounds old" % k for k in ages), on_board))
                    owner, age = min(ages, key=lambda k: k[1])
                    key = "%s %s" % (owner, "fresh" if age <= 10 else "old")
                    summary[key] = summary.get(key, 0) + 1
    total = sum(summary.values())
    print("%d games decided by a hit; the youngest bullet that hit: %s" % (
        total, ", ".join("%s %d" % (k, summary.get(k, 0)) for k in ("own fresh", "own old", "opp fresh", "opp old"))))
    return 1 if disagreements else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
