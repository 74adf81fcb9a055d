#!/usr/bin/env python3
"""A small Raichu player: iterative-deepening alpha-beta (negamax) with a capture-only quiescence;
moves are tried captures first (the most valuable victim first), then the killer move of the ply.

    python3 mybot.py [--params PATH] N PLAYER BOARD TIMELIMIT

The tournament's call (docs/rules/raichu.md §7): N the board size, PLAYER `w` or `b` (the side to move),
BOARD the board string, TIMELIMIT in seconds. Prints the board string after the recommended move on a
line of its own, flushed, at once (before searching) and again every time the recommendation changes.

The evaluation's constants stand in the marked block below, so `gamelab freeze` can write tuned values
into this file (docs/tools/freeze.md). For tuning, the lab can also override them without editing the
file:

- GAMELAB_PARAMS=FILE (or `--params FILE` before the four arguments; it wins over the variable): a JSON
  object {"NAME": integer, ...}; every NAME must be one of the block's constants, the others keep their
  values. An unknown name or a value that is not an integer: a message on stderr and exit code 2.
- GAMELAB_NODES=K: the search stops after exactly K nodes and never looks at the clock, so the same call
  prints the same lines every time. Without it the search stops at 70% of TIMELIMIT less 50 ms.

Standard library only; no randomness anywhere.
"""
import json
import os
import sys
import time

START = time.perf_counter()

_NAMES_BEFORE_BLOCK = set(globals())
# gamelab:params begin
MATERIAL_PICHU = 93
MATERIAL_PIKACHU = 303
MATERIAL_RAICHU = 911
ADVANCE_PICHU = 4      # per row a Pichu has advanced from its own back row
ADVANCE_PIKACHU = 12    # per row a Pikachu has advanced from its own back row
TEMPO = 12             # for the side to move
# gamelab:params end
PARAM_NAMES = sorted(set(globals()) - _NAMES_BEFORE_BLOCK - {"_NAMES_BEFORE_BLOCK"})

WHITE, BLACK = "wW@", "bB$"
OWN = {"w": WHITE, "b": BLACK}
OTHER = {"w": "b", "b": "w"}
DIRS8 = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
MATE = 1000000          # a win at ply p scores MATE - p
MAX_DEPTH = 64
QUIESCENCE_PLIES = 8    # captures followed at most this deep below the horizon
# The ply limit (§4 rule 2) counts from the start of the game, which a single board cannot tell, so the
# search does not use it; at the depths it reaches (far below 400 plies) it could only matter at the very
# end of a game. The two other end rules (no pieces, no legal move: the side to move loses) are exact.


class OutOfBudget(Exception):
    pass


def fail(message):
    print("mybot.py: error: " + message, file=sys.stderr)
    sys.exit(2)


def load_params(path):
    """Overrides the block's constants with the integers in the JSON file at `path`."""
    try:
        with open(path) as f:
            values = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: cannot read the parameters: %s" % (path, e))
    if not isinstance(values, dict):
        fail("%s: expected a JSON object {\"NAME\": integer, ...}" % path)
    for name, value in values.items():
        if name not in PARAM_NAMES:
            fail("%s: '%s' is not a parameter of this bot (known: %s)" % (path, name, ", ".join(PARAM_NAMES)))
        if not isinstance(value, int) or isinstance(value, bool):
            fail("%s: the value of '%s' is not an integer: %r" % (path, name, value))
        globals()[name] = value


class Search:
    def __init__(self, n, board, node_budget, deadline):
        self.n, self.board = n, board            # board: a list of n*n characters, changed in place
        self.node_budget, self.deadline = node_budget, deadline
        self.nodes = 0
        self.killers = [None] * (MAX_DEPTH + 2)  # per ply: the last plain move that caused a cut-off there
        # piece character -> (value, points per row advanced from its own back row)
        self.values = {"w": (MATERIAL_PICHU, ADVANCE_PICHU), "b": (MATERIAL_PICHU, ADVANCE_PICHU),
                       "W": (MATERIAL_PIKACHU, ADVANCE_PIKACHU), "B": (MATERIAL_PIKACHU, ADVANCE_PIKACHU),
                       "@": (MATERIAL_RAICHU, 0), "$": (MATERIAL_RAICHU, 0)}

    # ---- move generation (checked against examples/raichu/perft.py) ----
    def moves(self, side):
        """The legal moves of `side` as (from, to, over, piece after), over -1 for a plain move;
        captures first."""
        n, b = self.n, self.board
        own, enemy = OWN[side], OWN[OTHER[side]]
        fwd = 1 if side == "w" else -1
        last = n - 1 if side == "w" else 0
        raichu = "@" if side == "w" else "$"
        enemy_pichu = "b" if side == "w" else "w"
        captures, plain = [], []
        for sq in range(n * n):
            p = b[sq]
            if p not in own:
                continue
            r, c = divmod(sq, n)
            if p in "wb":  # Pichu: one square diagonally forward; jumps an adjacent enemy Pichu
                promoted = raichu if r + fwd == last else p
                for dc in (-1, 1):
                    r1, c1 = r + fwd, c + dc
                    if not (0 <= r1 < n and 0 <= c1 < n):
                        continue
                    target = b[r1 * n + c1]
                    if target == ".":
                        plain.append((sq, r1 * n + c1, -1, promoted))
                    elif target == enemy_pichu:
                        r2, c2 = r1 + fwd, c1 + dc
                        if 0 <= r2 < n and 0 <= c2 < n and b[r2 * n + c2] == ".":
                            captures.append((sq, r2 * n + c2, r1 * n + c1, raichu if r2 == last else p))
            elif p in "WB":  # Pikachu: forward, left, right; 1-2 squares, or a jump landing 2-3 away
                for dr, dc in ((fwd, 0), (0, -1), (0, 1)):
                    ray = []  # up to three squares along the direction, while on the board
                    for k in (1, 2, 3):
                        rk, ck = r + k * dr, c + k * dc
                        if not (0 <= rk < n and 0 <= ck < n):
                            break
                        ray.append((rk * n + ck, rk))
                    cells = [b[s] for s, _ in ray]
                    for k in (1, 2):
                        if k <= len(cells) and all(x == "." for x in cells[:k]):
                            s, rk = ray[k - 1]
                            plain.append((sq, s, -1, raichu if rk == last else p))
                    for k in (1, 2):  # the enemy k squares away
                        if k > len(cells) or cells[k - 1] not in enemy or cells[k - 1] in "@$":
                            continue
                        if any(x != "." for x in cells[:k - 1]):
                            continue
                        for land in range(max(k + 1, 2), len(cells) + 1):
                            if any(x != "." for x in cells[k:land]):
                                break
                            s, rk = ray[land - 1]
                            captures.append((sq, s, ray[k - 1][0], raichu if rk == last else p))
            else:  # Raichu: any distance in 8 directions; jumps one enemy piece and lands anywhere beyond
                for dr, dc in DIRS8:
                    rk, ck, over = r + dr, c + dc, -1
                    while 0 <= rk < n and 0 <= ck < n:
                        s = rk * n + ck
                        x = b[s]
                        if x == ".":
                            (plain if over < 0 else captures).append((sq, s, over, p))
                        elif over < 0 and x in enemy:
                            over = s
                        else:
                            break
                        rk, ck = rk + dr, ck + dc
        # captures first, the most valuable victim first (sort is stable: ties keep the scan order)
        captures.sort(key=lambda m: -self.values[b[m[2]]][0])
        return captures + plain

    def make(self, move):
        frm, to, over, piece = move
        b = self.board
        undo = (b[frm], b[over] if over >= 0 else None)
        b[frm], b[to] = ".", piece
        if over >= 0:
            b[over] = "."
        return undo

    def unmake(self, move, undo):
        frm, to, over, _ = move
        b = self.board
        b[frm], b[to] = undo[0], "."
        if over >= 0:
            b[over] = undo[1]

    # ---- evaluation: material and advance, from the side to move's point of view ----
    def evaluate(self, side):
        n, score = self.n, 0
        for sq, p in enumerate(self.board):
            if p == ".":
                continue
            value, per_row = self.values[p]
            if p in WHITE:
                score += value + per_row * (sq // n)
            else:
                score -= value + per_row * (n - 1 - sq // n)
        return (score if side == "w" else -score) + TEMPO

    def has_pieces(self, side):
        own = OWN[side]
        return any(p in own for p in self.board)

    # ---- search ----
    def count_node(self):
        self.nodes += 1
        if self.nodes > self.node_budget:
            raise OutOfBudget
        if self.deadline is not None and self.nodes % 128 == 0 and time.perf_counter() >= self.deadline:
            raise OutOfBudget

    def quiesce(self, side, alpha, beta, ply, qply):
        self.count_node()
        if not self.has_pieces(side):
            return -(MATE - ply)  # §4 rule 1: the side to move has no piece left
        stand = self.evaluate(side)
        if stand >= beta or qply >= QUIESCENCE_PLIES:
            return stand
        alpha = max(alpha, stand)
        for move in self.moves(side):
            if move[2] < 0:
                break  # captures come first; the rest are plain moves
            undo = self.make(move)
            score = -self.quiesce(OTHER[side], -beta, -alpha, ply + 1, qply + 1)
            self.unmake(move, undo)
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    def negamax(self, side, depth, alpha, beta, ply):
        if depth <= 0:
            return self.quiesce(side, alpha, beta, ply, 0)
        self.count_node()
        if not self.has_pieces(side):
            return -(MATE - ply)  # §4 rule 1
        moves = self.moves(side)
        if not moves:
            return -(MATE - ply)  # §4 rule 3: pieces but no legal move
        killer = self.killers[ply]
        if killer in moves:  # try the killer (a plain move) right after the captures
            moves.remove(killer)
            moves.insert(sum(1 for m in moves if m[2] >= 0), killer)
        best = -MATE - 1
        for move in moves:
            undo = self.make(move)
            score = -self.negamax(OTHER[side], depth - 1, -beta, -alpha, ply + 1)
            self.unmake(move, undo)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if move[2] < 0:
                            self.killers[ply] = move
                        break
        return best


def board_after(board, move):
    frm, to, over, piece = move
    after = list(board)
    after[frm], after[to] = ".", piece
    if over >= 0:
        after[over] = "."
    return "".join(after)


class Reporter:
    """Prints a board line whenever the recommended move changes."""

    def __init__(self, board):
        self.board, self.last = board, None

    def recommend(self, move):
        line = board_after(self.board, move)
        if line != self.last:
            print(line, flush=True)
            self.last = line


def think(n, side, board, time_limit, node_budget):
    deadline = None
    if node_budget is None:
        node_budget = float("inf")
        deadline = START + 0.7 * time_limit - 0.05
    search = Search(n, list(board), node_budget, deadline)
    reporter = Reporter(board)
    root_moves = search.moves(side)
    if not root_moves:
        return  # the game is over (no legal move): nothing to recommend
    best = root_moves[0]
    reporter.recommend(best)  # a legal successor at once, before any search
    if len(root_moves) == 1:
        return
    try:
        for depth in range(1, MAX_DEPTH + 1):
            # the previous iteration's best move first, so a stopped iteration can still use what it found
            ordered = [best] + [m for m in root_moves if m != best]
            alpha, beta = -MATE - 1, MATE + 1
            iteration_score = None
            for move in ordered:
                undo = search.make(move)
                score = -search.negamax(OTHER[side], depth - 1, -beta, -alpha, 1)
                search.unmake(move, undo)
                if score > alpha:  # the first move always is (alpha starts below every score)
                    iteration_score = alpha = score
                    best = move
                    reporter.recommend(best)
            root_moves = ordered
            if abs(iteration_score) >= MATE - MAX_DEPTH:
                break  # a proven win or loss: a deeper search cannot change it
    except OutOfBudget:
        pass
    reporter.recommend(best)


def parse_args(argv):
    params_path = os.environ.get("GAMELAB_PARAMS")
    if argv and argv[0].startswith("--params"):
        if argv[0].startswith("--params="):
            params_path, argv = argv[0][len("--params="):], argv[1:]
        elif len(argv) >= 2:
            params_path, argv = argv[1], argv[2:]
        else:
            fail("--params needs a file")
    args = [a.strip() for a in argv]
    while args and args[-1] == "":
        args.pop()  # empty arguments after the four are harmless
    if len(args) != 4:
        fail("usage: mybot.py [--params PATH] N PLAYER BOARD TIMELIMIT")
    try:
        n = int(args[0])
    except ValueError:
        fail("N: not a number: %r" % args[0])
    side = args[1][:1].lower()
    if side not in ("w", "b"):
        fail("PLAYER: expected w or b, got %r" % args[1])
    board = args[2]
    if n < 8 or n % 2 or len(board) != n * n or any(ch not in ".wbWB@$" for ch in board):
        fail("BOARD: expected %d characters from .wbWB@$ for N = %d" % (n * n, n))
    try:
        time_limit = float(args[3].rstrip("sS"))
    except ValueError:
        fail("TIMELIMIT: not a number of seconds: %r" % args[3])
    return params_path, n, side, board, time_limit


def main():
    params_path, n, side, board, time_limit = parse_args(sys.argv[1:])
    if params_path:
        load_params(params_path)
    node_budget = None
    if os.environ.get("GAMELAB_NODES"):
        try:
            node_budget = int(os.environ["GAMELAB_NODES"])
        except ValueError:
            node_budget = 0
        if node_budget <= 0:
            fail("GAMELAB_NODES: expected a positive integer, got %r" % os.environ["GAMELAB_NODES"])
    think(n, side, board, time_limit, node_budget)


if __name__ == "__main__":
    main()
