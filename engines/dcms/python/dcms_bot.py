"""Dog-Cat-Mouse-cheeSe for local play: the tournament's two functions, answered by gamelab's engine.

    import dcms_bot
    dcms_bot.setup(color, rows, cols, board)          -> ((cheese_r, cheese_c), (mouse_r, mouse_c), ...)
    dcms_bot.move(color, rows, cols, board, pieces)   -> "D 2 C 6 M 4"

exactly as the tournament calls them (docs/rules/dcms.md): color 0 (blue) or 1 (red); board an r-tuple
of c-tuples of "WWWW" (wall) or "    " (empty; any cell but the wall marker is read as open); pieces
maps "S" "s" "M" "m" ("C" "c" "D" "d" in the full game) to (row, col), or None for a piece no longer on
the board.

The answers come from the native bot dcms_bot (engines/dcms/bot_main.cpp, the frozen configuration
compiled in), started once at the first call and spoken to over pipes in the lab's line protocol
(engines/dcms/protocol.hpp); it is told to quit when Python exits. Only the standard library is used.

Settings, module attributes to set before the first call:
    BOT         path of dcms_bot; None: $GAMELAB_DCMS_BOT, else dcms_bot beside this file, else
                build/engines/dcms/dcms_bot of the gamelab checkout this file is in, else dcms_bot on PATH
    VARIANT     "full" (default) or "mouse": the round, which setup() is not told
    TIME_LIMIT  seconds per call (default 5.0, the tournament's); the bot searches 80% of it less 100 ms
    EXTRA_ARGS  more arguments for the bot, e.g. ["--params", "tuned.json"] or ["--nodes", "20000"]

move() is not told the turn either: it counts its calls since the last setup() (the bot uses the turn to
see the 60-turn limit coming). Bad arguments raise ValueError before the bot sees them; a request the
bot refuses (an impossible position, a game already over) raises RuntimeError with the bot's message,
and the next call starts a fresh bot.
"""

import ast
import atexit
import os
import shutil
import subprocess
import tempfile

BOT = None
VARIANT = "full"
TIME_LIMIT = 5.0
EXTRA_ARGS = []

_PIECE_LETTERS = "SsMmCcDd"
_TURN_LIMIT = 60
_process = None
_stderr = None
_turn = 0


def setup(color, rows, cols, board):
    """Where our pieces start: ((cheese_r, cheese_c), (mouse_r, mouse_c)[, (cat...), (dog...)])."""
    global _turn
    _check_common(color, rows, cols, board)
    if VARIANT not in ("mouse", "full"):
        raise ValueError("VARIANT is %r; expected 'mouse' or 'full'" % (VARIANT,))
    _turn = 0
    answer = _ask("setup %d %d %d %s\n%s" % (color, rows, cols, VARIANT, _board_text(board)))
    try:
        placement = ast.literal_eval(answer)
        return tuple((int(r), int(c)) for r, c in placement)
    except (ValueError, SyntaxError, TypeError) as error:
        raise RuntimeError("dcms_bot answered the setup with %r, which is no placement (%s)" % (answer, error))


def move(color, rows, cols, board, pieces):
    """The move string for this turn, e.g. "M 4" or "D 2 C 6 M 4" ("" moves nothing)."""
    global _turn
    _check_common(color, rows, cols, board)
    turn = min(_turn, _TURN_LIMIT - 1)
    answer = _ask("move %d %d %d %d\n%s%s\n" % (color, rows, cols, turn, _board_text(board), _pieces_text(pieces)))
    _turn += 1
    return answer


def _check_common(color, rows, cols, board):
    if color not in (0, 1) or isinstance(color, bool):
        raise ValueError("color is %r; expected 0 (blue) or 1 (red)" % (color,))
    for name, value in (("rows", rows), ("cols", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or not 3 <= value <= 64:
            raise ValueError("%s is %r; expected an integer 3..64" % (name, value))
    if len(board) != rows:
        raise ValueError("board has %d rows; rows is %d" % (len(board), rows))
    for r, row in enumerate(board):
        if len(row) != cols:
            raise ValueError("board row %d has %d cells; cols is %d" % (r, len(row), cols))


def _board_text(board):
    # The bot reads exactly "WWWW" or four blanks; the tournament's board is read as leniently as its
    # meaning allows (a crash loses the game): the wall marker is a wall, any other cell is open (the
    # handout shows an empty cell as one blank while calling it four), and the border is a wall.
    rows = len(board)
    lines = []
    for r, row in enumerate(board):
        cells = []
        for c, cell in enumerate(row):
            border = r in (0, rows - 1) or c in (0, len(row) - 1)
            wall = border or (isinstance(cell, str) and cell.strip() == "WWWW")
            cells.append("WWWW" if wall else "    ")
        lines.append("".join(cells) + "\n")
    return "".join(lines)


def _pieces_text(pieces):
    if not isinstance(pieces, dict):
        raise ValueError("pieces is a %s; expected a dict such as {'S': (3, 1), 'm': None}" % type(pieces).__name__)
    items = []
    for key, value in pieces.items():
        if not isinstance(key, str) or len(key) != 1 or key not in _PIECE_LETTERS:
            raise ValueError("pieces key %r is not a piece letter (S s M m C c D d)" % (key,))
        if value is None:
            items.append("'%s': None" % key)
            continue
        try:
            row, col = value
            row, col = int(row), int(col)
        except (TypeError, ValueError):
            raise ValueError("pieces[%r] is %r; expected (row, col) or None" % (key, value))
        items.append("'%s': (%d, %d)" % (key, row, col))
    return "{" + ", ".join(items) + "}"


def _bot_path():
    if BOT:
        return BOT
    if os.environ.get("GAMELAB_DCMS_BOT"):
        return os.environ["GAMELAB_DCMS_BOT"]
    here = os.path.dirname(os.path.abspath(__file__))
    for candidate in (os.path.join(here, "dcms_bot"),
                      os.path.join(here, "..", "..", "..", "build", "engines", "dcms", "dcms_bot")):
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return os.path.normpath(candidate)
    found = shutil.which("dcms_bot")
    if found:
        return found
    raise RuntimeError("dcms_bot not found: build it (make build), or set dcms_bot.BOT or $GAMELAB_DCMS_BOT to its path")


def _start():
    global _process, _stderr
    _stderr = tempfile.TemporaryFile()
    command = [_bot_path(), "--time-limit", repr(float(TIME_LIMIT))] + [str(a) for a in EXTRA_ARGS]
    _process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=_stderr,
                                universal_newlines=True, bufsize=1)


def _failure():
    """The bot's exit status and what it wrote on standard error; the next call starts a fresh bot."""
    global _process
    code = _process.wait()
    _stderr.seek(0)
    message = _stderr.read().decode("utf-8", "replace").strip()
    _process = None
    return "dcms_bot exited with code %s: %s" % (code, message or "(no message)")


def _ask(request):
    if _process is None or _process.poll() is not None:
        _start()
    try:
        _process.stdin.write(request)
        _process.stdin.flush()
        line = _process.stdout.readline()
    except (BrokenPipeError, OSError):
        line = ""
    if not line.endswith("\n"):
        raise RuntimeError(_failure())
    return line[:-1]


@atexit.register
def _quit():
    global _process
    if _process is None:
        return
    try:
        _process.stdin.write("quit\n")
        _process.stdin.close()
        _process.wait(timeout=1)
    except Exception:
        _process.kill()
    _process = None
