#!/usr/bin/env python3
"""Jump chess perft in the form `gamelab perft jumpchess --against` reads (docs/tools/perft.md).

    python3 perft.py DEPTH POSITION_FILE [MOVE ...]

POSITION_FILE is a position file (docs/rules/common.md §3.2): 8 rows of 8 values (0 empty, 1 black,
2 white), a line `black` or `white`, optionally `moves B W`. Each MOVE is a path in the lab's notation
without blanks, e.g. `[(2,2),(2,4),(4,4)]`, or `pass` (docs/rules/jumpchess.md §5); they are played
first. Prints one `MOVE COUNT` line per legal move (moves leading to the same board are one move), a
blank line and the total. Standard library only: copy it next to your bot and replace `legal_moves`
and `play` with calls into your own move generator.
"""
import sys

BLACK, WHITE = 1, 2
MOVE_LIMIT = 200  # moves a side, passes included (docs/rules/jumpchess.md §4)
TARGET_COLUMNS = {BLACK: (6, 7), WHITE: (0, 1)}
DIRECTIONS = ((-1, 0), (1, 0), (0, -1), (0, 1))


class Position:
    def __init__(self, board, side, moves_made):
        self.board, self.side, self.moves_made = board, side, moves_made  # board[r][c]; moves_made {BLACK: b, WHITE: w}


def read_position(path):
    with open(path) as f:
        lines = [line.split() for line in f if line.strip() and not line.startswith("#")]
    board = [[int(v) for v in row] for row in lines[:8]]
    side = BLACK if lines[8][0] == "black" else WHITE
    made = (int(lines[9][1]), int(lines[9][2])) if len(lines) > 9 else (0, 0)
    return Position(board, side, {BLACK: made[0], WHITE: made[1]})


def inside(r, c):
    return 0 <= r < 8 and 0 <= c < 8


def path_text(path):
    return "[" + ",".join("(%d,%d)" % square for square in path) + "]" if path else "pass"


def legal_moves(pos):
    """Every legal move as (path, captured squares); one path for each distinct resulting board."""
    board, side = pos.board, pos.side
    moves, seen = [], set()
    for r in range(8):
        for c in range(8):
            if board[r][c] != side:
                continue
            for dr, dc in DIRECTIONS:  # steps
                if inside(r + dr, c + dc) and board[r + dr][c + dc] == 0:
                    moves.append(([(r, c), (r + dr, c + dc)], ()))
            # Chains of hops, depth first. The moving piece has left its start square; a captured enemy
            # leaves the board at once; the chain never lands where it has already been (start included).
            board[r][c] = 0
            visited = {(r, c)}

            def hop(path, captured):
                cr, cc = path[-1]
                for dr, dc in DIRECTIONS:
                    over, land = (cr + dr, cc + dc), (cr + 2 * dr, cc + 2 * dc)
                    if not inside(*land) or board[over[0]][over[1]] == 0 or board[land[0]][land[1]] != 0:
                        continue
                    if land in visited:
                        continue
                    enemy = board[over[0]][over[1]] != side
                    taken = captured + (over,) if enemy else captured
                    key = ((r, c), land, frozenset(taken))  # the same board: the same move
                    if key not in seen:
                        seen.add(key)
                        moves.append((path + [land], taken))
                    visited.add(land)
                    if enemy:
                        board[over[0]][over[1]] = 0
                    hop(path + [land], taken)
                    if enemy:
                        board[over[0]][over[1]] = 3 - side
                    visited.discard(land)

            hop([(r, c)], ())
            board[r][c] = side
    if not moves:
        moves.append(([], ()))  # no piece or no legal move: the pass is the one move
    return moves


def play(pos, move):
    path, captured = move
    board = [row[:] for row in pos.board]
    if path:
        (r0, c0), (r1, c1) = path[0], path[-1]
        board[r0][c0], board[r1][c1] = 0, pos.side
        for r, c in captured:
            board[r][c] = 0
    made = dict(pos.moves_made)
    made[pos.side] += 1
    return Position(board, 3 - pos.side, made)


def over(pos):
    """docs/rules/jumpchess.md §4: a side with pieces has all of them home, or both sides made 200 moves."""
    for side in (BLACK, WHITE):
        columns = [c for row in pos.board for c, v in enumerate(row) if v == side]
        if columns and all(c in TARGET_COLUMNS[side] for c in columns):
            return True
    return pos.moves_made[BLACK] >= MOVE_LIMIT and pos.moves_made[WHITE] >= MOVE_LIMIT


def perft(pos, depth):
    if depth == 0:
        return 1
    if over(pos):
        return 0
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(play(pos, m), depth - 1) for m in moves)


def main():
    depth, pos = int(sys.argv[1]), read_position(sys.argv[2])
    for text in sys.argv[3:]:
        move = [m for m in legal_moves(pos) if path_text(m[0]) == text]
        if not move:
            sys.exit("not a legal move here: " + text)
        pos = play(pos, move[0])
    total = 0
    if not over(pos):
        for move in legal_moves(pos):
            count = perft(play(pos, move), depth - 1)
            print(path_text(move[0]), count)
            total += count
    print()
    print(total)


if __name__ == "__main__":
    main()
