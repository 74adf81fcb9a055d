#!/usr/bin/env python3
"""A small Bullets player: scores each of its actions by a short look-ahead of the bullets.

    python3 mybot.py < input

Reads one turn's input from standard input (docs/rules/bullets.md §5) and prints one action 0-8 (§2).
Each action is scored by:

- safety: with the bullets already flying plus its own shot, can the player survive the next H turns
  (a breadth-first search over squares and turns)? and still if the opponent shoots this turn or the
  next?
- attack: how much its shot shrinks the squares the opponent can still reach safely, a bonus when it
  leaves the opponent none, and a bonus for a shot along a clear line to the opponent;
- approach: a step closer (by a breadth-first search round the walls) to a square from which the
  opponent can be shot along a row or column.

H grows 1, 2, 3, ... while the budget lasts; the answer is the best action of the last complete H.

The constants stand in the marked block below (`gamelab freeze` can write tuned values into it,
docs/tools/freeze.md). For tuning, the lab overrides them without editing the file:

- GAMELAB_PARAMS=FILE: a JSON object {"NAME": integer, ...}; every NAME must be one of the block's
  constants, the others keep their values. An unknown name or a non-integer value: a message on stderr
  and exit code 2.
- GAMELAB_NODES=K: the look-ahead stops after exactly K nodes (one node = one square looked at on one
  turn of a search, or one bullet moved one step) and never reads the clock, so the same input gives
  the same answer every time. Without it the look-ahead stops 60 ms after start-up, inside the
  tournament's ~150 ms.

Standard library only; no randomness anywhere.
"""
import json
import os
import sys
import time

START = time.perf_counter()

_NAMES_BEFORE_BLOCK = set(globals())
# gamelab:params begin
THREAT_PENALTY = 500   # the opponent could hit the player with a shot this turn or the next
FREEDOM = 4            # per square the player can still reach safely at the horizon (at most 20 count)
TRAP_BONUS = 1500      # the shot leaves the opponent no safe square within the horizon
PRESSURE = 8           # per square of the opponent's safe squares that the shot takes away
LINE_SHOT = 60         # a shot along a clear row or column towards the opponent
APPROACH = 30          # a step closer to a square in the opponent's row or column
# gamelab:params end
PARAM_NAMES = sorted(set(globals()) - _NAMES_BEFORE_BLOCK - {"_NAMES_BEFORE_BLOCK"})

NOTHING = 8
DEATH = 1000000         # a sure hit within the horizon; surviving longer is still better
FREEDOM_CAP = 20
MIN_LINE_DISTANCE = 3   # squares closer than this in the opponent's line are too dangerous to aim for
MAX_HORIZON = 40
TIME_BUDGET = 0.060     # seconds after start-up, without GAMELAB_NODES


class OutOfBudget(Exception):
    pass


def fail(message):
    print("mybot.py: error: " + message, file=sys.stderr)
    sys.exit(2)


def load_params(path):
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


class Board:
    """The turn's input. Squares are numbers r * m + c; directions 0-3 are up, down, left, right."""

    def __init__(self, text):
        lines = text.replace("\r", "").split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        try:
            n, m = map(int, lines[0].split())
            rows = [lines[1 + r].ljust(4 * m) for r in range(n)]  # trailing blanks may have been stripped
            rest = [line.strip() for line in lines[1 + n:] if line.strip()]
            self.round, side = int(rest[0]), rest[1].upper()
        except (ValueError, IndexError):
            fail("standard input: expected 'n m', n rows of 4-character cells, the round and R or B")
        if side not in ("R", "B"):
            fail("standard input: the side must be R or B, not %r" % rest[1])
        self.n, self.m = n, m
        self.step = (-m, m, -1, 1)
        self.wall = [False] * (n * m)
        self.bullets = set()  # (square, direction)
        players = {}
        for r in range(n):
            for c in range(m):
                sq, cell = r * m + c, rows[r][4 * c:4 * c + 4]
                if cell[0] == "#":
                    self.wall[sq] = True
                elif cell[0] in "RB":
                    players[cell[0]] = sq
                for direction, mark in enumerate("^v<>"):
                    if cell[direction] == mark:
                        self.bullets.add((sq, direction))
        if len(players) != 2:
            fail("standard input: expected one R and one B on the board")
        self.me, self.them = players[side], players["B" if side == "R" else "R"]

    def advance(self, bullets):
        """Every bullet's step (§3.3): into a wall it turns round in place."""
        out = set()
        for sq, d in bullets:
            ahead = sq + self.step[d]
            out.add((sq, d ^ 1) if self.wall[ahead] else (ahead, d))
        return out

    def trajectory(self, sq, d, turns, fired=1):
        """The squares of one bullet shot from sq in direction d on turn `fired`, after turn 1, 2, ..., turns
        (None before it flies; index 0 unused)."""
        squares = [None] * fired
        for _ in range(fired, turns + 1):
            ahead = sq + self.step[d]
            if self.wall[ahead]:
                d ^= 1
            else:
                sq = ahead
            squares.append(sq)
        return squares

    def neighbours(self, sq):
        return [sq] + [sq + s for s in self.step if not self.wall[sq + s]]

    def line_to(self, sq, d, target):
        """True if `target` stands in direction d from sq with no wall between."""
        while not self.wall[sq]:
            if sq == target:
                return True
            sq += self.step[d]
        return False

    def distances_to_line(self):
        """Steps round the walls from every square to the nearest square that sees the opponent along a
        row or column from at least MIN_LINE_DISTANCE away (None where there is none)."""
        sources = []
        for d in range(4):
            sq, k = self.them + self.step[d], 1
            while not self.wall[sq]:
                if k >= MIN_LINE_DISTANCE:
                    sources.append(sq)
                sq, k = sq + self.step[d], k + 1
        dist = [None] * (self.n * self.m)
        for sq in sources:
            dist[sq] = 0
        queue = sources
        while queue:
            following = []
            for sq in queue:
                for nb in self.neighbours(sq):
                    if dist[nb] is None:
                        dist[nb] = dist[sq] + 1
                        following.append(nb)
            queue = following
        return dist


class Lookahead:
    def __init__(self, board, node_budget, deadline):
        self.board, self.node_budget, self.deadline = board, node_budget, deadline
        self.nodes = 0
        self.flying = [None, board.advance(board.bullets)]  # flying[t]: the bullets after turn t
        self.occupied = [None, {sq for sq, _ in self.flying[1]}]

    def extend(self, horizon):
        while len(self.flying) <= horizon:
            self.spend(len(self.flying[-1]))  # stepping the bullets is work too: one node a bullet
            self.flying.append(self.board.advance(self.flying[-1]))
            self.occupied.append({sq for sq, _ in self.flying[-1]})

    def spend(self, nodes=1):
        before, self.nodes = self.nodes, self.nodes + nodes
        if self.nodes > self.node_budget:
            raise OutOfBudget
        if self.deadline is not None and before >> 6 != self.nodes >> 6:  # the clock, once every 64 nodes
            if time.perf_counter() >= self.deadline:
                raise OutOfBudget

    def survive(self, starts, extra, horizon):
        """From the squares `starts` (after turn 1), how many turns can a player stay clear of the bullets
        (the flying ones plus the trajectories in `extra`) up to `horizon`, and on how many squares can it
        be at the horizon? Returns (turns, squares)."""
        extra_at = [{path[t] for path in extra} for t in range(horizon + 1)]

        def hit(sq, t):
            return sq in self.occupied[t] or sq in extra_at[t]

        frontier = {sq for sq in starts if not hit(sq, 1)}
        if not frontier:
            return 0, 0
        for t in range(2, horizon + 1):
            reached = set()
            for sq in sorted(frontier):
                self.spend()
                for nb in self.board.neighbours(sq):
                    if nb not in reached and not hit(nb, t):
                        reached.add(nb)
            if not reached:
                return t - 1, 0
            frontier = reached
        return horizon, len(frontier)

    def scores(self, horizon, line_distance):
        """Each action's score with a look-ahead of `horizon` turns."""
        board = self.board
        self.extend(horizon)
        me, them = board.me, board.them
        their_starts = board.neighbours(them)
        # what the opponent could fire this turn from where it stands, or next turn from where it gets to
        their_shots = [board.trajectory(them, d, horizon) for d in range(4)]
        their_shots += [board.trajectory(sq, d, horizon, 2) for sq in their_starts for d in range(4)]
        their_free = self.survive(their_starts, [], horizon)
        result = {}
        for action in list(range(8)) + [NOTHING]:
            if action < 4:
                where = me + board.step[action]
                if board.wall[where]:
                    continue  # a move into a wall is the same action as 8
            else:
                where = me
            mine = [board.trajectory(me, action - 4, horizon)] if 4 <= action < 8 else []
            turns, free = self.survive([where], mine, horizon)
            score = 0
            if turns < horizon:
                score -= DEATH - 1000 * turns
            else:
                score += FREEDOM * min(free, FREEDOM_CAP)
                # the opponent's answer: a shot (this turn or the next), or a collision sending us back
                # (the opponent picks the outcome: each square the player may end on must be safe)
                ends = [where, me] if where != me and where in their_starts else [where]
                if any(self.survive([end], mine + their_shots, horizon)[0] < horizon for end in ends):
                    score -= THREAT_PENALTY
            if mine:
                left = self.survive(their_starts, mine, horizon)
                if their_free[0] == horizon and left[0] < horizon:
                    score += TRAP_BONUS
                elif left[0] == horizon:
                    score += PRESSURE * (their_free[1] - left[1])
                if board.line_to(me, action - 4, them):
                    score += LINE_SHOT
            elif action < 4 and line_distance[me] is not None and line_distance[where] is not None:
                score += APPROACH * (line_distance[me] - line_distance[where])
            result[action] = score
        return result


def best_action(scores):
    best = None
    for action in sorted(scores):  # ties go to the lowest action number
        if best is None or scores[action] > scores[best]:
            best = action
    return best


def choose(board, node_budget, deadline):
    look = Lookahead(board, node_budget, deadline)
    line_distance = board.distances_to_line()
    look.node_budget, look.deadline = float("inf"), None
    action = best_action(look.scores(1, line_distance))  # horizon 1 always completes: a safe answer at once
    look.node_budget, look.deadline = node_budget, deadline
    try:
        for horizon in range(2, MAX_HORIZON + 1):
            action = best_action(look.scores(horizon, line_distance))
    except OutOfBudget:
        pass
    return action


def main():
    params_path = os.environ.get("GAMELAB_PARAMS")
    if params_path:
        load_params(params_path)
    node_budget, deadline = float("inf"), None
    if os.environ.get("GAMELAB_NODES"):
        try:
            node_budget = int(os.environ["GAMELAB_NODES"])
        except ValueError:
            node_budget = 0
        if node_budget <= 0:
            fail("GAMELAB_NODES: expected a positive integer, got %r" % os.environ["GAMELAB_NODES"])
    else:
        deadline = START + TIME_BUDGET
    board = Board(sys.stdin.read())
    print(choose(board, node_budget, deadline), flush=True)


if __name__ == "__main__":
    main()
