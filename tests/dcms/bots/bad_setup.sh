#!/bin/sh
# A bot that places its pieces in the other side's half: an illegal setup.
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup)
      i=0; while [ "$i" -lt "$3" ]; do IFS= read -r _; i=$((i + 1)); done
      if [ "$2" = 1 ]; then c=1; else c=$(($4 - 2)); fi
      if [ "$5" = mouse ]; then echo "((1, $c), (2, $c))"; else echo "((1, $c), (2, $c), (3, $c), (3, $c))"; fi ;;
  esac
done
