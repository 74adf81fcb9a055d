#!/usr/bin/env bash
# Builds the positions of the release gate's band suites (datasets/gate/<game>.json): every part of
# each tournament's range, from seeds no tuning suite uses, so that a release is measured where the
# tournament plays (docs/tools/release.md §1). Deterministic: the same binary writes the same files.
#     bash datasets/tools/make_gate_suites.sh build/apps/gamelab
# The suite files themselves (datasets/gate/*.json) are written by hand; they name these folders.
set -euo pipefail
gamelab=${1:?usage: make_gate_suites.sh PATH/TO/gamelab}
data="$(cd "$(dirname "$0")/.." && pwd)"

# Raichu: one opening suite per board size the tournament allows (n = 8 is openings/raichu-gate.json).
for n in 10 12 14 16; do
  "$gamelab" openings raichu --n "$n" --count 40 --seed $((100 + n)) --out "$data/openings/raichu-n$n-gate.json"
done

# Bullets: board area x wall count x round limit, the tournament's ranges (15-50 rows, 20-50 columns,
# 10-200 walls, 100-2,000 rounds) cut in two each: small 15-22 x 20-28 or large 38-50 x 38-50; sparse
# 10-50 or dense 120-200 walls (the generator's parameter); short 100-400 or long 1,000-2,000 rounds.
seed=300
for area in small large; do
  for walls in sparse dense; do
    for rounds in short long; do
      case $area in small) rows=15-22 cols=20-28 ;; large) rows=38-50 cols=38-50 ;; esac
      case $walls in sparse) w=10-50 ;; dense) w=120-200 ;; esac
      case $rounds in short) limit=100-400 ;; long) limit=1000-2000 ;; esac
      out="$data/boards/bullets-gate/$area-$walls-$rounds"
      rm -rf "$out"
      seed=$((seed + 1))
      "$gamelab" boards bullets --seed $seed --count 6 --rows $rows --cols $cols --walls $w --rounds $limit --out "$out"
    done
  done
done

# Dog-Cat-Mouse-cheeSe: variant x board size (the generator's default range is 7-15 x 8-21).
seed=400
for variant in mouse full; do
  for size in small large; do
    case $size in small) rows=7-10 cols=8-13 ;; large) rows=12-15 cols=15-21 ;; esac
    out="$data/boards/dcms-gate-bands/$variant-$size"
    rm -rf "$out"
    seed=$((seed + 1))
    "$gamelab" boards dcms --seed $seed --count 8 --rows $rows --cols $cols --variant $variant --out "$out"
  done
done
