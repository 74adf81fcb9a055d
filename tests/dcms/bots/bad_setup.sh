#!/bin/sh
# A bot that places its pieces in the other side's half: an illegal setup.
. "$(dirname "$0")/protocol.sh"
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup) place $((1 - $2)) "$3" "$4" "$5" ;;
  esac
done
