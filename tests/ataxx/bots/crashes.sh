#!/bin/sh
# A UAI engine that exits with code 3 when asked to search (with "handshake": when asked for uai).
while IFS= read -r line; do
  case "$line" in
    uai) [ "$1" = handshake ] && exit 3; echo "id name crashes"; echo "uaiok" ;;
    isready) echo "readyok" ;;
    go*) echo "segfault, as it were" >&2; exit 3 ;;
  esac
done
