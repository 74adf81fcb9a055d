#!/bin/sh
# A bot that places legally and answers its first move with a line that is no move string.
. "$(dirname "$0")/protocol.sh"
while IFS= read -r line; do
  set -- $line
  case "$1" in
    setup) place "$2" "$3" "$4" "$5" ;;
    move) echo "hello world" ;;
  esac
done
