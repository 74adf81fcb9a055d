#!/usr/bin/env python3
"""A weak Pig player (tests/referee/pig/referee.py): it holds as soon as it has any point, so it
never risks a 1 but scores a few points a turn."""
import sys

for line in sys.stdin:
    words = line.split()
    if not words or words[0] == "quit":
        break
    print("hold" if int(words[3]) > 0 else "roll", flush=True)
