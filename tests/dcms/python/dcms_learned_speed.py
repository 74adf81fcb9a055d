"""dcms_learned_speed.py [--iterations N] [--positions K] [--seed S] MODULE ...: the MCTS iterations per
second of exported Dog-Cat-Mouse-cheeSe players (`gamelab export dcms --python`, with or without
--eval), each searching the same K positions for exactly N iterations (MoveSearch.search with a fixed
budget, as under GAMELAB_NODES). The positions are random play (seeded) from random placements on
the committed suite's first boards (datasets/boards/dcms), full variant, ones the root's bounds do not
decide. The modules take turns position by position, so that a loaded machine slows them alike.
Prints one line per module: iterations, seconds, iterations per second, the nodes the searches made
(each a leaf evaluation: the tree's shape follows the evaluation, so the rates of two modules are of
different trees), and the microseconds of one leaf evaluation (MoveSearch._evaluate, what a new node
costs beyond the rules) timed alone on the same positions for every module: the live nodes of the
first module's trees. A measurement, not a test: run it at nice 19 beside other work and compare
modules of one run only."""
import argparse
import glob
import os
import random
import time

from dcms_cases import load

BOARDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "datasets", "boards", "dcms")


def read_board(m, path):
    lines = [line for line in open(path).read().split("\n") if not line.startswith("#")]
    _, rows, cols, _ = lines[0].split()
    rows, cols = int(rows), int(cols)
    cells = tuple(tuple(lines[1 + r][4 * c:4 * c + 4] for c in range(cols)) for r in range(rows))
    return m._board_of(rows, cols, cells, "board")


def random_position(m, board, rng):
    pos = [m.NONE] * 8
    for side in (0, 1):
        squares = board.setup_squares(side)
        for rank in range(4):
            pos[side * 4 + rank] = rng.choice(squares)
    pos, turn = tuple(pos), 0
    for _ in range(rng.randrange(20)):
        a, b = m.generate_actions(board, pos, 0), m.generate_actions(board, pos, 1)
        after, next_turn = m.play(pos, turn, rng.choice(a), rng.choice(b))
        if m.ends_before_moves(after, next_turn):
            break
        pos, turn = after, next_turn
    return pos, turn


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("modules", nargs="+")
    args = parser.parse_args()
    modules = [load(path) for path in args.modules]
    rng = random.Random(args.seed)
    paths = sorted(glob.glob(os.path.join(BOARDS, "*.txt")))
    totals = [[0, 0.0, 0] for _ in modules]
    leaves = []  # (board file, pos, turn) of the first module's live nodes
    found = 0
    while found < args.positions:
        path = paths[found % len(paths)]
        pos, turn = random_position(modules[0], read_board(modules[0], path), rng)
        if modules[0].ends_before_moves(pos, turn):
            continue
        side = found % 2
        results = []
        for k, m in enumerate(modules):
            board = read_board(m, path)
            search = m.MoveSearch(board, seed=args.seed)
            if hasattr(search, "full"):
                search.full = 1
            start = time.perf_counter()
            _, details = search.search(pos, turn, side, max_iterations=args.iterations, fixed=True)
            results.append((details["iterations"], time.perf_counter() - start, search.node_count))
            if k == 0:
                nodes = live_nodes(m, search.root, 400)
        if any(iterations < args.iterations for iterations, _, _ in results):
            continue  # decided at the root (proven, or a lead the budget cannot overturn): not a measure
        for k, (iterations, seconds, count) in enumerate(results):
            totals[k][0] += iterations
            totals[k][1] += seconds
            totals[k][2] += count
        leaves.extend((path, node_pos, node_turn) for node_pos, node_turn in nodes)
        found += 1
    leaf = leaf_microseconds(modules, leaves)
    for k, (path, (iterations, seconds, count)) in enumerate(zip(args.modules, totals)):
        print("%s: %d iterations in %.2f s, %.0f iterations/s, %d nodes, %.1f us a leaf evaluation"
              % (os.path.basename(path), iterations, seconds, iterations / seconds, count, leaf[k]))


def live_nodes(m, root, count):
    """Up to `count` positions of the tree's nodes where the game goes on, breadth first."""
    out, queue = [], [root]
    while queue and len(out) < count:
        node = queue.pop(0)
        if node.terminal is None and node.pos is not None:
            out.append((node.pos, node.turn))
        if node.expanded:
            queue.extend(node.children[key] for key in sorted(node.children))
    return out


def leaf_microseconds(modules, leaves, rounds=10):
    """Each module's microseconds per leaf evaluation on `leaves`, the modules taking turns round by round."""
    searches = []
    for m in modules:
        by_board = {}
        for path, _, _ in leaves:
            if path not in by_board:
                by_board[path] = m.MoveSearch(read_board(m, path))
                if hasattr(by_board[path], "full"):
                    by_board[path].full = 1
        searches.append(by_board)
    seconds = [0.0] * len(modules)
    for _ in range(rounds):
        for k, by_board in enumerate(searches):
            start = time.perf_counter()
            for path, pos, turn in leaves:
                search = by_board[path]
                search._evaluate(search.board, pos, turn)
            seconds[k] += time.perf_counter() - start
    return [s / (rounds * len(leaves)) * 1e6 for s in seconds]

if __name__ == "__main__":
    main()
