"""play_dcms.py MODULE BOARD LOG TIME_LIMIT: plays one game between two players that are both the
exported module, imported once and called as the tournament calls two players (setup() for each
colour, then move() for each colour every turn with the pieces map, None for captured pieces), until
the game ends. The game is refereed here by the module's own rules (parsing the move strings); LOG
gets JSON lines: first {"setup": [blue answer, red answer], "seconds": [...]}, then per turn
{"pieces": the map as text, "answers": [blue, red], "seconds": [...]}, for the engine to referee
again (dcms_export_test.cpp)."""
import json
import sys
import time

from dcms_cases import board_tuple, load


def pieces_map(m, board, pos):
    keys = "SsMmCcDd" if m.VARIANT == "full" else "SsMm"
    return dict((k, None if pos[m.LETTERS.index(k)] == m.NONE else board.cell(pos[m.LETTERS.index(k)])) for k in keys)


def map_text(pieces, keys):
    return "{" + ", ".join("'%s': %s" % (k, "None" if pieces[k] is None else "(%d, %d)" % pieces[k]) for k in keys) + "}"


def apply(m, board, pos, side, text):
    """The action of `side` written as `text` (the module's digits; a step into a wall stays)."""
    words = text.split()
    action = list(m.stay_action(pos, side))
    for letter, digit in zip(words[0::2], words[1::2]):
        k = "MCD".index(letter.upper())
        frm = pos[side * 4 + 1 + k]
        to = frm + board.offset[int(digit)]
        action[k] = frm if board.wall[to] else to
    return tuple(action)


def main(module_path, board_path, log_path, time_limit):
    m = load(module_path)
    m.TIME_LIMIT = time_limit
    with open(board_path) as f:
        case = json.loads(f.readline())
    rows, cols, grid = case["rows"], case["cols"], board_tuple(case)
    board = m._board_of(rows, cols, grid, "game")
    keys = "SsMmCcDd" if m.VARIANT == "full" else "SsMm"
    log = open(log_path, "w")
    answers, seconds = [], []
    for color in (0, 1):
        start = time.monotonic()
        answers.append(m.setup(color, rows, cols, grid))
        seconds.append(time.monotonic() - start)
    log.write(json.dumps({"setup": [str(a) for a in answers], "seconds": seconds}) + "\n")
    pos = m.place([board.square(r, c) for r, c in answers[0]], [board.square(r, c) for r, c in answers[1]])
    turn = 0
    while not m.ends_before_moves(pos, turn):
        pieces = pieces_map(m, board, pos)
        texts, seconds = [], []
        for color in (0, 1):
            start = time.monotonic()
            texts.append(m.move(color, rows, cols, grid, dict(pieces)))
            seconds.append(time.monotonic() - start)
        log.write(json.dumps({"pieces": map_text(pieces, keys), "answers": texts, "seconds": seconds}) + "\n")
        pos, turn = m.play(pos, turn, apply(m, board, pos, 0, texts[0]), apply(m, board, pos, 1, texts[1]))
    log.close()
    print("game over after %d turns, blue's result %s" % (turn, m.terminal_value(pos, turn)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])))
