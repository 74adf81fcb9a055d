"""check_dcms.py MODULE CASES: imports the exported Dog-Cat-Mouse-cheeSe player and compares it with
the engine's answers in CASES (JSON lines written by dcms_export_test.cpp):
  {"kind": "position", ...position, "actions", "search_actions", "joint", "features", "eval"}
    (and the module's shortcuts against its own reference: piece_scores() against the full
    evaluation, the actions made one at a time against search_actions())
  {"kind": "search", ...position, "allowed", "proven", "maxmin1"[, "maxmin2"]}
  {"kind": "setup", rows, cols, board, variant, "candidates"[, "search"]}
Actions are written as the digits of the Mouse, the Cat and the Dog ("0" for a piece not on the
board). Prints one summary line per kind; on the first disagreement prints both answers, exits 1."""
import json
import sys

from dcms_cases import board_tuple, load, pieces_dict


def fail(case, what, ours, engines):
    shown = dict((k, case[k]) for k in ("rows", "cols", "variant", "turn", "pieces") if k in case)
    print("MISMATCH in %s for %s:\n  python: %r\n  engine: %r" % (what, json.dumps(shown), ours, engines))
    sys.exit(1)


def digits(action):
    return "%d%d%d" % (action[3], action[4], action[5])


def maxmin(m, board, pos, turn, depth):
    t = m.terminal_value(pos, turn)
    if t is not None:
        return 100000 if t == 1.0 else -100000 if t == 0.0 else 0
    if depth == 0:
        return m.evaluate(board, pos, turn)
    quiet = m.KNOBS["dcms_quiet_moves"]
    a = m.search_actions(board, pos, turn, m.BLUE, quiet)
    b = m.search_actions(board, pos, turn, m.RED, quiet)
    return max(min(maxmin(m, board, *(m.play(pos, turn, x, y) + (depth - 1,))) for y in b) for x in a)


def check_position(m, case, board, pos, turn):
    for side in (0, 1):
        ours = [digits(a) for a in m.generate_actions(board, pos, side)]
        if ours != case["actions"][side]:
            fail(case, "actions of side %d" % side, ours, case["actions"][side])
        ours = [digits(a) for a in m.search_actions(board, pos, turn, side, m.KNOBS["dcms_quiet_moves"])]
        if ours != case["search_actions"][side]:
            fail(case, "search actions of side %d" % side, ours, case["search_actions"][side])
    blue_actions = m.generate_actions(board, pos, 0)
    red_actions = m.generate_actions(board, pos, 1)
    for i, j, after, terminal in case["joint"]:
        next_pos, next_turn = m.play(pos, turn, blue_actions[i], red_actions[j])
        ours = [list(next_pos), m.terminal_value(next_pos, next_turn)]
        if ours != [after, terminal]:
            fail(case, "joint action (%d, %d)" % (i, j), ours, [after, terminal])
    features = m.feature_counts(board, pos, turn)
    if features != case["features"]:
        fail(case, "features", features, case["features"])
    value = m.evaluate(board, pos, turn)
    if value != case["eval"]:
        fail(case, "evaluation", value, case["eval"])
    check_incremental(m, case, board, pos, turn)


def check_incremental(m, case, board, pos, turn):
    """The search's shortcuts against the module's own reference: piece_scores() (the terms one
    piece's square enters) must differ from the full weighted feature sum, seen by the piece's side,
    by one constant over the piece's moves (so its moves rank alike), and the actions the search
    makes one at a time (_combined) must be those search_actions() lists."""
    weights = m.WEIGHTS
    for side in (0, 1):
        for rank in (m.MOUSE, m.CAT, m.DOG):
            if pos[side * 4 + rank] == m.NONE:
                continue
            squares = [to for to, _ in m.piece_options(board, pos, side, rank)]
            scores = m.piece_scores(board, pos, turn, side, rank, squares)
            full = []
            for sq in squares:
                moved = list(pos)
                moved[side * 4 + rank] = sq
                total = sum(w * x for w, x in zip(weights, m.feature_counts(board, moved, turn)))
                full.append(total if side == 0 else -total)
            if len(set(f - s for f, s in zip(full, scores))) != 1:
                fail(case, "piece scores of side %d rank %d (full evaluations beside them)" % (side, rank),
                     scores, full)
        options = m.search_options(board, pos, turn, side, m.KNOBS["dcms_quiet_moves"])
        listed = m.search_actions(board, pos, turn, side, m.KNOBS["dcms_quiet_moves"])
        made = [m._combined(options, k) for k in range(len(listed))]
        if made != listed:
            fail(case, "actions made one at a time for side %d" % side, made, listed)


def check_search(m, case, board, pos, turn):
    search = m.MoveSearch(board)
    search.BOUND_WORK = 10 ** 9  # never skipped here: the engine's pruning is the reference
    root = m._Node()
    search._expand(root, pos, turn)
    proven = search.root_bounds(root, pos, turn)
    allowed = [list(root.allowed[0]), list(root.allowed[1])]
    if allowed != case["allowed"]:
        fail(case, "root actions left by the bounds", allowed, case["allowed"])
    if proven != case["proven"]:
        fail(case, "proven root actions", proven, case["proven"])
    for depth in (1, 2):
        key = "maxmin%d" % depth
        if key in case:
            value = maxmin(m, board, pos, turn, depth)
            if value != case[key]:
                fail(case, "max-min value at depth %d" % depth, value, case[key])


def check_setup(m, case, board):
    ranks = 4 if case["variant"] == "full" else 2
    for side in (0, 1):
        ours = [list(p) for p in m.placement_candidates(board, ranks, side)]
        if ours != case["candidates"][side]:
            fail(case, "placement candidates of side %d" % side, ours, case["candidates"][side])
    for side, expected in enumerate(case.get("search", [])):
        placement, details = m.search_placement(board, ranks, side)
        candidates = [[list(p) for p in details["candidates"][q]] for q in (0, 1)]
        if candidates != expected["candidates"]:
            fail(case, "placement search candidates (side %d)" % side, candidates, expected["candidates"])
        for q in (0, 1):
            ours, theirs = details["strategy"][q], expected["strategy"][q]
            if len(ours) != len(theirs) or any(abs(x - y) > 1e-9 for x, y in zip(ours, theirs)):
                fail(case, "placement strategy of side %d (searching for %d)" % (q, side), ours, theirs)
        # The engine may have flipped its choice top-bottom on a symmetric board (a coin toss).
        choices = [list(details["unflipped"])]
        if board.symmetric:
            choices.append(list(m._flipped(board, details["unflipped"])))
        if expected["placement"] not in choices:
            fail(case, "placement (side %d)" % side, choices, expected["placement"])


def main(module_path, cases_path):
    m = load(module_path)
    counts = {}
    with open(cases_path) as f:
        for line in f:
            case = json.loads(line)
            board = m._board_of(case["rows"], case["cols"], board_tuple(case), "case")
            if case["kind"] == "setup":
                check_setup(m, case, board)
            else:
                pos = m._position_of(board, pieces_dict(case), "case")
                if case["kind"] == "position":
                    check_position(m, case, board, pos, case["turn"])
                else:
                    check_search(m, case, board, pos, case["turn"])
            counts[case["kind"]] = counts.get(case["kind"], 0) + 1
    for kind in sorted(counts):
        print("%s: %d cases agree with the engine" % (kind, counts[kind]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
