"""check_raichu_learned.py MODULE CASES: imports a Raichu player exported with a learned evaluation
(`gamelab export raichu --python FILE --eval EVAL [--eval-mode add|replace]`) and compares it with the
engine's answers in CASES (JSON lines written by raichu_export_test.cpp), one game a line:

  {"kind": "game", "n", "side", "board": the start, "moves": [[from_row, from_col, to_row, to_col], ...],
   "learned": [...], "add": [...], "replace": [...]}

holding, for the start and the position after each move, the engine's learned score (its incremental
evaluator along the game, search::LearnedLineEval, equal to LearnedEval::reference_score) and its
evaluation with the file added to the hand-made one and replacing it. The file plays the game with its
own play (the LEARNED sums kept along the line, as a search keeps them) and at each position checks that
the position equals its board parsed from scratch (every incremental field, the sums included), that
evaluate(s) is the engine's evaluation in the file's mode, and that learned_score(s) (the fast lanes)
and, at every fourth position, learned_reference(s) (number by number) are the engine's learned score.
Prints one summary line; on the first disagreement prints both answers and exits 1."""
import importlib.util
import json
import sys


def load(path):
    spec = importlib.util.spec_from_file_location("raichu_learned_export", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def fail(case, ply, what, ours, engines):
    print("MISMATCH in %s at ply %d of the game from %s %s %s:\n  python: %r\n  engine: %r"
          % (what, ply, case["n"], case["side"], case["board"], ours, engines))
    sys.exit(1)


def main(module_path, cases_path):
    m = load(module_path)
    mode = "add" if m.LEARNED_ADD else "replace"
    games = positions = references = 0
    with open(cases_path) as f:
        for line in f:
            case = json.loads(line)
            n = case["n"]
            s = m.parse_board(n, m.WHITE if case["side"] == "w" else m.BLACK, case["board"])
            g = s[m.GEOMETRY]
            for ply in range(len(case["moves"]) + 1):
                if ply > 0:
                    fr, fc, tr, tc = case["moves"][ply - 1]
                    frm, to = g.cell(fr, fc), g.cell(tr, tc)
                    move = [mv for mv in m.generate_moves(s, s[m.SIDE]) if mv[0] == frm and mv[1] == to]
                    if len(move) != 1:
                        fail(case, ply, "the move %r" % case["moves"][ply - 1], move, "one legal move")
                    s = m.play(s, move[0])
                    scratch = m.parse_board(n, s[m.SIDE], m.board_string(s))
                    if s != scratch:
                        fail(case, ply, "position (play's incremental fields vs the board parsed from scratch)", s, scratch)
                value = m.evaluate(s)
                if value != case[mode][ply]:
                    fail(case, ply, "evaluation (mode %s)" % mode, value, case[mode][ply])
                learned = m.learned_score(s)
                if learned != case["learned"][ply]:
                    fail(case, ply, "learned score (the lanes)", learned, case["learned"][ply])
                if positions % 4 == 0:
                    reference = m.learned_reference(s)
                    if reference != case["learned"][ply]:
                        fail(case, ply, "learned score (learned_reference)", reference, case["learned"][ply])
                    references += 1
                positions += 1
            games += 1
    print("%s %s, mode %s: %d positions of %d games agree with the engine (%d also by learned_reference)"
          % (m.LEARNED_FORM, m.LEARNED_FINGERPRINT, mode, positions, games, references))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
