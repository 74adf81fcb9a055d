#!/usr/bin/env python3
"""The Bullets must-win suites at the clock (docs/engines/bullets.md §6): reads the records of
`gamelab match bullets` between an engine and one of the suite's opponents (tests/bullets/bots/stays.sh,
opponents.py wanders|dodges) and checks each game against the exact analysis of its board
(`gamelab analyse bullets --json`):

    bullets_must_win.py GAMELAB RECORDS ENGINE_NAME stays|wanders|dodges

- stays: every game the analysis gives the engine's side a hit within the round limit must be won,
  every other game drawn;
- wanders: every game must be won where the engine can hit the wanderer's start square (the analysis
  again); the others are listed;
- dodges: no game may be lost; the share won is reported.

Prints the results per band (area small < 1,000 squares, walls sparse <= 100, rounds short < 1,000)
and exits 1 if a check fails, 2 on bad input.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def band_of(text):
    first = text.split('\n', 1)[0]
    walls = int(re.search(r'walls parameter (\d+)', first).group(1))
    lines = [l for l in text.split('\n') if not l.startswith('#') or l.startswith('#   ')]
    n, m = (int(x) for x in lines[0].split())
    limit = re.search(r'^limit (\d+)', text, re.M)
    limit = int(limit.group(1)) if limit else 2000
    return ('small' if n * m < 1000 else 'large') + (' sparse' if walls <= 100 else ' dense') + \
        (' short' if limit < 1000 else ' long')


def main():
    if len(sys.argv) != 5 or sys.argv[4] not in ('stays', 'wanders', 'dodges'):
        sys.stderr.write(__doc__)
        sys.exit(2)
    gamelab, records, engine, opponent = sys.argv[1:]
    try:
        pairs = [json.loads(line) for line in open(records) if line.strip()]
    except (OSError, ValueError) as e:
        sys.exit(f'{records}: {e}')
    openings = sorted({p['opening'] for p in pairs})
    hits = {}
    with tempfile.TemporaryDirectory() as folder:
        for k, text in enumerate(openings):
            with open(os.path.join(folder, f'{k:04d}.txt'), 'w') as f:
                f.write(text)
        out = subprocess.run([gamelab, 'analyse', 'bullets', '--boards', folder, '--json'], capture_output=True,
                             text=True, check=True).stdout
        for line in out.splitlines():
            j = json.loads(line)
            k = int(os.path.basename(j['file'])[:4])
            hits[openings[k]] = {h['shooter']: h for h in j['hits']}
    bands, failures = {}, []
    for p in pairs:
        for g in p['games']:
            seat = g['seats'].index(engine)
            side = 'B' if seat == 0 else 'R'  # seat 0 plays Blue
            score = g['score'] if seat == 0 else 1 - g['score']
            analysis = hits[p['opening']][side]
            possible = analysis['hit_round'] is not None
            band = band_of(p['opening'])
            b = bands.setdefault(band, [0, 0, 0, 0])
            b[0] += 1
            b[1 if score == 1 else 2 if score == 0.5 else 3] += 1
            where = f"pair {p['pair']} ({band}), {engine} {side}: {g['reason']}"
            if score == 0:
                failures.append(f'{where}: lost')
            elif opponent == 'stays' and possible and score != 1:
                failures.append(f"{where}: not won, the analysis hits at round {analysis['hit_round']}")
            elif opponent == 'stays' and not possible and score == 1:
                failures.append(f'{where}: won where the analysis finds no hit (the analysis is wrong)')
            elif opponent == 'wanders' and possible and score != 1:
                failures.append(f"{where}: not won (a player staying on the start square is hit at round "
                                f"{analysis['hit_round']})")
    total = [sum(b[i] for b in bands.values()) for i in range(4)]
    print(f'{engine} vs {opponent}: {total[0]} games, +{total[1]} ={total[2]} -{total[3]}')
    for band in sorted(bands):
        g, w, d, l = bands[band]
        print(f'  {band:20s} {g:3d} games  +{w} ={d} -{l}  won {100 * w / g:.0f}%')
    for f in failures:
        print('FAIL', f)
    sys.exit(1 if failures else 0)


main()
