"""dcms_learned.py CASES FORM:MODE:MODULE ...: imports each exported Dog-Cat-Mouse-cheeSe player that
carries a learned evaluation (`gamelab export dcms --python F --eval FILE --eval-mode MODE`) and
compares its leaf evaluation with the engine's on the positions in CASES (JSON lines written by
dcms_export_test.cpp):
  {"kind": "board", "id", "rows", "cols", "board"}
  {"kind": "position", "board": id, "variant", "turn", "pieces", "network": [raw, value, added, replaced, leaf_added,
   leaf_replaced], "linear": [...], "inputs": [[blue's], [red's]] (some positions)}
raw is the file's output before scaling (LearnedLeafEval::raw_output), value its value in the MCTS's units
(value()), added and replaced the MCTS's evaluation of the leaf in each mode (SimultaneousMcts::
evaluation), leaf_* its leaf value in [0, 1]. For each module, on every position: the inputs (where
given) of the module's reference learned_inputs(), learned_raw() and (on every `reference_every`-th
position) learned_reference(), learned_value(), and the search's own leaf evaluation
(MoveSearch._evaluate, the one its leaves call) and leaf value (MoveSearch._new_node) in the
module's mode; and that move() gives its search the variant the pieces map names. Prints one summary line per module; on the first disagreement prints both answers and
exits 1."""
import json
import os
import sys

from dcms_cases import load, pieces_dict


def fail(what, label, case, ours, engines):
    shown = dict((k, case[k]) for k in ("board", "variant", "turn", "pieces") if k in case)
    print("MISMATCH in %s (%s) for %s:\n  python: %r\n  engine: %r" % (what, label, json.dumps(shown), ours, engines))
    sys.exit(1)


def check(label, path, boards_json, positions, reference_every):
    form, mode, _ = label.split(":", 2)
    m = load(path)
    if m.LEARNED_FORM != form or m.LEARNED_ADD != (mode == "add"):
        fail("the module's form and mode", label, {}, (m.LEARNED_FORM, m.LEARNED_ADD), (form, mode == "add"))
    boards, cells = {}, {}
    for k, b in boards_json.items():
        cells[k] = tuple(tuple(row[4 * c:4 * c + 4] for c in range(b["cols"])) for row in b["board"])
        boards[k] = m._board_of(b["rows"], b["cols"], cells[k], "case")
    column = 4 if mode == "add" else 5  # leaf value in the case's list; the evaluation is column - 2
    references = 0
    for n, case in enumerate(positions):
        board = boards[case["board"]]
        pieces = pieces_dict(case)
        pos = m._position_of(board, pieces, "case")
        turn = case["turn"]
        full = 1 if case["variant"] == "full" else 0
        read = m.full_variant(pieces)
        if read != (1 if full and on_board(pieces) else 0):
            fail("the variant read from the pieces map", label, case, read, case["variant"])
        if not full and m.full_variant(dict(pieces, C=None, c=None, D=None, d=None)) != 0:
            fail("the variant of a mouse map naming C c D d with None", label, case, 1, "mouse")
        expected = case[form]
        if "inputs" in case:
            ours = [m.learned_inputs(board, pos, turn, full, side) for side in (0, 1)]
            if ours != case["inputs"]:
                fail("the active inputs (blue's view, red's view)", label, case, ours, case["inputs"])
        raw = m.learned_raw(board, pos, turn, full)
        if raw != expected[0]:
            fail("the file's raw output", label, case, raw, expected[0])
        if n % reference_every == 0:
            references += 1
            reference = m.learned_reference(board, pos, turn, full)
            if reference != expected[0]:
                fail("the file's raw output by the reference", label, case, reference, expected[0])
        value = m.learned_value(board, pos, turn, full)
        if value != expected[1]:
            fail("the learned value (y x mcts_eval_scale)", label, case, value, expected[1])
        search = m.MoveSearch(board)
        search.full = full
        evaluation = search._evaluate(board, pos, turn)
        if evaluation != expected[column - 2]:
            fail("the search's leaf evaluation (mode %s)" % mode, label, case, evaluation, expected[column - 2])
        leaf = search._new_node(pos, turn).value
        if abs(leaf - expected[column]) > 1e-12 or leaf != search.leaf(pos, turn):
            fail("the search's leaf value (mode %s)" % mode, label, case, leaf, expected[column])
    # move() reads the variant (one of the file's inputs) from the pieces map, as the engine's bot
    # does: full if a Cat or a Dog stands on a square, whatever the file's VARIANT. A few moves of 20
    # iterations.
    os.environ[m.NODES_VARIABLE] = "20"
    for n, case in enumerate(positions[:6]):
        b = boards_json[case["board"]]
        color = n % 2
        m._TURNS[color] = case["turn"]
        m.move(color, b["rows"], b["cols"], cells[case["board"]], pieces_dict(case))
        searched = m._LAST_TREE[0]
        if searched is None or searched.full != (1 if case["variant"] == "full" and on_board(pieces_dict(case)) else 0):
            fail("the variant move() gives the search", label, case, searched and searched.full, case["variant"])
    print("%s: %d positions agree with the engine (%d by the reference inference)" % (label, len(positions), references))


def on_board(pieces):
    """Whether a Cat or a Dog stands on a square: what makes a pieces map a full game's."""
    return any(pieces.get(key) is not None for key in "CcDd")


def main(cases_path, modules):
    boards, positions = {}, []
    with open(cases_path) as f:
        for line in f:
            case = json.loads(line)
            if case["kind"] == "board":
                boards[case["id"]] = case
            else:
                positions.append(case)
    for label in modules:
        form = label.split(":", 1)[0]
        check(label, label.split(":", 2)[2], boards, positions, 8 if form == "network" else 1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
