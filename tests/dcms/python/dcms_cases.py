"""Shared by the dcms drivers: loading the exported module and turning a case (JSON) into the
tournament's arguments: the board as an r-tuple of c-tuples of 4-character strings, the pieces map as a
dict of (row, col) tuples or None."""
import importlib.util


def load(path):
    spec = importlib.util.spec_from_file_location("dcms_export", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def board_tuple(case):
    return tuple(tuple(row[4 * c:4 * c + 4] for c in range(case["cols"])) for row in case["board"])


def pieces_dict(case):
    pieces = case["pieces"]
    if not isinstance(pieces, dict):
        return pieces
    return dict((key, tuple(value) if isinstance(value, list) else value) for key, value in pieces.items())
