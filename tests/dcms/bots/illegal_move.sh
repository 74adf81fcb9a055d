#!/bin/sh
# A bot that places legally and then moves the other side's Mouse: a well-formed, illegal move string.
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup)
      i=0; while [ "$i" -lt "$3" ]; do IFS= read -r _; i=$((i + 1)); done
      if [ "$2" = 0 ]; then c=1; else c=$(($4 - 2)); fi
      if [ "$5" = mouse ]; then echo "((1, $c), (2, $c))"; else echo "((1, $c), (2, $c), (3, $c), (3, $c))"; fi ;;
    move)
      i=0; while [ "$i" -le "$3" ]; do IFS= read -r _; i=$((i + 1)); done
      if [ "$2" = 0 ]; then echo "m 4"; else echo "M 4"; fi ;;
  esac
done
