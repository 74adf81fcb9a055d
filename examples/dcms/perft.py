#!/usr/bin/env python3
"""Dog-Cat-Mouse-cheeSe perft in the form `gamelab perft dcms --against` reads (docs/tools/perft.md).

    python3 perft.py DEPTH POSITION_FILE [MOVE ...]

POSITION_FILE is a position file (docs/rules/common.md §3.3): `VARIANT ROWS COLS TURN`, ROWS lines of
4-character cells ("WWWW" a wall), then one `LETTER ROW COL` line per piece. A MOVE is a joint move:
blue's move string, then red's, each in brackets and without blanks, e.g. `[D2C5M4][d1c5m9]` (every
movable piece, Dog first, then Cat, then Mouse, 5 when it stays; `[]` for a side with nothing left to
move). They are played first. Prints one `MOVE COUNT` line per joint move, a blank line and the
total. Standard library only: copy it next to your bot and replace `side_actions` and `play` with calls
into your own rules.
"""
import itertools
import sys

TURN_LIMIT = 60  # docs/rules/dcms.md §6
RANK = {"S": 0, "M": 1, "C": 2, "D": 3}
# Numpad digits (docs/rules/dcms.md §4): 7 8 9 up, 4 5 6 level, 1 2 3 down; up is row - 1.
OFFSET = {1: (1, -1), 2: (1, 0), 3: (1, 1), 4: (0, -1), 5: (0, 0), 6: (0, 1), 7: (-1, -1), 8: (-1, 0), 9: (-1, 1)}


class Position:
    def __init__(self, variant, walls, turn, pieces):
        # pieces: letter -> (row, col) for the pieces on the board; upper case blue, lower case red
        self.variant, self.walls, self.turn, self.pieces = variant, walls, turn, pieces


def read_position(path):
    with open(path) as f:
        lines = [line.rstrip("\r\n") for line in f]
    while lines[0].startswith("#"):
        lines.pop(0)
    variant, rows, cols, turn = lines[0].split()
    rows, cols = int(rows), int(cols)
    walls = {(r, c) for r in range(rows) for c in range(cols) if lines[1 + r][4 * c:4 * c + 4] == "WWWW"}
    pieces = {}
    for line in lines[1 + rows:]:
        if line.strip():
            letter, r, c = line.split()
            pieces[letter] = (int(r), int(c))
    return Position(variant, walls, int(turn), pieces)


def piece_moves(pos, letter):
    """Where one piece can go: (letter, digit, square) for each distinct square. A step into a wall is
    the same as staying (digit 5), so it is not listed again."""
    r, c = pos.pieces[letter]
    choices, seen = [], set()
    for digit in (5, 1, 2, 3, 4, 6, 7, 8, 9):
        to = (r + OFFSET[digit][0], c + OFFSET[digit][1])
        if to not in pos.walls and to not in seen:
            seen.add(to)
            choices.append((letter, digit, to))
    return choices


def movable(pos, blue):
    """The side's pieces that move, Dog first, then Cat, then Mouse (the cheeSe never moves)."""
    return [kind if blue else kind.lower() for kind in "DCM" if (kind if blue else kind.lower()) in pos.pieces]


def side_actions(pos, blue):
    """One side's actions: each a tuple of (letter, digit, square), one per movable piece."""
    return list(itertools.product(*(piece_moves(pos, letter) for letter in movable(pos, blue))))


def action_count(pos, blue):
    """len(side_actions(pos, blue)), without listing them."""
    count = 1
    for letter in movable(pos, blue):
        count *= len(piece_moves(pos, letter))
    return count


def action_text(action):
    return "".join(letter + str(digit) for letter, digit, _ in action)


def play(pos, blue, red):
    pieces = dict(pos.pieces)
    for letter, _, to in blue + red:  # every piece moves at once; pieces may meet on one square
        pieces[letter] = to
    # Captures (docs/rules/dcms.md §5), square by square, rank by rank from 0 up: a rank-x piece dies
    # where the opponent has a rank-x or rank-(x+1) piece. One rank's removals are decided together.
    for rank in range(4):
        doomed = []
        for letter, square in pieces.items():
            if RANK[letter.upper()] != rank:
                continue
            for enemy, enemy_square in pieces.items():
                if enemy.isupper() != letter.isupper() and enemy_square == square \
                        and RANK[enemy.upper()] in (rank, rank + 1):
                    doomed.append(letter)
                    break
        for letter in doomed:
            del pieces[letter]
    return Position(pos.variant, pos.walls, pos.turn + 1, pieces)


def over(pos):
    """docs/rules/dcms.md §6: a cheeSe eaten, or the turn limit."""
    return "S" not in pos.pieces or "s" not in pos.pieces or pos.turn >= TURN_LIMIT


def joint_moves(pos):
    return [(blue, red) for blue in side_actions(pos, True) for red in side_actions(pos, False)]


def joint_text(move):
    return "[" + action_text(move[0]) + "][" + action_text(move[1]) + "]"


def perft(pos, depth):
    if depth == 0:
        return 1
    if over(pos):
        return 0
    if depth == 1:
        return action_count(pos, True) * action_count(pos, False)
    return sum(perft(play(pos, blue, red), depth - 1) for blue, red in joint_moves(pos))


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
