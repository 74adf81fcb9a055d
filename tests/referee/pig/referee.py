#!/usr/bin/env python3
"""Pig, a dice game the lab has no code for, refereed as an organiser's program would: the tests of
tests/referee/ drive it through `gamelab match --referee` (docs/tools/referee.md).

    referee.py FIRST SECOND SEED [--target N] [--say path|colour|score|json] [--pair K --fault MODE:P]

FIRST and SECOND are the two players' programs (White moves first). Each is started once for the
game and asked, one line at a time, "turn MINE THEIRS TOTAL TARGET" (its banked score, the
opponent's, the points of this turn so far, the score that wins); it answers "roll" or "hold". A
roll of 1 loses the turn's points and ends the turn; 2-6 add to them; "hold" banks them. The first
to TARGET wins; after 200 turns the game is drawn. The dice come from SEED alone, so the same seed
gives the same game, whoever sits where. A player that dies or answers something else loses.

The result is said as --say chooses: `path` prints "winner: PATH" (the winner's program, as given),
`colour` "White wins" / "Black wins", `score` "1-0" / "0-1" / "1/2-1/2", `json` a JSON line.
--fault MODE:P misbehaves in pair P (--pair K names this game's pair): `crash` (a traceback, exit 1),
`abort` (killed by SIGABRT), `hang` (sleeps for an hour), `garbage` (prints no result), `nostart`
(prints a result without starting either player).
Python 3 and its standard library only."""
import json
import os
import random
import subprocess
import sys
import time


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        sys.exit("usage: referee.py FIRST SECOND SEED [--target N] [--say ...] [--pair K --fault MODE:P]")
    first, second, seed = args[0], args[1], int(args[2])
    options = dict(zip(args[3::2], args[4::2]))
    target = int(options.get("--target", "30"))
    say = options.get("--say", "path")
    fault, pair = "", options.get("--pair", "")
    if "--fault" in options:
        mode, at = options["--fault"].split(":")
        if at == pair:
            fault = mode
    if fault == "crash":
        raise RuntimeError("the referee broke down")
    if fault == "abort":
        os.abort()
    if fault == "hang":
        time.sleep(3600)
    if fault == "garbage":
        print("the game was very exciting")
        return
    if fault == "nostart":
        print("winner: " + first if say == "path" else "White wins")
        return

    rng = random.Random(seed)
    programs = [first, second]
    bots = [subprocess.Popen([p], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
            for p in programs]
    score = [0, 0]
    moves = []
    winner = None  # 0, 1, or None for a draw
    reason = "200 turns"
    turn = 0
    for _ in range(200):
        total = 0
        while True:
            bot = bots[turn]
            try:
                bot.stdin.write("turn %d %d %d %d\n" % (score[turn], score[1 - turn], total, target))
                bot.stdin.flush()
                answer = bot.stdout.readline().strip()
            except OSError:
                answer = ""
            if answer not in ("roll", "hold"):
                winner, reason = 1 - turn, "player %d answered %r" % (turn + 1, answer)
                break
            if answer == "hold":
                score[turn] += total
                moves.append("hold")
                break
            die = rng.randint(1, 6)
            moves.append(str(die))
            print("%s rolls %d" % (("White", "Black")[turn], die))
            if die == 1:
                total = 0
                break
            total += die
        if winner is not None:
            break
        if score[turn] >= target:
            winner, reason = turn, "reached %d" % target
            break
        turn = 1 - turn
    for bot in bots:
        try:
            bot.stdin.write("quit\n")
            bot.stdin.close()
        except OSError:
            pass
        bot.wait()
    print("score %d:%d" % (score[0], score[1]))
    if say == "path":
        print("draw" if winner is None else "winner: " + programs[winner])
    elif say == "colour":
        print("Draw" if winner is None else ("White", "Black")[winner] + " wins")
    elif say == "score":
        print(["1-0", "0-1"][winner] if winner is not None else "1/2-1/2")
    else:
        print(json.dumps({"winner": ["first", "second"][winner] if winner is not None else None, "reason": reason,
                          "plies": len(moves), "moves": moves, "seed": seed}))


main()
