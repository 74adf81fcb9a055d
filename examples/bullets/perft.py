#!/usr/bin/env python3
"""Bullets perft in the form `gamelab perft bullets --against` reads (docs/tools/perft.md).

    python3 perft.py DEPTH POSITION_FILE [MOVE ...]

POSITION_FILE is the tournament's input (docs/rules/bullets.md §5: `n m`, n rows of 4-character
cells, the round, the side letter), optionally followed by `limit L` (docs/rules/common.md §3.4). A MOVE
is a joint move, Blue's action then Red's, without blanks: `B3R8` (actions 0-8, bullets.md §2). They
are played first. Prints one `MOVE COUNT` line per joint move, a blank line and the total. Standard
library only: copy it next to your bot and replace `actions` and `play` with calls into your own rules.
"""
import sys

BLUE, RED = 0, 1
NOTHING = 8
STEP = ((-1, 0), (1, 0), (0, -1), (0, 1))  # up, down, left, right: actions 0-3 move, 4-7 shoot


class Position:
    def __init__(self, walls, players, bullets, round_, limit):
        # players: [blue square, red square]; bullets: a set of (square, direction 0-3)
        self.walls, self.players, self.bullets, self.round, self.limit = walls, players, bullets, round_, limit


def read_position(path):
    with open(path) as f:
        lines = [line.rstrip("\r\n") for line in f]
    while lines[0].startswith("#"):
        lines.pop(0)
    n, m = map(int, lines[0].split())
    walls, players, bullets = set(), [None, None], set()
    for r in range(n):
        for c in range(m):
            cell = lines[1 + r][4 * c:4 * c + 4]
            if cell[0] == "#":
                walls.add((r, c))
            elif cell[0] in "BR":
                players[BLUE if cell[0] == "B" else RED] = (r, c)
            for direction, mark in enumerate("^v<>"):
                if cell[direction] == mark:
                    bullets.add(((r, c), direction))
    limit = 2000
    for line in lines[1 + n + 2:]:
        if line.startswith("limit "):
            limit = int(line.split()[1])
    return Position(walls, players, bullets, int(lines[1 + n]), limit)


def ahead(square, direction):
    return (square[0] + STEP[direction][0], square[1] + STEP[direction][1])


def actions(pos, side):
    """A side's actions: moves that do not run into a wall (one into a wall is the same as 8), every shot, 8."""
    return [a for a in range(4) if ahead(pos.players[side], a) not in pos.walls] + [4, 5, 6, 7, NOTHING]


def hit(pos, side):
    return any(square == pos.players[side] for square, _ in pos.bullets)


def over(pos):
    return hit(pos, BLUE) or hit(pos, RED) or pos.round >= pos.limit


def play(pos, blue, red):
    bullets = set(pos.bullets)
    moved = list(pos.players)
    for side, action in ((BLUE, blue), (RED, red)):
        if action < 4:  # 1. a move (never into a wall: actions() leaves those out)
            moved[side] = ahead(pos.players[side], action)
        elif action < 8:  # a shot: a new bullet on the shooter's own square
            bullets.add((pos.players[side], action - 4))
    if moved[BLUE] == moved[RED]:  # 2. collision: both go back
        moved = list(pos.players)
    stepped = set()
    for square, direction in bullets:  # 3. every bullet steps; at a wall it turns round in place
        if ahead(square, direction) in pos.walls:
            stepped.add((square, direction ^ 1))
        else:
            stepped.add((ahead(square, direction), direction))
    return Position(pos.walls, moved, stepped, pos.round + 1, pos.limit)  # 4. hits: over() sees them


def joint_moves(pos):
    return [(b, r) for b in actions(pos, BLUE) for r in actions(pos, RED)]


def joint_text(move):
    return "B%dR%d" % move


def perft(pos, depth):
    if depth == 0:
        return 1
    if over(pos):
        return 0
    if depth == 1:
        return len(actions(pos, BLUE)) * len(actions(pos, RED))
    return sum(perft(play(pos, b, r), depth - 1) for b, r in joint_moves(pos))


def main():
    depth, pos = int(sys.argv[1]), read_position(sys.argv[2])
    for text in sys.argv[3:]:
        move = [m for m in joint_moves(pos) if joint_text(m) == text]
        if not move:
            sys.exit("not a legal joint move here: " + text)
        pos = play(pos, *move[0])
    total = 0
    if not over(pos):
        for move in joint_moves(pos):
            count = perft(play(pos, *move), depth - 1)
            print(joint_text(move), count)
            total += count
    print()
    print(total)


if __name__ == "__main__":
    main()
