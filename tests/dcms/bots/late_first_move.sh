#!/bin/sh
# A bot that places legally, sleeps through its first move (TURN 0: a null move for the referee), and
# then answers every move with an empty line (nothing moves). The lab restarts it after the timeout.
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup)
      i=0; while [ "$i" -lt "$3" ]; do IFS= read -r _; i=$((i + 1)); done
      if [ "$2" = 0 ]; then c=1; else c=$(($4 - 2)); fi
      if [ "$5" = mouse ]; then echo "((1, $c), (2, $c))"; else echo "((1, $c), (2, $c), (3, $c), (3, $c))"; fi ;;
    move)
      i=0; while [ "$i" -le "$3" ]; do IFS= read -r _; i=$((i + 1)); done
      if [ "$5" = 0 ]; then exec sleep 1000; fi
      echo "" ;;
    quit) exit 0 ;;
  esac
done
