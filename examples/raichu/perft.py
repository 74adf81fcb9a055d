#!/usr/bin/env python3
"""Raichu perft in the form `gamelab perft raichu --against` reads (docs/tools/perft.md).

    python3 perft.py DEPTH POSITION_FILE [MOVE ...]

POSITION_FILE holds one line `N SIDE BOARD` (docs/rules/common.md §3.1); the MOVEs, in the lab's
notation (docs/rules/raichu.md §5), are played from it first. Prints one `MOVE COUNT` line per legal
move, a blank line and the total. Standard library only: copy it next to your bot and replace
`legal_moves` and `play` with calls into your own move generator.
"""
import sys

PLY_LIMIT = 400  # docs/rules/raichu.md §4: a draw after 400 plies, counted from the position file
WHITE_PIECES, BLACK_PIECES = "wW@", "bB$"


class Position:
    def __init__(self, n, side, board, ply=0):
        self.n, self.side, self.board, self.ply = n, side, board, ply  # board: list of n*n characters


def read_position(path):
    with open(path) as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    n, side, board = lines[0].split()
    return Position(int(n), side, list(board))


def mine(piece, side):
    return piece in (WHITE_PIECES if side == "w" else BLACK_PIECES)


def theirs(piece, side):
    return piece in (BLACK_PIECES if side == "w" else WHITE_PIECES)


def legal_moves(pos):
    """Every legal move as (text, from, to, over); over is None for a plain move."""
    n, side, board = pos.n, pos.side, pos.board
    forward = 1 if side == "w" else -1
    enemy_pichu = "b" if side == "w" else "w"
    moves = []

    def at(r, c):
        return board[r * n + c] if 0 <= r < n and 0 <= c < n else "#"  # "#": off the board

    def add(r, c, tr, tc, over=None):
        moves.append(((r, c), (tr, tc), over))

    for r in range(n):
        for c in range(n):
            piece = at(r, c)
            if not mine(piece, side):
                continue
            if piece in "wb":  # Pichu: one square diagonally forward, or jump an adjacent enemy Pichu
                for dc in (-1, 1):
                    if at(r + forward, c + dc) == ".":
                        add(r, c, r + forward, c + dc)
                    elif at(r + forward, c + dc) == enemy_pichu and at(r + 2 * forward, c + 2 * dc) == ".":
                        add(r, c, r + 2 * forward, c + 2 * dc, (r + forward, c + dc))
            elif piece in "WB":  # Pikachu: forward, left, right
                for dr, dc in ((forward, 0), (0, -1), (0, 1)):
                    ray = [at(r + k * dr, c + k * dc) for k in (1, 2, 3)]
                    for k in (1, 2):  # plain: 1 or 2 squares through empty squares
                        if all(sq == "." for sq in ray[:k]):
                            add(r, c, r + k * dr, c + k * dc)
                    for k in (1, 2):  # jump an enemy Pichu or Pikachu standing k squares away
                        enemy = ray[k - 1]
                        if not theirs(enemy, side) or enemy in "@$":  # a Pikachu never jumps a Raichu
                            continue
                        if any(sq != "." for sq in ray[:k - 1]):
                            continue
                        for land in range(max(k + 1, 2), 4):  # land 2 or 3 squares from the start
                            if all(sq == "." for sq in ray[k:land]):
                                add(r, c, r + land * dr, c + land * dc, (r + k * dr, c + k * dc))
            else:  # Raichu: any distance in 8 directions, or jump one enemy and land anywhere beyond
                for dr in (-1, 0, 1):
                    for dc in (-1, 0, 1):
                        if dr == 0 and dc == 0:
                            continue
                        k, over = 1, None
                        while at(r + k * dr, c + k * dc) != "#":
                            sq = at(r + k * dr, c + k * dc)
                            if sq == ".":
                                add(r, c, r + k * dr, c + k * dc, over)
                            elif over is None and theirs(sq, side):
                                over = (r + k * dr, c + k * dc)
                            else:
                                break
                            k += 1
    return [(move_text(pos, frm, to, over), frm, to, over) for frm, to, over in moves]


def promotes(pos, piece, to):
    last_row = pos.n - 1 if pos.side == "w" else 0
    return piece in "wWbB" and to[0] == last_row


def move_text(pos, frm, to, over):
    text = "(%d,%d)" % frm + ("x(%d,%d)" % over if over else "") + "-(%d,%d)" % to
    if promotes(pos, pos.board[frm[0] * pos.n + frm[1]], to):
        text += "=@" if pos.side == "w" else "=$"
    return text


def play(pos, move):
    _, frm, to, over = move
    board = pos.board[:]
    piece = board[frm[0] * pos.n + frm[1]]
    board[frm[0] * pos.n + frm[1]] = "."
    if over:
        board[over[0] * pos.n + over[1]] = "."
    if promotes(pos, piece, to):
        piece = "@" if pos.side == "w" else "$"
    board[to[0] * pos.n + to[1]] = piece
    return Position(pos.n, "b" if pos.side == "w" else "w", board, pos.ply + 1)


def over(pos):
    """docs/rules/raichu.md §4: no pieces (either side), or the ply limit."""
    has_white = any(p in WHITE_PIECES for p in pos.board)
    has_black = any(p in BLACK_PIECES for p in pos.board)
    return not has_white or not has_black or pos.ply >= PLY_LIMIT


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
        move = [m for m in legal_moves(pos) if m[0] == text]
        if not move:
            sys.exit("not a legal move here: " + text)
        pos = play(pos, move[0])
    total = 0
    if not over(pos):
        for move in legal_moves(pos):
            count = perft(play(pos, move), depth - 1)
            print(move[0], count)
            total += count
    print()
    print(total)


if __name__ == "__main__":
    main()
