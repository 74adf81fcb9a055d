"""check_raichu.py MODULE CASES: imports the exported Raichu player and compares it with the engine's
answers in CASES (JSON lines written by raichu_export_test.cpp):
  {"kind": "position", "n", "side", "board", "successors": [...], "features": [...], "eval": V}
  {"kind": "minimax", "n", "side", "board", "depth": D, "value": V, "completed": D'}
  {"kind": "endgame", "n", "side", "board", "value": V or null}: the file's endgame rule at ply 1 against
  the lab's endgame tables (null: outside the classes the file carries)
Prints one summary line per kind; on the first disagreement prints both answers and exits 1."""
import importlib.util
import json
import sys


def load(path):
    spec = importlib.util.spec_from_file_location("raichu_export", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fail(case, what, ours, engines):
    print("MISMATCH in %s for %s %s %s:\n  python: %r\n  engine: %r" % (what, case["n"], case["side"], case["board"], ours, engines))
    sys.exit(1)


def main(module_path, cases_path):
    m = load(module_path)
    counts = {}
    with open(cases_path) as f:
        for line in f:
            case = json.loads(line)
            s = m.parse_board(case["n"], m.WHITE if case["side"] == "w" else m.BLACK, case["board"])
            if case["kind"] == "position":
                moves = m.generate_moves(s, s[0])
                successors = [m.board_string(m.play(s, move)) for move in moves]
                if successors != case["successors"]:
                    fail(case, "successors", successors, case["successors"])
                features = m.feature_counts(s)
                if features != case["features"]:
                    fail(case, "features", features, case["features"])
                value = m.evaluate(s)
                if value != case["eval"]:
                    fail(case, "evaluation", value, case["eval"])
            elif case["kind"] == "endgame":
                value = m._endgame_score(s, 1)
                if value != case["value"]:
                    fail(case, "endgame value at ply 1", value, case["value"])
            else:
                search = m.Search(reductions=False, tt_cutoffs=False)
                _, value, completed = search.run(s, max_depth=case["depth"])
                if (value, completed) != (case["value"], case["completed"]):
                    fail(case, "minimax value at depth %d (value, depth)" % case["depth"], (value, completed),
                         (case["value"], case["completed"]))
            counts[case["kind"]] = counts.get(case["kind"], 0) + 1
    for kind in sorted(counts):
        print("%s: %d cases agree with the engine" % (kind, counts[kind]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
