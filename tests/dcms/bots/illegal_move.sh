#!/bin/sh
# A bot that places legally and then moves the other side's Mouse: a well-formed, illegal move string.
. "$(dirname "$0")/protocol.sh"
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup) place "$2" "$3" "$4" "$5" ;;
    move)
      skip_position "$3"
      if [ "$2" = 0 ]; then echo "m 4"; else echo "M 4"; fi ;;
  esac
done
