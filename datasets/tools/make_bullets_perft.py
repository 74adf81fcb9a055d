#!/usr/bin/env python3
"""Builds datasets/perft/bullets.json: the positions below, counted by `gamelab perft bullets`.

The counts come from the engine; the test suite confirms every count to depth 3 with an independent
reference referee (tests/bullets/reference_rules.cpp: bullets as a plain list, stepped one by one), and
compares the two referees turn by turn on thousands of random-play positions. Run from the repository
root after building:
    python3 datasets/tools/make_bullets_perft.py build/apps/gamelab
"""
import json
import os
import subprocess
import sys
import tempfile

# One character per square: '#' wall, '.' empty, 'R' 'B' players, '^' 'v' '<' '>' one bullet,
# '*' four bullets (one per direction). `extra` maps a square to its cell's last three characters (e.g.
# a player sharing its square with bullets).
CELLS = {'#': "#   ", '.': "    ", 'R': "R   ", 'B': "B   ", '^': "^   ", 'v': " v  ", '<': "  < ",
         '>': "   >", '*': "^v<>"}


def tournament_text(rows, round_=0, side='R', limit=2000, extra=None):
    extra = extra or {}
    out = [f"{len(rows)} {len(rows[0])}"]
    for r, row in enumerate(rows):
        assert len(row) == len(rows[0])
        line = ""
        for c, ch in enumerate(row):
            if (r, c) in extra:
                line += ch + extra[(r, c)]
            else:
                line += CELLS[ch]
        out.append(line)
    out += [str(round_), side, f"limit {limit}"]
    return "\n".join(out) + "\n"


ROOM_7 = [
    "#######",
    "#R....#",
    "#.....#",
    "#.....#",
    "#.....#",
    "#....B#",
    "#######",
]


def generated_board(gamelab, rows, cols, walls, seed):
    """A board from `gamelab boards bullets` (round 0), without its comment line."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([gamelab, "boards", "bullets", "--seed", str(seed), "--count", "1", "--rows", str(rows),
                        "--cols", str(cols), "--walls", str(walls), "--out", folder], check=True, capture_output=True)
        (name,) = os.listdir(folder)
        with open(os.path.join(folder, name)) as f:
            return "".join(line for line in f if not line.startswith("# bullets board"))


def with_bullets(text, count, seed):
    """The position `text` with `count` bullets on open squares away from the players (a fixed LCG)."""
    lines = text.split("\n")
    n, m = map(int, lines[0].split())
    rows = [list(lines[1 + r]) for r in range(n)]
    state = seed
    placed = 0
    arrows = "^v<>"
    while placed < count:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        r, c, d = (state >> 33) % n, (state >> 17) % m, (state >> 7) % 4
        cell = rows[r][4 * c:4 * c + 4]
        if cell[0] != ' ' or any(rows[rr][4 * cc] in "RB" for rr in range(r - 2, r + 3) for cc in range(c - 2, c + 3)
                                 if 0 <= rr < n and 0 <= cc < m):
            continue
        if cell[d] != ' ':
            continue
        rows[r][4 * c + d] = arrows[d]
        placed += 1
    for r in range(n):
        lines[1 + r] = "".join(rows[r])
    return "\n".join(lines)


def positions(gamelab):
    small = generated_board(gamelab, 15, 20, 60, 1)
    large = generated_board(gamelab, 50, 50, 200, 1)
    return [
        # name, position text, fast depth, deep depth, note
        ("7x7 start: shots into adjacent walls", tournament_text(ROOM_7), 4, 5,
         "both players in corners: a shot up or left (Red), down or right (Blue) turns round in place on the "
         "shooter's square and kills it; moves into the corner walls are merged with 8"),
        ("bullet turns round in place for two turns", tournament_text([
            "#########",
            "#R......#",
            "#.....>.#",
            "#......B#",
            "#.......#",
            "#########"]), 4, 5,
         "the bullet reaches (2,7), stays there one more turn flying left, then comes back; Blue stepping up "
         "into it on either turn is hit"),
        ("players swap squares", tournament_text([
            "#######",
            "#.....#",
            "#.RB..#",
            "#.....#",
            "#######"]), 4, 5,
         "adjacent players: swapping passes, moving onto the other's square sends the mover back"),
        ("collision sends a player back onto a bullet", tournament_text([
            "#########",
            "#.v.....#",
            "#.R.B...#",
            "#.......#",
            "#########"]), 4, 5,
         "Red escaping right into Blue's target square is sent back onto (2,2) as the bullet arrives; stepping up "
         "into the bullet passes it"),
        ("both players hit: draw", tournament_text([
            "#######",
            "#.....#",
            "#R<.>B#",
            "#.....#",
            "#######"]), 4, 5,
         "a bullet next to each player flying at it: both stay -> draw, one escapes -> the other loses"),
        ("stepping towards a bullet two squares away", tournament_text([
            "########",
            "#......#",
            "#R.<...#",
            "#......#",
            "#.....B#",
            "########"]), 4, 5,
         "Red stepping right meets the bullet on (2,2) (hit); a bullet one square away passes a player stepping "
         "into it"),
        ("bullet in a one-square run turns every turn", tournament_text([
            "#######",
            "#R#.#.#",
            "#.#<#.#",
            "#.....#",
            "#....B#",
            "#######"]), 4, 5,
         "walls on both sides of (2,3): the bullet turns round in place every turn and never leaves"),
        ("crowded room", tournament_text([
            "##########",
            "#R.v..<..#",
            "#.>..#.^.#",
            "#..*..v..#",
            "#.<.##..>#",
            "#^...>...#",
            "#..v...<B#",
            "##########"], round_=31), 4, 5,
         "many bullets, a square with all four directions, inner walls, round 31"),
        ("round limit", tournament_text(ROOM_7, round_=98, limit=100), 3, 3,
         "round 98 of 100: two turns are left, so perft 3 is 0"),
        ("finished: a player on a bullet", tournament_text([
            "#######",
            "#R....#",
            "#.....#",
            "#....B#",
            "#######"], extra={(1, 1): "v  "}), 1, 1,
         "Red shares its square with a bullet: the game is over, perft 1 is 0"),
        ("generated 15x20 start", small, 3, 5,
         "round 0 of `gamelab boards bullets --seed 1 --count 1 --rows 15 --cols 20 --walls 60`"),
        ("generated 50x50 start", large, 3, 5,
         "round 0 of `gamelab boards bullets --seed 1 --count 1 --rows 50 --cols 50 --walls 200`"),
        ("generated 15x20 with 40 bullets", with_bullets(small.replace("\n0\nR\n", "\n250\nB\n"), 40, 7), 3, 5,
         "the 15x20 board at round 250 with 40 bullets placed away from the players"),
    ]


def perft(gamelab, text, depth):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        out = subprocess.run([gamelab, "perft", "bullets", "--board", path, "--depth", str(depth),
                              "--threads", "2", "--json"], check=True, capture_output=True, text=True).stdout
    finally:
        os.unlink(path)
    return json.loads(out)["nodes"]


def main():
    gamelab = sys.argv[1] if len(sys.argv) > 1 else "build/apps/gamelab"
    out = []
    for name, text, fast, deep, note in positions(gamelab):
        counts = [perft(gamelab, text, d) for d in range(1, deep + 1)]
        out.append({"name": name, "position": text, "counts": counts, "fast_depth": fast, "note": note})
        print(name, counts, file=sys.stderr)
    data = {"game": "bullets",
            "about": "Perft counts (docs/rules/bullets.md, docs/rules/common.md §2): a move is a pair (Blue's action, Red's action). Depths up to "
                     "fast_depth run in the regular test suite; the rest under the ctest label 'slow' "
                     "(make test-slow).",
            "positions": out}
    with open("datasets/perft/bullets.json", "w") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


if __name__ == "__main__":
    main()
