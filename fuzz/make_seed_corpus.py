#!/usr/bin/env python3
"""Writes the seed corpus of every fuzz target (fuzz/corpus/<target>/seed-*) from the committed
datasets: a few well-formed inputs per parser, so that the fuzzer starts inside the grammar. Run from
the repository root: python3 fuzz/make_seed_corpus.py. `make fuzz` grows each corpus in the build
folder; what it found is merged back, minimized, by hand:
    build-fuzz/fuzz/fuzz_T -merge=1 fuzz/corpus/T build-fuzz/fuzz-work/T
(the committed corpus holds these seeds and such merges)."""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def dataset(*path):
    with open(os.path.join(ROOT, "datasets", *path)) as f:
        return f.read()


def write(target, name, data):
    folder = os.path.join(ROOT, "fuzz", "corpus", target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "seed-" + name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def raichu_start(n):
    board = ["."] * (n * n)
    for c in range(n):
        if c % 2 == 0:
            board[1 * n + c] = "W"
            board[(n - 3) * n + c] = "b"
        else:
            board[2 * n + c] = "w"
            board[(n - 2) * n + c] = "B"
    return "".join(board)


def raichu():
    openings = json.loads(dataset("openings", "raichu.json"))["positions"]
    perft = json.loads(dataset("perft", "raichu.json"))["positions"]
    for k, n in enumerate((8, 10, 16)):
        write("raichu_board", "start-%d" % n, bytes([k]) + raichu_start(n).encode())
        write("raichu_bot_args", "start-%d" % n, "%d\nw\n%s\n0.5\n" % (n, raichu_start(n)))
    for k, line in enumerate(openings[:3]):
        n, side, board = line.split()
        write("raichu_board", "opening-%d" % k, bytes([0x80 if side == "b" else 0]) + board.encode())
        write("raichu_bot_args", "opening-%d" % k, "%s\n%s\n%s\n5\n" % (n, side, board))
    for k, item in enumerate(perft[:6]):
        write("raichu_position", "perft-%d" % k, "# %s\n%s" % (item["name"], item["position"]))


def jumpchess():
    perft = {p["name"]: p["position"] for p in json.loads(dataset("perft", "jumpchess.json"))["positions"]}
    for k, name in enumerate(("start", "web of captures", "move limit near", "already over")):
        write("jumpchess_position", "file-%d" % k, b"\x00" + perft[name].encode())
        digits = "/".join("".join(row.split()) for row in perft[name].splitlines()[:8])
        write("jumpchess_position", "digits-%d" % k, bytes([1 + 2 * (k % 2)]) + digits.encode())
    paths = [(0, "[(1,1), (1,2)]"), (0, "[(0,0), (1,0)]"), (0, "[]"),
             (1, "[(4,4), (4,2), (6,2), (6,4), (6,6), (4,6), (2,6), (2,4)]"), (1, "[(2,2), (1,2)]"),
             (3, "[]"), (2, "[[3,1],[3,0]]")]
    for k, (position, path) in enumerate(paths):
        write("jumpchess_path", "path-%d" % k, bytes([position]) + path.encode())


def dcms():
    board = dataset("boards", "dcms", "board-002-7x8.txt")
    write("dcms_position", "setup", board)
    play = board.replace("full 7 8 0", "full 7 8 3") + "S 1 1\nM 2 1\nC 2 2\nD 4 1\ns 1 6\nm 2 6\nc 2 5\nd 4 6\n"
    write("dcms_position", "play", play)
    write("dcms_position", "mouse", dataset("boards", "dcms", "board-012-10x9.txt").replace("full", "mouse"))
    strings = [(0, "M 4"), (1, "d 2 c 6 m 4"), (0, ""), (2, "{'S': (1, 1), 's': (1, 6), 'M': (2, 1), 'm': (2, 6), "
               "'C': (2, 2), 'c': (2, 5), 'D': (4, 1), 'd': None}"), (4, "((1, 1), (2, 1), (2, 2), (4, 1))"),
               (5, "[(1, 6), (2, 6)]")]
    for k, (selector, text) in enumerate(strings):
        write("dcms_strings", "string-%d" % k, bytes([selector]) + text.encode())


def bullets():
    for name in ("board-009-15x23.txt", "board-035-15x23.txt"):
        write("bullets_input", name, dataset("boards", "bullets", name))
    room = ("5 6\n#   #   #   #   #   #   \n#   R   ^v<>   >    #   \n#    v    <         #   \n"
            "#               B   #   \n#   #   #   #   #   #   \n17\nB\n")
    write("bullets_input", "bullets", room)
    write("bullets_input", "limit", room + "limit 100\n")


def ataxx():
    perft = json.loads(dataset("perft", "ataxx.json"))["positions"]
    for k, item in enumerate(perft[:6]):
        write("ataxx_position", "perft-%d" % k, "# %s\n%s\n" % (item["name"], item["position"]))
    start = perft[0]["position"]
    for name, move in (("single", "b6"), ("double", "a7c5"), ("pass", "0000"), ("upper", "A7B6"), ("blanks", "  g1f2 ")):
        write("ataxx_uai_move", name, "%s\n%s" % (start, move))


if __name__ == "__main__":
    raichu()
    jumpchess()
    dcms()
    bullets()
    ataxx()
