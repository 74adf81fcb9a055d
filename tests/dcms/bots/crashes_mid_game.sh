#!/bin/sh
# A bot that places legally and exits when asked for its first move.
. "$(dirname "$0")/protocol.sh"
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup) place "$2" "$3" "$4" "$5" ;;
    move) echo "out of memory" >&2; exit 1 ;;
  esac
done
