#!/bin/sh
# A well-behaved Dog-Cat-Mouse-cheeSe bot for the lab's line protocol (engines/dcms/protocol.hpp): it
# places its pieces in column 1 (blue) or cols-2 (red), rows 1-3, and then never moves anything.
# `DCMS_BOT_LOG=FILE` appends every request line it reads (for the protocol tests).
. "$(dirname "$0")/protocol.sh"
while IFS= read -r line; do
  [ -n "$DCMS_BOT_LOG" ] && printf '%s\n' "$line" >> "$DCMS_BOT_LOG"
  set -- $line
  case "$1" in
    setup) place "$2" "$3" "$4" "$5" ;;
    move)
      skip_position "$3"
      echo "" ;;
    quit) exit 0 ;;
  esac
done
