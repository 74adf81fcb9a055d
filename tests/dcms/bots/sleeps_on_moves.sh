#!/bin/sh
# A bot that places legally and then never answers a move: stalled after three timeouts in a row.
. "$(dirname "$0")/protocol.sh"
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup) place "$2" "$3" "$4" "$5" ;;
    move) exec sleep 1000 ;;
  esac
done
