"""check_raichu.py MODULE CASES: imports the exported Raichu player and compares it with the engine's
answers in CASES (JSON lines written by raichu_export_test.cpp):
  {"kind": "position", "n", "side", "board", "successors": [...], "features": [...], "eval": V}: also
  checks that each successor as play makes it equals the successor's board parsed from scratch
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
                # What play keeps incrementally (hash key, material score, piece sets) must be what
                # the successor's board gives from scratch.
                other = m.BLACK if s[0] == m.WHITE else m.WHITE
                for move, successor in zip(moves, successors):
                    child, scratch = m.play(s, move), m.parse_board(case["n"], other, successor)
                    if child != scratch:
                        fail(case, "position after %r (incremental vs from scratch)" % (move,), child, scratch)
                # The search's list of the quiet moves alone: the same moves in the same order.
                if hasattr(m, "quiet_moves") and m.quiet_moves(s, s[0]) != [mv for mv in moves if not mv[3] & m.CAPTURE]:
                    fail(case, "quiet moves", m.quiet_moves(s, s[0]), [mv for mv in moves if not mv[3] & m.CAPTURE])
                # The search's cheaper "has a legal move" (the move summary without counting).
                if hasattr(m, "_summary") and bool(m._summary(s, s[0], False)[0]) != bool(moves):
                    fail(case, "has a legal move", not moves, bool(moves))
                # The search's bitboard view of each side's moves (_threats) against the reference
                # summary and capture scan that feature_counts uses: the same captures in the same
                # search order, whether there is a move, and the same counts (read back from the
                # share of the evaluation with one weight per count, each in its own byte).
                g = s[m.GEOMETRY]
                if hasattr(g, "threats"):
                    for side in (m.WHITE, m.BLACK):
                        count, promoting, captures = m._summary(s, side, False)
                        hit_by_kind, defended = m._scan_captures(s, captures, side)
                        expected = (bool(count), sorted(captures), bin(promoting).count("1"), hit_by_kind[1:], defended)
                        has, found, share = g.threats[side](s, g, s[m.EMPTIES], (1, 1 << 8, 1 << 16, 1 << 24, 1 << 32))
                        ours = (bool(has), sorted(c[:4] + (c[4] & 15,) for c in found), share & 255,
                                [share >> 8 & 255, share >> 16 & 255, share >> 24 & 255], share >> 32)
                        if ours != expected:
                            fail(case, "_threats of side %d (has a move, captures, promoting, taken per kind, defended)" % side,
                                 ours, expected)
                        if g.threats[side](s, g, s[m.EMPTIES])[:2] != (has, found):
                            fail(case, "_threats of side %d without the weights" % side, None, None)
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
