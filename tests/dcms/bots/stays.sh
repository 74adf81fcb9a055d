#!/bin/sh
# A well-behaved Dog-Cat-Mouse-cheeSe bot for the lab's line protocol (engines/dcms/protocol.hpp): it
# places its pieces in column 1 (blue) or cols-2 (red), rows 1-3, and then never moves anything.
# `DCMS_BOT_LOG=FILE` appends every request line it reads (for the protocol tests).
while IFS= read -r line; do
  [ -n "$DCMS_BOT_LOG" ] && printf '%s\n' "$line" >> "$DCMS_BOT_LOG"
  set -- $line
  case "$1" in
    setup)
      i=0; while [ "$i" -lt "$3" ]; do IFS= read -r _; i=$((i + 1)); done
      if [ "$2" = 0 ]; then c=1; else c=$(($4 - 2)); fi
      if [ "$5" = mouse ]; then echo "((1, $c), (2, $c))"; else echo "((1, $c), (2, $c), (3, $c), (3, $c))"; fi ;;
    move)
      i=0; while [ "$i" -le "$3" ]; do IFS= read -r _; i=$((i + 1)); done
      echo "" ;;
    quit) exit 0 ;;
  esac
done
