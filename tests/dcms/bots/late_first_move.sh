#!/bin/sh
# A bot that places legally, sleeps through its first move (TURN 0: a null move for the referee), and
# then answers every move with an empty line (nothing moves). The lab restarts it after the timeout.
. "$(dirname "$0")/protocol.sh"
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup) place "$2" "$3" "$4" "$5" ;;
    move)
      skip_position "$3"
      if [ "$5" = 0 ]; then exec sleep 1000; fi
      echo "" ;;
    quit) exit 0 ;;
  esac
done
