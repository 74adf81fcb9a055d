#!/bin/sh
# Rewrites tests/match/fixtures/ (match records and self-play data of every game) with the gamelab
# built in build/: only when a change of play, seeds or records is meant. Run from the repository's root.
set -eu
G=${GAMELAB:-build/apps/gamelab}
dir=tests/match/fixtures
grep -v '^#' "$dir/commands.txt" | while read -r file command; do
  [ -n "$file" ] || continue
  rm -f "$dir/$file"
  # shellcheck disable=SC2086
  "$G" $command --out "$dir/$file" > /dev/null 2>&1
  echo "wrote $dir/$file"
done
